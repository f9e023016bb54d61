// The scenario corpus, as data: phrasing lists crossed into scenarios (callers say the same thing many ways; ASR
// style: lowercase, no punctuation, numbers as words or digits). Clock: Wednesday 2026-12-09 10:00 in São Paulo.
import type { Scenario, Turn } from "./runner";

const NOW = "2026-12-09T10:00:00-03:00";
const UNKNOWN = "+5511900000000";
const MARIA = "+5511987654321";
const CLARA = "+5521988887777";

const at = <T>(list: T[], i: number) => list[i % list.length]!;

const scenarios: Scenario[] = [];
const add = (s: Omit<Scenario, "now" | "must"> & { now?: string; must?: boolean }): void => {
  scenarios.push({ now: NOW, must: true, ...s });
};

// ── Booking at an exact time, clinic (professional, location, day and time asked or said up front)
const openers = [
  "quero marcar uma consulta",
  "queria agendar uma consulta",
  "gostaria de marcar uma consulta clinica",
  "preciso de uma consulta",
  "oi bom dia quero marcar consulta",
  "tem horario pra consulta",
  "quero agendar uma consulta por favor",
  "eu queria ver um horario pra uma consulta",
  "marcar consulta",
  "Olá! Quero marcar uma consulta, por favor.",
];
const anaSaid = [
  "com a doutora ana",
  "dra ana",
  "a ana lima",
  "pode ser com a doutora ana lima",
  "ana",
  "doutora ana lima por favor",
];
const centroSaid = [
  "centro",
  "na unidade centro",
  "unidade do centro",
  "pode ser no centro",
  "a da rua augusta",
];
const exactWhen: [string, string][] = [
  ["sexta que vem as dez", "2026-12-18T10:00"],
  ["sexta que vem às 10h", "2026-12-18T10:00"],
  ["dia 18 as dez horas", "2026-12-18T10:00"],
  ["dia dezoito as dez", "2026-12-18T10:00"],
  ["semana que vem quarta as nove", "2026-12-16T09:00"],
  ["amanha as onze", "2026-12-10T11:00"],
  ["amanhã às 11h", "2026-12-10T11:00"],
  ["quinta feira as 8 e meia", "2026-12-10T08:30"],
  ["segunda que vem as nove e meia", "2026-12-14T09:30"],
  ["terça dia 15 às 11", "2026-12-15T11:00"],
  ["dia 16 as 10 30", "2026-12-16T10:30"],
  ["sexta dezoito de dezembro as dez da manha", "2026-12-18T10:00"],
  ["proxima segunda as 8h", "2026-12-14T08:00"],
  ["dia 17 às 9:15", "2026-12-17T09:15"],
  ["quinze para as onze de quinta que vem", "2026-12-17T10:45"],
];
const names: [string, string][] = [
  ["meu nome é pedro alves", "Pedro Alves"],
  ["pedro alves", "Pedro Alves"],
  ["é carla dias costa não carla dias correia", "Carla Dias Correia"],
  ["me chamo joana d arc silva", "Joana D Arc Silva"],
  ["aqui é o antônio carlos", "Antônio Carlos"],
  ["Luiza Gonçalves", "Luiza Gonçalves"],
  ["meu nome é fernanda costa... não, fernanda correia", "Fernanda Correia"],
];
for (let i = 0; i < exactWhen.length; i++) {
  const [when, expected] = exactWhen[i]!;
  const [name, fullName] = at(names, i);
  add({
    id: `book-exact-${i + 1}`,
    fixture: "clinica",
    caller: UNKNOWN,
    turns: [at(openers, i), at(anaSaid, i), at(centroSaid, i), when, "sim", name, "pular", "sim"],
    expect: {
      created: { professional: "ana", establishment: "centro", service: "consulta", at: expected },
      clientCreated: { fullName },
      actions: ["APPOINTMENT_CREATED", "CLIENT_REGISTERED"],
      say: ["Posso confirmar?"],
    },
  });
}
// Everything in one sentence
const oneShot: [string, string][] = [
  ["quero marcar uma consulta com a doutora ana no centro sexta que vem as dez", "2026-12-18T10:00"],
  ["queria agendar consulta clinica com dra ana unidade centro amanha as nove", "2026-12-10T09:00"],
  ["consulta com a ana no centro dia 16 às 11h", "2026-12-16T11:00"],
  [
    "marca pra mim uma consulta com a doutora ana lima na unidade centro segunda que vem as dez e meia",
    "2026-12-14T10:30",
  ],
  ["gostaria de uma consulta clínica com a dra. ana, unidade centro, quinta às 8h", "2026-12-10T08:00"],
];
oneShot.forEach(([text, expected], i) => {
  add({
    id: `book-oneshot-${i + 1}`,
    fixture: "clinica",
    caller: UNKNOWN,
    turns: [text, "sim", at(names, i + 2)[0], "pular", "sim"],
    expect: { created: { professional: "ana", establishment: "centro", at: expected } },
  });
});

// ── Booking by a period: three offers, the caller picks one
const periodWhen = [
  "amanhã de manhã",
  "amanha pela manha",
  "quinta de manhã",
  "amanha cedo",
  "pode ser amanha de manha",
];
const choices: [Turn, string][] = [
  ["a primeira", "2026-12-10T08:00"],
  ["a segunda", "2026-12-10T09:00"],
  ["o das dez", "2026-12-10T10:00"],
  ["a última", "2026-12-10T10:00"],
  [{ dtmf: "2" }, "2026-12-10T09:00"],
  ["dez horas", "2026-12-10T10:00"],
  ["pode ser as nove", "2026-12-10T09:00"],
  ["a primeira opção", "2026-12-10T08:00"],
  ["às oito", "2026-12-10T08:00"],
  ["prefiro o das nove", "2026-12-10T09:00"],
  ["segunda opcao", "2026-12-10T09:00"],
  ["o ultimo", "2026-12-10T10:00"],
];
choices.forEach(([choice, expected], i) => {
  add({
    id: `book-period-${i + 1}`,
    fixture: "clinica",
    caller: MARIA,
    turns: ["quero marcar uma consulta", "com a dra ana", "centro", at(periodWhen, i), choice, "sim", "sim"],
    expect: {
      created: { professional: "ana", establishment: "centro", at: expected },
      clientCreated: false,
      say: ["Estou falando com Maria Souza?"],
    },
  });
});

// ── Consultório (one professional, one place): fewer questions, known and unknown callers
const limpezaAsk = [
  "quero marcar uma limpeza",
  "queria agendar limpeza",
  "preciso fazer uma limpeza nos dentes",
  "limpeza",
  "gostaria de marcar uma limpeza pra mim",
  "tem vaga pra limpeza",
];
const consultorioWhen: [string, Turn, string][] = [
  ["sexta de manha", "a primeira", "2026-12-11T09:00"],
  ["sexta de manhã", "o das dez", "2026-12-11T10:00"],
  ["amanha a tarde", "a primeira", "2026-12-10T14:00"],
  ["amanhã à tarde", "as tres", "2026-12-10T15:00"],
  ["quinta à tarde", "a última", "2026-12-10T16:00"],
  ["semana que vem terça de manha", "a segunda", "2026-12-15T10:00"],
  ["dia 14 à tarde", "o das duas", "2026-12-14T14:00"],
  ["sexta que vem de tarde", "a primeira", "2026-12-18T14:00"],
];
consultorioWhen.forEach(([when, choice, expected], i) => {
  add({
    id: `consultorio-known-${i + 1}`,
    fixture: "consultorio",
    caller: CLARA,
    turns: [at(limpezaAsk, i), when, choice, "isso", "pode confirmar"],
    expect: { created: { service: "limpeza", at: expected }, clientCreated: false },
  });
});
const cpfs: [string, string][] = [
  ["um um um quatro quatro quatro sete sete sete três cinco", "11144477735"],
  ["cinco dois nove nove oito dois dois quatro sete dois cinco", "52998224725"],
  ["cento e onze quatrocentos e quarenta e quatro setecentos e setenta e sete trinta e cinco", "11144477735"],
  ["meu cpf é 529.982.247-25", "52998224725"],
];
cpfs.forEach(([cpf, digits], i) => {
  add({
    id: `consultorio-cpf-${i + 1}`,
    fixture: "consultorio",
    caller: "+5521977776666",
    turns: ["quero uma consulta odontologica", "amanha as dez", "sim", "roberto lima", cpf, "sim"],
    expect: {
      created: { service: "odonto", at: "2026-12-10T10:00" },
      clientCreated: { fullName: "Roberto Lima", documentNumber: digits },
    },
  });
});
// A CPF that is already a patient's: the booking goes to that patient, no new registration.
add({
  id: "consultorio-cpf-existing",
  fixture: "consultorio",
  caller: "+5521977776666",
  turns: [
    "quero uma consulta",
    "amanha as dez",
    "sim",
    "ana clara ribeiro",
    "tres nove zero cinco tres tres quatro quatro sete zero cinco",
    "sim",
  ],
  expect: { created: { at: "2026-12-10T10:00" }, clientCreated: false },
});
add({
  id: "consultorio-cpf-invalid-then-skip",
  fixture: "consultorio",
  caller: "+5521977776666",
  turns: [
    "quero uma consulta",
    "amanha as dez",
    "sim",
    "roberto lima",
    "um dois tres quatro cinco seis sete oito nove um dois",
    "pular",
    "sim",
  ],
  expect: { created: { at: "2026-12-10T10:00" }, say: ["não parece válido"] },
});
add({
  id: "consultorio-cpf-meia",
  fixture: "consultorio",
  caller: "+5521977776666",
  turns: [
    "quero uma consulta",
    "amanha as dez",
    "sim",
    "roberto lima",
    "nove oito sete meia cinco quatro tres dois um zero zero",
    "sim",
  ],
  expect: { clientCreated: { documentNumber: "98765432100" } },
});
const phones = [
  "vinte e um nove sete sete sete sete seis seis seis seis",
  "21 97777 6666",
  { dtmf: "21977776666" },
] as Turn[];
phones.forEach((phone, i) => {
  add({
    id: `consultorio-no-number-${i + 1}`,
    fixture: "consultorio",
    caller: null,
    turns: [
      "quero marcar consulta",
      "segunda que vem às 3 da tarde",
      "sim",
      "beatriz nunes",
      "não",
      phone,
      "sim",
    ],
    expect: { created: { at: "2026-12-14T15:00" }, clientCreated: { fullName: "Beatriz Nunes" } },
  });
});

