// Development and test seeding (never in production): a whole call record as the telephony gateway will write it, so
// the browser tests can show the call history before the gateway exists. The read side's names are used
// (`origin`, `collectedData`), and every text follows the same characters rule as any user input.
import {
  CONFIRMATION_CALL_OUTCOMES,
  CONVERSATION_DIRECTIONS,
  CONVERSATION_STATUSES,
  MESSAGE_SENDERS,
  TURN_INPUTS,
} from "../enums";
import { offsetDateTime, requiredText, textCharacters, z } from "../zod";

const text = (label: string, max: number, multiline = false) =>
  z
    .string({ error: `${label} inválido` })
    .trim()
    .check(textCharacters({ multiline }))
    .max(max, `${label} deve ter no máximo ${max} caracteres`)
    .nullish();

const instant = (label: string) =>
  offsetDateTime({
    required: `${label} é obrigatório`,
    invalid: `${label} deve ser uma data ISO 8601 com fuso`,
  });

export const DEV_SEED_LIMITS = { messages: 200, actions: 50, collectedData: 50, turnTimings: 100 } as const;

const stageMs = z
  .number({ error: "Tempo deve ser um número de milissegundos" })
  .int("Tempo deve ser um número inteiro de milissegundos")
  .min(0, "Tempo não pode ser negativo")
  .max(600_000, "Tempo deve ser no máximo 600000 ms")
  .nullable()
  .default(null);

export const DevConversationInput = z
  .object({
    status: z.enum(CONVERSATION_STATUSES, { error: "Status inválido" }).default("COMPLETED"),
    origin: z.enum(CONVERSATION_DIRECTIONS, { error: "Origem inválida" }).default("INBOUND"),
    isTest: z.boolean({ error: "isTest deve ser verdadeiro ou falso" }).default(false),
    /** Attaches a short silent stereo WAV as the call's recording. */
    withRecording: z.boolean({ error: "withRecording deve ser verdadeiro ou falso" }).default(false),
    callSid: text("callSid", 100),
    clientName: text("Nome do cliente", 150),
    phoneNumber: text("Telefone", 30),
    clientEmail: text("Email", 254),
    establishmentName: text("Local", 200),
    summary: text("Resumo", 2000, true),
    transferredTo: text("Número de transferência", 30),
    /** 'Recado para retornar': a message left when a transfer found nobody (issue #24). */
    callbackMessage: text("Recado", 2000, true),
    /** A confirmation call's outcome (docs/decisions/0052), for an OUTBOUND call. */
    confirmationOutcome: z
      .enum(CONFIRMATION_CALL_OUTCOMES, { error: "Resultado da confirmação inválido" })
      .optional(),
    /** Defaults to now. */
    startedAt: instant("Início").optional(),
    /** Defaults to the end of the last message or action (none for an ACTIVE call). */
    endedAt: instant("Fim").optional(),
    messages: z
      .array(
        z.object({
          sender: z.enum(MESSAGE_SENDERS, { error: "Remetente inválido" }),
          content: requiredText({
            required: "Conteúdo da mensagem é obrigatório",
            max: [5000, "Conteúdo da mensagem deve ter no máximo 5000 caracteres"],
            multiline: true,
          }),
          /** Defaults to 5 seconds after the previous message (the first: 5 seconds after the start). */
          timestamp: instant("Horário da mensagem").optional(),
        }),
        { error: "Mensagens inválidas" },
      )
      .max(DEV_SEED_LIMITS.messages, `No máximo ${DEV_SEED_LIMITS.messages} mensagens`)
      .default([]),
    actions: z
      .array(
        z.object({
          actionType: requiredText({
            required: "Tipo da ação é obrigatório",
            max: [100, "Tipo da ação deve ter no máximo 100 caracteres"],
          }),
          /** Defaults to the start of the call plus 5 seconds per action before it. */
          timestamp: instant("Horário da ação").optional(),
        }),
        { error: "Ações inválidas" },
      )
      .max(DEV_SEED_LIMITS.actions, `No máximo ${DEV_SEED_LIMITS.actions} ações`)
      .default([]),
    collectedData: z
      .record(
        z
          .string()
          .check(textCharacters())
          .min(1, "Chave vazia")
          .max(100, "Chave deve ter no máximo 100 caracteres"),
        z
          .string({ error: "Valor deve ser texto" })
          .check(textCharacters({ multiline: true }))
          .max(1000, "Valor deve ter no máximo 1000 caracteres"),
        { error: "Dados coletados inválidos" },
      )
      .refine((data) => Object.keys(data).length <= DEV_SEED_LIMITS.collectedData, {
        error: `No máximo ${DEV_SEED_LIMITS.collectedData} dados coletados`,
      })
      .default({}),
    /** Per-turn timings (decision 0022), numbered in order; each turn starts 5 seconds after the previous one. */
    turnTimings: z
      .array(
        z.object({
          input: z.enum(TURN_INPUTS, { error: "Entrada inválida" }).default("SPEECH"),
          endpointingMs: stageMs,
          transcriptMs: stageMs,
          engineFirstMs: stageMs,
          ttsFirstByteMs: stageMs,
          firstFrameMs: stageMs,
          interrupted: z.boolean({ error: "interrupted deve ser verdadeiro ou falso" }).default(false),
          bargeInMs: stageMs,
          backchannels: z
            .number({ error: "backchannels deve ser um número" })
            .int({ error: "backchannels deve ser inteiro" })
            .min(0, { error: "backchannels não pode ser negativo" })
            .max(10_000, { error: "backchannels deve ser no máximo 10000" })
            .default(0),
        }),
        { error: "Tempos por turno inválidos" },
      )
      .max(DEV_SEED_LIMITS.turnTimings, `No máximo ${DEV_SEED_LIMITS.turnTimings} turnos`)
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.startedAt instanceof Date && input.endedAt instanceof Date && input.endedAt < input.startedAt)
      ctx.addIssue({
        code: "custom",
        path: ["endedAt"],
        message: "Fim deve ser igual ou posterior ao início",
      });
  });
export type DevConversationInput = z.output<typeof DevConversationInput>;
