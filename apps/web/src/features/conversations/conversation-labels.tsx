import { formatPhone } from "@atende/shared/phone-format";
import {
  CONFIRMATION_CALL_RESULT_LABELS,
  type ConfirmationCallResult,
  type ConversationListItem,
  conversationOriginLabel,
  conversationStatusLabel,
} from "@atende/shared/schemas/conversations";
import { Badge } from "../../components/ui/badge";

type Tone = Parameters<typeof Badge>[0]["tone"];

const STATUS_TONES: Readonly<Record<string, Tone>> = {
  COMPLETED: "green",
  ACTIVE: "blue",
  TRANSFERRED: "teal",
  MISSED: "amber",
  CANCELLED: "neutral",
  ERROR: "amber",
};

/** spec 001 §4 "Call status labels": the status as a badge, 'Desconhecido' for anything else. */
export function ConversationStatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? "neutral"}>{conversationStatusLabel(status)}</Badge>;
}

const RESULT_TONES: Readonly<Record<ConfirmationCallResult, Tone>> = {
  CONFIRMED: "green",
  RESCHEDULED: "teal",
  CANCELLED: "amber",
  WRONG_PERSON: "neutral",
  NO_DECISION: "neutral",
  MACHINE: "neutral",
  NO_ANSWER: "amber",
  INTERRUPTED: "amber",
  OPTED_OUT: "neutral",
};

/**
 * What an outbound confirmation call came to (issue #23; docs/decisions/0052), as a badge: 'Confirmação: Confirmado',
 * 'Confirmação: Secretária eletrônica'…; nothing for every other call.
 */
export function ConfirmationOutcomeBadge({ outcome }: { outcome: ConfirmationCallResult | null }) {
  if (!outcome) return null;
  return (
    <Badge tone={RESULT_TONES[outcome]} data-testid="confirmation-outcome">
      Confirmação: {CONFIRMATION_CALL_RESULT_LABELS[outcome]}
    </Badge>
  );
}

export function ConversationOriginBadge({ origin }: { origin: ConversationListItem["origin"] }) {
  return <Badge>{conversationOriginLabel(origin)}</Badge>;
}

/** Seconds as '1 min 05 s' (or '45 s'); null while the call is still going. */
export function formatCallDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes} min ${String(rest).padStart(2, "0")} s` : `${rest} s`;
}

/** Who the call was with, as a card or dialog names it. */
export function callerName(conversation: Pick<ConversationListItem, "clientName" | "phoneNumber">): string {
  // The server answers who called from one source (the linked client, else the collected data, else the caller id).
  return (
    conversation.clientName?.trim() ||
    (conversation.phoneNumber ? formatPhone(conversation.phoneNumber) : "") ||
    "Cliente não identificado"
  );
}
