import { type RestRoute, restGroup } from "../rest";
import { availabilitiesRouter } from "./availabilities.router";

const route = restGroup("Disponibilidades");

export const availabilitiesRoutes: RestRoute[] = [
  route("GET", "/availabilities", availabilitiesRouter.list, {
    summary: "Lista as disponibilidades cadastradas (padrão, horário, notas e exceções)",
  }),
  route("GET", "/availabilities/expanded", availabilitiesRouter.expanded, {
    summary: "Ocorrências das disponibilidades no intervalo (padrão: o mês corrente)",
  }),
  route("POST", "/availabilities", availabilitiesRouter.create, {
    summary:
      "Cria uma disponibilidade (409 se já existe uma idêntica: mesmo profissional, local, padrão e horário)",
    status: 201,
  }),
  route("PUT", "/availabilities/{id}", availabilitiesRouter.update, {
    summary: "Substitui os campos de uma disponibilidade (409 se ficaria idêntica a outra)",
  }),
  route("DELETE", "/availabilities/{id}", availabilitiesRouter.delete, {
    summary: "Exclui uma disponibilidade e todas as suas ocorrências",
  }),
  route("PUT", "/availabilities/{id}/occurrences/{occurrenceId}/edit", availabilitiesRouter.editOccurrence, {
    summary:
      "Edita uma ocorrência (escopo SINGLE, FUTURE ou ALL); responde a disponibilidade que passa a contê-la",
  }),
  route(
    "PUT",
    "/availabilities/{id}/occurrences/{occurrenceId}/cancel",
    availabilitiesRouter.cancelOccurrence,
    {
      summary:
        "Cancela uma ocorrência (escopo SINGLE, FUTURE ou ALL); responde a disponibilidade, ou null se não restar nada",
    },
  ),
];
