// Calls through the telephony gateway (ARCHITECTURE.md "Telephony gateway"): the softphone's call ticket request.
import { z } from "zod";
import { CONFIRMATION_OUTCOMES, MESSAGE_SENDERS, TURN_INPUTS } from "../enums";
import { TEXT_INVALID_CHARACTERS } from "../messages";
import { e164Of } from "../phone";
import { hasInvalidCharacters, offsetDateTime, textCharacters } from "../zod";
import { availabilityRecord } from "./availabilities";
import { ClientRecord } from "./clients";
import { EstablishmentRecord } from "./establishments";
import { OfferedServiceRecord } from "./offered-services";
import { ProfessionalRecord } from "./professionals";
import { TenantProfile } from "./tenant-profile";
import { VoiceAgentRecord } from "./voice-agent";

export const CALL_MESSAGES = {
  testCallLimit: "Limite diário de chamadas de teste atingido. Tente novamente amanhã.",
  noVoiceAgent: "Configure o agente de voz antes de testar.",
  unauthorizedCall: "Chamada não autorizada",
  fromInvalid: "Número de telefone inválido",
  nowInvalid: "Data e hora inválidas (ISO 8601 com fuso)",
  /** The history's note of a call whose recording could not be written (decision 0032). */
  recordingFailed: "Gravação indisponível: falha ao gravar o áudio",
  /**
   * The summary of a call the gateway stopped reporting on (its process died, or it lost the server for minutes):
   * finished by the server's sweep at its last sign of life (decision 0032).
   */
  lostCall:
    "Ligação interrompida por uma falha técnica: encerrada automaticamente, sem sinal do atendimento por alguns minutos.",
} as const;

/** The dial gate's refusals (docs/decisions/0033-dial-gate.md). */
export const DIAL_MESSAGES = {
  /** The rate limiter's own message (apps/server/src/rate-limit.ts), for the per-number and installation limits. */
  tooMany: "Muitas requisições. Tente novamente em instantes.",
  forwardingTestLimit:
    "Limite diário de testes do telefone de encaminhamento atingido. Tente novamente amanhã.",
} as const;

/** Phone calls through Twilio (docs/decisions/0019-twilio.md): what callers hear and what the dashboard shows. */
export const TELEPHONY_MESSAGES = {
  /** Spoken (pt-BR) to a caller of a number no tenant has. */
  unknownNumber: "Desculpe, este número não está atendendo no momento. Até logo.",
  /**
   * Spoken to a caller of a tenant whose plan is suspended or whose minutes ran out (issue #10): the agent does not
   * answer, the call goes on to the forwarding phone, or ends when there is none.
   */
  unavailableTransfer:
    "Olá! No momento o atendimento automático não está disponível. Vou transferir sua ligação, aguarde um instante.",
  unavailableHangUp:
    "Olá! No momento o atendimento automático não está disponível. Por favor, ligue novamente mais tarde. Até logo.",
  /** The history's summary of such a call. */
  unavailableNoMinutes: "Ligação não atendida pelo agente: a conta estava sem minutos disponíveis.",
  unavailableSuspended: "Ligação não atendida pelo agente: o plano estava suspenso por falta de pagamento.",
  /** Spoken to a caller of a tenant that has no voice agent yet. */
  noVoiceAgent: "Desculpe, o atendimento automático deste número ainda não foi configurado. Até logo.",
  /** Spoken on the forwarding phone's test call (the settings panel's 'Testar'). */
  forwardingTestLine:
    "Olá! Esta é uma ligação de teste do Atende. Se você está ouvindo esta mensagem, as ligações transferidas pelo agente chegarão neste número. Até logo!",
  invalidSignature: "Assinatura do Twilio inválida",
  notConfigured: "Twilio não configurado nesta instalação",
  testCallNeedsTwilio:
    "Ligações para telefones precisam do Twilio configurado nesta instalação. O teste pelo navegador, em Testar agente, já funciona.",
  demoCallNeedsTwilio:
    "A ligação de demonstração não está disponível nesta instalação (o Twilio não está configurado).",
  noCallerId:
    "Nenhum número de origem para ligações: atribua um número de voz à conta ou configure TWILIO_CALLER_ID.",
  callFailed: "Não foi possível ligar para este número agora. Confira o número e tente novamente.",
  invalidNumber: "Por favor, informe um número de telefone válido",
  numberRequired: "Por favor, informe seu número de telefone",
  notCallable:
    "Informe um celular ou telefone fixo do Brasil com DDD (números 0300, 0500, 0800, 0900, curtos ou do exterior não são aceitos).",
  demoLimit: "Limite de ligações de demonstração atingido. Tente novamente amanhã.",
  numbersNeedTwilio: "Números de voz precisam do Twilio configurado nesta instalação.",
  numberTaken: "Este número já está atribuído a outra conta.",
  numberNotFound: "Número não encontrado na conta Twilio.",
  noTenantSelected: "Selecione uma conta antes de atribuir um número.",
  numbersUnavailable: "Não foi possível consultar os números no Twilio. Tente novamente.",
  numberNotConfigured: "Não foi possível configurar o número no Twilio. Tente novamente.",
  forwardingNotCalled:
    "Nenhuma ligação foi feita: ligações de teste precisam do Twilio configurado nesta instalação.",
  forwardingCalled: (national: string) =>
    `Ligamos para ${national} com uma mensagem de teste: atenda para confirmar que as transferências chegam nele.`,
} as const;

