import { type RestRoute, restGroup } from "../rest";
import { devRouter } from "./dev.router";

const route = restGroup("Desenvolvimento");

export const devRoutes: RestRoute[] = [
  route("POST", "/dev/conversations", devRouter.seedConversation, {
    summary:
      "Só fora de produção (404 em produção): registra um atendimento no tenant do usuário, como o gateway de telefonia fará, para testes",
    status: 201,
  }),
  route("POST", "/dev/appointments/{id}/offer-freed-slot", devRouter.offerFreedSlot, {
    summary:
      "Só fora de produção (404 em produção): oferece já à lista de espera o horário que o agendamento ocupava (como o job de ofertas, sem esperar a janela de contato), para testes",
  }),
];