// ── Yes and no in many forms at the read-back
const yeses = [
  "sim",
  "pode",
  "isso mesmo",
  "pode confirmar",
  "ok",
  "tá bom",
  "uhum",
  "claro",
  "com certeza",
  "perfeito",
  "beleza",
  "confirmo",
  "pode sim",
  "correto",
  "exatamente",
  "fechado",
  "sim sim",
  "aham",
  "isso",
  "pode marcar",
];
yeses.forEach((yes, i) => {
  add({
    id: `yes-${i + 1}`,
    fixture: "consultorio",
    caller: CLARA,
    turns: ["quero marcar uma limpeza", "amanha as nove", "sim", "sim", yes],
    expect: { created: { at: "2026-12-10T09:00" } },
  });
});
const nos = ["não", "nao", "negativo", "não, espera", "não quero", "errado"];
nos.forEach((no, i) => {
  add({
    id: `no-${i + 1}`,
    fixture: "consultorio",
    caller: CLARA,
    turns: ["quero marcar uma limpeza", "amanha as nove", "sim", no],
    expect: { created: false, say: ["O que você gostaria de mudar"] },
  });
});
add({
  id: "no-then-change-day",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["quero marcar uma limpeza", "amanha as nove", "sim", "não, prefiro sexta às dez", "sim", "sim"],
  expect: { created: { at: "2026-12-11T10:00" } },
});
add({
  id: "no-then-abandon",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["quero marcar uma limpeza", "amanha as nove", "sim", "não", "esquece"],
  expect: { created: false },
});

// ── Barge-in: an unheard read-back is not confirmed by a 'sim'
add({
  id: "bargein-readback",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["quero marcar uma limpeza", "amanha as nove", "sim", { bargeIn: true }, "sim"],
  expect: { created: false, say: ["não ouviu a pergunta"] },
});
add({
  id: "bargein-readback-then-yes",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["quero marcar uma limpeza", "amanha as nove", "sim", "sim", { bargeIn: true }, "sim", "sim"],
  expect: { created: { at: "2026-12-10T09:00" } },
});

// ── Conflicts and retries
add({
  id: "race-409",
  fixture: "consultorio",
  caller: CLARA,
  setup: "race",
  turns: ["quero marcar uma limpeza", "amanha as nove", "sim", "sim", "sim", "a primeira", "sim"],
  expect: { say: ["acabou de ser ocupado"], created: {} },
});
add({
  id: "network-retry",
  fixture: "consultorio",
  caller: CLARA,
  setup: "network",
  turns: ["quero marcar uma limpeza", "amanha as nove", "sim", "sim", "sim"],
  expect: { created: { at: "2026-12-10T09:00" }, actions: ["APPOINTMENT_CREATED"] },
});
add({
  id: "time-taken-offers-nearest",
  fixture: "clinica",
  caller: MARIA,
  turns: ["quero marcar uma consulta com a doutora ana no centro sexta as dez", "a primeira", "sim", "sim"],
  expect: { say: ["não tenho"], created: { professional: "ana" } },
});

// ── Cancel, reschedule, confirm (known caller by number; unknown by name or CPF)
const cancelAsk = [
  "quero cancelar minha consulta",
  "preciso desmarcar a consulta",
  "nao vou poder ir na consulta quero cancelar",
  "cancelar a consulta de sexta",
  "desmarca minha consulta por favor",
  "quero cancelar a consulta com a dra ana",
];
cancelAsk.forEach((ask, i) => {
  add({
    id: `cancel-known-${i + 1}`,
    fixture: "clinica",
    caller: MARIA,
    turns: [ask, "sim"],
    expect: { cancelled: "maria-consulta", actions: ["APPOINTMENT_CANCELLED"] },
  });
});
const cancelPick: Turn[] = ["a primeira", "a de sexta", "a consulta", "a do dia 11", { dtmf: "1" }];
cancelPick.forEach((pick, i) => {
  add({
    id: `cancel-pick-${i + 1}`,
    fixture: "clinica",
    caller: MARIA,
    turns: ["quero cancelar meu agendamento", pick, "sim"],
    expect: { cancelled: "maria-consulta" },
  });
});
add({
  id: "cancel-pick-exame",
  fixture: "clinica",
  caller: MARIA,
  turns: ["quero cancelar um agendamento", "o exame", "sim"],
  expect: { cancelled: "maria-exame" },
});
add({
  id: "cancel-pick-second",
  fixture: "clinica",
  caller: MARIA,
  turns: ["quero cancelar um agendamento", "a segunda", "sim"],
  expect: { cancelled: "maria-exame" },
});
add({
  id: "cancel-keep",
  fixture: "clinica",
  caller: MARIA,
  turns: ["quero cancelar minha consulta", "não"],
  expect: { cancelled: false, say: ["mantive"] },
});
const byName = ["joão pereira", "meu nome é joão pereira", "é o joao pereira"];
byName.forEach((name, i) => {
  add({
    id: `cancel-by-name-${i + 1}`,
    fixture: "clinica",
    caller: null,
    turns: ["quero cancelar meu agendamento", name, "sim"],
    expect: { cancelled: "joao-consulta" },
  });
});
const byCpf = [
  "cinco dois nove nove oito dois dois quatro sete dois cinco",
  "52998224725",
  { dtmf: "52998224725" },
] as Turn[];
byCpf.forEach((cpf, i) => {
  add({
    id: `cancel-by-cpf-${i + 1}`,
    fixture: "clinica",
    caller: null,
    turns: ["quero desmarcar", cpf, "a primeira", "sim"],
    expect: { cancelled: "maria-consulta" },
  });
});
add({
  id: "cancel-unknown-name",
  fixture: "clinica",
  caller: null,
  turns: ["quero cancelar", "roberta fagundes", "roberta fagundes"],
  expect: { cancelled: false, say: ["Não encontrei"] },
});
add({
  id: "cancel-no-appointments",
  fixture: "clinica",
  caller: null,
  turns: ["quero cancelar", "marcos oliveira"],
  expect: { cancelled: false, say: ["nenhum agendamento futuro"] },
});
const reschedule: [string[], string][] = [
  [["quero remarcar minha consulta", "segunda que vem as nove", "sim", "sim"], "2026-12-14T09:00"],
  [["preciso mudar o horario da consulta", "pra quinta as 11", "sim", "sim"], "2026-12-10T11:00"],
  [["queria trocar a data da minha consulta de sexta", "dia 16 as 10h", "sim", "sim"], "2026-12-16T10:00"],
  [["reagendar consulta", "terça que vem de manhã", "a primeira", "sim"], "2026-12-15T08:00"],
  [
    ["quero remarcar a consulta com a doutora ana", "amanha as oito e meia", "sim", "pode confirmar"],
    "2026-12-10T08:30",
  ],
  [["da pra passar minha consulta pra outro dia", "quinta de manhã", "o das dez", "sim"], "2026-12-10T10:00"],
];
reschedule.forEach(([turns, expected], i) => {
  add({
    id: `reschedule-${i + 1}`,
    fixture: "clinica",
    caller: MARIA,
    turns,
    expect: {
      rescheduled: { appointment: "maria-consulta", at: expected },
      actions: ["APPOINTMENT_RESCHEDULED"],
    },
  });
});
add({
  id: "reschedule-consultorio",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["quero remarcar minha limpeza", "sexta as dez", "sim", "sim"],
  expect: { rescheduled: { appointment: "clara-limpeza", at: "2026-12-11T10:00" } },
});
const confirmAsk = [
  "quero confirmar minha consulta",
  "confirmar a consulta de sexta",
  "liguei pra confirmar a consulta",
  "quero confirmar minha presença na consulta",
];
confirmAsk.forEach((ask, i) => {
  add({
    id: `confirm-${i + 1}`,
    fixture: "clinica",
    caller: MARIA,
    turns: [ask, "sim"],
    expect: { confirmed: "maria-consulta", actions: ["APPOINTMENT_CONFIRMED"] },
  });
});
add({
  id: "confirm-already",
  fixture: "clinica",
  caller: "+5511912345678",
  turns: ["quero confirmar minha consulta"],
  expect: { confirmed: false, say: ["já está confirmado"] },
});
add({
  id: "confirm-consultorio",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["quero confirmar", "sim"],
  expect: { confirmed: "clara-limpeza" },
});

