import { tenantRouter } from "../routers/tenant";
import { type RestRoute, restGroup } from "./declare";

const route = restGroup("Conta");

export const tenantRoutes: RestRoute[] = [
  route("GET", "/tenant/setup-state", tenantRouter.setupState, {
    summary:
      "Estado da configuração: agente, contagem e primeiro registro de cada cadastro, assinatura (null até existir cobrança), minutos de pacotes e o destino decidido (spec 000 §4)",
  }),
  route("GET", "/tenant/remaining-minutes", tenantRouter.remainingMinutes, {
    summary: "Minutos restantes da assinatura e dos pacotes avulsos (0 e 0 enquanto não há cobrança)",
  }),
];
