import { type RestRoute, restGroup } from "../rest";
import { appointmentsRouter } from "./appointments.router";

const route = restGroup("Agendamentos");

// The two fixed paths come before `/appointments/{id}`, which would otherwise take them as ids.
export const appointmentsRoutes: RestRoute[] = [
  route("GET", "/appointments", appointmentsRouter.list, {
    summary:
      "Lista os agendamentos cuja data (São Paulo) de `scheduledAt` está entre `startDate` e `endDate` (yyyy-MM-dd, ambas incluídas; obrigatórias), por horário; filtros opcionais `professionalId`, `establishmentId`, `clientId`",
  }),
  route("GET", "/appointments/availability-check", appointmentsRouter.availabilityCheck, {
    summary:
      "Verificação consultiva de um horário (`offeredServices=id,id`): AVAILABLE, NO_AVAILABILITY_HERE e NO_AVAILABILITY (avisos: o agendamento é aceito), OUTSIDE_WINDOW e CONFLICT (bloqueiam). `appointmentId` opcional ignora o agendamento em edição",
  }),
  route("GET", "/appointments/free-slots", appointmentsRouter.freeSlots, {
    summary:
      "Horários livres para os serviços (`offeredServices=id,id`, 1 a 10) entre `startDate` e `endDate` (no máximo 62 dias), opcionalmente de um profissional e/ou local; inícios a cada 5 minutos, ordenados por início",
  }),
  route("GET", "/appointments/{id}", appointmentsRouter.get, { summary: "Um agendamento" }),
  route("POST", "/appointments", appointmentsRouter.create, {
    summary:
      "Cria um agendamento (status SCHEDULED); `offeredServices` é a lista de ids. 409 se conflitar com outro agendamento do profissional",
    status: 201,
  }),
  route("PUT", "/appointments/{id}", appointmentsRouter.update, {
    summary: "Substitui os campos editáveis de um agendamento, inclusive o status",
  }),
  route("DELETE", "/appointments/{id}", appointmentsRouter.delete, { summary: "Exclui um agendamento" }),
  route("POST", "/appointments/{id}/confirm", appointmentsRouter.confirm, {
    summary: "Confirma um agendamento (define `confirmedAt`) e o devolve",
  }),
];
