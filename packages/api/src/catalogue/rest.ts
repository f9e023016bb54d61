// spec 001 §7 (and spec 000 §7 for the voice agent): the catalogue paths, each a thin call of its procedure.

import { voiceAgentRouter } from "../calls/voice-agent.router";
import { type RestRoute, restGroup } from "../rest";
import { clientsRouter } from "../scheduling/clients.router";
import { establishmentsRouter } from "./establishments.router";
import { offeredServicesRouter } from "./offered-services.router";
import { professionalsRouter } from "./professionals.router";

const establishments = restGroup("Locais de atendimento");
const professionals = restGroup("Profissionais");
const services = restGroup("Serviços");
const clients = restGroup("Pacientes");
const agent = restGroup("Agente de voz");

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

  clients("GET", "/clients", clientsRouter.list, {
    summary: "Lista os pacientes por nome; `search` filtra por nome, CPF ou telefone",
  }),
  clients("POST", "/clients", clientsRouter.create, { summary: "Cadastra um paciente", status: 201 }),
  clients("GET", "/clients/by-phone", clientsRouter.findByPhone, {
    summary: "Pacientes com este telefone (`phoneNumber`, qualquer formatação, com ou sem +55)",
  }),
  clients("GET", "/clients/{id}", clientsRouter.get, { summary: "Um paciente" }),
  clients("PUT", "/clients/{id}", clientsRouter.update, { summary: "Atualiza um paciente" }),
  clients("DELETE", "/clients/{id}", clientsRouter.delete, {
    summary: "Exclui um paciente (409 se houver agendamentos futuros para ele)",
  }),

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
