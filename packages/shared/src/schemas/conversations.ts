// Call history (spec 001 §2 "Call history", §3 "Conversation", §4 "Call status labels"). Browser-safe: the list
// page, the detail dialog, the tRPC procedures and the REST shims read these schemas and labels.
import {
  CONVERSATION_DIRECTIONS,
  CONVERSATION_STATUSES,
  type ConversationDirection,
  type ConversationStatus,
  MESSAGE_SENDERS,
} from "../enums";
import { textCharacters, z } from "../zod";

/** spec 001 §4: the label of a call status; anything else is 'Desconhecido'. */
export const CONVERSATION_STATUS_LABELS: Readonly<Record<ConversationStatus, string>> = {
  COMPLETED: "Concluída",
  MISSED: "Não Atendida",
  ACTIVE: "Em Andamento",
  TRANSFERRED: "Transferida",
  CANCELLED: "Cancelada",
  ERROR: "Erro",
};

export function conversationStatusLabel(status: string | null | undefined): string {
  const labels: Readonly<Record<string, string>> = CONVERSATION_STATUS_LABELS;
  return (status != null && Object.hasOwn(labels, status) ? labels[status] : undefined) ?? "Desconhecido";
}

/** spec 001 §4: INBOUND is 'Recebida', anything else 'Realizada'. */
export function conversationOriginLabel(origin: ConversationDirection | string | null | undefined): string {
  return origin === "INBOUND" ? "Recebida" : "Realizada";
}

/** The sender the interface shows as 'IA' (spec 001 §2: "sender 'IA' distinguished from others"). */
export const AGENT_SENDER = "AGENT" as const;

export const CONVERSATION_SEARCH_MAX = 200;

/**
 * `GET /conversations?search=…` (docs/architecture.md). The search looks at the client's name, the phone
 * number (also by its digits alone) and the summary; absent, null or blank lists everything (spec 001 §2: "an empty
 * search reloads the full list").
 */
export const ConversationListInput = z.object({
  search: z
    .string()
    .trim()
    .check(textCharacters())
    .max(CONVERSATION_SEARCH_MAX, `Busca deve ter no máximo ${CONVERSATION_SEARCH_MAX} caracteres`)
    .nullish(),
});
export type ConversationListInput = z.input<typeof ConversationListInput>;

// Outputs are plain JSON (no transforms): /openapi.json is generated from them.
// The examples feed /docs, which otherwise invents values like '8400-02-29T01:34:45Z'.
const wireInstant = z.iso
  .datetime({ offset: true })
  .describe("ISO 8601 com segundos e fuso de São Paulo (-03:00)")
  .meta({ examples: ["2030-06-03T10:00:00-03:00"] });
const count = z
  .number()
  .int()
  .nonnegative()
  .meta({ examples: [2] });

export const ConversationStatusSchema = z.enum(CONVERSATION_STATUSES);
export const ConversationOriginSchema = z.enum(CONVERSATION_DIRECTIONS);
export const MessageSenderSchema = z.enum(MESSAGE_SENDERS);

export const ConversationListItem = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  status: ConversationStatusSchema,
  /** INBOUND: the agent answered a call; OUTBOUND: the agent placed it. */
  origin: ConversationOriginSchema,
  clientName: z
    .string()
    .nullable()
    .meta({ examples: ["Maria Silva"] }),
  phoneNumber: z
    .string()
    .nullable()
    .meta({ examples: ["+5511987654321"] }),
  startedAt: wireInstant,
  duration: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe("Duração em segundos (null enquanto a chamada está em andamento)")
    .meta({ examples: [95] }),
  actionType: z.string().nullable().describe("A principal ação do atendimento (a última realizada)"),
  establishmentName: z.string().nullable(),
  summary: z.string().nullable(),
  isTest: z.boolean().describe("Chamada de teste (não consome minutos)"),
});
export type ConversationListItem = z.infer<typeof ConversationListItem>;

export const ConversationMessage = z.object({
  sender: MessageSenderSchema.describe("AGENT é a IA; CALLER quem ligou; SYSTEM eventos da chamada"),
  content: z.string(),
  timestamp: wireInstant,
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

export const ConversationAction = z.object({
  actionType: z.string(),
  timestamp: wireInstant,
});
export type ConversationAction = z.infer<typeof ConversationAction>;

export const ConversationDetail = ConversationListItem.extend({
  callSid: z.string().nullable(),
  endedAt: wireInstant.nullable(),
  transferredTo: z.string().nullable().describe("Número para o qual a chamada foi transferida"),
  client: z.object({
    name: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** Chronological. */
  actions: z.array(ConversationAction),
  statistics: z.object({
    totalMessages: count,
    totalActions: count,
    dataPointsCollected: count,
  }),
  /** Chronological. */
  messages: z.array(ConversationMessage),
  collectedData: z.record(z.string(), z.string()).describe("Dados coletados durante a chamada (chave/valor)"),
  hasRecording: z.boolean().describe("Há gravação: GET /conversations/{id}/recording (audio/wav)"),
});
export type ConversationDetail = z.infer<typeof ConversationDetail>;

export const CONVERSATION_NOT_FOUND = "Conversação não encontrada";
