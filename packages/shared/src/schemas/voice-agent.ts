// The voice agent, one per tenant (spec 000 §3/§5, spec 001 §3/§5 Voice agent).
import { VOICE_AGENT_DEFAULTS as D, LIMITS } from "../catalogue-constants";
import { AGENT_TYPES, VALID_DDDS, VOICE_TONES, VOICE_TYPES } from "../enums";
import { requiredText, textCharacters, z } from "../zod";
import {
  enumWithDefault,
  optionalDialablePhone,
  optionalForwardingPhone,
  wireInstant,
} from "./catalogue-fields";

const L = LIMITS.voiceAgent;

export const VOICE_AGENT_MESSAGES = {
  agentTypeRequired: "Tipo de agente é obrigatório",
  agentTypeInvalid: "Tipo de agente inválido",
  voiceTypeRequired: "Tipo de voz é obrigatório",
  voiceTypeInvalid: "Tipo de voz deve ser FEMININE, MASCULINE ou NEUTRAL",
  voiceToneRequired: "Tom de voz é obrigatório",
  voiceToneInvalid: "Tom de voz deve ser FRIENDLY, EMPATHETIC, PROFESSIONAL, CHEERFUL ou CALM",
  nameMin: "Nome é obrigatório e deve ter pelo menos 2 caracteres",
  nameMax: "Nome não pode exceder 100 caracteres",
  welcomeMessageRequired: "Mensagem de boas-vindas é obrigatória",
  welcomeMessageMin: "Mensagem de boas-vindas deve ter pelo menos 10 caracteres",
  welcomeMessageMax: "Mensagem de boas-vindas não pode exceder 1000 caracteres",
  dddRequired: "DDD é obrigatório",
  dddLength: "DDD deve ter exatamente 2 dígitos",
  dddDigits: "DDD deve conter apenas dígitos",
  dddUnknown: "DDD inválido",
  dddImmutable: "DDD não pode ser alterado após a criação do agente",
  forwardingPhoneInvalid: "Telefone de encaminhamento inválido",
  /** docs/decisions/0033-dial-gate.md: every transferred call dials it. */
  forwardingPhoneNotDialable:
    "Telefone de encaminhamento não aceito: informe um celular, fixo, 0800 ou 400x do Brasil (números 0300, 0500, 0900, curtos ou do exterior não são aceitos).",
  forwardingWhatsappInvalid: "WhatsApp de encaminhamento inválido",
  notFound: "Agente de voz não encontrado",
  alreadyExists: "Agente de voz já existe",
} as const;
const M = VOICE_AGENT_MESSAGES;

const VALID_DDD_SET: ReadonlySet<string> = new Set(VALID_DDDS);

/** Exactly two digits, one of the 67 Brazilian area codes (spec 000 §5). */
const ddd = z
  .string({ error: (issue) => (issue.input == null ? M.dddRequired : M.dddLength) })
  .trim()
  .check(textCharacters())
  .superRefine((value, ctx) => {
    if (value.length !== 2) ctx.addIssue({ code: "custom", message: M.dddLength });
    if (!/^\d*$/.test(value)) ctx.addIssue({ code: "custom", message: M.dddDigits });
    else if (value.length === 2 && !VALID_DDD_SET.has(value))
      ctx.addIssue({ code: "custom", message: M.dddUnknown });
  });