// ── Questions answered from the catalogue only
const q = (id: string, fixture: Scenario["fixture"], turns: Turn[], say: string[], notSay: string[] = []) =>
  add({
    id,
    fixture,
    caller: UNKNOWN,
    turns,
    expect: { say, notSay, created: false, actions: ["INFORMATION_PROVIDED"] },
  });
const priceConsulta = [
  "quanto custa a consulta",
  "qual o valor da consulta",
  "quanto e a consulta clinica",
  "a consulta sai quanto",
  "qual o preço da consulta",
  "quanto fica uma consulta",
];
priceConsulta.forEach((t, i) => {
  q(`price-consulta-${i + 1}`, "clinica", [t], ["cento e cinquenta reais"]);
});
q("price-exame", "clinica", ["quanto custa o exame de sangue"], ["oitenta reais e cinquenta centavos"]);
q("price-variable", "clinica", ["qual o valor da avaliação dermatológica"], ["varia"], ["reais"]);
q("price-free", "consultorio", ["quanto custa a limpeza"], ["gratuito"], ["reais"]);
q("price-variable-2", "consultorio", ["quanto custa o clareamento"], ["informado no atendimento"], ["reais"]);
q("price-all", "consultorio", ["quanto vocês cobram"], ["duzentos reais"]);
const address = ["qual o endereço", "onde fica a clinica", "onde vocês ficam", "como chego ai", "qual a rua"];
address.forEach((t, i) => {
  q(`address-${i + 1}`, "clinica", [t], ["Rua Augusta", "Avenida Paulista"]);
});
q("address-consultorio", "consultorio", ["qual o endereço"], ["Voluntários da Pátria"]);
const parking = [
  "tem estacionamento",
  "vocês têm estacionamento?",
  "onde eu paro o carro",
  "da pra estacionar ai",
];
parking.forEach((t, i) => {
  q(`parking-${i + 1}`, "clinica", [t], ["estacionamento pago", "não tem estacionamento"]);
});
q("parking-free", "consultorio", ["tem estacionamento"], ["gratuito"]);
const access = [
  "tem acessibilidade",
  "é acessível para cadeirante",
  "minha mãe usa cadeira de rodas tem rampa",
  "tem elevador",
];
access.forEach((t, i) => {
  q(`access-${i + 1}`, "clinica", [t], ["tem acessibilidade", "não tem acessibilidade"]);
});
const insurance: [string, string[], string[]][] = [
  ["aceita unimed", ["Sim, atendemos Unimed"], []],
  ["vocês atendem pelo amil", ["Amil"], ["não está entre"]],
  ["atende convênio", ["Unimed", "Amil", "Bradesco Saúde"], []],
  ["aceita sulamérica", ["não está entre"], []],
  ["quais planos de saúde vocês aceitam", ["Unimed"], []],
  ["o doutor carlos atende bradesco", ["Bradesco Saúde"], ["não está entre"]],
  ["aceita hapvida", ["não está entre"], []],
];
insurance.forEach(([t, say, notSay], i) => {
  q(`insurance-${i + 1}`, "clinica", [t], say, notSay);
});
add({
  id: "insurance-unknown",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: ["aceita unimed"],
  expect: { say: ["não tenho essa informação"], transfer: false },
});
const kids = ["atende criança", "posso levar meu filho de 5 anos na consulta", "a consulta atende crianças"];
kids.forEach((t, i) => {
  q(`children-${i + 1}`, "clinica", [t], ["a partir de 2 anos"]);
});
q("children-no", "clinica", ["o exame de sangue atende criança"], ["não atende crianças"]);
const prep = [
  "o exame de sangue precisa de jejum",
  "precisa de preparo para o exame",
  "o que preciso fazer antes do exame de sangue",
];
prep.forEach((t, i) => {
  q(`preparation-${i + 1}`, "clinica", [t], ["jejum de oito horas"]);
});
q("preparation-none", "clinica", ["a consulta precisa de preparo"], ["não precisa de preparo"]);
q("hours", "clinica", ["qual o horário de funcionamento"], ["Segunda a sexta"]);
q("hours-2", "clinica", ["que horas vocês abrem"], ["das 8h às 18h"]);
add({
  id: "hours-unknown",
  fixture: "consultorio",
  caller: UNKNOWN,
  // No opening-hours text in the profile: the weekly hours come from the availabilities (issue #27).
  turns: ["que horas abre"],
  expect: {
    say: ["de segunda a sexta, das nove horas ao meio-dia"],
    notSay: ["não tenho essa informação"],
    transfer: false,
  },
});
q("payment", "clinica", ["quais as formas de pagamento"], ["Pix"]);
q("payment-2", "clinica", ["aceita cartão"], ["cartões"]);
q("payment-3", "clinica", ["posso pagar com pix"], ["Pix"]);
q("modality", "clinica", ["a avaliação dermatológica pode ser online"], ["presencial ou online"]);
q("duration", "clinica", ["quanto tempo dura a avaliação dermatológica"], ["quarenta e cinco minutos"]);
q("services", "clinica", ["quais serviços vocês fazem"], ["Consulta clínica", "Exame de sangue"]);
q("professionals", "clinica", ["quais médicos atendem ai"], ["Dra. Ana Lima", "Dermatologia"]);
add({
  id: "question-then-book",
  fixture: "clinica",
  caller: MARIA,
  turns: [
    "quanto custa a consulta",
    "quero marcar uma",
    "com a ana",
    "centro",
    "amanha as nove",
    "sim",
    "sim",
    "sim",
  ],
  expect: { say: ["cento e cinquenta reais"], created: { at: "2026-12-10T09:00" } },
});
add({
  id: "question-mid-booking",
  fixture: "clinica",
  caller: MARIA,
  turns: [
    "quero marcar uma consulta",
    "com a ana",
    "tem estacionamento?",
    "centro",
    "amanha as nove",
    "sim",
    "sim",
    "sim",
  ],
  expect: { say: ["estacionamento pago"], created: { at: "2026-12-10T09:00" } },
});

// ── Transfer, goodbye, silence, not understood
const transfer = [
  "quero falar com uma atendente",
  "me transfere pra uma pessoa",
  "posso falar com alguem",
  "quero falar com um humano",
  "falar com a recepcionista",
];
transfer.forEach((t, i) => {
  add({
    id: `transfer-${i + 1}`,
    fixture: "clinica",
    caller: UNKNOWN,
    turns: [t],
    expect: { transfer: true, actions: ["CALL_TRANSFERRED"] },
  });
});
add({
  id: "transfer-none",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: ["quero falar com uma atendente"],
  expect: { transfer: false, say: ["não consigo transferir"] },
});
add({
  id: "transfer-after-unknown",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: ["vocês fazem exame de vista em cachorro e gato"],
  must: false,
  expect: { say: ["Oferecemos"] },
});
const bye = ["tchau", "obrigado tchau", "era só isso obrigada", "ate logo", "pode desligar"];
bye.forEach((t, i) => {
  add({
    id: `goodbye-${i + 1}`,
    fixture: "clinica",
    caller: UNKNOWN,
    turns: [t],
    expect: { end: true, actions: ["CALL_ENDED"] },
  });
});
add({
  id: "goodbye-after-booking",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["quero marcar uma limpeza", "amanha as nove", "sim", "sim", "sim", "não, obrigada"],
  expect: { created: {}, end: true },
});
add({
  id: "silence-twice",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [{ silence: 1 }, { silence: 2 }],
  expect: { say: ["Você ainda está aí?"], end: true },
});
add({
  id: "silence-once",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [{ silence: 1 }],
  expect: { say: ["Você ainda está aí?"], end: false },
});
add({
  id: "not-understood",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: ["blá blá xyz"],
  expect: { say: ["não entendi"], end: false },
});
add({
  id: "not-understood-3x",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: ["xyz", "abc", "qwe"],
  expect: { say: ["transfira para um atendente"] },
});

