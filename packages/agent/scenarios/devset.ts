// The development set for issue #27 (decision 0039): callers who do not follow the agent's script, written from the
// issue's failure categories (consent and closings, dates and times, information in any order, intents in any
// phrasing, names), to tune the offline engine on. Written before the engine changes for it; its first run is the
// baseline in docs/decisions/0039-consent-and-understanding.md. Not required (`must: false`); reported. The
// held-out evaluation of issue #27 is kept elsewhere, unseen by the engine's author.
// Clock: Wednesday 2026-12-09 10:00 in São Paulo. Maria (+5511987654321) has a consultation on Friday the 11th at
// 10:00 and a blood test on Tuesday the 15th at 09:00 (clinica); Ana Clara (+5521988887777) a cleaning (consultorio).
import type { Scenario, Turn } from "./runner";

const NOW = "2026-12-09T10:00:00-03:00";
const U = "+5511900000000";
const M = "+5511987654321";
const C = "+5521988887777";

const rows: [string, Scenario["fixture"], string | null, Turn[], Scenario["expect"]][] = [
  // ── Consent, negation and closings
  [
    "d-consent-closing",
    "consultorio",
    C,
    ["quero marcar uma limpeza", "amanha as nove", "sim", "ok obrigada tchau"],
    { created: false, say: ["sim ou nao"] },
  ],
  [
    "d-consent-ligo-depois",
    "consultorio",
    C,
    ["quero marcar uma limpeza", "amanha as nove", "sim", "ta bom eu ligo depois"],
    { created: false },
  ],
  [
    "d-consent-contradiction",
    "clinica",
    M,
    ["quero marcar uma consulta com a doutora ana no centro", "amanha as nove", "sim", "isso mas na sexta"],
    { created: false },
  ],
  [
    "d-consent-nao-precisa-remarcar",
    "clinica",
    M,
    ["oi queria saber se minha consulta de sexta ta confirmada nao precisa remarcar nao"],
    { rescheduled: false, cancelled: false },
  ],
  [
    "d-consent-hold-anything-else",
    "clinica",
    M,
    ["onde fica a unidade centro", "nao espera", "quanto custa o exame de sangue"],
    { end: false, say: ["oitenta reais"] },
  ],
  [
    "d-consent-transfer-thanks",
    "clinica",
    U,
    ["blablabla", "hmm nada", "xyz", "ok obrigado tchau"],
    { transfer: false },
  ],
  [
    "d-consent-a-outra",
    "clinica",
    M,
    ["quero cancelar minha consulta", "nao a outra", "sim"],
    { cancelled: "maria-exame" },
  ],
  [
    "d-consent-readback-confirm-yes",
    "clinica",
    M,
    ["só confirmando a minha consulta de sexta", "isso mesmo obrigada"],
    { confirmed: "maria-consulta" },
  ],
  // ── Dates and times
  [
    "d-time-boa-tarde",
    "consultorio",
    C,
    ["boa tarde quero marcar uma limpeza", "sexta as nove", "sim", "sim", "sim"],
    { created: { at: "2026-12-11T09:00" } },
  ],
  [
    "d-time-pras-dez",
    "consultorio",
    C,
    ["quero marcar uma limpeza sexta quinze pras dez", "sim", "sim", "sim"],
    { created: { at: "2026-12-11T09:45" } },
  ],
  [
    "d-time-filler-e",
    "consultorio",
    C,
    ["quero marcar uma limpeza", "sexta às duas é… duas e meia", "sim", "sim", "sim"],
    { created: { at: "2026-12-11T14:30" } },
  ],
  [
    "d-time-mesmo-horario",
    "clinica",
    M,
    ["preciso remarcar minha consulta de sexta", "pra segunda no mesmo horario", "sim", "sim"],
    { rescheduled: { appointment: "maria-consulta", at: "2026-12-14T10:00" } },
  ],
  [
    "d-time-semana-que-vem-kept",
    "consultorio",
    C,
    ["quero marcar uma limpeza semana que vem", "na quinta", "as dez", "sim", "sim", "sim"],
    { created: { at: "2026-12-17T10:00" } },
  ],
  [
    "d-time-phone-not-time",
    "clinica",
    U,
    [
      "quero marcar um exame de sangue amanha as oito",
      "sim",
      "meu nome é roberto dias",
      "pular",
      "onze nove sete seis cinco quatro tres dois um zero",
      "sim",
    ],
    { created: { at: "2026-12-10T08:00" } },
  ],
  // ── Information in any order
  [
    "d-order-name-early",
    "clinica",
    U,
    ["oi meu nome é renata campos quero marcar um exame de sangue amanha as oito", "sim", "pular", "sim"],
    { created: { at: "2026-12-10T08:00" }, clientCreated: { fullName: "Renata Campos" } },
  ],
  [
    "d-order-name-at-yesno",
    "clinica",
    U,
    ["quero marcar um exame de sangue amanha as oito", "sim meu nome é paulo teixeira", "pular", "sim"],
    { created: { at: "2026-12-10T08:00" }, clientCreated: { fullName: "Paulo Teixeira" } },
  ],
  [
    "d-order-known-introduces",
    "clinica",
    M,
    ["oi aqui é a maria souza quero marcar um exame de sangue amanha as oito", "sim", "sim", "sim"],
    { created: { at: "2026-12-10T08:00" }, clientCreated: false },
  ],
  // ── Intents in any phrasing
  [
    "d-intent-preciso-mudar",
    "clinica",
    M,
    ["preciso mudar a minha consulta", "pra segunda as nove", "sim", "sim"],
    { rescheduled: { appointment: "maria-consulta", at: "2026-12-14T09:00" }, created: false },
  ],
  [
    "d-intent-precisava-trocar",
    "clinica",
    M,
    ["eu precisava trocar o dia do exame", "quarta que vem as oito", "sim", "sim"],
    { rescheduled: { appointment: "maria-exame", at: "2026-12-16T08:00" }, created: false },
  ],
  [
    "d-intent-e-sobre-consulta",
    "clinica",
    M,
    ["é sobre a minha consulta de sexta", "quero passar pra segunda as nove", "sim", "sim"],
    {
      rescheduled: { appointment: "maria-consulta", at: "2026-12-14T09:00" },
      created: false,
      cancelled: false,
    },
  ],
  [
    "d-intent-so-confirmando",
    "clinica",
    M,
    ["oi só confirmando o exame de terça", "sim"],
    { confirmed: "maria-exame", created: false },
  ],
  [
    "d-intent-move-not-cancel",
    "clinica",
    M,
    ["nao vou conseguir ir sexta queria passar pro dia quatorze as nove", "sim", "sim"],
    { rescheduled: { appointment: "maria-consulta", at: "2026-12-14T09:00" }, cancelled: false },
  ],
  // ── Names
  [
    "d-name-time-phrase",
    "clinica",
    U,
    [
      "quero marcar um exame de sangue",
      "amanha de manha",
      "as oito",
      "amanha cedo",
      "lucia prado",
      "pular",
      "sim",
    ],
    { created: { at: "2026-12-10T08:00" }, clientCreated: { fullName: "Lucia Prado" } },
  ],
  [
    "d-name-later-meu-nome",
    "clinica",
    U,
    [
      "quero marcar um exame de sangue amanha as oito",
      "sim",
      "silva",
      "meu nome é helena silva",
      "pular",
      "sim",
    ],
    { created: { at: "2026-12-10T08:00" }, clientCreated: { fullName: "Helena Silva" } },
  ],
];

