// Scheduling's REST paths (spec 001 §7), each a thin call of its procedure.

import { type RestRoute, restGroup } from "../rest";
import { appointmentsRouter } from "./appointments.router";
import { availabilitiesRouter } from "./availabilities.router";
import { calendarInvitationsRouter, calendarRouter } from "./calendar.router";
import { clientsRouter } from "./clients.router";
import { contactRouter } from "./contact.router";
import { waitlistRouter } from "./waitlist.router";

const appointments = restGroup("Agendamentos");

// The two fixed paths come before `/appointments/{id}`, which would otherwise take them as ids.
export const appointmentsRoutes: RestRoute[] = [
  appointments("GET", "/appointments", appointmentsRouter.list, {
    summary:
      "Lista os agendamentos cuja data (São Paulo) de `scheduledAt` está entre `startDate` e `endDate` (yyyy-MM-dd, ambas incluídas; obrigatórias), por horário; filtros opcionais `professionalId`, `establishmentId`, `clientId`",
  }),
  appointments("GET", "/appointments/availability-check", appointmentsRouter.availabilityCheck, {
    summary:
      "Verificação consultiva de um horário (`offeredServices=id,id`): AVAILABLE, NO_AVAILABILITY_HERE e NO_AVAILABILITY (avisos: o agendamento é aceito), OUTSIDE_WINDOW e CONFLICT (bloqueiam). `appointmentId` opcional ignora o agendamento em edição",
  }),
  appointments("GET", "/appointments/free-slots", appointmentsRouter.freeSlots, {
    summary:
      "Horários livres para os serviços (`offeredServices=id,id`, 1 a 10) entre `startDate` e `endDate` (no máximo 62 dias), opcionalmente de um profissional e/ou local; inícios a cada 5 minutos, ordenados por início",
  }),
  appointments("GET", "/appointments/{id}", appointmentsRouter.get, { summary: "Um agendamento" }),
  appointments("POST", "/appointments", appointmentsRouter.create, {
    summary:
      "Cria um agendamento (status SCHEDULED); `offeredServices` é a lista de ids. 409 se conflitar com outro agendamento do profissional",
    status: 201,
  }),
  appointments("PUT", "/appointments/{id}", appointmentsRouter.update, {
    summary: "Substitui os campos editáveis de um agendamento, inclusive o status",
  }),
  appointments("DELETE", "/appointments/{id}", appointmentsRouter.delete, {
    summary: "Exclui um agendamento",
  }),
  appointments("POST", "/appointments/{id}/confirm", appointmentsRouter.confirm, {
    summary: "Confirma um agendamento (define `confirmedAt`) e o devolve",
  }),
];

const availabilities = restGroup("Disponibilidades");

export const availabilitiesRoutes: RestRoute[] = [
  availabilities("GET", "/availabilities", availabilitiesRouter.list, {
    summary: "Lista as disponibilidades cadastradas (padrão, horário, notas e exceções)",
  }),
  availabilities("GET", "/availabilities/expanded", availabilitiesRouter.expanded, {
    summary: "Ocorrências das disponibilidades no intervalo (padrão: o mês corrente)",
  }),
  availabilities("POST", "/availabilities", availabilitiesRouter.create, {
    summary:
      "Cria uma disponibilidade (409 se já existe uma idêntica: mesmo profissional, local, padrão e horário)",
    status: 201,
  }),
  availabilities("PUT", "/availabilities/{id}", availabilitiesRouter.update, {
    summary: "Substitui os campos de uma disponibilidade (409 se ficaria idêntica a outra)",
  }),
  availabilities("DELETE", "/availabilities/{id}", availabilitiesRouter.delete, {
    summary: "Exclui uma disponibilidade e todas as suas ocorrências",
  }),
  availabilities(
    "PUT",
    "/availabilities/{id}/occurrences/{occurrenceId}/edit",
    availabilitiesRouter.editOccurrence,
    {
      summary:
        "Edita uma ocorrência (escopo SINGLE, FUTURE ou ALL); responde a disponibilidade que passa a contê-la",
    },
  ),
  availabilities(
    "PUT",
    "/availabilities/{id}/occurrences/{occurrenceId}/cancel",
    availabilitiesRouter.cancelOccurrence,
    {
      summary:
        "Cancela uma ocorrência (escopo SINGLE, FUTURE ou ALL); responde a disponibilidade, ou null se não restar nada",
    },
  ),
];

const contact = restGroup("Contato");

export const contactRoutes: RestRoute[] = [
  contact("POST", "/contact", contactRouter.send, {
    summary:
      "Mensagem do formulário de contato do site (`name`, `phone`, `email`, `segment`: Clínica, Consultório, Hospital, Estética ou Pet; `message` opcional). Pública, limitada por endereço (429); enviada por e-mail à equipe de vendas",
    public: true,
  }),
];