// ── Who is calling, said before it is asked (issue #27): a name with a comma and a CPF after it, 'sou a …', a
// spelled name starting with the letter A; a free day and time the caller named is taken, not offered back.
add({
  id: "intro-name-comma-cpf",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: ["Oi, aqui é a Simone Barros, CPF 123.456.789-09. Quero marcar uma limpeza amanhã às nove.", "sim"],
  expect: {
    created: { service: "limpeza", at: "2026-12-10T09:00" },
    clientCreated: { fullName: "Simone Barros", documentNumber: "123.456.789-09" },
    notSay: ["Qual é o seu nome", "me diga o seu CPF", "Pode ser?"],
  },
});
add({
  id: "intro-sou-a-at-a-question",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "quero marcar uma consulta com a doutora ana no centro",
    "Sim, claro, sou a Débora Lins, CPF 123.456.789-09.",
    "amanhã às nove",
    "sim",
  ],
  expect: {
    created: { professional: "ana", establishment: "centro", at: "2026-12-10T09:00" },
    clientCreated: { fullName: "Débora Lins", documentNumber: "123.456.789-09" },
    notSay: ["Qual é o seu nome", "me diga o seu CPF"],
  },
});
add({
  id: "spelled-name-letter-a",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: ["quero marcar uma limpeza amanha as nove", "A N A Lima", "pular", "sim"],
  expect: { created: { at: "2026-12-10T09:00" }, clientCreated: { fullName: "Ana Lima" } },
});

// ── Two services asked together, one named by a word two services share ('corte' with 'Corte feminino' and 'Corte
// masculino' offered): which one is asked; the other service is never booked alone for both (issue #27: a booking of
// 'Escova' alone for 'corte e escova' was a wrong write).
add({
  id: "two-services-shared-word",
  fixture: "salao",
  caller: UNKNOWN,
  turns: [
    "Boa tarde! Queria fazer corte e escova com a Juliana na sexta às 10.",
    "feminino",
    "Mariana Teixeira",
    "pular",
    "sim",
  ],
  expect: {
    created: { services: ["corte-f", "escova"], at: "2026-12-11T10:00" },
    clientCreated: { fullName: "Mariana Teixeira" },
    say: ["Corte feminino ou Corte masculino"],
  },
});
add({
  id: "two-services-shared-word-yes-is-no-choice",
  fixture: "salao",
  caller: UNKNOWN,
  turns: ["corte e escova sexta as dez", "sim", "Mariana Teixeira", "pular", "sim"],
  expect: { created: false },
});
add({
  id: "two-services-shared-word-only-one",
  fixture: "salao",
  caller: UNKNOWN,
  turns: ["queria corte e escova sexta as dez", "não, só a escova", "Mariana Teixeira", "pular", "sim"],
  expect: { created: { services: ["escova"], at: "2026-12-11T10:00" } },
});
add({
  id: "two-services-own-words",
  fixture: "salao",
  caller: UNKNOWN,
  turns: ["queria um corte masculino e uma escova sexta as dez", "Mariana Teixeira", "pular", "sim"],
  expect: { created: { services: ["corte-m", "escova"], at: "2026-12-11T10:00" } },
});

// ── A move said as a change of something on a day, 'no mesmo horário' (issue #27)
add({
  id: "move-mudar-x-de-dia-mesmo-horario",
  fixture: "clinica",
  caller: MARIA,
  turns: ["oi é a maria preciso mudar a consulta de sexta pra segunda no mesmo horário", "sim"],
  expect: { rescheduled: { appointment: "maria-consulta", at: "2026-12-14T10:00" }, cancelled: false },
});
add({
  id: "move-mudar-x-de-dia-then-new-day",
  fixture: "clinica",
  caller: MARIA,
  turns: [
    "é a maria eu preciso mudar o exame de terça",
    "passa pra segunda dia quatorze no mesmo horário",
    "sim",
  ],
  expect: { rescheduled: { appointment: "maria-exame", at: "2026-12-14T09:00" }, created: false },
});

// ── Managing an appointment in any phrasing (issue #27, decision 0065)
add({
  id: "move-mudar-meu-x",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["oi preciso mudar meu procedimento pra sexta às dez", "sim"],
  expect: { rescheduled: { appointment: "clara-limpeza", at: "2026-12-11T10:00" }, created: false },
});
add({
  id: "check-ver-se-ta-marcado",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["oi queria ver se tá marcada a minha limpeza"],
  expect: { created: false, rescheduled: false, say: ["segunda-feira, dia 14"] },
});
add({
  id: "cancel-nao-quero-remarcar-nao",
  fixture: "consultorio",
  caller: CLARA,
  turns: ["sobre a limpeza de segunda: não quero remarcar não, quero cancelar", "sim"],
  expect: { cancelled: "clara-limpeza", rescheduled: false, created: false },
});
add({
  id: "move-weekday-not-the-days",
  fixture: "clinica",
  caller: MARIA,
  turns: ["preciso mudar meu exame para quinta, dia 18, às 9h", "sexta", "sim"],
  expect: {
    rescheduled: { appointment: "maria-exame", at: "2026-12-18T09:00" },
    say: ["o dia 18 é uma sexta-feira"],
  },
});
add({
  id: "book-weekday-not-the-days",
  fixture: "clinica",
  caller: MARIA,
  turns: [
    "quero marcar uma consulta com a doutora ana no centro quinta dia 18 às nove",
    "quinta",
    "sim",
    "sim",
  ],
  expect: { created: { professional: "ana", at: "2026-12-17T09:00" }, say: ["o dia 18 é uma sexta-feira"] },
});
add({
  id: "move-number-said-in-passing",
  fixture: "clinica",
  caller: MARIA,
  turns: [
    "é a maria preciso mudar o meu exame de terça pra quinta dia 17 às nove qualquer coisa meu celular é nove oito sete seis cinco quatro três dois um",
    "sim",
  ],
  expect: { rescheduled: { appointment: "maria-exame", at: "2026-12-17T09:00" }, clientUpdated: false },
});
add({
  id: "move-week-kept",
  fixture: "clinica",
  caller: MARIA,
  turns: ["quero remarcar minha consulta pra semana que vem", "na sexta", "no mesmo horário", "sim"],
  expect: { rescheduled: { appointment: "maria-consulta", at: "2026-12-18T10:00" }, created: false },
});

add({
  id: "move-da-pra-ser-na",
  fixture: "clinica",
  caller: MARIA,
  turns: ["a minha consulta de sexta dá pra ser na segunda às nove", "sim"],
  expect: { rescheduled: { appointment: "maria-consulta", at: "2026-12-14T09:00" }, created: false },
});
add({
  id: "move-nao-vou-conseguir-ir-consegue-pra",
  fixture: "clinica",
  caller: MARIA,
  turns: ["não vou conseguir ir na sexta, consegue pra segunda às nove?", "sim"],
  expect: {
    rescheduled: { appointment: "maria-consulta", at: "2026-12-14T09:00" },
    cancelled: false,
    created: false,
  },
});
add({
  id: "move-desmarcar-e-marcar-outro-dia",
  fixture: "clinica",
  caller: MARIA,
  turns: ["vou precisar desmarcar a consulta e marcar pra outro dia", "segunda às nove", "sim"],
  expect: {
    rescheduled: { appointment: "maria-consulta", at: "2026-12-14T09:00" },
    cancelled: false,
    created: false,
  },
});

// ── Never the same question a third time (issue #27): an optional CPF not understood twice is left out
add({
  id: "cpf-not-understood-twice",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: [
    "quero marcar uma limpeza amanha as nove",
    "Simone Barros",
    "321.654.987-00",
    "pode ser esse mesmo que eu estou ligando",
    "pode ser esse mesmo que eu estou ligando",
    "sim",
  ],
  expect: {
    created: { at: "2026-12-10T09:00" },
    clientCreated: { fullName: "Simone Barros" },
    say: ["seguimos sem o CPF"],
  },
});

// ── An emergency happening now: the emergency services first, nothing booked (issue #27)
add({
  id: "emergency-chest-pain",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: ["Meu pai está com uma dor forte no peito agora, o que eu faço?", "não, obrigado"],
  expect: { created: false, say: ["SAMU, no 192"] },
});
add({
  id: "emergency-asr",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: ["minha mae desmaiou aqui e nao ta conseguindo respirar direito"],
  expect: { created: false, say: ["pronto-socorro"] },
});

// ── The caller's own appointment looked up and said, nothing changed (issue #27)
add({
  id: "check-own-appointment-time",
  fixture: "clinica",
  caller: MARIA,
  turns: [
    "Oi, é a Maria. Não precisa remarcar nem nada, só queria saber se a minha consulta de sexta é às 10 mesmo.",
    "não obrigada",
  ],
  expect: {
    created: false,
    rescheduled: false,
    cancelled: false,
    say: ["Isso, você tem Consulta clínica com Dra. Ana Lima na sexta-feira, dia 11, às dez horas"],
    end: true,
  },
});
add({
  id: "check-own-appointment-wrong-time",
  fixture: "clinica",
  caller: MARIA,
  turns: ["queria saber se minha consulta de sexta é às 11"],
  expect: { created: false, rescheduled: false, say: ["Não exatamente: você tem Consulta clínica"] },
});
add({
  id: "check-own-appointment-which",
  fixture: "clinica",
  caller: MARIA,
  turns: ["que horas é o meu exame?"],
  expect: {
    created: false,
    say: ["Exame de sangue com Dra. Ana Lima na terça-feira, dia 15, às nove horas"],
  },
});