/**
 * A second batch, written after the first was tuned to. First run, untuned: 7/10; of the three failures two were
 * the scripts' own (an expected word the grounded answer words otherwise; a turn missing), one the engine's ('não
 * precisa remarcar' starting a reschedule), fixed.
 */
const batch2: [string, Scenario["fixture"], string | null, Turn[], Scenario["expect"]][] = [
  [
    "d2-bargein-hold",
    "consultorio",
    C,
    ["qual o endereco", { bargeIn: true }, "nao espera", "quanto custa o clareamento"],
    { end: false, say: ["varia"] },
  ],
  [
    "d2-cancel-readback-isso-mas",
    "clinica",
    M,
    ["quero cancelar o exame de terça", "isso mas so se nao tiver outro horario"],
    { cancelled: false },
  ],
  [
    "d2-confirm-then-closing",
    "clinica",
    M,
    ["quero confirmar minha consulta de sexta", "ta bom obrigada tchau"],
    { confirmed: false },
  ],
  [
    "d2-outra-with-date",
    "clinica",
    M,
    ["quero remarcar meu exame", "semana que vem", "nao a outra quinta as nove", "sim", "sim"],
    { rescheduled: { appointment: "maria-exame", at: "2026-12-17T09:00" } },
  ],
  [
    "d2-name-chained",
    "clinica",
    U,
    [
      "quero marcar um exame de sangue amanha as oito",
      "sim",
      "meu nome e carla dias nao carla diniz quer dizer carla diniz souza",
      "pular",
      "sim",
    ],
    { created: { at: "2026-12-10T08:00" }, clientCreated: { fullName: "Carla Diniz Souza" } },
  ],
  [
    "d2-recognizer-time",
    "consultorio",
    C,
    ["é eu queria marcar uma limpeza pra sexta feira é às dez e meia", "sim", "sim", "sim"],
    { created: { at: "2026-12-11T10:30" } },
  ],
  [
    "d2-preciso-trocar-horario",
    "consultorio",
    C,
    ["oi tudo bem eu preciso trocar o horario da minha limpeza", "pra sexta as onze", "sim", "sim"],
    { rescheduled: { appointment: "clara-limpeza", at: "2026-12-11T11:00" }, created: false },
  ],
  [
    "d2-reschedule-nao-precisa",
    "clinica",
    M,
    ["queria confirmar a consulta de sexta nao precisa remarcar", "sim"],
    { confirmed: "maria-consulta", rescheduled: false },
  ],
  [
    "d2-transfer-offer-ligo-depois",
    "clinica",
    U,
    ["abacaxi", "melancia", "laranja", "tá bom eu ligo depois"],
    { transfer: false },
  ],
  [
    "d2-readback-question",
    "consultorio",
    C,
    ["quero marcar uma limpeza amanha as nove", "sim", "quanto custa isso?", "sim", "sim"],
    { created: { at: "2026-12-10T09:00" }, say: ["gratuit"] },
  ],
  [
    "d2-stuck-professional",
    "clinica",
    M,
    [
      "quero marcar uma consulta",
      "hmm olha",
      "ah sei la qualquer coisa boa",
      "centro",
      "amanha as nove",
      "sim",
      "sim",
      "sim",
    ],
    { created: { service: "consulta", at: "2026-12-10T09:00" }, notSay: ["desculpe, nao entendi. com qual"] },
  ],
];

