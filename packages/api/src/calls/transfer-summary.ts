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

export async function transferSummary(db: TenantTx, callId: string): Promise<string> {
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
  return [
    "Ligação transferida pela assistente virtual.",
    `Quem liga: ${who}.`,
    `Assunto: ${reason ? cut(reason) : "não informado"}.`,
    done.length ? `Já feito: ${done.join(", ")}.` : "Nada foi feito ainda.",
    "Conectando a ligação.",
  ].join(" ");
}
