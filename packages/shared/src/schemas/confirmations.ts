// Appointment confirmations (issue #23; docs/decisions/0050-confirmations.md) and the client's contact opt-out
// (docs/decisions/0051-contact-opt-out.md). Browser-safe: the dashboard's forms, the tRPC procedures and the REST shims
// validate with these very schemas.
import {
  CONFIRMATION_CHANNELS,
  CONFIRMATION_STATUSES,
  CONTACT_OPT_OUT_SOURCES,
  type ConfirmationChannel,
  type ConfirmationStatus,
} from "../enums";
import { type ContactWindow, DEFAULT_CONTACT_WINDOW, isContactDay, previousContactDay } from "../holidays";
import { addDays, dateOf, minutesOfDay, timeOfDayOf } from "../time";
import { requiredText, textCharacters, z } from "../zod";
import { wireInstant } from "./catalogue-fields";

export const CONFIRMATION_PLACEHOLDERS = [
  "paciente",
  "negocio",
  "servico",
  "profissional",
  "data",
  "hora",
  "local",
] as const;

export const DEFAULT_CONFIRMATION_MESSAGE =
  "Olá, {paciente}! Aqui é da {negocio}. Estamos confirmando seu atendimento de {servico} com {profissional} em {data} às {hora}.";

/** A per-tenant daily budget of confirmation calls (the dial gate's CONFIRMATION_CALL purpose): a clinic's day. */
export const DEFAULT_CONFIRMATION_CALLS_PER_DAY = 400;