// Google Calendar per professional at the spec's paths (spec 001 §7; spec 000 §7; ARCHITECTURE.md "Calendar
// integration"): the two invitation-page calls are public (the professional is not signed in).
const calendar = restGroup("Google Calendar");

export const calendarRoutes: RestRoute[] = [
  calendar("GET", "/professionals/{id}/calendar/status", calendarRouter.status, {
    summary:
      "Sincronização do Google Calendar do profissional: `hasGoogleCalendar` (conectado), `hasPendingInvitations` (convite aberto), `connectionBroken` (o Google recusou a autorização: um novo convite repara)",
  }),
  calendar("POST", "/professionals/{id}/calendar/generate-invitation", calendarRouter.generateInvitation, {
    summary:
      "Cria um convite (`purpose` opcional; `validityHours` de 1 a 168, 48 por padrão) e o envia por e-mail ao profissional com o link de autorização; substitui os convites abertos → `{emailSent, expiresAt, error}`. Sem e-mail cadastrado: `emailSent: false` com o motivo em `error`, sem convite",
    status: 200,
  }),
  calendar("GET", "/calendar-integration/invite/{token}/status", calendarInvitationsRouter.status, {
    summary:
      "Situação de um convite pelo token: `exists`, `isExpired`, `isUsed`, `isValid` (token desconhecido: `exists: false`)",
    public: true,
  }),
  calendar("POST", "/calendar-integration/invite/{token}/authorize", calendarInvitationsRouter.authorize, {
    summary:
      "Inicia a autorização do Google Calendar de um convite válido → `{hasGoogleCalendar, authorizationUrl}` (a página de consentimento do Google); `authorizationUrl` nulo quando já conectado ou quando o Google não está configurado nesta instalação",
    public: true,
  }),
];

const waitlist = restGroup("Lista de espera");

/** The waitlist's REST paths (issue 23 part 4; docs/decisions/0046-waitlist.md). */
export const waitlistRoutes: RestRoute[] = [
  waitlist("GET", "/waitlist", waitlistRouter.list, {
    summary:
      "Lista os pedidos da lista de espera, do mais antigo ao mais novo (filtros: professionalId, status)",
  }),
  waitlist("POST", "/waitlist", waitlistRouter.create, {
    summary:
      "Adiciona um pedido à lista de espera: paciente, serviço, profissional e local (null: qualquer), período e parte do dia",
    status: 201,
  }),
  waitlist("GET", "/waitlist/settings", waitlistRouter.settings, {
    summary:
      "Configurações da lista de espera: por quantos minutos um horário liberado fica reservado para a oferta",
  }),
  waitlist("PUT", "/waitlist/settings", waitlistRouter.updateSettings, {
    summary:
      "Altera o tempo de reserva das ofertas (`holdMinutes`, de 5 a 120 minutos; padrão 15); vale para as ofertas feitas a partir de agora",
  }),
  waitlist("DELETE", "/waitlist/{id}", waitlistRouter.remove, {
    summary: "Remove um pedido da lista de espera",
  }),
  waitlist("POST", "/waitlist/offers/{id}/accept", waitlistRouter.acceptOffer, {
    summary:
      "Aceita, em nome do paciente, a oferta de um horário liberado (`id` da oferta, em `offer.id` do pedido): agenda pelas mesmas regras de agendamento e devolve o agendamento; o pedido passa a BOOKED. 409 se a oferta expirou ou já foi respondida",
  }),
  waitlist("POST", "/waitlist/offers/{id}/decline", waitlistRouter.declineOffer, {
    summary:
      "Recusa, em nome do paciente, a oferta de um horário liberado: o pedido passa a CANCELLED e o horário é oferecido ao próximo pedido compatível",
    status: 204,
  }),
];

const clients = restGroup("Pacientes");

/** Listed right after the catalogue's paths (rest-routes.ts keeps the order /openapi.json had). */
export const clientsRoutes: RestRoute[] = [
  clients("GET", "/clients", clientsRouter.list, {
    summary: "Lista os pacientes por nome; `search` filtra por nome, CPF ou telefone",
  }),
  clients("POST", "/clients", clientsRouter.create, { summary: "Cadastra um paciente", status: 201 }),
  clients("GET", "/clients/by-phone", clientsRouter.findByPhone, {
    summary: "Pacientes com este telefone (`phoneNumber`, qualquer formatação, com ou sem +55)",
  }),
  clients("GET", "/clients/{id}", clientsRouter.get, { summary: "Um paciente" }),
  clients("PUT", "/clients/{id}", clientsRouter.update, { summary: "Atualiza um paciente" }),
  clients("DELETE", "/clients/{id}", clientsRouter.delete, {
    summary: "Exclui um paciente (409 se houver agendamentos futuros para ele)",
  }),
];
