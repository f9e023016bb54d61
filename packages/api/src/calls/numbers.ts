// Voice numbers (docs/decisions/0019-twilio.md): a tenant's `voiceNumber` is one of the Twilio account's numbers. The
// super-admin sees the account's numbers no tenant has (those in the selected tenant's agent DDD first) and assigns
// one, which also points that number's voice webhook and status callback at us.
import { pgErrorOf, type SystemDb, schema, type TenantTx } from "@atende/db";
import { eq, isNotNull } from "@atende/db/orm";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { type Actor, actingTenantOf } from "../auth/actor";
import type { ApiConfig } from "../config";
import { conflict, invalid, notFound, upstreamFailed } from "../errors";
import { type AccountNumber, TwilioError, telephonyOf } from "../telephony/provider";
import { webhookUrls } from "./webhooks";

export interface VoiceNumberOption {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  /** The DDD of a Brazilian number, else null. */
  ddd: string | null;
  /** In the DDD of the selected tenant's agent. */
  inAgentDdd: boolean;
}

const dddOf = (e164: string) => /^\+55(\d{2})\d{8,9}$/.exec(e164)?.[1] ?? null;

async function accountNumbers(config: ApiConfig): Promise<AccountNumber[]> {
  try {
    return await telephonyOf(config).listNumbers();
  } catch (error) {
    if (error instanceof TwilioError) upstreamFailed(TELEPHONY_MESSAGES.numbersUnavailable, error.message);
    throw error;
  }
}

/** The account's numbers no tenant has; without Twilio, `configured: false` and none. */
export async function listVoiceNumbers(
  sys: SystemDb,
  actor: Actor,
  config: ApiConfig,
): Promise<{ configured: boolean; numbers: VoiceNumberOption[] }> {
  if (telephonyOf(config).kind === "none") return { configured: false, numbers: [] };
  const numbers = await accountNumbers(config);
  const assigned = await sys
    .select({ voiceNumber: schema.tenants.voiceNumber })
    .from(schema.tenants)
    .where(isNotNull(schema.tenants.voiceNumber));
  const taken = new Set(assigned.map((row) => row.voiceNumber));
  const [agent] = await sys
    .select({ ddd: schema.voiceAgents.ddd })
    .from(schema.voiceAgents)
    .where(eq(schema.voiceAgents.tenantId, actingTenantOf(actor)));
  const options = numbers
    .filter((n) => !taken.has(n.phoneNumber))
    .map((n) => {
      const ddd = dddOf(n.phoneNumber);
      return {
        sid: n.sid,
        phoneNumber: n.phoneNumber,
        friendlyName: n.friendlyName,
        ddd,
        inAgentDdd: agent !== undefined && ddd === agent.ddd,
      };
    });
  options.sort(
    (a, b) => Number(b.inAgentDdd) - Number(a.inAgentDdd) || a.phoneNumber.localeCompare(b.phoneNumber),
  );
  return { configured: true, numbers: options };
}

/**
 * Gives the selected tenant the account's number `sid` (unique: another tenant's is a 409) and points its webhooks at
 * us, in one transaction: when Twilio refuses, the tenant keeps the number it had.
 */
export async function assignVoiceNumber(
  sys: SystemDb,
  actor: Actor,
  config: ApiConfig,
  sid: string,
): Promise<{ tenantId: string; voiceNumber: string }> {
  const provider = telephonyOf(config);
  if (provider.kind === "none") invalid("sid", TELEPHONY_MESSAGES.numbersNeedTwilio);
  const tenantId = actor.selectedTenantId;
  if (!tenantId) invalid("sid", TELEPHONY_MESSAGES.noTenantSelected);
  const number = (await accountNumbers(config)).find((n) => n.sid === sid);
  if (!number) notFound(TELEPHONY_MESSAGES.numberNotFound);
  try {
    await sys.transaction(async (tx) => {
      await tx
        .update(schema.tenants)
        .set({ voiceNumber: number.phoneNumber })
        .where(eq(schema.tenants.id, tenantId));
      await provider.configureNumber(sid, webhookUrls(config));
    });
  } catch (error) {
    if (pgErrorOf(error)?.code === "23505") conflict(TELEPHONY_MESSAGES.numberTaken);
    if (error instanceof TwilioError) upstreamFailed(TELEPHONY_MESSAGES.numberNotConfigured, error.message);
    throw error;
  }
  return { tenantId, voiceNumber: number.phoneNumber };
}

/** The acting tenant's number (E.164), or null before one is assigned. */
export async function tenantVoiceNumber(db: TenantTx): Promise<{ voiceNumber: string | null }> {
  const [row] = await db
    .select({ voiceNumber: schema.tenants.voiceNumber })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, db.tenantId));
  return { voiceNumber: row?.voiceNumber ?? null };
}
