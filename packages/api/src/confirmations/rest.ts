// Confirmations' REST paths (docs/decisions/0050-confirmations.md), each a thin call of its procedure.
import { type RestRoute, restGroup } from "../rest";
import { confirmationsRouter } from "./confirmations.router";

const confirmations = restGroup("Confirmações");

export const confirmationsRoutes: RestRoute[] = [
  confirmations("GET", "/confirmations/settings", confirmationsRouter.settings, {
    summary:
      "As confirmações de agendamento do tenant: ativadas, canais em ordem, horário de envio (no dia de contato anterior), janela de ligações, dias da semana, nova tentativa e a mensagem; e se o WhatsApp e as ligações estão disponíveis",
  }),
  confirmations("PUT", "/confirmations/settings", confirmationsRouter.updateSettings, {
    summary:
      "Salva as confirmações (todos os campos). Marcadores da mensagem: {paciente}, {negocio}, {servico}, {profissional}, {data}, {hora}, {local}",
  }),
  confirmations("PUT", "/confirmations/whatsapp", confirmationsRouter.setWhatsapp, {
    summary:
      "Configura o WhatsApp Business Cloud API: `phoneNumberId`, `accessToken` e `appSecret` (guardados criptografados), `template` e `language` do modelo aprovado",
  }),
  confirmations("DELETE", "/confirmations/whatsapp", confirmationsRouter.removeWhatsapp, {
    summary: "Remove a configuração do WhatsApp: o canal fica indisponível",
    status: 200,
  }),
  confirmations("GET", "/confirmations/sends", confirmationsRouter.sends, {
    summary: "As últimas confirmações enviadas (`limit`, até 200), com canal, tentativas e resultado",
  }),
];
