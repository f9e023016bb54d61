// Held-out phrasings, written after the engine and run once without tuning it to them: their pass rate is the
// honest estimate of how the engine does on phrasings nobody tested. Not required (`must: false`); reported.
// First run: 15/20. Of the five failures, h-book-8 was the scenario's own fault (a turn missing); the other four led
// to fixes in the engine (a 'sim, pode cancelar' restarting the flow, 'confirmar a limpeza', 'adiar … pra sexta que
// vem' dropping the new day, 'era isso mesmo brigado'), so from then on these are no longer held out.
import type { Scenario, Turn } from "./runner";

const NOW = "2026-12-09T10:00:00-03:00";
const U = "+5511900000000";
const M = "+5511987654321";
const C = "+5521988887777";

const rows: [string, Scenario["fixture"], string | null, Turn[], Scenario["expect"]][] = [
  [
    "h-book-1",
    "consultorio",
    C,
    [
      "bom dia eu precisava agendar uma limpeza",
      "pode ser sexta feira de manha",
      "nove horas",
      "sou eu sim",
      "pode",
    ],
    { created: { at: "2026-12-11T09:00" } },
  ],
  [
    "h-book-2",
    "consultorio",
    C,
    ["queria um horario pro dentista", "consulta", "amanha depois do almoco", "a primeira", "isso", "ok"],
    { created: { service: "odonto", at: "2026-12-10T14:00" } },
  ],
  [
    "h-book-3",
    "clinica",
    M,
    ["marca um exame de sangue pra mim na segunda que vem bem cedo", "as oito", "sim", "sim"],
    { created: { service: "exame", at: "2026-12-14T08:00" } },
  ],
  [
    "h-book-4",
    "clinica",
    M,
    [
      "preciso de uma consulta com a dra ana lima pra amanha no centro de preferencia as dez e meia",
      "sim",
      "sim",
      "sim",
    ],
    { created: { at: "2026-12-10T10:30" } },
  ],
  [
    "h-book-5",
    "clinica",
    U,
    [
      "eu quero fazer uma avaliacao com o dermatologista",
      "quinta que vem as tres da tarde",
      "sim",
      "roberto carlos da silva",
      "nao quero informar",
      "sim",
    ],
    { created: { service: "avaliacao", at: "2026-12-17T15:00" } },
  ],
  [
    "h-book-6",
    "consultorio",
    C,
    ["da pra marcar limpeza dia 16", "de tarde", "a ultima", "sim", "sim"],
    { created: { at: "2026-12-16T16:00" } },
  ],
  [
    "h-book-7",
    "consultorio",
    null,
    [
      "quero marcar uma consulta odontologica",
      "terça que vem às dez",
      "sim",
      "carlos eduardo",
      "pular",
      "meu numero e dois um nove nove oito sete seis cinco quatro tres dois",
      "sim",
    ],
    { created: { at: "2026-12-15T10:00" }, clientCreated: { fullName: "Carlos Eduardo" } },
  ],
  [
    "h-book-8",
    "clinica",
    M,
    [
      "gostaria de agendar uma consulta",
      "qualquer um",
      "centro",
      "dia dezessete",
      "as onze",
      "sim",
      "sim",
      "sim",
    ],
    { created: { establishment: "centro", at: "2026-12-17T11:00" } },
  ],
  [
    "h-cancel-1",
    "consultorio",
    C,
    ["oi preciso cancelar a limpeza da semana que vem", "sim pode cancelar"],
    { cancelled: "clara-limpeza" },
  ],
  [
    "h-cancel-2",
    "clinica",
    M,
    ["nao vou conseguir comparecer no exame", "isso", "não obrigada"],
    { cancelled: "maria-exame", end: true },
  ],
  [
    "h-resched-1",
    "consultorio",
    C,
    ["tenho uma limpeza marcada e queria mudar o dia", "quarta que vem de tarde", "a primeira", "sim"],
    { rescheduled: { appointment: "clara-limpeza", at: "2026-12-16T14:00" } },
  ],
  [
    "h-resched-2",
    "clinica",
    M,
    ["da pra adiar o meu exame pra sexta que vem", "as oito", "sim", "sim"],
    { rescheduled: { appointment: "maria-exame", at: "2026-12-18T08:00" } },
  ],
  [
    "h-confirm-1",
    "consultorio",
    C,
    ["to ligando pra confirmar a limpeza de segunda", "sim"],
    { confirmed: "clara-limpeza" },
  ],
  ["h-q-1", "clinica", U, ["a clinica fica em que endereco"], { say: ["Rua Augusta"] }],
  ["h-q-2", "clinica", U, ["o exame de sangue quanto ta"], { say: ["oitenta reais e cinquenta centavos"] }],
  ["h-q-3", "consultorio", U, ["voces aceitam plano odontologico"], { say: ["não tenho essa informação"] }],
  ["h-q-4", "clinica", U, ["tem lugar pra estacionar o carro ai"], { say: ["estacionamento pago"] }],
  [
    "h-q-5",
    "clinica",
    U,
    ["a paulista tem acesso pra cadeirante"],
    { say: ["Paulista não tem acessibilidade"] },
  ],
  ["h-transfer-1", "clinica", U, ["eu queria falar com a secretaria por favor"], { transfer: true }],
  ["h-bye-1", "clinica", U, ["era isso mesmo brigado"], { end: true }],
];

