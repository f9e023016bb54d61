// Google Calendar per professional (spec 001 §2 "Calendar invitation pages", §3, §7, §8, §9; ARCHITECTURE.md
// "Calendar integration"): the constants and the pt-BR texts the server, the professional dialog and the public
// invitation pages share. No zod here: the public pages load this module without the schemas.
import { timeOfDayOf } from "./time";

/** spec 001 §9: an invitation lasts 48 hours (the web always asks this); an integrator may ask up to a week. */
export const CALENDAR_INVITATION_VALIDITY_HOURS = 48;
export const CALENDAR_INVITATION_MAX_VALIDITY_HOURS = 168;
/** What the web sends as `purpose`. */
export const CALENDAR_SYNC_PURPOSE = "CALENDAR_SYNC";
/** spec 001 §9: the success page, opened as a popup, closes itself after 5 seconds. */
export const CALENDAR_POPUP_CLOSE_SECONDS = 5;

/** The callback's reasons for sending the browser to /calendar-integration/error (spec 001 §8). */
export const CALENDAR_ERROR_REASONS = [
  "missing-invitation-token",
  "invalid-invitation",
  "professional-not-found",
  "email-mismatch",
  "scope-denied",
  "no-token",
  "processing-failed",
] as const;
export type CalendarErrorReason = (typeof CALENDAR_ERROR_REASONS)[number];

export const CALENDAR_MESSAGES = {
  // The professional dialog (spec 001 §2, §8 "Calendar invitation (professional dialog)").
  dialogTitle: (name: string) => `Integração Google Calendar - ${name}`,
  syncedTitle: "Sincronização Ativa",
  syncedBadge: "Sincronizado",
  pendingTitle: "Aguardando Sincronização",
  pendingBadge: "Pendente",
  brokenTitle: "Conexão Perdida",
  brokenBadge: "Desconectado",
  notConnectedTitle: "Sincronize a agenda com o Google Calendar",
  createInvitation: "Criar Convite",
  createNewInvitation: "Criar Novo Convite",
  noEmail: "Profissional não possui email cadastrado.",
  invitationSent: "Convite enviado",
  invitationResent: "Convite reenviado",
  invitationCreated: "Convite criado",
  invitationNotEmailed: "mas não foi possível enviar por email",
  createFailed: "Erro ao criar convite de integração",
  resendFailed: "Erro ao reenviar convite",
  authorizeFailed: "Erro ao autorizar calendário com token",
  statusFailed: "Erro ao verificar status do calendário",
  tokenStatusFailed: "Erro ao verificar status do token",
  /** Our addition: a connected professional needs no invitation (the synced display offers none). */
  alreadySynced: "O Google Calendar deste profissional já está sincronizado.",
  // The invitation page (spec 001 §8 "Invitation page").
  tokenMissingInUrl: "Token de convite não encontrado na URL.",
  tokenExpired: "Token de convite expirado",
  tokenUsed: "Token de convite já foi utilizado",
  tokenInvalid: "Token de convite inválido",
  tokenNotFound: "Token de convite não encontrado",
  tokenCheckFailed: "Erro ao verificar token de convite",
  invalidUrlTitle: "URL Inválida",
  invalidTokenTitle: "Token Inválido",
  expiredTitle: "Convite Expirado",
  usedTitle: "Convite já utilizado",
  authorizationErrorTitle: "Erro de Autorização",
  alreadyIntegratedTitle: "Calendário já integrado",
  /** ARCHITECTURE.md "Calendar integration": without Google configured the page says so. */
  unavailableTitle: "Sincronização indisponível",
  unavailable: "A sincronização com o Google Calendar não está disponível nesta instalação.",
  validityHours: "Validade do convite deve ser um número inteiro de horas entre 1 e 168",
  purposeInvalid: "Finalidade do convite deve ter entre 1 e 50 caracteres",
} as const;

/** ARCHITECTURE.md "Calendar integration": the busy time of an event in the professional's own calendar. */
export function calendarConflictMessage(start: Date, end: Date): string {
  return `Conflito com evento na agenda do profissional (${timeOfDayOf(start)} - ${timeOfDayOf(end)})`;
}

export interface CalendarErrorText {
  title: string;
  description: string;
  /** spec 001 §8: whether 'Tentar Novamente' is offered. */
  retry: boolean;
}

/** spec 001 §8 "Calendar error page by reason code": a reason's title, its text and whether a retry is offered. */
export const CALENDAR_ERROR_TEXTS: Record<CalendarErrorReason, CalendarErrorText> = {
  "missing-invitation-token": {
    title: "Token de Convite Inválido",
    description: "O link do convite é inválido ou está corrompido. Solicite um novo convite.",
    retry: false,
  },
  "invalid-invitation": {
    title: "Convite Expirado",
    description: "Este convite expirou ou já foi utilizado. Solicite um novo convite.",
    retry: false,
  },
  "professional-not-found": {
    title: "Profissional Não Encontrado",
    description: "O profissional deste convite não foi encontrado. Fale com a clínica que enviou o convite.",
    retry: false,
  },
  "email-mismatch": {
    title: "Email Não Coincide",
    description:
      "A conta Google usada é diferente do e-mail cadastrado para o profissional. Entre com a conta do e-mail cadastrado e tente novamente.",
    retry: true,
  },
  "scope-denied": {
    title: "Permissão de Calendário Negada",
    description:
      "O acesso ao Google Calendar não foi concedido. Para sincronizar a agenda, marque a permissão do calendário e tente novamente.",
    retry: true,
  },
  "no-token": {
    title: "Token de Acesso Não Recebido",
    description: "O Google não enviou o token de acesso necessário para a sincronização. Tente novamente.",
    retry: true,
  },
  "processing-failed": {
    title: "Erro no Processamento",
    description:
      "Ocorreu um erro ao concluir a integração. Tente novamente ou entre em contato com o suporte.",
    retry: true,
  },
};

/** spec 001 §8: with no reason, the OAuth error decides (every one retryable). */
export function calendarOAuthErrorText(error: string | null, description: string | null): CalendarErrorText {
  switch (error) {
    case "access_denied":
      return {
        title: "Autorização Negada",
        description: "A autorização do Google Calendar foi negada.",
        retry: true,
      };
    case "invalid_request":
      return {
        title: "Requisição Inválida",
        description: "A requisição de autorização é inválida. Tente novamente.",
        retry: true,
      };
    case "server_error":
      return {
        title: "Erro do Servidor",
        description:
          "O servidor do Google está com um problema temporário. Tente novamente em alguns minutos.",
        retry: true,
      };
    default:
      return error && description
        ? { title: "Erro na Integração", description, retry: true }
        : {
            title: "Erro Desconhecido",
            description: "Ocorreu um erro desconhecido durante a integração. Tente novamente.",
            retry: true,
          };
  }
}

/** spec 001 §8: the hint shown with access_denied. */
export const CALENDAR_ACCESS_DENIED_HINT =
  "Para sincronizar a sua agenda, é necessário autorizar o acesso ao Google Calendar.";

export function isCalendarErrorReason(value: string | null | undefined): value is CalendarErrorReason {
  return (CALENDAR_ERROR_REASONS as readonly string[]).includes(value ?? "");
}
