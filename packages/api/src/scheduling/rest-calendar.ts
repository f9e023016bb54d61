// Google Calendar per professional at the spec's paths (spec 001 §7; spec 000 §7; ARCHITECTURE.md "Calendar
// integration"): the two invitation-page calls are public (the professional is not signed in).

import { type RestRoute, restGroup } from "../rest";
import { calendarInvitationsRouter, calendarRouter } from "./calendar.router";

const route = restGroup("Google Calendar");

export const calendarRoutes: RestRoute[] = [
  route("GET", "/professionals/{id}/calendar/status", calendarRouter.status, {
    summary:
      "Sincronização do Google Calendar do profissional: `hasGoogleCalendar` (conectado), `hasPendingInvitations` (convite aberto), `connectionBroken` (o Google recusou a autorização: um novo convite repara)",
  }),
  route("POST", "/professionals/{id}/calendar/generate-invitation", calendarRouter.generateInvitation, {
    summary:
      "Cria um convite (`purpose` opcional; `validityHours` de 1 a 168, 48 por padrão) e o envia por e-mail ao profissional com o link de autorização; substitui os convites abertos → `{emailSent, expiresAt, error}`. Sem e-mail cadastrado: `emailSent: false` com o motivo em `error`, sem convite",
    status: 200,
  }),
  route("GET", "/calendar-integration/invite/{token}/status", calendarInvitationsRouter.status, {
    summary:
      "Situação de um convite pelo token: `exists`, `isExpired`, `isUsed`, `isValid` (token desconhecido: `exists: false`)",
    public: true,
  }),
  route("POST", "/calendar-integration/invite/{token}/authorize", calendarInvitationsRouter.authorize, {
    summary:
      "Inicia a autorização do Google Calendar de um convite válido → `{hasGoogleCalendar, authorizationUrl}` (a página de consentimento do Google); `authorizationUrl` nulo quando já conectado ou quando o Google não está configurado nesta instalação",
    public: true,
  }),
];