// ── A service corrected in the same breath: the one after the correction is booked (issue #27; a booking of the
// first one was a wrong write)
add({
  id: "service-self-correction",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: [
    "Quero marcar uma limpeza... não, desculpa, um clareamento, amanhã às 9",
    "Simone Barros",
    "pular",
    "sim",
  ],
  expect: { created: { service: "clareamento", at: "2026-12-10T09:00" } },
});
add({
  id: "service-self-correction-asr",
  fixture: "clinica",
  caller: MARIA,
  turns: [
    "queria marcar um exame de sangue quer dizer uma consulta com a dra ana no centro amanha as nove",
    "sim",
    "sim",
  ],
  expect: { created: { service: "consulta", at: "2026-12-10T09:00" } },
});

// ── A known caller's appointment looked up first when they bring it up (issue #27)
add({
  id: "own-appointment-looked-up-first",
  fixture: "clinica",
  caller: MARIA,
  turns: ["oi é sobre a minha consulta de sexta", "quero remarcar pra segunda às dez", "sim"],
  expect: {
    say: ["Você tem Consulta clínica com Dra. Ana Lima na sexta-feira, dia 11, às dez horas. Quer confirmar"],
    rescheduled: { appointment: "maria-consulta", at: "2026-12-14T10:00" },
  },
});

// ── A deferral at the read-back ('eu ligo depois pra confirmar') books nothing and asks nothing to change (issue #27)
add({
  id: "readback-defer",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: [
    "Quero marcar uma limpeza amanhã às 9.",
    "Tereza Campos",
    "prefiro não informar",
    "Obrigada, eu ligo depois pra confirmar.",
    "não, obrigada",
  ],
  expect: { created: false, say: ["não agendei nada"], notSay: ["O que você gostaria de mudar"], end: true },
});
add({
  id: "manage-readback-defer",
  fixture: "clinica",
  caller: MARIA,
  turns: ["quero cancelar a minha consulta de sexta", "ah, deixa, depois eu ligo", "não obrigada"],
  expect: { cancelled: false, say: ["deixei o seu agendamento como está"], end: true },
});

// ── A yes to the free time at the name question is no name (never a patient called 'Pode Ser')
add({
  id: "yes-at-name-question",
  fixture: "consultorio",
  caller: UNKNOWN,
  turns: ["quero marcar uma limpeza amanha as nove", "pode ser", "Pedro Alves", "pular", "sim"],
  expect: {
    created: { at: "2026-12-10T09:00" },
    clientCreated: { fullName: "Pedro Alves" },
    say: ["Certo. E qual é o seu nome completo?"],
  },
});

// ── The blind set's wrong writes by kind (decision 0058): each fails on the engine before its fix.
for (const [i, reply] of [
  "Desculpa, Rafael Menezes.",
  "perdão é rafael menezes",
  "ah tá, Rafael Menezes",
].entries()) {
  add({
    id: `name-apology-${i}`,
    fixture: "clinica",
    caller: UNKNOWN,
    turns: ["quero marcar um exame de sangue sexta às nove", reply, "pular", "sim"],
    expect: {
      created: { service: "exame", at: "2026-12-11T09:00" },
      clientCreated: { fullName: "Rafael Menezes" },
    },
  });
}
add({
  id: "two-services-two-professionals-one-by-one",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "quero marcar uma avaliação dermatológica na sexta às 14h e um exame de sangue na segunda às 9h",
    "Maria Clara Souza",
    "pular",
    "sim",
    "sim",
  ],
  expect: {
    created: { service: "avaliacao", at: "2026-12-11T14:00" },
    say: [
      "um de cada vez",
      "Agora Exame de sangue",
      "está agendado: Exame de sangue na segunda-feira, dia 14",
    ],
  },
});
add({
  id: "two-services-two-professionals-second-declined",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "quero marcar uma avaliação dermatológica e um exame de sangue na sexta",
    "a primeira",
    "Maria Clara Souza",
    "pular",
    "sim",
    "não, deixa só essa",
  ],
  expect: {
    created: { service: "avaliacao" },
    say: ["Agora Exame de sangue"],
    notSay: ["Exame de sangue na sexta-feira, dia 11, às"],
  },
});
const notPlainlyJoined =
  "quero uma consulta, e tem como encaixar um exame de sangue também, na quinta às nove";
add({
  id: "two-services-not-plainly-joined-both",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [notPlainlyJoined, "sim", "Rafael Menezes", "pular", "sim"],
  expect: {
    created: { services: ["consulta", "exame"], at: "2026-12-10T09:00" },
    say: ["Consulta clínica e Exame de sangue, ou só um deles"],
  },
});
add({
  id: "two-services-not-plainly-joined-one",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [notPlainlyJoined, "só a consulta", "tanto faz", "centro", "Rafael Menezes", "pular", "sim"],
  expect: {
    created: { services: ["consulta"], at: "2026-12-10T09:00" },
    clientCreated: { fullName: "Rafael Menezes" },
    notSay: ["Consulta clínica e Exame de sangue com"],
  },
});
add({
  id: "two-services-two-days-name-with-de-first",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "queria um exame de sangue na sexta às nove e uma avaliação dermatológica na quinta às duas e meia da tarde",
    "Rafael Menezes",
    "pular",
    "sim",
    "sim",
  ],
  expect: {
    created: { service: "exame", at: "2026-12-11T09:00" },
    say: [
      "um de cada vez",
      "está agendado: Avaliação dermatológica amanhã, quinta-feira, dia 10, às duas e meia da tarde",
    ],
    notSay: ["ou só um deles"],
  },
});
add({
  id: "two-services-second-added-later",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "quero marcar uma avaliação dermatológica na sexta às 14h",
    "e também um exame de sangue",
    "Rafael Menezes",
    "pular",
    "sim",
    "o primeiro",
    "sim",
  ],
  expect: {
    created: { service: "avaliacao", at: "2026-12-11T14:00" },
    clientCreated: { fullName: "Rafael Menezes" },
    say: ["Agora Exame de sangue", "está agendado: Exame de sangue na segunda-feira, dia 14, às oito horas"],
  },
});
add({
  id: "two-services-second-added-same-professional",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "quero marcar uma consulta com a doutora ana no centro sexta às nove",
    "aproveita e marca um exame de sangue junto",
    "Rafael Menezes",
    "pular",
    "sim",
  ],
  expect: { created: { services: ["consulta", "exame"], at: "2026-12-11T09:00" } },
});
add({
  id: "two-services-one-professional-two-days",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "quero marcar uma consulta com a doutora ana no centro na quinta às nove e um exame de sangue na segunda às dez",
    "Rafael Menezes",
    "pular",
    "sim",
    "sim",
  ],
  expect: {
    created: { service: "consulta", at: "2026-12-10T09:00" },
    say: ["Agora Exame de sangue", "está agendado: Exame de sangue na segunda-feira, dia 14, às dez horas"],
    notSay: ["Consulta clínica e Exame de sangue"],
  },
});
for (const [i, text] of [
  "oi eu tenho uma consulta na sexta e queria marcar ela pra outro dia pode ser segunda às dez",
  "tenho uma consulta na sexta e queria marcar para segunda que vem no mesmo horário",
  "não vou conseguir ir na consulta de sexta, dá pra marcar na segunda às dez?",
].entries()) {
  add({
    id: `move-worded-as-booking-${i}`,
    fixture: "clinica",
    caller: MARIA,
    turns: [text, "sim"],
    expect: {
      rescheduled: { appointment: "maria-consulta", at: "2026-12-14T10:00" },
      created: false,
      cancelled: false,
    },
  });
}
add({
  id: "weekday-corrected-same-breath",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "quero marcar um exame de sangue na terça não quer dizer na quinta às nove",
    "Rafael Menezes",
    "pular",
    "sim",
  ],
  expect: { created: { service: "exame", at: "2026-12-10T09:00" } },
});
add({
  id: "next-week-then-this-week",
  fixture: "clinica",
  caller: UNKNOWN,
  turns: [
    "quero marcar um exame de sangue pra semana que vem",
    "pensando bem pode ser sexta agora mesmo às nove",
    "Rafael Menezes",
    "pular",
    "sim",
  ],
  expect: { created: { service: "exame", at: "2026-12-11T09:00" } },
});

export const CORPUS: Scenario[] = scenarios;