// Second held-out batch, written after the fixes above and run once untuned: 13/15 on first run. h2-book-1 assumed
// no service question, but Dra. Ana offers two services, so the question was right (a 'consulta' turn added);
// h2-cancel-1 showed a bare 'a consulta' at the cancellation question starting a new booking (fixed).
rows.push(
  [
    "h2-book-1",
    "clinica",
    M,
    [
      "oi queria agendar pra dra ana um horario amanha cedo no centro",
      "consulta",
      "oito e meia",
      "sim",
      "sim",
      "sim",
    ],
    { created: { professional: "ana", at: "2026-12-10T08:30" } },
  ],
  [
    "h2-book-2",
    "consultorio",
    C,
    ["vocês tem horário pra limpeza ainda essa semana", "sexta", "a segunda opção", "sim", "sim"],
    { created: { at: "2026-12-11T10:00" } },
  ],
  [
    "h2-book-3",
    "consultorio",
    C,
    ["quero marcar limpeza pro dia 22 às 15h", "sim", "sim", "sim"],
    { created: { at: "2026-12-22T15:00" } },
  ],
  [
    "h2-book-4",
    "clinica",
    U,
    [
      "queria marcar uma consulta com o doutor carlos na paulista dia 18 de tarde",
      "a última",
      "sou a fernanda lima",
      "pular",
      "sim",
    ],
    { created: { professional: "carlos", at: "2026-12-18T15:00" } },
  ],
  [
    "h2-book-5",
    "consultorio",
    C,
    ["tem como marcar uma consulta pra hoje", "a primeira", "sim", "sim"],
    { created: { service: "odonto" } },
  ],
  ["h2-q-1", "clinica", U, ["quanto fica a consulta com a dra ana"], { say: ["cento e cinquenta reais"] }],
  [
    "h2-q-2",
    "clinica",
    U,
    ["vocês atendem pelo bradesco saúde"],
    { say: ["Bradesco Saúde"], notSay: ["não está entre"] },
  ],
  ["h2-q-3", "clinica", U, ["até que horas vocês funcionam"], { say: ["18h"] }],
  [
    "h2-q-4",
    "consultorio",
    U,
    ["o clareamento precisa de algum preparo"],
    { say: ["limpeza até um mês antes"] },
  ],
  ["h2-q-5", "clinica", U, ["a avaliação pode ser por vídeo"], { say: ["presencial ou online"] }],
  [
    "h2-cancel-1",
    "clinica",
    null,
    [
      "quero cancelar uma consulta",
      "meu cpf é cinco dois nove ponto nove oito dois ponto dois quatro sete traço dois cinco",
      "a consulta",
      "sim",
    ],
    { cancelled: "maria-consulta" },
  ],
  [
    "h2-resched-1",
    "clinica",
    M,
    ["queria mudar meu exame de sangue de dia", "dia 17 as oito", "sim", "sim"],
    { rescheduled: { appointment: "maria-exame", at: "2026-12-17T08:00" } },
  ],
  [
    "h2-silence-1",
    "consultorio",
    C,
    ["quero marcar uma limpeza", { silence: 1 }, "amanha as nove", "sim", "sim", "sim"],
    { say: ["Você ainda está aí?"], created: { at: "2026-12-10T09:00" } },
  ],
  ["h2-transfer-1", "consultorio", U, ["me passa pro doutor paulo por favor"], { transfer: false }],
  [
    "h2-bye-1",
    "clinica",
    M,
    ["quero confirmar minha consulta de sexta", "confirmo", "não era só isso tchau"],
    { confirmed: "maria-consulta", end: true },
  ],
);

