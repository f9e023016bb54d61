// The smoke set: a tiny clinic and a few script-following calls, for the CI test of the runner itself
// (eval.smoke.test.ts). Not the held-out set: these calls only show that the runner places calls and that its judge
// tells a done task from one not done.
import type { BusinessFixture, EvalCall } from "../types";

export const SMOKE_FIXTURE: BusinessFixture = {
  kind: "CLINICA_DE_SAUDE",
  name: "Clínica Sol",
  agentName: "Lia",
  welcome: "Olá, aqui é a Lia, da Clínica Sol. Como posso ajudar?",
  forwardingPhone: "(11) 3333-4444",
  locations: [{ key: "sol", name: "Clínica Sol", address: "Rua das Flores, 100 - Centro, São Paulo" }],
  professionals: [
    {
      key: "helena",
      name: "Dra. Helena Prado",
      specialty: "Clínica Geral",
      hours: [{ location: "sol", days: [1, 2, 3, 4, 5], from: "08:00", to: "18:00" }],
    },
  ],
  services: [
    {
      key: "consulta",
      name: "Consulta",
      duration: 30,
      price: 20000,
      locations: ["sol"],
      professionals: ["helena"],
    },
  ],
  clients: [{ key: "joao", name: "João Pereira", phone: "(11) 97777-1234" }],
  appointments: [
    {
      key: "joao",
      client: "joao",
      professional: "helena",
      location: "sol",
      services: ["consulta"],
      day: "2030-06-05",
      at: "10:00",
    },
  ],
};

export const SMOKE_FIXTURES = [SMOKE_FIXTURE];

export const SMOKE_CALLS: EvalCall[] = [
  {
    id: "smoke-book",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "A caller who follows the agent books a consultation for tomorrow at 10",
    steps: ["Quero marcar uma consulta."],
    persona: {
      name: "Marina Costa",
      cpf: "pular",
      when: "amanhã às 10 horas",
      service: "consulta",
      pick: "o primeiro",
    },
    expect: {
      book: [{ services: ["consulta"], day: "2030-06-04", at: "10:00" }],
      newClient: { name: /marina costa/ },
    },
  },
  {
    id: "smoke-price",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "The price of the consultation",
    steps: ["Quanto custa a consulta?", "Obrigada, tchau."],
    expect: { says: [{ re: /200/, what: "R$ 200" }] },
  },
  {
    id: "smoke-cancel",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "A known patient cancels his appointment",
    knownAs: "joao",
    steps: ["Quero cancelar minha consulta."],
    persona: { name: "João Pereira" },
    expect: { cancel: ["joao"] },
  },
];
