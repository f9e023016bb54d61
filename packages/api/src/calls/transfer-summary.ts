// The warm transfer's whisper (issue #24; docs/decisions/0034-live-calls.md): what whoever answers the forwarding
// phone hears before the caller is connected, built from the call's record as it stands: who is calling, what they
// want, what the agent already did.
import type { TenantTx } from "@atende/db";
import { formatPhone } from "@atende/shared/phone-format";
import { conversationActionLabel } from "@atende/shared/schemas/conversations";
import { getConversation } from "./conversations";

/** Actions that say nothing of what was done for the caller. */
const NOT_DONE = new Set(["CALL_TRANSFERRED", "CALL_ENDED"]);
/** What the caller wants is cut to this many characters: the whisper stays short. */
const WANT_MAX = 160;

function cut(text: string): string {
  const clean = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
  return clean.length <= WANT_MAX ? clean : `${clean.slice(0, WANT_MAX - 1).trimEnd()}…`;
}

/** The summary's parts: who is calling, what they want, what was done (a sentence). */
export interface TransferSummaryParts {
  who: string;
  subject: string;
  done: string;
}

export async function transferSummaryParts(db: TenantTx, callId: string): Promise<TransferSummaryParts> {
  const call = await getConversation(db, callId);
  const phone = call.phoneNumber ? formatPhone(call.phoneNumber) : null;
  const name = call.clientName?.trim();
  const who = name
    ? `${name}${phone ? `, telefone ${phone}` : ""}`
    : phone
      ? `número ${phone}`
      : "número não identificado";
  const reason = call.collectedData.Motivo ?? call.messages.find((m) => m.sender === "CALLER")?.content;
  const done = [
    ...new Set(
      call.actions
        .filter((a) => !NOT_DONE.has(a.actionType))
        .map((a) => conversationActionLabel(a.actionType)),
    ),
  ];
  return {
    who,
    subject: reason ? cut(reason) : "não informado",
    done: done.length ? `Já feito: ${done.join(", ")}.` : "Nada foi feito ainda.",
  };
}

/** The whisper's opening; the forwarding WhatsApp's template says it too (transfer-whatsapp.ts). */
export const TRANSFER_SUMMARY_OPENING = "Ligação transferida pela assistente virtual.";

export async function transferSummary(db: TenantTx, callId: string): Promise<string> {
  const parts = await transferSummaryParts(db, callId);
  return [
    TRANSFER_SUMMARY_OPENING,
    `Quem liga: ${parts.who}.`,
    `Assunto: ${parts.subject}.`,
    parts.done,
    "Conectando a ligação.",
  ].join(" ");
}