// ── Whole calls phrased as callers do (ASR style), beyond the patterns above
const calls: [string, Scenario["fixture"], string | null, Turn[], Scenario["expect"], boolean?][] = [
  [
    "call-dermatologist",
    "clinica",
    UNKNOWN,
    [
      "bom dia tudo bem eu queria saber se tem como marcar um horario com o dermatologista",
      "semana que vem",
      "a primeira",
      "meu nome e rafael ramos",
      "nao tenho",
      "isso",
    ],
    {
      created: { professional: "carlos", at: "2026-12-15T13:00" },
      clientCreated: { fullName: "Rafael Ramos" },
    },
  ],
  [
    "call-cancel-then-rebook",
    "clinica",
    MARIA,
    [
      "oi aqui e a maria eu tenho uma consulta marcada e nao vou conseguir ir",
      "sim",
      "quero remarcar sim pra semana que vem",
      "a segunda",
      "sim",
    ],
    {
      cancelled: "maria-consulta",
      created: { service: "consulta", professional: "ana", at: "2026-12-14T09:00" },
    },
  ],
  [
    "call-saturday-then-monday",
    "consultorio",
    CLARA,
    [
      "oi queria marcar um clareamento",
      "quanto custa",
      "ta e tem horario sabado",
      "e segunda",
      "as duas da tarde",
      "sim",
      "sim",
      "obrigada tchau",
    ],
    {
      say: ["No sábado, dia 12", "informado no atendimento"],
      notSay: ["reais"],
      created: { service: "clareamento", at: "2026-12-14T14:00" },
      end: true,
    },
  ],
  [
    "call-fasting-question",
    "clinica",
    UNKNOWN,
    [
      "quero marcar exame de sangue",
      "precisa de jejum",
      "depois de amanha bem cedinho",
      "a primeira",
      "joana prado",
      "pular",
      "sim",
    ],
    { say: ["jejum de oito horas"], created: { service: "exame", at: "2026-12-11T08:00" } },
  ],
  [
    "call-questions-then-asap",
    "clinica",
    UNKNOWN,
    [
      "vcs atendem crianca",
      "e quanto e a consulta",
      "e pelo unimed",
      "entao quero marcar",
      "tanto faz",
      "tanto faz",
      "o mais cedo possivel",
      "o primeiro",
      "lucas mendes",
      "pula",
      "pode",
    ],
    {
      say: ["a partir de 2 anos", "cento e cinquenta reais", "Sim, atendemos Unimed"],
      created: { service: "consulta", at: "2026-12-09T10:30" },
    },
  ],
  [
    "call-hello-then-confirm",
    "consultorio",
    CLARA,
    ["alo", "oi eu queria ver a minha consulta", "quero confirmar", "sim"],
    { say: ["Como posso ajudar?", "confirmar, remarcar ou cancelar"], confirmed: "clara-limpeza" },
  ],
  [
    "call-unknown-service-sunday",
    "consultorio",
    null,
    [
      "quero marcar uma avaliacao",
      "consulta",
      "dia 20",
      "dia 21 as 10",
      "paula",
      // A first name alone asks the surname (docs/decisions/0069).
      "mendes",
      "nao",
      "11 98888 7777",
      "sim",
    ],
    {
      say: ["No domingo, dia 20"],
      created: { service: "odonto", at: "2026-12-21T10:00" },
      clientCreated: { fullName: "Paula Mendes" },
    },
  ],
  [
    "call-doctor-first-then-service",
    "clinica",
    UNKNOWN,
    [
      "boa tarde eu gostaria de agendar um horario para o dia quinze de dezembro no periodo da tarde com o doutor carlos",
      "a primeira",
      "paulista",
      "a primeira",
      "tiago nunes",
      "pular",
      "sim",
    ],
    { created: { service: "consulta", professional: "carlos", at: "2026-12-15T13:00" } },
  ],
  [
    "call-la-pelas",
    "clinica",
    MARIA,
    [
      "quero marcar uma consulta com a dra ana no centro",
      "la pelas nove de sexta que vem",
      "sim",
      "sim",
      "sim",
    ],
    { created: { at: "2026-12-18T09:00" } },
  ],
  [
    "call-time-correction",
    "clinica",
    MARIA,
    [
      "quero marcar uma consulta com a dra ana no centro",
      "quinta feira da semana que vem as dez nao as onze",
      "sim",
      "sim",
      "sim",
    ],
    { created: { at: "2026-12-17T11:00" } },
  ],
  [
    "call-after-four",
    "clinica",
    MARIA,
    [
      "quero marcar uma consulta com a dra ana",
      "tanto faz",
      "qualquer horario depois das quatro amanha",
      "a primeira",
      "sim",
      "sim",
    ],
    { created: { establishment: "paulista", at: "2026-12-10T16:00" } },
  ],
  [
    "call-cancel-by-service",
    "clinica",
    MARIA,
    ["eu queria desmarcar o horario que eu tinha com a doutora ana", "a do exame", "sim"],
    { cancelled: "maria-exame" },
  ],
  [
    "call-child-and-spoken-cpf-digits",
    "consultorio",
    "+5521977776666",
    [
      "queria marcar uma consulta pra minha filha de 6 anos",
      "atende criança?",
      "dia 18 as 14 horas",
      "sim",
      "julia martins",
      "o meu cpf e 987 654 321 00",
      "sim",
    ],
    {
      say: ["atende crianças"],
      created: { at: "2026-12-18T14:00" },
      clientCreated: { fullName: "Julia Martins", documentNumber: "98765432100" },
    },
  ],
  [
    "call-yes-with-question",
    "clinica",
    MARIA,
    ["quero agendar exame de sangue dia 14 às 8", "sim", "sim", "sim, qual o endereço mesmo?"],
    { say: ["Rua Augusta"], created: { service: "exame", at: "2026-12-14T08:00" } },
  ],
  [
    "call-afternoon-only",
    "clinica",
    UNKNOWN,
    [
      "quero marcar consulta",
      "com o carlos",
      "paulista",
      "nao posso de manha so a tarde na quinta",
      "o das tres",
      "sim",
      "marcia",
      // A first name alone asks the surname (docs/decisions/0069).
      "rocha",
      "não",
      "sim",
    ],
    // 'não posso de manhã' refuses the morning (issue #27): Thursday afternoon, not the next day with a free morning.
    { created: { professional: "carlos", at: "2026-12-10T15:00" } },
  ],
  // Two time references in one sentence (the appointment's day and the new week): reported, not required.
  [
    "call-reschedule-two-times",
    "clinica",
    MARIA,
    ["a consulta de sexta eu preciso passar pra semana que vem", "segunda as nove", "sim", "sim"],
    { rescheduled: { appointment: "maria-consulta", at: "2026-12-14T09:00" } },
    false,
  ],
];
for (const [id, fixture, caller, turns, expect, must] of calls)
  add({ id, fixture, caller, turns, expect, must: must ?? true });

