// Call history (spec 001 §2 "Call history", §3 "Conversation", §4 "Call status labels"). Browser-safe: the list
// page, the detail dialog, the tRPC procedures and the REST shims read these schemas and labels.
import {
  CONFIRMATION_CALL_OUTCOMES,
  CONVERSATION_DIRECTIONS,
  CONVERSATION_STATUSES,
  type ConversationDirection,
  type ConversationStatus,
  MESSAGE_SENDERS,
  TURN_INPUTS,
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

/**
 * What a confirmation call came to, as the call history shows it (issue #23; docs/decisions/0052): the outcome kept on
 * its conversation, and OPTED_OUT when the client asked on it not to be called again and nothing else was decided.
 */
export const CONFIRMATION_CALL_RESULTS = [...CONFIRMATION_CALL_OUTCOMES, "OPTED_OUT"] as const;
export type ConfirmationCallResult = (typeof CONFIRMATION_CALL_RESULTS)[number];
export const CONFIRMATION_CALL_RESULT_LABELS: Readonly<Record<ConfirmationCallResult, string>> = {
  CONFIRMED: "Confirmado",
  RESCHEDULED: "Remarcado",
  CANCELLED: "Cancelado",
  WRONG_PERSON: "Pessoa errada",
  NO_DECISION: "Sem decisão",
  MACHINE: "Secretária eletrônica",
  NO_ANSWER: "Não atendeu",
  INTERRUPTED: "Ligação interrompida",
  OPTED_OUT: "Descadastrado",
};

export function conversationStatusLabel(status: string | null | undefined): string {
  const labels: Readonly<Record<string, string>> = CONVERSATION_STATUS_LABELS;
  return (status != null && Object.hasOwn(labels, status) ? labels[status] : undefined) ?? "Desconhecido";
}

/** The actions a call records (spec 001 §3 "Conversation"): what the agent did, as the engines report it. */
export const CONVERSATION_ACTION_TYPES = [
  "APPOINTMENT_CREATED",
  "APPOINTMENT_RESCHEDULED",
  "APPOINTMENT_CONFIRMED",
  "APPOINTMENT_CANCELLED",
  "CLIENT_REGISTERED",
  "CLIENT_IDENTIFIED",
  "CLIENT_UPDATED",
  "CALL_TRANSFERRED",
  "CALL_ENDED",
  "INFORMATION_PROVIDED",
] as const;
export type ConversationActionType = (typeof CONVERSATION_ACTION_TYPES)[number];

/**
 * The pt-BR label of each action, as the business reads it on the call's badge and under 'Ações Realizadas' (issue
 * #25): one map, every type (a test fails on a type without one).
 */
export const CONVERSATION_ACTION_LABELS: Readonly<Record<ConversationActionType, string>> = {
  APPOINTMENT_CREATED: "Agendamento criado",
  APPOINTMENT_RESCHEDULED: "Agendamento remarcado",
  APPOINTMENT_CONFIRMED: "Agendamento confirmado",
  APPOINTMENT_CANCELLED: "Agendamento cancelado",
  CLIENT_REGISTERED: "Paciente cadastrado",
  CLIENT_IDENTIFIED: "Paciente identificado",
  CLIENT_UPDATED: "Cadastro atualizado",
  CALL_TRANSFERRED: "Chamada transferida",
  CALL_ENDED: "Chamada encerrada",
  INFORMATION_PROVIDED: "Informações fornecidas",
};

/** An action's label; one the product does not know (an integrator's, a seed's) reads 'Outra ação'. */
export function conversationActionLabel(actionType: string | null | undefined): string {
  const labels: Readonly<Record<string, string>> = CONVERSATION_ACTION_LABELS;
  return (
    (actionType != null && Object.hasOwn(labels, actionType) ? labels[actionType] : undefined) ?? "Outra ação"
  );
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
  callbackMessage: z
    .string()
    .nullable()
    .describe("Recado para retornar: deixado por quem ligou quando a transferência não foi atendida"),
  confirmationOutcome: z
    .enum(CONFIRMATION_CALL_RESULTS)
    .nullable()
    .describe("Resultado da ligação de confirmação de agendamento (null para as demais chamadas)"),
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

const stageMs = z.number().int().nullable();

/** One caller turn's timings (decision 0022): ms from the end of the caller's speech being decided. */
export const TurnTiming = z.object({
  turn: z.number().int().describe("Número do turno do chamador (1, 2, …)"),
  input: z.enum(TURN_INPUTS).describe("SPEECH (fala), TEXT (texto digitado) ou DTMF (teclas)"),
  startedAt: wireInstant,
  endpointingMs: stageMs.describe("Silêncio que decidiu o fim da fala (null para texto e teclas)"),
  transcriptMs: stageMs.describe("Transcrição final disponível"),
  engineFirstMs: stageMs.describe("Primeiro evento do motor (o primeiro token do modelo)"),
  ttsFirstByteMs: stageMs.describe("Primeiro byte de áudio da síntese de voz"),
  firstFrameMs: stageMs.describe("Primeiro quadro de áudio enviado ao chamador"),
  totalMs: stageMs.describe(
    "Da última palavra do chamador ao primeiro som do agente: endpointingMs + firstFrameMs",
  ),
  interrupted: z.boolean().describe("O chamador interrompeu a resposta"),
  bargeInMs: stageMs.describe(
    "Do início da fala do chamador que interrompeu a resposta até o corte (null sem interrupção por voz)",
  ),
  backchannels: z
    .number()
    .int()
    .describe("Sinais de escuta ('uhum', 'tá') do chamador durante a resposta, que não a interromperam"),
});
export type TurnTiming = z.infer<typeof TurnTiming>;

export const ConversationLatency = z.object({
  /** In turn order. */
  turns: z.array(TurnTiming),
  p50Ms: z.number().int().nullable().describe("Mediana de totalMs dos turnos respondidos"),
  p95Ms: z.number().int().nullable().describe("Percentil 95 de totalMs dos turnos respondidos"),
});
export type ConversationLatency = z.infer<typeof ConversationLatency>;

/** pt-BR labels of the latency view (the call's detail, 'Latência'). */
export const LATENCY_LABELS = {
  tab: "Latência",
  endpointing: "Silêncio até o fim da fala",
  transcript: "Transcrição",
  engine: "Modelo (1º token)",
  tts: "Voz (1º byte)",
  send: "Envio (1º quadro)",
  p50: "Mediana (p50)",
  p95: "p95",
  turn: "Turno",
  total: "Total",
  interrupted: "Interrompido",
  interruptedAfter: (ms: string) => `Interrompido em ${ms}`,
  backchannels: (n: number) => (n === 1 ? "1 sinal de escuta" : `${n} sinais de escuta`),
  backchannelsHint: "‘uhum’, ‘tá’ do chamador que não interromperam o agente",
  empty: "Nenhum tempo registrado nesta chamada.",
  description: "Tempo da última palavra do chamador até o primeiro som do agente, por etapa.",
  inputs: { SPEECH: "Fala", TEXT: "Texto", DTMF: "Teclas" },
  lastTurn: "Último turno",
} as const;

/** Nearest-rank percentile of whole milliseconds; null for none. */
export function percentileMs(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? null;
}

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
  recordingFailed: z
    .boolean()
    .describe(
      "A gravação falhou durante a chamada (ex.: disco cheio): não há áudio, a chamada seguiu normalmente",
    ),
  latency: ConversationLatency.describe(
    "Tempos de cada turno do chamador e o p50/p95 da chamada (decisão 0022)",
  ),
});
export type ConversationDetail = z.infer<typeof ConversationDetail>;

export const CONVERSATION_NOT_FOUND = "Conversação não encontrada";