const fields = {
  agentType: enumWithDefault(AGENT_TYPES, D.agentType, {
    required: M.agentTypeRequired,
    invalid: M.agentTypeInvalid,
  }),
  voiceType: enumWithDefault(VOICE_TYPES, D.voiceType, {
    required: M.voiceTypeRequired,
    invalid: M.voiceTypeInvalid,
  }),
  voiceTone: enumWithDefault(VOICE_TONES, D.voiceTone, {
    required: M.voiceToneRequired,
    invalid: M.voiceToneInvalid,
  }),
  name: requiredText({ required: M.nameMin, min: [L.name.min, M.nameMin], max: [L.name.max, M.nameMax] }),
  welcomeMessage: requiredText({
    required: M.welcomeMessageRequired,
    min: [L.welcomeMessage.min, M.welcomeMessageMin],
    max: [L.welcomeMessage.max, M.welcomeMessageMax],
    multiline: true,
  }),
  forwardingPhone: optionalForwardingPhone({
    invalid: M.forwardingPhoneInvalid,
    notDialable: M.forwardingPhoneNotDialable,
  }),
  forwardingWhatsapp: optionalDialablePhone(M.forwardingWhatsappInvalid),
  /** The welcome says that calls may be recorded and followed by the team (issue #24): on unless sent false. */
  recordingNotice: z.boolean({ error: "Aviso de gravação deve ser verdadeiro ou falso" }).default(true),
};

export const VoiceAgentCreateInput = z.object({ ...fields, ddd: ddd.default(D.ddd) });
/**
 * PUT replaces the editable fields. The DDD is chosen at creation only (spec 000 §4): omitted, it stays; sent, it
 * must equal the agent's (else 'DDD não pode ser alterado após a criação do agente').
 */
export const VoiceAgentUpdateInput = z.object({ ...fields, ddd: ddd.optional() });

export const VoiceAgentRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  agentType: z.enum(AGENT_TYPES),
  voiceType: z.enum(VOICE_TYPES),
  voiceTone: z.enum(VOICE_TONES),
  name: z.string(),
  welcomeMessage: z.string(),
  ddd: z.string(),
  forwardingPhone: z.string().nullable(),
  forwardingWhatsapp: z.string().nullable(),
  recordingNotice: z
    .boolean()
    .describe("A saudação avisa que a ligação pode ser gravada e acompanhada pela equipe"),
  createdAt: wireInstant,
});

export type VoiceAgentFormValues = z.input<typeof VoiceAgentCreateInput>;
export type VoiceAgentCreate = z.output<typeof VoiceAgentCreateInput>;
export type VoiceAgentUpdate = z.output<typeof VoiceAgentUpdateInput>;
export type VoiceAgent = z.output<typeof VoiceAgentRecord>;

// ─── Forwarding number check (spec 000 §2 agent settings: 'Testar' next to the forwarding phone and WhatsApp) ───

export const FORWARDING_CHANNELS = ["PHONE", "WHATSAPP"] as const;

/** spec 000 §5 "Forwarding tests": the messages of an empty field, by channel. */
export const FORWARDING_REQUIRED = {
  PHONE: "Por favor, informe o telefone para encaminhamento.",
  WHATSAPP: "Por favor, informe o WhatsApp para encaminhamento.",
} as const;

export const ForwardingNumberCheckInput = z
  .object({
    phoneNumber: z
      .string({ error: "Telefone inválido" })
      .check(textCharacters())
      .trim()
      .max(L.forwardingPhone.max, "Telefone inválido")
      .default(""),
    channel: z.enum(FORWARDING_CHANNELS, { error: "Canal deve ser PHONE ou WHATSAPP" }).default("PHONE"),
  })
  .superRefine((input, ctx) => {
    if (input.phoneNumber === "")
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: FORWARDING_REQUIRED[input.channel] });
  });
export type ForwardingNumberCheckInput = z.input<typeof ForwardingNumberCheckInput>;

export const ForwardingNumberCheckResult = z.object({
  valid: z.boolean(),
  e164: z
    .string()
    .nullable()
    .meta({ examples: ["+5511987654321"] }),
  national: z
    .string()
    .nullable()
    .meta({ examples: ["(11) 98765-4321"] }),
  type: z.enum(["MOBILE", "FIXED_LINE", "TOLL_FREE", "SHARED_COST", "OTHER"]).nullable(),
  canReceiveWhatsapp: z.boolean().describe("Celular: pode ter WhatsApp; fixo só com WhatsApp Business"),
  message: z.string().describe("O que a verificação encontrou, em português"),
});