// Third batch (issue #27, grounded answers from every field): weekly hours when a wanted time is outside them, a
// child under the minimum age of the service's note, a service not offered, a location's description, a service's
// note on its price, follow-ups about the service just discussed, an insurer only the records know. Written with the
// answers they test (the fixtures gained a description per location, a price note and an insurer off the product's
// lists for them), so they are a regression bar: first run 13/16 (parking asked as 'parar o carro', 'fazer alguma
// coisa antes', an insurer only the records know), then 16/16; two added later (a plan nobody knows, a note on
// what to bring) ran 0/2 before their answers, then 2/2.
const batch3: typeof rows = [
  [
    "d3-hours-saturday",
    "clinica",
    M,
    ["quero marcar uma consulta com a doutora ana no centro no sabado"],
    { created: false, say: ["nao atendemos", "de segunda a sexta"] },
  ],
  [
    "d3-hours-night",
    "consultorio",
    C,
    ["preciso marcar uma limpeza amanha as sete da noite"],
    { created: false, say: ["as sete da noite nao atendemos", "as cinco da tarde"] },
  ],
  [
    "d3-hours-agenda",
    "consultorio",
    U,
    ["ate que horas voces atendem?"],
    { say: ["de segunda a sexta, das nove horas ao meio-dia e das duas da tarde as cinco da tarde"] },
  ],
  [
    "d3-child-under-age",
    "clinica",
    U,
    ["boa tarde queria marcar uma consulta clinica pro meu filho de um ano"],
    { created: false, say: ["somente a partir de dois anos"] },
  ],
  [
    "d3-child-under-age-question",
    "clinica",
    U,
    ["voces atendem crianca? minha filha tem oito meses"],
    { say: ["nao atendemos criancas dessa idade"], notSay: ["sim, atendemos"] },
  ],
  [
    "d3-child-old-enough",
    "clinica",
    U,
    ["minha filha tem cinco anos, a consulta clinica atende crianca?"],
    { say: ["sim, consulta clinica atende criancas"] },
  ],
  [
    "d3-not-offered",
    "clinica",
    U,
    ["oi voces fazem tomografia?"],
    { say: ["nao oferecemos tomografia", "oferecemos consulta clinica"] },
  ],
  [
    "d3-not-offered-book",
    "consultorio",
    U,
    ["eu queria agendar um implante pra semana que vem"],
    { created: false, say: ["nao oferecemos implante"] },
  ],
  [
    "d3-entrance",
    "clinica",
    U,
    ["como eu acho a entrada da unidade centro?"],
    { say: ["ao lado da farmacia"] },
  ],
  [
    "d3-stairs",
    "clinica",
    U,
    ["minha mae usa andador, na unidade paulista tem escada?"],
    { say: ["tres degraus"] },
  ],
  [
    "d3-parking-description",
    "clinica",
    U,
    ["da pra parar o carro na unidade centro?"],
    { say: ["estacionamento pago", "subsolo"] },
  ],
  [
    "d3-price-note",
    "clinica",
    U,
    ["quanto sai a avaliacao dermatologica?"],
    { say: ["definido na avaliacao"] },
  ],
  [
    "d3-followup-duration",
    "clinica",
    U,
    ["quanto custa o exame de sangue", "e demora quanto tempo?"],
    { say: ["oitenta reais", "exame de sangue dura cerca de quinze minutos"] },
  ],
  [
    "d3-followup-preparation",
    "consultorio",
    U,
    ["quanto e o clareamento", "e precisa fazer alguma coisa antes?"],
    { say: ["limpeza ate um mes antes"] },
  ],
  ["d3-charged", "consultorio", U, ["a limpeza e cobrada?"], { say: ["limpeza e gratuit"] }],
  [
    "d3-insurer-unknown",
    "clinica",
    U,
    ["voces aceitam o plano vitaclin?"],
    { say: ["nao atendemos vitaclin", "atendemos unimed"] },
  ],
  [
    "d3-bring-note",
    "consultorio",
    U,
    ["o que eu preciso levar pra consulta odontologica?"],
    { say: ["traga os exames anteriores"] },
  ],
  [
    "d3-insurer-from-records",
    "clinica",
    U,
    ["voces aceitam vitallis?"],
    { say: ["sim, atendemos vitallis"] },
  ],
];