// Registration updates (issue #8's 'register or update the patient'): written before the engine could update a
// patient, from the flow's design only (identify, ask what is missing, read back, write after a yes). Before the
// engine had the flow: 0/14. First run with it: 13/14; h-upd-4 failed because 'confere' (the read-back's own
// question) was no yes and was then taken as a corrected name; that led to the fix, so h-upd-4 is no longer held out.
rows.push(
  [
    "h-upd-1",
    "clinica",
    M,
    ["oi eu mudei de telefone", "onze nove sete seis cinco quatro três dois um zero", "isso"],
    { clientUpdated: { client: "maria", phoneNumber: "11976543210" } },
  ],
  [
    "h-upd-2",
    "clinica",
    M,
    ["meu numero novo é 11 95555 4444", "correto"],
    { clientUpdated: { client: "maria", phoneNumber: "11955554444" } },
  ],
  [
    "h-upd-3",
    "clinica",
    M,
    ["queria atualizar meu cadastro", "o convenio", "agora é unimed", "não tenho o número aqui", "sim"],
    { clientUpdated: { client: "maria", healthInsuranceProvider: "Unimed" } },
  ],
  [
    "h-upd-4",
    "clinica",
    U,
    ["vocês estão com meu nome errado", "joão pereira", "joão pereira da silva", "confere"],
    { clientUpdated: { client: "joao", fullName: "João Pereira da Silva" } },
  ],
  [
    "h-upd-5",
    "clinica",
    "+5511912345678",
    ["quero incluir meu cpf no cadastro", "um dois três quatro cinco seis sete oito nove zero nove", "sim"],
    { clientUpdated: { client: "joao", documentNumber: "12345678909" } },
  ],
  [
    "h-upd-6",
    "clinica",
    M,
    ["troquei de celular", "11 98888 7777", "não é 11 98888 7766", "sim"],
    { clientUpdated: { client: "maria", phoneNumber: "11988887766" } },
  ],
  [
    "h-upd-7",
    "clinica",
    M,
    ["meu telefone mudou", "onze nove um dois um dois três quatro três quatro", "não", "deixa pra lá"],
    { clientUpdated: false, say: ["cadastro"] },
  ],
  ["h-upd-8", "clinica", M, ["meu email mudou"], { clientUpdated: false, say: ["e-mail"] }],
  [
    "h-upd-9",
    "clinica",
    M,
    ["vocês estão com meu nome errado é maria souza lima", "isso mesmo"],
    { clientUpdated: { client: "maria", fullName: "Maria Souza Lima" } },
  ],
  [
    "h-upd-10",
    "clinica",
    U,
    [
      "preciso atualizar meu telefone",
      "meu cpf é cinco dois nove nove oito dois dois quatro sete dois cinco",
      "onze nove quatro quatro quatro quatro cinco cinco cinco cinco",
      "pode",
    ],
    { clientUpdated: { client: "maria", phoneNumber: "11944445555" } },
  ],
  [
    "h-upd-11",
    "consultorio",
    C,
    [
      "fiz um plano de saúde novo a amil queria colocar no cadastro",
      "o número é um dois três quatro cinco seis sete oito",
      "sim",
    ],
    {
      clientUpdated: { client: "clara", healthInsuranceProvider: "Amil", healthInsuranceNumber: "12345678" },
    },
  ],
  [
    "h-upd-12",
    "clinica",
    M,
    [
      "quero marcar uma consulta com a dra ana no centro amanha as nove pelo meu convenio unimed",
      "sim",
      "sim",
      "sim",
      "pode incluir",
    ],
    {
      created: { at: "2026-12-10T09:00" },
      clientUpdated: { client: "maria", healthInsuranceProvider: "Unimed" },
    },
  ],
  [
    "h-upd-13",
    "clinica",
    M,
    ["quero atualizar meus dados", "meu telefone", "é 11 3232 4545", "tá certo"],
    { clientUpdated: { client: "maria", phoneNumber: "1132324545" } },
  ],
  [
    "h-upd-14",
    "clinica",
    M,
    ["meu whatsapp agora é outro", "onze nove nove um dois três quatro cinco seis sete", "correto"],
    { clientUpdated: { client: "maria", phoneNumber: "11991234567" } },
  ],
);

