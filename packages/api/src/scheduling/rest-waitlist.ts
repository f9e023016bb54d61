import { type RestRoute, restGroup } from "../rest";
import { waitlistRouter } from "./waitlist.router";

const route = restGroup("Lista de espera");

/** The waitlist's REST paths (issue 23 part 4; docs/decisions/0046-waitlist.md). */
export const waitlistRoutes: RestRoute[] = [
  route("GET", "/waitlist", waitlistRouter.list, {
    summary:
      "Lista os pedidos da lista de espera, do mais antigo ao mais novo (filtros: professionalId, status)",
  }),
  route("POST", "/waitlist", waitlistRouter.create, {
    summary:
      "Adiciona um pedido à lista de espera: paciente, serviço, profissional e local (null: qualquer), período e parte do dia",
    status: 201,
  }),
  route("DELETE", "/waitlist/{id}", waitlistRouter.remove, {
    summary: "Remove um pedido da lista de espera",
  }),
];