// Fourth batch (issue #27, dialog gaps): two services in one booking, a contact number other than the caller id,
// spelled letters assembled into a name, 'a outra' with a day, and no question asked a third time. Written along
// with the changes, so a regression bar: first run 6/9 (two services when one name is mostly a stop word, a
// contact number after a time in the same sentence), then 9/9. Two added after the held-out run showed wrong writes
// (a service already booked named beside the new one; a time never picked for a caller who cannot choose), then 11/11.
const batch4: typeof rows = [
  [
    "d4-two-services",
    "clinica",
    U,
    [
      "quero marcar uma consulta clinica e tambem um exame de sangue amanha as nove",
      "sim",
      "Otavio Prado",
      "pular",
      "sim",
    ],
    {
      created: { services: ["consulta", "exame"], at: "2026-12-10T09:00" },
      say: ["consulta clinica e exame de sangue"],
    },
  ],
  [
    "d4-contact-asked",
    "clinica",
    U,
    [
      "quero marcar uma consulta com a dra ana no centro amanha as dez",
      "sim",
      "Roberto Alves",
      "pode anotar outro numero pra contato?",
      "onze nove sete sete sete sete seis seis seis seis",
      "sim",
    ],
    {
      created: { at: "2026-12-10T10:00" },
      clientCreated: { fullName: "Roberto Alves", phoneNumber: "11977776666" },
    },
  ],
  [
    "d4-contact-inline",
    "consultorio",
    U,
    [
      "oi quero marcar uma limpeza amanha as nove, meu celular pra contato e 21 98888 1234",
      "sim",
      "Carla Dias",
      "pular",
      "sim",
    ],
    {
      created: { at: "2026-12-10T09:00" },
      clientCreated: { fullName: "Carla Dias", phoneNumber: "21988881234" },
    },
  ],
  [
    "d4-spelled-after-name",
    "consultorio",
    U,
    [
      "quero marcar uma limpeza amanha as nove",
      "sim",
      "meu nome e Kauê, K A U E, Kauê Barros",
      "pular",
      "sim",
    ],
    { created: { at: "2026-12-10T09:00" }, clientCreated: { fullName: "Kauê Barros" } },
  ],
  [
    "d4-spelled-only",
    "consultorio",
    U,
    ["quero marcar uma limpeza amanha as nove", "sim", "T H A I S Ramos", "pular", "sim"],
    { created: { at: "2026-12-10T09:00" }, clientCreated: { fullName: "Thais Ramos" } },
  ],
  [
    "d4-a-outra-with-day",
    "clinica",
    U,
    [
      "quero marcar uma consulta com a dra ana no centro amanha de manha",
      "a outra, na sexta",
      "as nove",
      "sim",
      "Lucia Prates",
      "pular",
      "sim",
    ],
    { created: { at: "2026-12-11T09:00" } },
  ],
  [
    "d4-stuck-choice",
    "consultorio",
    C,
    ["quero marcar uma limpeza amanha", "hmm", "sei la", "a primeira", "sim", "sim"],
    { created: { at: "2026-12-10T09:00" }, say: ["se nenhum desses servir"] },
  ],
  [
    "d4-stuck-when",
    "clinica",
    M,
    ["preciso remarcar meu exame de sangue", "hmm", "sei la viu", "a primeira", "sim"],
    { rescheduled: { appointment: "maria-exame" }, say: ["proximos horarios livres"] },
  ],
  [
    "d4-one-new-service-beside-one-booked",
    "clinica",
    M,
    [
      "ja tenho a consulta clinica marcada e queria marcar tambem um exame de sangue amanha as nove",
      "sim",
      "sim",
      "sim",
    ],
    { created: { services: ["exame"], at: "2026-12-10T09:00" } },
  ],
  [
    "d4-stuck-choice-transfer",
    "clinica",
    M,
    ["quero marcar um exame de sangue amanha", "hmm", "sei la", "sim"],
    { created: false, transfer: true },
  ],
  [
    "d4-readback-two-services",
    "clinica",
    M,
    ["queria agendar consulta clinica mais exame de sangue na segunda as oito", "sim", "sim", "sim"],
    { created: { services: ["consulta", "exame"], at: "2026-12-14T08:00" } },
  ],
];

