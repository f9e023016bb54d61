// The warm transfer's summary to the forwarding WhatsApp (issue #24; docs/decisions/0056-transfer-return-and-summary.md):
// when the agent transfers a call and the tenant has the WhatsApp Cloud API set up (the confirmations' channel,
// decision 0050), the summary the whisper speaks also goes to the forwarding WhatsApp. Meta lets a business start a
// conversation only with an approved template (outside the 24 hours after the person last wrote to it), so the message
// is the template `resumo_transferencia` in the tenant's language, whose body is
// 'Ligação transferida pela assistente virtual. Quem liga: {{1}}. Assunto: {{2}}. {{3}}'.
// One message per call leg: a job (enqueued by calls.transfer once it committed) sends it, the leg's key among the
// call's keys (`agent_tool_calls`) says it was sent, and the send is written to the audit log. No settings, no number
// or a refusal from Meta sends nothing and fails nothing.
import type { DataAccess } from "@atende/db";
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { checkForwardingNumber, e164Of } from "@atende/shared/phone";
import { transferSummaryParts } from "../calls/transfer-summary";
import { findVoiceAgent } from "../calls/voice-agent";
import type { ApiConfig } from "../config";
import { SYSTEM_ACTOR_EMAIL } from "../privacy/audit";
import { loadSettings, whatsappCredentials } from "./settings";
import { sendWhatsapp, templateBody, WhatsappError } from "./whatsapp";

/** The approved template's name (its body in the header above; Meta's category UTILITY). */
export const TRANSFER_SUMMARY_TEMPLATE = "resumo_transferencia";
/** The audit log's action for each attempt (sent or refused by Meta). */
export const TRANSFER_SUMMARY_AUDIT = "transfer.summaryWhatsapp";

/** A template parameter may hold no line break, tab or more than four spaces in a row (Meta's rule), nor be empty. */
const parameter = (text: string) => text.replace(/\s+/g, " ").trim() || "-";

/**
 * Where the summary goes: the forwarding WhatsApp when the agent's settings have one, else the forwarding phone when
 * it is a mobile (a fixed line has WhatsApp only through WhatsApp Business, which the number cannot tell).
 */
function recipientOf(agent: { forwardingWhatsapp: string | null; forwardingPhone: string | null }) {
  const whatsapp = e164Of(agent.forwardingWhatsapp);
  if (whatsapp) return whatsapp;
  const phone = agent.forwardingPhone ? checkForwardingNumber(agent.forwardingPhone) : null;
  return phone?.valid && phone.canReceiveWhatsapp ? phone.e164 : null;
}

export type TransferSummaryOutcome = "SENT" | "ALREADY_SENT" | "NOT_CONFIGURED" | "REFUSED";

/**
 * Sends the summary of leg `leg` of call `callId`, once. A failure Meta may get over (no answer, a 5xx, a rate limit)
 * is thrown so the job runs again; a refusal (a template not approved, a number without WhatsApp) is audited and
 * not retried.
 */
export async function sendTransferSummary(
  data: DataAccess,
  config: ApiConfig,
  job: { tenantId: string; callId: string; leg: number },
  now: Date,
): Promise<TransferSummaryOutcome> {
  const key = `transfer-summary-whatsapp:${job.leg}`;
  const keys = schema.agentToolCalls;
  const prepared = await data.inTenant(job.tenantId, async (db) => {
    const [sent] = await db
      .select({ key: keys.key })
      .from(keys)
      .where(and(eq(keys.callId, job.callId), eq(keys.key, key)));
    if (sent) return "ALREADY_SENT" as const;
    const settings = await loadSettings(db);
    const credentials = whatsappCredentials(db.tenantId, settings, config);
    const agent = await findVoiceAgent(db);
    const to = agent ? recipientOf(agent) : null;
    if (!credentials || !to) return "NOT_CONFIGURED" as const;
    const parts = await transferSummaryParts(db, job.callId);
    return { credentials, to, parts, language: settings.whatsapp.language };
  });
  if (typeof prepared === "string") return prepared;
  const { credentials, to, parts, language } = prepared;
  let messageId: string | null = null;
  let refusal: string | null = null;
  try {
    messageId = await sendWhatsapp(
      config.confirmations,
      credentials,
      to.replace(/\D/g, ""),
      templateBody({
        template: TRANSFER_SUMMARY_TEMPLATE,
        language,
        bodyParameters: [parameter(parts.who), parameter(parts.subject), parameter(parts.done)],
        buttonPayloads: [],
      }),
    );
  } catch (error) {
    if (!(error instanceof WhatsappError)) throw error;
    // Meta's throttling (code 4, 80007, 130429, 131048, 131056) and its outages pass: the job tries again.
    const passing = error.status === 0 || error.status >= 500 || error.status === 429;
    if (passing) throw error;
    refusal = error.code === null ? error.message : `${error.code}: ${error.message}`;
  }
  return data.inTenant(job.tenantId, async (db) => {
    const claimed = await db
      .insert(keys)
      .values({
        tenantId: db.tenantId,
        callId: job.callId,
        key,
        procedure: TRANSFER_SUMMARY_AUDIT,
        result: messageId ? { messageId } : { refused: refusal },
      })
      .onConflictDoNothing()
      .returning({ key: keys.key });
    if (claimed.length === 0) return "ALREADY_SENT" as const;
    await db.insert(schema.auditLog).values({
      tenantId: db.tenantId,
      actorUserId: null,
      actorEmail: SYSTEM_ACTOR_EMAIL,
      action: TRANSFER_SUMMARY_AUDIT,
      details: messageId
        ? { callId: job.callId, leg: job.leg, to, messageId }
        : { callId: job.callId, leg: job.leg, to, refused: refusal },
      createdAt: now,
    });
    return messageId ? ("SENT" as const) : ("REFUSED" as const);
  });
}
