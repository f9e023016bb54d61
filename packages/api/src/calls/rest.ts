// spec 000 §7 and spec 001 §7: the calls', conversations' and voice agent's paths, each a thin call of its procedure.

import { type RestRoute, restGroup } from "../rest";
import { callsRouter } from "./calls.router";
import { conversationsRouter } from "./conversations.router";
import { voiceAgentRouter } from "./voice-agent.router";

const calls = restGroup("Ligações");

export const callsRoutes: RestRoute[] = [
  calls("POST", "/calls/make-call", callsRouter.makeCall, {
    summary:
      "Ligação de demonstração (`toNumber`, celular ou fixo do Brasil): nosso agente liga como um negócio de demonstração. Pública, limitada por endereço, por número e por dia (429); sem Twilio, `success: false` com o motivo",
    public: true,
  }),
];

const conversations = restGroup("Atendimentos");

export const conversationsRoutes: RestRoute[] = [
  conversations("GET", "/conversations", conversationsRouter.list, {
    summary:
      "Lista os atendimentos, mais recentes primeiro (no máximo 200). `search` filtra por nome do cliente, telefone (também só pelos dígitos) ou resumo",
  }),
  conversations("GET", "/conversations/{id}", conversationsRouter.get, {
    summary:
      "Detalhe de um atendimento: resumo, ações, dados do cliente, estatísticas, mensagens e dados coletados",
  }),
];

const agent = restGroup("Agente de voz");

/** Listed right after the clients' paths (rest-routes.ts keeps the order /openapi.json had). */
export const voiceAgentRoutes: RestRoute[] = [
  agent("GET", "/voice-agent", voiceAgentRouter.get, {
    summary: "O agente de voz do tenant (404 se não existe)",
  }),
  agent("POST", "/voice-agent", voiceAgentRouter.create, {
    summary: "Cria o agente de voz (409 se já existe)",
    status: 201,
  }),
  agent("PUT", "/voice-agent", voiceAgentRouter.update, {
    summary: "Atualiza o agente de voz (o DDD não muda após a criação)",
  }),
  agent("POST", "/voice-agent/browser-call", voiceAgentRouter.browserCall, {
    summary:
      "Uma chamada de teste pelo navegador: um bilhete de uso único (2 minutos para conectar) e o endereço do gateway de telefonia (`url`, `customParameters`). `from` faz o agente atender como se fosse esse número; 429 após 20 chamadas de teste no dia",
  }),
  agent("POST", "/voice-agent/test-call", voiceAgentRouter.testCall, {
    summary:
      "Chamada de teste para o telefone do usuário (`toNumber`, 10 ou 11 dígitos, +55 opcional) pelo Twilio: `{success, errorMessage}`; sem Twilio, `success: false` com o motivo; 429 após 20 chamadas de teste no dia",
  }),
  agent("GET", "/voice-agent/forwarding-number-check", voiceAgentRouter.checkForwardingNumber, {
    summary:
      "Verifica um número de encaminhamento (`phoneNumber`, `channel` PHONE ou WHATSAPP): válido ou não, E.164, formato nacional, tipo (celular, fixo, 0800) e se pode ter WhatsApp. Não faz ligação",
  }),
];
