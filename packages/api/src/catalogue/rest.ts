// spec 001 §7: the catalogue paths, each a thin call of its procedure.

import { type RestRoute, restGroup } from "../rest";
import { establishmentsRouter } from "./establishments.router";
import { offeredServicesRouter } from "./offered-services.router";
import { placesRouter } from "./places.router";
import { professionalsRouter } from "./professionals.router";

const establishments = restGroup("Locais de atendimento");
const professionals = restGroup("Profissionais");
const services = restGroup("Serviços");

export const cataloguesRoutes: RestRoute[] = [
  establishments("GET", "/establishments", establishmentsRouter.list, {
    summary: "Lista os locais de atendimento",
  }),
  establishments("POST", "/establishments", establishmentsRouter.create, {
    summary: "Cria um local de atendimento",
    status: 201,
  }),
  establishments("GET", "/establishments/{id}", establishmentsRouter.get, {
    summary: "Um local de atendimento",
  }),
  establishments("PUT", "/establishments/{id}", establishmentsRouter.update, {
    summary: "Atualiza um local de atendimento",
  }),
  establishments("DELETE", "/establishments/{id}", establishmentsRouter.delete, {
    summary: "Exclui um local de atendimento (409 se houver agendamentos futuros nele)",
  }),

  professionals("GET", "/professionals", professionalsRouter.list, { summary: "Lista os profissionais" }),
  professionals("POST", "/professionals", professionalsRouter.create, {
    summary: "Cadastra um profissional",
    status: 201,
  }),
  professionals("GET", "/professionals/{id}", professionalsRouter.get, { summary: "Um profissional" }),
  professionals("PUT", "/professionals/{id}", professionalsRouter.update, {
    summary: "Atualiza um profissional",
  }),
  professionals("DELETE", "/professionals/{id}", professionalsRouter.delete, {
    summary: "Exclui um profissional (409 se houver agendamentos futuros com ele)",
  }),

  services("GET", "/offered-services", offeredServicesRouter.list, { summary: "Lista os serviços" }),
  services("POST", "/offered-services", offeredServicesRouter.create, {
    summary: "Cadastra um serviço",
    status: 201,
  }),
  services("GET", "/offered-services/{id}", offeredServicesRouter.get, { summary: "Um serviço" }),
  services("PUT", "/offered-services/{id}", offeredServicesRouter.update, { summary: "Atualiza um serviço" }),
  services("DELETE", "/offered-services/{id}", offeredServicesRouter.delete, {
    summary: "Exclui um serviço (409 se houver agendamentos futuros com ele)",
  }),
];

const places = restGroup("Endereços");

export const placesRoutes: RestRoute[] = [
  places("GET", "/places/autocomplete", placesRouter.autocomplete, {
    summary:
      "Sugestões de endereço no Brasil (Google Places) para `input` com 3 ou mais caracteres; `enabled: false` quando a instalação não tem chave do Google Maps (o campo fica um texto simples). 502/504 se o Google falhar",
  }),
];