// ── Registration updates (issue #8, 'register or update the patient'): the patient is identified (by the calling
// number, else by name or CPF), the change is read back and written only after a yes.
const JOAO = "+5511912345678";
const MARCOS_FILHO = "+5511933330002";
const upd = (
  id: string,
  fixture: Scenario["fixture"],
  caller: string,
  turns: Turn[],
  expect: Scenario["expect"],
) => add({ id, fixture, caller, turns, expect });
const phoneOpeners = [
  "mudei de telefone",
  "troquei de número",
  "meu celular mudou",
  "quero atualizar meu telefone",
  "preciso trocar o telefone do cadastro",
  "o telefone que vocês têm é antigo",
  "meu whatsapp mudou",
  "queria alterar meu número de contato",
  "tenho um número novo",
  "o número do meu cadastro está desatualizado",
];
const phoneSaid: [string, string][] = [
  ["onze nove sete seis cinco quatro três dois um zero", "11976543210"],
  ["11 97654 3210", "11976543210"],
  ["(11) 97654-3210", "11976543210"],
  ["onze noventa e sete seis cinco quatro trinta e dois dez", "11976543210"],
  ["é onze nove meia cinco quatro três dois um zero nove", "11965432109"],
  ["vinte e um três dois um dois quatro cinco quatro cinco", "2132124545"],
  ["+55 11 98123 4567", "11981234567"],
  ["zero onze nove oito um dois três quatro cinco seis sete", "11981234567"],
];
const readbackYes = ["sim", "isso", "confere", "correto", "pode atualizar", "tá certo", "isso mesmo"];
phoneOpeners.forEach((opener, i) => {
  const [said, national] = at(phoneSaid, i);
  upd(`update-phone-${i + 1}`, "clinica", MARIA, [opener, said, at(readbackYes, i)], {
    clientUpdated: { client: "maria", phoneNumber: national },
    actions: ["CLIENT_UPDATED"],
    say: ["Vou atualizar o seu telefone para", "Confere?", "atualizei o seu cadastro"],
    summary: ["Maria Souza atualizou o cadastro", "telefone"],
  });
});
const phoneInline: [string, string][] = [
  ["meu número novo é 11 95555 4444", "11955554444"],
  ["mudei de celular agora é onze nove cinco cinco cinco cinco quatro quatro quatro quatro", "11955554444"],
  ["meu telefone agora é 21 3232 4545", "2132324545"],
  ["pode anotar meu novo whatsapp onze nove oito oito oito oito sete sete sete sete", "11988887777"],
];
phoneInline.forEach(([said, national], i) => {
  upd(`update-phone-inline-${i + 1}`, "clinica", MARIA, [said, at(readbackYes, i + 2)], {
    clientUpdated: { client: "maria", phoneNumber: national },
    actions: ["CLIENT_UPDATED"],
  });
});
// Read back digit by digit, grouped: the DDD as a number.
upd("update-phone-readback-words", "clinica", MARIA, ["mudei de telefone", "11 97654 3210", "sim"], {
  say: ["Vou atualizar o seu telefone para onze, nove sete seis cinco quatro, três dois um zero. Confere?"],
});
upd("update-phone-dtmf", "clinica", MARIA, ["troquei de telefone", { dtmf: "11976543210" }, "sim"], {
  clientUpdated: { client: "maria", phoneNumber: "11976543210" },
});
// Corrections: while dictating, and at the read-back (the whole number, its end, or without a 'não').
upd(
  "update-phone-correction-dictating",
  "clinica",
  MARIA,
  ["mudei de telefone", "onze nove oito sete... não, nove sete seis cinco quatro três dois um zero", "sim"],
  { clientUpdated: { client: "maria", phoneNumber: "11976543210" } },
);
const readbackFixes: [string, string][] = [
  ["não é 11 98888 7766", "11988887766"],
  ["não o final é sete sete meia meia", "11988887766"],
  ["não, quer dizer, onze nove oito oito oito oito sete sete seis seis", "11988887766"],
  ["é nove oito oito oito oito sete sete seis seis", "11988887766"],
];
readbackFixes.forEach(([fix, national], i) => {
  upd(`update-phone-fix-${i + 1}`, "clinica", MARIA, ["troquei de celular", "11 98888 7777", fix, "sim"], {
    clientUpdated: { client: "maria", phoneNumber: national },
    say: ["sete sete seis seis. Confere?"],
  });
});
upd(
  "update-phone-no-then-new",
  "clinica",
  MARIA,
  ["meu telefone mudou", "11 98888 7777", "não", "onze nove sete seis cinco quatro três dois um zero", "sim"],
  {
    clientUpdated: { client: "maria", phoneNumber: "11976543210" },
    say: ["ainda não alterei nada", "Qual é o novo telefone"],
  },
);
upd(
  "update-phone-no-then-abandon",
  "clinica",
  MARIA,
  ["meu telefone mudou", "11 98888 7777", "não", "esquece"],
  {
    clientUpdated: false,
    say: ["mantive o seu cadastro como estava"],
  },
);
upd(
  "update-phone-partial",
  "clinica",
  MARIA,
  ["mudei de telefone", "nove oito sete", "11 97654 3210", "sim"],
  {
    clientUpdated: { client: "maria", phoneNumber: "11976543210" },
    say: ["Não peguei o número completo"],
  },
);
upd("update-phone-same", "clinica", MARIA, ["meu telefone mudou", "11 98765 4321"], {
  clientUpdated: false,
  say: ["já está com esses dados"],
});
// Unknown caller: identified by name or CPF first; not found is said.
upd(
  "update-unknown-by-name",
  "clinica",
  UNKNOWN,
  [
    "quero atualizar meu telefone",
    "maria souza",
    "onze nove sete seis cinco quatro três dois um zero",
    "sim",
  ],
  {
    clientUpdated: { client: "maria", phoneNumber: "11976543210" },
    say: ["Para encontrar o seu cadastro"],
  },
);
upd(
  "update-unknown-by-cpf",
  "clinica",
  UNKNOWN,
  [
    "preciso mudar o telefone do meu cadastro",
    "cinco dois nove ponto nove oito dois ponto dois quatro sete traço dois cinco",
    "11 97654 3210",
    "pode",
  ],
  { clientUpdated: { client: "maria", phoneNumber: "11976543210" } },
);
upd(
  "update-unknown-not-found",
  "clinica",
  UNKNOWN,
  ["mudei de telefone", "roberto nunes", "roberto nunes da costa"],
  { clientUpdated: false, say: ["Não encontrei o seu cadastro"] },
);
// The name
const nameFixes: [Turn[], string][] = [
  [["vocês estão com meu nome errado é Marina Correia", "sim"], "Marina Correia"],
  [["meu nome está escrito errado o certo é Maria de Souza", "isso"], "Maria de Souza"],
  [["quero corrigir meu nome", "é Maria Souza Lima", "confere"], "Maria Souza Lima"],
  [["quero mudar meu nome para Maria Souza Lima", "correto"], "Maria Souza Lima"],
  [["meu sobrenome mudou", "Maria Souza Correia", "sim"], "Maria Souza Correia"],
  [["meu nome tá errado", "o certo é Maria Costa, não, Maria Correia", "sim"], "Maria Correia"],
  [["o nome no cadastro está errado", "Maria Sousa", "não, é Maria Souza Lima", "sim"], "Maria Souza Lima"],
];
nameFixes.forEach(([turns, fullName], i) => {
  upd(`update-name-${i + 1}`, "clinica", MARIA, turns, {
    clientUpdated: { client: "maria", fullName },
    actions: ["CLIENT_UPDATED"],
    say: [`corrigir o seu nome para ${fullName}`],
  });
});
// The CPF: digit by digit, in groups, with dots and dashes; an invalid reading is asked again.
const cpfSaid = [
  "um dois três quatro cinco seis sete oito nove zero nove",
  "cento e vinte e três quatrocentos e cinquenta e seis setecentos e oitenta e nove zero nove",
  "123.456.789-09",
  "um dois três ponto quatro cinco meia ponto sete oito nove traço zero nove",
];
const cpfOpeners = [
  "quero incluir meu cpf no cadastro",
  "queria colocar meu cpf",
  "vocês não têm meu cpf quero adicionar",
  "preciso atualizar meu cpf",
];
cpfSaid.forEach((said, i) => {
  upd(`update-cpf-${i + 1}`, "clinica", JOAO, [at(cpfOpeners, i), said, "sim"], {
    clientUpdated: { client: "joao", documentNumber: "12345678909" },
    say: ["incluir no seu cadastro o CPF um dois três, quatro cinco seis, sete oito nove, zero nove"],
  });
});
upd(
  "update-cpf-invalid-then-valid",
  "clinica",
  JOAO,
  [
    "quero incluir meu cpf",
    "um dois três quatro cinco seis sete oito nove zero zero",
    "um dois três quatro cinco seis sete oito nove zero nove",
    "sim",
  ],
  { clientUpdated: { client: "joao", documentNumber: "12345678909" }, say: ["Esse CPF não parece válido"] },
);
// The insurance and its card number; none any more; a plan the clinic does not take is pointed out.
const insuranceCalls: [Turn[], string, string | null][] = [
  [
    ["meu convênio agora é unimed", "um dois três quatro cinco seis sete oito nove", "sim"],
    "Unimed",
    "123456789",
  ],
  [["troquei de plano", "agora é amil", "pular", "isso"], "Amil", null],
  [["agora eu tenho sulamérica", "não tenho o número aqui", "sim"], "SulAmérica", null],
  [
    ["quero colocar meu plano de saúde no cadastro", "bradesco saúde", "nove nove oito sete", "correto"],
    "Bradesco Saúde",
    "9987",
  ],
];
insuranceCalls.forEach(([turns, provider, number], i) => {
  upd(`update-insurance-${i + 1}`, "clinica", MARIA, turns, {
    clientUpdated: { client: "maria", healthInsuranceProvider: provider, healthInsuranceNumber: number },
    actions: ["CLIENT_UPDATED"],
    summary: [`convênio para ${provider}`],
  });
});
upd("update-insurance-not-taken", "clinica", MARIA, ["meu plano mudou pra hapvida", "pular", "sim"], {
  clientUpdated: { client: "maria", healthInsuranceProvider: "Hapvida" },
  say: ["Hapvida não está entre os convênios que atendemos"],
});
upd("update-insurance-none", "clinica", MARCOS_FILHO, ["não tenho mais convênio", "sim"], {
  clientUpdated: { client: "marcos2", healthInsuranceProvider: null, healthInsuranceNumber: null },
  say: ["tirar o convênio do seu cadastro"],
});
upd(
  "update-insurance-card-only",
  "clinica",
  MARCOS_FILHO,
  ["minha carteirinha do convênio mudou", "amil", "zero zero nove nove", "sim"],
  { clientUpdated: { client: "marcos2", healthInsuranceProvider: "Amil", healthInsuranceNumber: "0099" } },
);
upd("update-insurance-off-list", "consultorio", CLARA, ["troquei de convênio", "é a Sami", "pular", "sim"], {
  clientUpdated: { client: "clara", healthInsuranceProvider: "Sami" },
});
upd(
  "update-insurance-refused",
  "clinica",
  MARIA,
  ["meu convênio agora é unimed", "123456789012345678901234567890123456789012345678901234567890", "sim"],
  {
    say: ["Não consegui atualizar o seu cadastro: Número do convênio não pode exceder 50 caracteres"],
    notSay: ["atualizei o seu cadastro"],
  },
);
// E-mail: not taken by phone, and the agent says why and what to do.
upd("update-email-transfer", "clinica", MARIA, ["meu e-mail mudou", "sim"], {
  clientUpdated: false,
  say: ["não consigo anotar e-mail com segurança", "Quer que eu transfira"],
  transfer: true,
});
upd("update-email-in-person", "consultorio", CLARA, ["quero atualizar meu email"], {
  clientUpdated: false,
  say: ["pessoalmente"],
  transfer: false,
});
upd("update-email-and-phone", "clinica", MARIA, ["mudei de telefone e de email", "11 97654 3210", "sim"], {
  clientUpdated: { client: "maria", phoneNumber: "11976543210" },
  say: ["e-mail com segurança"],
});
// 'Atualizar o cadastro' without a field: asked which.
const generic: [string, string, Turn[], Scenario["expect"]][] = [
  [
    "quero atualizar meu cadastro",
    "o telefone",
    ["11 97654 3210", "sim"],
    { clientUpdated: { client: "maria", phoneNumber: "11976543210" } },
  ],
  [
    "preciso atualizar meus dados",
    "meu nome",
    ["Maria Souza Lima", "sim"],
    { clientUpdated: { client: "maria", fullName: "Maria Souza Lima" } },
  ],
  [
    "queria alterar umas coisas no meu cadastro",
    "o convênio",
    ["unimed", "pular", "sim"],
    { clientUpdated: { client: "maria", healthInsuranceProvider: "Unimed" } },
  ],
  [
    "quero atualizar minha ficha",
    "deixa pra lá",
    [],
    { clientUpdated: false, say: ["mantive o seu cadastro"] },
  ],
];
generic.forEach(([opener, which, rest, expect], i) => {
  upd(`update-generic-${i + 1}`, "clinica", MARIA, [opener, which, ...rest], {
    say: ["O que você quer atualizar", ...(expect.say ?? [])],
    ...expect,
  });
});
// After a booking: a CPF or insurance the registered caller said, that the record lacks, is offered once.
const bookAndOffer =
  "quero marcar uma consulta com a dra ana no centro amanha as nove pelo meu convenio unimed";
