import { formatPhone } from "@atende/shared/phone-format";
import {
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
  // The server answers who called from one source (the linked patient, else the collected data, else the caller id).
  return (
    conversation.clientName?.trim() ||
    (conversation.phoneNumber ? formatPhone(conversation.phoneNumber) : "") ||
    "Cliente não identificado"
  );
}
