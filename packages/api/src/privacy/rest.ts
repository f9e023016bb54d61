// LGPD's REST paths (docs/decisions/0031-lgpd.md): a client's export and erasure, the account's export and closure.

import { restGroup } from "../rest";
import { accountRouter } from "./account.router";
import { clientPrivacyRouter } from "./clients.router";

const lgpd = restGroup("LGPD");

export const lgpdRoutes = [
  lgpd("GET", "/clients/{id}/export", clientPrivacyRouter.export, {
    summary: "Tudo o que a conta guarda sobre um paciente (cadastro, agendamentos, ligações), em JSON",
  }),
  lgpd("POST", "/clients/{id}/erase", clientPrivacyRouter.erase, {
    summary:
      "Exclui os dados pessoais de um paciente a pedido do titular: anonimiza o cadastro, as observações dos agendamentos e as ligações, e exclui as gravações; mantém os registros de cobrança",
  }),
  lgpd("GET", "/clients/{id}/contact-opt-out", clientPrivacyRouter.contactOptOut, {
    summary:
      "Se o paciente pediu para não ser contatado pelo agente (confirmações, ofertas de vaga): desde quando (`optedOutAt`, null se pode) e por onde (`source`)",
  }),
  lgpd("PUT", "/clients/{id}/contact-opt-out", clientPrivacyRouter.optOutOfContact, {
    summary:
      "Registra que o paciente não quer ser contatado pelo agente (auditado). Não é um campo do PUT do paciente: só `DELETE` neste caminho o desfaz",
  }),
  lgpd("DELETE", "/clients/{id}/contact-opt-out", clientPrivacyRouter.optInToContact, {
    summary: "O paciente volta a poder ser contatado pelo agente (auditado)",
  }),
  lgpd("GET", "/account/export", accountRouter.export, {
    summary: "Todos os dados da conta em JSON (somente o proprietário)",
  }),
  lgpd("POST", "/account/close", accountRouter.close, {
    summary:
      "Encerra a conta (somente o proprietário; `confirmation` com o nome do negócio): cancela a assinatura, anonimiza pacientes e ligações, exclui as gravações e encerra as sessões",
  }),
];