/**
 * `POST /voice-agent/test-call` and `POST /calls/make-call`: `{toNumber}` (spec 001 §5 "Test call", spec 000 §5
 * "Demo call"): 10 or 11 digits once a leading 55 is taken off (the front end adds +55 before sending).
 */
export const CallToNumberInput = z.object({
  toNumber: z
    .string({ error: TELEPHONY_MESSAGES.numberRequired })
    .check(textCharacters())
    .max(30, TELEPHONY_MESSAGES.invalidNumber)
    .refine((value) => value.trim() !== "", TELEPHONY_MESSAGES.numberRequired)
    // A number with another country's code is not one of ours to call (the web adds +55 itself).
    .refine(
      (value) => !value.trim().startsWith("+") || value.replace(/\D/g, "").startsWith("55"),
      TELEPHONY_MESSAGES.invalidNumber,
    )
    .transform((value) => {
      const digits = value.replace(/\D/g, "");
      return /^55\d{10,11}$/.test(digits) && (value.trim().startsWith("+") || digits.length > 11)
        ? digits.slice(2)
        : digits;
    })
    .refine((digits) => digits.length === 10 || digits.length === 11, TELEPHONY_MESSAGES.invalidNumber)
    .transform((digits) => `+55${digits}`),
});
export type CallToNumberInput = z.input<typeof CallToNumberInput>;

export const CallPlacedResult = z.object({ success: z.boolean(), errorMessage: z.string().nullable() });
export type CallPlacedResult = z.infer<typeof CallPlacedResult>;

/** A tenant's test calls per São Paulo day (softphone and `POST /voice-agent/test-call` together). */
export const TEST_CALLS_PER_DAY = 20;
/** Length caps, in seconds. */
export const TEST_CALL_MAX_SECONDS = 5 * 60;
export const CALL_MAX_SECONDS = 30 * 60;

/**
 * `POST /voice-agent/browser-call`: `from` acts as a given caller (E.164), `now` sets the agent's clock for the call
 * (honoured only with ALLOW_CLOCK_OVERRIDE=true). Both optional; the body may be empty.
 */
export const BrowserCallInput = z
  .object({
    from: z
      .string()
      .trim()
      .check(textCharacters())
      .max(30, CALL_MESSAGES.fromInvalid)
      .refine((value) => value === "" || e164Of(value) !== null, CALL_MESSAGES.fromInvalid)
      .optional(),
    // Kept as written (the gateway hands it back to the server, which reads it again): checked here only.
    now: offsetDateTime({ required: CALL_MESSAGES.nowInvalid, invalid: CALL_MESSAGES.nowInvalid })
      .transform((value) => value.toISOString())
      .optional(),
  })
  .optional()
  .transform((input) => input ?? {});
export type BrowserCallInput = z.input<typeof BrowserCallInput>;

export const BrowserCallResult = z.object({
  url: z.string(),
  customParameters: z.object({
    token: z.string(),
    callId: z.string(),
    from: z.string().optional(),
    now: z.string().optional(),
  }),
});
export type BrowserCallResult = z.infer<typeof BrowserCallResult>;

// ─── The gateway's procedures (decision 0016) ────────────────────────────────────────────────────────────────────

// Every string of the ticket's and the agent's procedures follows the shared text rule (decision 0011): a control
// character or half a surrogate pair is a 400 on its field, never a 500 from PostgreSQL nor a U+FFFD stored.

/** A single-line string of the gateway's (an id, a number, an action's type). */
const line = (max: number) => z.string().check(textCharacters()).max(max);

/** Text the gateway records (what was said, a summary, a collected value): line breaks and tabs allowed. */
const recorded = (max: number) =>
  z
    .string()
    .check(textCharacters({ multiline: true }))
    .max(max);

/** Whether any string inside `value` (keys included) breaks the text rule: jsonb refuses NUL too. */
function badTextInside(value: unknown, depth = 0): boolean {
  if (depth > 20) return true;
  if (typeof value === "string") return hasInvalidCharacters(value, { multiline: true });
  if (Array.isArray(value)) return value.some((item) => badTextInside(item, depth + 1));
  if (value && typeof value === "object")
    return Object.entries(value).some(
      ([key, item]) => hasInvalidCharacters(key) || badTextInside(item, depth + 1),
    );
  return false;
}