upd("offer-insurance-yes", "clinica", MARIA, [bookAndOffer, "sim", "sim", "sim", "pode incluir"], {
  created: { at: "2026-12-10T09:00" },
  clientUpdated: { client: "maria", healthInsuranceProvider: "Unimed" },
  say: ["O seu cadastro ainda não tem o convênio Unimed. Quer que eu inclua?"],
  summary: ["agendou", "atualizou o cadastro"],
});
upd("offer-insurance-no", "clinica", MARIA, [bookAndOffer, "sim", "sim", "não precisa", "não obrigada"], {
  created: { at: "2026-12-10T09:00" },
  clientUpdated: false,
  end: true,
});
upd(
  "offer-insurance-once",
  "clinica",
  MARIA,
  [
    bookAndOffer,
    "sim",
    "sim",
    "não",
    "quero marcar um exame de sangue amanha as dez pelo convenio unimed",
    "sim",
    "sim",
  ],
  { clientUpdated: false, notSay: ["não tem o convênio Unimed. Quer que eu inclua?\n"] },
);
upd(
  "offer-cpf-known",
  "clinica",
  JOAO,
  [
    "quero marcar uma consulta com o dr carlos na paulista amanha as tres da tarde",
    "sim",
    "sim sou eu meu cpf é um dois três quatro cinco seis sete oito nove zero nove",
    "sim",
    "sim",
  ],
  {
    created: { at: "2026-12-10T15:00" },
    clientUpdated: { client: "joao", documentNumber: "12345678909" },
    say: ["ainda não tem o CPF um dois três"],
  },
);
upd(
  "offer-cpf-registered-other-phone",
  "clinica",
  UNKNOWN,
  [
    "quero marcar uma consulta com o dr carlos na paulista amanha as tres da tarde",
    "sim",
    "joão pereira",
    "um dois três quatro cinco seis sete oito nove zero nove",
    "sim",
    "sim",
  ],
  {
    created: { at: "2026-12-10T15:00" },
    clientCreated: false,
    clientUpdated: { client: "joao", documentNumber: "12345678909" },
  },
);
// An update while the booking asks for a number is the number, not an update.
add({
  id: "update-not-while-booking-phone",
  fixture: "consultorio",
  caller: null,
  turns: [
    "quero marcar uma limpeza amanha as nove",
    "sim",
    "carlos eduardo",
    "pular",
    "meu numero novo é dois um nove nove oito sete seis cinco quatro tres dois",
    "sim",
  ],
  expect: {
    created: { at: "2026-12-10T09:00" },
    clientCreated: { fullName: "Carlos Eduardo" },
    clientUpdated: false,
  },
});
// A read-back cut short by the caller is not confirmed by a 'sim'; an update after a booking, at 'mais alguma coisa?'.
upd(
  "update-bargein-readback",
  "clinica",
  MARIA,
  ["mudei de telefone", "11 97654 3210", { bargeIn: true }, "sim", "sim"],
  { clientUpdated: { client: "maria", phoneNumber: "11976543210" }, say: ["você não ouviu a pergunta"] },
);
upd(
  "update-bargein-readback-no-write",
  "clinica",
  MARIA,
  ["mudei de telefone", "11 97654 3210", { bargeIn: true }, "sim"],
  { clientUpdated: false },
);
upd(
  "update-after-booking",
  "consultorio",
  CLARA,
  [
    "quero marcar uma limpeza amanha as nove",
    "sim",
    "sim",
    "sim",
    "sim e também mudei de celular",
    "21 97777 6655",
    "sim",
  ],
  {
    created: { at: "2026-12-10T09:00" },
    clientUpdated: { client: "clara", phoneNumber: "21977776655" },
    summary: ["agendou Limpeza", "atualizou o cadastro: telefone para (21) 97777-6655"],
  },
);
upd(
  "update-dtmf-readback",
  "consultorio",
  CLARA,
  ["meu telefone mudou", "vinte e um nove sete sete sete sete seis seis cinco cinco", { dtmf: "1" }],
  { clientUpdated: { client: "clara", phoneNumber: "21977776655" } },
);

// ── The waitlist offered on a call (docs/decisions/0046-waitlist.md): the wanted day is full. Friday 2026-12-18's
// every window is taken; Maria calls from her number. A yes stores the wish for that day and part of the day; a no
// goes on to the later times; a yes said with a goodbye writes nothing.
const fullFriday = ["2026-12-18"];
const wantFullFriday = "quero marcar uma consulta com a doutora ana no centro na sexta que vem de manha";
add({
  id: "waitlist-yes",
  fixture: "clinica",
  caller: MARIA,
  full: fullFriday,
  turns: [wantFullFriday, "sim pode colocar"],
  expect: {
    created: false,
    wish: {
      service: "consulta",
      professional: "ana",
      establishment: "centro",
      fromDate: "2026-12-18",
      untilDate: "2026-12-18",
      dayPart: "MORNING",
    },
    say: [
      "Posso colocar você, Maria Souza, na lista de espera para sexta-feira, dia 18, de manhã? Se vagar um horário, avisamos.",
      "Pronto, coloquei você na lista de espera de Consulta clínica com Dra. Ana Lima para sexta-feira, dia 18, de manhã.",
    ],
    summary: ["Maria Souza entrou na lista de espera de Consulta clínica"],
  },
});
add({
  id: "waitlist-no",
  fixture: "clinica",
  caller: MARIA,
  full: fullFriday,
  turns: [wantFullFriday, "nao obrigada", "a primeira", "sim", "sim"],
  expect: { wish: false, created: { professional: "ana", at: "2026-12-21T08:00" }, say: ["lista de espera"] },
});
add({
  id: "waitlist-yes-with-goodbye",
  fixture: "clinica",
  caller: MARIA,
  full: fullFriday,
  turns: [wantFullFriday, "ta bom obrigada tchau"],
  expect: { wish: false, created: false, say: ["lista de espera", "Diga sim ou não"] },
});
add({
  id: "waitlist-taken-time-declined",
  fixture: "clinica",
  caller: MARIA,
  turns: ["quero marcar uma consulta com a doutora ana no centro sexta dia 11 as dez", "nao", "sim"],
  expect: {
    created: false,
    wish: { service: "consulta", fromDate: "2026-12-11", untilDate: "2026-12-11", dayPart: "ANY" },
  },
});
