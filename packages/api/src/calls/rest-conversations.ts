import { type RestRoute, restGroup } from "../rest";
import { conversationsRouter } from "./conversations.router";

const route = restGroup("Atendimentos");

export const conversationsRoutes: RestRoute[] = [
  route("GET", "/conversations", conversationsRouter.list, {
    summary:
      "Lista os atendimentos, mais recentes primeiro (no máximo 200). `search` filtra por nome do cliente, telefone (também só pelos dígitos) ou resumo",
  }),
  route("GET", "/conversations/{id}", conversationsRouter.get, {
    summary:
      "Detalhe de um atendimento: resumo, ações, dados do cliente, estatísticas, mensagens e dados coletados",
  }),
];