export const CONFIRMATION_MESSAGES = {
  channelsRequired: "Escolha ao menos um canal",
  channelInvalid: "Canal inválido (use WHATSAPP ou CALL)",
  channelsRepeated: "Cada canal pode aparecer uma vez",
  timeInvalid: "Horário inválido (use HH:mm)",
  windowOrder: "O fim da janela de ligações deve ser depois do início",
  sendFromOutside: "O horário de envio deve estar dentro da janela de ligações",
  weekdaysRequired: "Escolha ao menos um dia da semana",
  weekdayInvalid: "Dia da semana inválido (1 = segunda … 7 = domingo)",
  retryAfterInvalid: "O intervalo da nova tentativa deve ser de 15 a 480 minutos",
  messageRequired: "A mensagem é obrigatória",
  messageMax: "A mensagem não pode exceder 500 caracteres",
  placeholderUnknown: (name: string) =>
    `Marcador desconhecido: {${name}}. Use ${CONFIRMATION_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
  phoneNumberIdInvalid: "ID do número do WhatsApp inválido (só dígitos)",
  accessTokenRequired: "Token de acesso é obrigatório",
  appSecretRequired: "Chave secreta do aplicativo é obrigatória",
  accessTokenMax: "Token de acesso não pode exceder 2000 caracteres",
  appSecretMax: "Chave secreta do aplicativo não pode exceder 200 caracteres",
  templateInvalid: "Nome do modelo inválido (letras minúsculas, números e _)",
  languageInvalid: "Idioma do modelo inválido (ex.: pt_BR)",
  whatsappNotConfigured:
    "WhatsApp não configurado: informe o ID do número, o token de acesso e a chave secreta do aplicativo do WhatsApp Business.",
  clientNotFound: "Paciente não encontrado",
} as const;
const M = CONFIRMATION_MESSAGES;

const timeOfDay = z
  .string({ error: M.timeInvalid })
  .trim()
  .check(textCharacters())
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.timeInvalid });

const channelsField = z
  .array(z.enum(CONFIRMATION_CHANNELS, { error: M.channelInvalid }), { error: M.channelsRequired })
  .min(1, { error: M.channelsRequired })
  .refine((list) => new Set(list).size === list.length, { error: M.channelsRepeated });

const weekdaysField = z
  .array(
    z
      .int({ error: M.weekdayInvalid })
      .min(1, { error: M.weekdayInvalid })
      .max(7, { error: M.weekdayInvalid }),
    {
      error: M.weekdaysRequired,
    },
  )
  .min(1, { error: M.weekdaysRequired })
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

const messageField = requiredText({
  required: M.messageRequired,
  max: [500, M.messageMax],
  multiline: true,
}).superRefine((text, ctx) => {
  for (const [, name] of text.matchAll(/\{([^{}]*)\}/g)) {
    if (!(CONFIRMATION_PLACEHOLDERS as readonly string[]).includes(name ?? ""))
      ctx.addIssue({ code: "custom", message: M.placeholderUnknown(name ?? "") });
  }
});

/** What the dashboard's settings form and `PUT /confirmations/settings` send: the whole setting. */
export const ConfirmationSettingsInput = z
  .object({
    enabled: z.boolean({ error: "Ativado deve ser verdadeiro ou falso" }),
    channels: channelsField,
    sendFrom: timeOfDay,
    windowFrom: timeOfDay,
    windowUntil: timeOfDay,
    weekdays: weekdaysField,
    retry: z.boolean({ error: "Nova tentativa deve ser verdadeiro ou falso" }),
    retryAfterMinutes: z
      .int({ error: M.retryAfterInvalid })
      .min(15, { error: M.retryAfterInvalid })
      .max(480, { error: M.retryAfterInvalid }),
    message: messageField,
  })
  .superRefine((value, ctx) => {
    if (minutesOfDay(value.windowUntil) <= minutesOfDay(value.windowFrom))
      ctx.addIssue({ code: "custom", path: ["windowUntil"], message: M.windowOrder });
    else if (
      minutesOfDay(value.sendFrom) < minutesOfDay(value.windowFrom) ||
      minutesOfDay(value.sendFrom) >= minutesOfDay(value.windowUntil)
    )
      ctx.addIssue({ code: "custom", path: ["sendFrom"], message: M.sendFromOutside });
  });
export type ConfirmationSettingsInput = z.output<typeof ConfirmationSettingsInput>;

export const DEFAULT_CONFIRMATION_SETTINGS: ConfirmationSettingsInput = {
  enabled: false,
  channels: ["WHATSAPP", "CALL"],
  sendFrom: DEFAULT_CONTACT_WINDOW.from,
  windowFrom: DEFAULT_CONTACT_WINDOW.from,
  windowUntil: DEFAULT_CONTACT_WINDOW.until,
  weekdays: [...DEFAULT_CONTACT_WINDOW.weekdays],
  retry: true,
  retryAfterMinutes: 120,
  message: DEFAULT_CONFIRMATION_MESSAGE,
};

export const WhatsappStatus = z.object({
  /** Phone number id, token and app secret are all set: the channel is available. */
  configured: z.boolean(),
  phoneNumberId: z.string().nullable(),
  template: z.string(),
  language: z.string(),
  /** Where Meta posts the webhook (the app's callback URL) and the verify token it echoes. */
  webhookUrl: z.string(),
  verifyToken: z.string().nullable(),
});
export type WhatsappStatus = z.output<typeof WhatsappStatus>;

export const ConfirmationSettingsRecord = z.object({
  enabled: z.boolean(),
  enabledSince: wireInstant.nullable(),
  channels: z.array(z.enum(CONFIRMATION_CHANNELS)),
  sendFrom: z.string(),
  windowFrom: z.string(),
  windowUntil: z.string(),
  weekdays: z.array(z.int()),
  retry: z.boolean(),
  retryAfterMinutes: z.int(),
  message: z.string(),
  /** Whether the installation can call (Twilio configured): without it the phone channel is absent. */
  callsAvailable: z.boolean(),
  whatsapp: WhatsappStatus,
});
export type ConfirmationSettingsRecord = z.output<typeof ConfirmationSettingsRecord>;

export const WhatsappSettingsInput = z.object({
  phoneNumberId: z
    .string({ error: M.phoneNumberIdInvalid })
    .trim()
    .check(textCharacters())
    .regex(/^\d{5,30}$/, { error: M.phoneNumberIdInvalid }),
  accessToken: requiredText({ required: M.accessTokenRequired, max: [2000, M.accessTokenMax] }),
  appSecret: requiredText({ required: M.appSecretRequired, max: [200, M.appSecretMax] }),
  template: z
    .string({ error: M.templateInvalid })
    .trim()
    .check(textCharacters())
    .regex(/^[a-z0-9_]{1,512}$/, { error: M.templateInvalid })
    .default("confirmacao_consulta"),
  language: z
    .string({ error: M.languageInvalid })
    .trim()
    .check(textCharacters())
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: M.languageInvalid })
    .default("pt_BR"),
});
export type WhatsappSettingsInput = z.output<typeof WhatsappSettingsInput>;

export const CONFIRMATION_CHANNEL_LABELS: Record<ConfirmationChannel, string> = {
  WHATSAPP: "Mensagem no WhatsApp",
  CALL: "Ligação do agente",
};

export const CONFIRMATION_STATUS_LABELS: Record<ConfirmationStatus, string> = {
  PENDING: "Na fila",
  SENT: "Enviada",
  CONFIRMED: "Confirmado",
  RESCHEDULED: "Remarcado",
  CANCELLED: "Cancelado",
  MACHINE: "Caixa postal",
  NO_ANSWER: "Sem resposta",
  FAILED: "Falhou",
  SKIPPED: "Não enviada",
};

export const ConfirmationSendRecord = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  clientName: z.string(),
  scheduledAt: z.string(),
  channel: z.enum(CONFIRMATION_CHANNELS),
  status: z.enum(CONFIRMATION_STATUSES),
  attempts: z.int(),
  detail: z.string().nullable(),
  lastAttemptAt: wireInstant.nullable(),
});
export type ConfirmationSendRecord = z.output<typeof ConfirmationSendRecord>;

export const ConfirmationSendsInput = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `confirmations.callScript`: what the confirmation call says about its appointment (the agent's tool). */
export const CallScriptInput = z.object({ appointmentId: z.uuid({ error: "ID do agendamento inválido" }) });
export const CallScript = z.object({
  appointmentId: z.uuid(),
  /** The tenant's message with its placeholders filled. */
  message: z.string(),
  businessName: z.string(),
  patientName: z.string(),
  services: z.string(),
  professionalName: z.string(),
  placeName: z.string(),
  /** `dd/MM`, `HH:mm` and the short weekday, São Paulo. */
  date: z.string(),
  time: z.string(),
  weekday: z.string(),
  status: z.string(),
});
export type CallScript = z.output<typeof CallScript>;

// ─── The client's opt-out (decision 0051) ───────────────────────────────────────────────────────────────────────

export const ContactOptOutInput = z.object({
  id: z.uuid({ error: "ID inválido" }),
  /** Where the request came from: the dashboard's switch says DASHBOARD; an integrator's call is API. */
  source: z.enum(["DASHBOARD", "API"], { error: "Origem inválida (use DASHBOARD ou API)" }).default("API"),
});

/** The agent's opt-out of the client it is talking to ('não quero receber ligações'). */
export const ContactOptOutByAgentInput = z.object({
  clientId: z.uuid({ error: "ID do paciente inválido" }),
});

export const ContactOptOutRecord = z.object({
  clientId: z.uuid(),
  /** Null: the client may be contacted. */
  optedOutAt: wireInstant.nullable(),
  source: z.enum(CONTACT_OPT_OUT_SOURCES).nullable(),
});
export type ContactOptOutRecord = z.output<typeof ContactOptOutRecord>;

/** Fills a confirmation message's placeholders. */
export function fillConfirmationMessage(
  template: string,
  values: Record<(typeof CONFIRMATION_PLACEHOLDERS)[number], string>,
): string {
  return template.replace(/\{([a-z]+)\}/g, (whole, name: string) =>
    name in values ? values[name as keyof typeof values] : whole,
  );
}

/** How far ahead a contact day's confirmations reach (a long holiday stretch included). */
const CONFIRMATION_LOOKAHEAD_DAYS = 15;

/** The appointment dates whose confirmations go out on contact day `day` (their contact day before is `day`). */
export function datesConfirmedOn(day: string, window: ContactWindow): string[] {
  const dates: string[] = [];
  for (let ahead = 1; ahead <= CONFIRMATION_LOOKAHEAD_DAYS; ahead++) {
    const date = addDays(day, ahead);
    if (previousContactDay(date, window) === day) dates.push(date);
  }
  return dates;
}

/**
 * When the next confirmations go out from `now` (today, while the day's window is still open, else the next contact
 * day) and for which appointment dates: what the settings page tells the owner.
 */
export function nextConfirmationRun(
  now: Date,
  settings: { sendFrom: string; windowFrom: string; windowUntil: string; weekdays: readonly number[] },
): { sendDate: string; sendFrom: string; forDates: string[] } | null {
  const window: ContactWindow = {
    from: settings.windowFrom,
    until: settings.windowUntil,
    weekdays: settings.weekdays,
  };
  let day = dateOf(now);
  if (minutesOfDay(timeOfDayOf(now)) >= minutesOfDay(settings.windowUntil)) day = addDays(day, 1);
  for (let ahead = 0; ahead < CONFIRMATION_LOOKAHEAD_DAYS; ahead++, day = addDays(day, 1))
    if (isContactDay(day, window))
      return { sendDate: day, sendFrom: settings.sendFrom, forDates: datesConfirmedOn(day, window) };
  return null;
}