// Batch 5 (decision 0048): written after the frame-and-policy work, before running them; their first run is
// reported in the decision record.
const batch5: [string, Scenario["fixture"], string | null, Turn[], Scenario["expect"]][] = [
  [
    "d5-intro-and-period",
    "consultorio",
    U,
    [
      "oi boa tarde, eu sou a Lúcia Prado, queria uma limpeza pra sexta de manhã",
      "a das dez",
      "pular",
      "isso",
    ],
    { created: { at: "2026-12-11T10:00" }, clientCreated: { fullName: "Lúcia Prado" } },
  ],
  [
    "d5-move-next-week-same-time",
    "consultorio",
    C,
    ["preciso trocar o horário da minha limpeza, pode ser quinta que vem no mesmo horário?", "sim"],
    { rescheduled: { appointment: "clara-limpeza", at: "2026-12-17T09:00" } },
  ],
  [
    "d5-cancel-corrected-to-move",
    "clinica",
    M,
    ["quero desmarcar, não, quer dizer, remarcar o exame de terça pra quarta às oito", "sim"],
    { rescheduled: { appointment: "maria-exame", at: "2026-12-16T08:00" }, cancelled: false },
  ],
  [
    "d5-confirm-asr",
    "clinica",
    M,
    ["alo bom dia e a maria eu queria confirmar a consulta de sexta", "confirmo sim obrigada"],
    { confirmed: "maria-consulta" },
  ],
  [
    "d5-son-haircut-saturday",
    "salao",
    U,
    [
      "queria marcar um corte masculino pro meu filho sábado às três da tarde",
      "Rafael Gomes",
      "não tenho",
      "pode ser",
    ],
    { created: { services: ["corte-m"], at: "2026-12-12T15:00" } },
  ],
  [
    "d5-escova-tomorrow",
    "salao",
    U,
    ["tem horário pra escova amanhã?", "às onze", "Paula Reis", "pular", "sim"],
    { created: { services: ["escova"], at: "2026-12-10T11:00" } },
  ],
  [
    "d5-saturday-closed",
    "consultorio",
    U,
    ["queria uma limpeza no sábado de manhã", "então sexta às nove", "Bruno Lima", "pular", "sim"],
    { created: { at: "2026-12-11T09:00" }, say: ["não atendemos"] },
  ],
  [
    "d5-phone-dictated",
    "consultorio",
    null,
    ["quero marcar uma limpeza sexta às onze, meu celular é 21 9 8765 4321", "Carla Souza", "pular", "sim"],
    {
      created: { at: "2026-12-11T11:00" },
      clientCreated: { fullName: "Carla Souza", phoneNumber: "21987654321" },
    },
  ],
  [
    "d5-check-then-cancel",
    "clinica",
    M,
    ["que dia é o meu exame mesmo?", "ah então pode cancelar ele", "sim", "não obrigada"],
    { cancelled: "maria-exame", say: ["terça-feira, dia 15"] },
  ],
  [
    "d5-price-then-book-same",
    "consultorio",
    U,
    [
      "quanto custa o clareamento?",
      "e dura quanto tempo?",
      "tá, quero marcar um então, segunda às dez",
      "Ivo Neves",
      "pular",
      "sim",
    ],
    { created: { service: "clareamento", at: "2026-12-14T10:00" } },
  ],
];

export const DEV_SET: Scenario[] = [...rows, ...batch2, ...batch3, ...batch4, ...batch5].map(
  ([id, fixture, caller, turns, expect]) => ({
    id,
    fixture,
    now: NOW,
    caller,
    turns,
    must: false,
    expect,
  }),
);