// A second batch for registration updates, written after the flow was built and run once without tuning. First run:
// 7/12. Failures: h3-upd-3 ('meu nome é Maria Souza, queria trocar o telefone' read as a name change), h3-upd-5 ('é
// um fixo, onze…': the 'um' taken as a digit), h3-upd-6 ('cadastrar meu CPF' not a change), h3-upd-10 ('tinha Amil
// mas agora sou particular': the first plan named won), h3-upd-12 (a mobile missing a digit accepted as a landline).
// Each led to a fix, so from then on these are no longer held out.
rows.push(
  [
    "h3-upd-1",
    "clinica",
    M,
    [
      "boa tarde eu troquei meu número de celular vocês podem atualizar",
      "claro é onze nove nove oito sete seis cinco quatro três dois",
      "está certo",
    ],
    { clientUpdated: { client: "maria", phoneNumber: "11998765432" } },
  ],
  [
    "h3-upd-2",
    "clinica",
    M,
    [
      "meu plano de saúde mudou",
      "agora é o bradesco",
      "o número da carteirinha é oito oito sete sete seis seis",
      "sim",
    ],
    {
      clientUpdated: {
        client: "maria",
        healthInsuranceProvider: "Bradesco Saúde",
        healthInsuranceNumber: "887766",
      },
    },
  ],
  [
    "h3-upd-3",
    "clinica",
    U,
    [
      "oi meu nome é maria souza queria trocar o telefone do meu cadastro",
      "maria souza",
      "onze nove um um um um dois dois dois dois",
      "sim",
    ],
    { clientUpdated: { client: "maria", phoneNumber: "11911112222" } },
  ],
  [
    "h3-upd-4",
    "consultorio",
    C,
    [
      "preciso corrigir o meu nome no cadastro está ana clara ribeiro mas o certo é ana clara ribeiro santos",
      "sim",
    ],
    { clientUpdated: { client: "clara", fullName: "Ana Clara Ribeiro Santos" } },
  ],
  [
    "h3-upd-5",
    "clinica",
    M,
    [
      "alô é a maria meu telefone mudou",
      "é um fixo onze três três três três quatro quatro quatro quatro",
      "isso",
    ],
    { clientUpdated: { client: "maria", phoneNumber: "1133334444" } },
  ],
  [
    "h3-upd-6",
    "clinica",
    "+5511912345678",
    ["gostaria de cadastrar meu cpf", "nove oito sete seis cinco quatro três dois um zero zero", "sim"],
    { clientUpdated: { client: "joao", documentNumber: "98765432100" } },
  ],
  [
    "h3-upd-7",
    "clinica",
    M,
    ["meu email está errado no cadastro"],
    { clientUpdated: false, say: ["e-mail"] },
  ],
  [
    "h3-upd-8",
    "clinica",
    M,
    [
      "mudei de telefone",
      "onze nove oito sete seis",
      "onze nove dois três quatro cinco seis sete oito nove",
      "sim",
    ],
    { clientUpdated: { client: "maria", phoneNumber: "11923456789" } },
  ],
  [
    "h3-upd-9",
    "clinica",
    M,
    ["troquei de convênio", "agora é amil", "não sei o número", "não é unimed", "pular", "sim"],
    { clientUpdated: { client: "maria", healthInsuranceProvider: "Unimed" } },
  ],
  [
    "h3-upd-10",
    "clinica",
    "+5511933330002",
    ["eu tinha amil mas agora sou particular", "sim"],
    { clientUpdated: { client: "marcos2", healthInsuranceProvider: null } },
  ],
  [
    "h3-upd-11",
    "clinica",
    M,
    ["meu número mudou anota aí onze nove oito oito sete sete seis seis cinco cinco", "perfeito"],
    { clientUpdated: { client: "maria", phoneNumber: "11988776655" } },
  ],
  [
    "h3-upd-12",
    "clinica",
    M,
    [
      "vocês podem mudar o telefone do meu cadastro pro meu whatsapp novo onze nove nove nove oito oito sete sete seis",
      "onze nove nove nove oito oito sete sete seis seis",
      "sim",
    ],
    { clientUpdated: { client: "maria", phoneNumber: "11999887766" }, say: ["Não peguei o número completo"] },
  ],
);

export const HELD_OUT: Scenario[] = rows.map(([id, fixture, caller, turns, expect]) => ({
  id,
  fixture,
  caller,
  turns,
  expect,
  now: NOW,
  must: false,
}));