const instant = z.iso.datetime({ offset: true });

/** `calls.open`: the `start` event's ticket and parameters. */
export const CallOpenInput = z.object({
  token: line(4000),
  streamSid: line(100).pipe(z.string().min(1)),
  callSid: line(100).pipe(z.string().min(1)).optional(),
  from: line(30).optional(),
  now: line(40).optional(),
});
export type CallOpenInput = z.input<typeof CallOpenInput>;

export const CallMessagesInput = z.object({
  messages: z
    .array(
      z.object({
        sender: z.enum(MESSAGE_SENDERS),
        content: recorded(4000).pipe(z.string().min(1)),
        timestamp: instant,
      }),
    )
    .min(1)
    .max(200),
});

export const CallActionsInput = z.object({
  actions: z
    .array(
      z.object({
        actionType: line(60).pipe(z.string().min(1)),
        timestamp: instant,
        details: z
          .record(line(60), z.unknown())
          .refine((details) => !badTextInside(details), TEXT_INVALID_CHARACTERS)
          .optional(),
      }),
    )
    .min(1)
    .max(50),
});

export const CallDataInput = z.object({
  entries: z.record(line(60).pipe(z.string().min(1)), recorded(500)),
});

export const CallIdentifyInput = z.object({ clientId: z.uuid() });

export const FINISHED_CALL_STATUSES = ["COMPLETED", "TRANSFERRED", "MISSED", "ERROR"] as const;

export const CallFinishInput = z.object({
  status: z.enum(FINISHED_CALL_STATUSES),
  endedAt: instant,
  durationSeconds: z.number().int().min(0).max(86_400),
  summary: recorded(2000).optional(),
  transferredTo: line(30).optional(),
  recorded: z.boolean(),
  /** The recording could not be written (a full disk): the call went on, the history says so (decision 0032). */
  recordingFailed: z.boolean().optional(),
  /** A confirmation call's outcome (issue #23; decision 0052); absent for every other call. */
  confirmationOutcome: z.enum(CONFIRMATION_OUTCOMES).optional(),
});

/** A stage's time in ms from the turn's start (decision 0022); null when the turn never reached it. */
const stageMs = z.number().int().min(0).max(600_000).nullable();

/**
 * `calls.recordTurnTiming`: one caller turn's timings, on the gateway's monotonic clock from the moment the end of
 * the caller's speech was decided (or typed text / keys arrived). Stored once per `turn`.
 */
export const CallTurnTimingInput = z.object({
  turn: z.number().int().min(1).max(10_000),
  input: z.enum(TURN_INPUTS),
  /** Wall time of the turn's start. */
  startedAt: instant,
  /** The caller's silence that decided the end of the turn (null for typed text and keys). */
  endpointingMs: stageMs,
  transcriptMs: stageMs,
  engineFirstMs: stageMs,
  ttsFirstByteMs: stageMs,
  firstFrameMs: stageMs,
  interrupted: z.boolean(),
  /** From the onset of the caller's speech that cut the reply off to the cut (decision 0036); null otherwise. */
  bargeInMs: stageMs.optional(),
  /** Acknowledgements ('uhum', 'tá') the caller made over the reply, which went on (decision 0036). */
  backchannels: z.number().int().min(0).max(10_000).optional(),
});
export type CallTurnTimingInput = z.input<typeof CallTurnTimingInput>;

export const CallOpened = z.object({
  agentToken: z.string(),
  callId: z.string(),
  isTest: z.boolean(),
  maxSeconds: z.number().int(),
  /** The call's clock minus the server's (the test clock); 0 without an override. */
  clockOffsetMs: z.number(),
  callerNumber: z.string().nullable(),
  knowledge: z.object({
    agent: VoiceAgentRecord,
    profile: TenantProfile,
    establishments: z.array(EstablishmentRecord),
    professionals: z.array(ProfessionalRecord),
    services: z.array(OfferedServiceRecord),
    /** The professionals' availabilities: the weekly hours the agent states (issue #27). */
    availabilities: z.array(availabilityRecord),
  }),
  client: ClientRecord.nullable(),
  /**
   * The caller was brought back from a warm transfer nobody answered (issue #24): the same call, a new stream; the
   * agent takes a message (`calls.takeMessage`) instead of greeting again.
   */
  returnedFromTransfer: z.boolean().optional(),
});
export type CallOpened = z.infer<typeof CallOpened>;

export const CallTakeMessageInput = z.object({
  message: z
    .string({ error: "Recado é obrigatório" })
    .check(textCharacters({ multiline: true }))
    .trim()
    .min(1, "Recado é obrigatório")
    .max(2000, "Recado deve ter no máximo 2000 caracteres"),
});

export const CallFinished = z.object({ seconds: z.number().int(), minutes: z.number().int() });
