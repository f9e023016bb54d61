import { type RestRoute, restGroup } from "../rest";
import { tenantRouter } from "./tenant.router";

const route = restGroup("Conta");

export const tenantRoutes: RestRoute[] = [
  route("GET", "/tenant", tenantRouter.get, {
    summary:
      "A conta: número de voz, agente, assinatura, compras de Pack Avulso, minutos restantes e uso (spec 000 §3)",
  }),
  route("GET", "/tenant/setup-state", tenantRouter.setupState, {
    summary:
      "Estado da configuração: agente, contagem e primeiro registro de cada cadastro, status da assinatura (null sem assinatura), minutos de pacotes e o destino decidido (spec 000 §4)",
  }),
  route("GET", "/tenant/remaining-minutes", tenantRouter.remainingMinutes, {
    summary: "Minutos restantes do ciclo (ou do período gratuito) e dos Packs Avulsos",
  }),
];
