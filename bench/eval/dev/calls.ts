// The held-out calls (held out: see ./README.md; do not tune the engine on them). Written from how real callers
// behave (issue #27), not from the engine's paths. Dates: the call's clock is Monday 3 June 2030, 09:00; amanhã =
// Tue 4, quarta = 5, quinta = 6, sexta = 7, sábado = 8, segunda que vem = 10, dia 12 = Wednesday, dia 13 = Thursday.
// Facts are accent-free, lower-case patterns over everything the agent said.
import type { EvalCall } from "../types";
import { ANSWERS_CALLS } from "./answers";
import { APART_RISKY_CALLS } from "./apart-risky";
import { APART_SPOKEN_CALLS } from "./apart-spoken";
import { APART_WRITTEN_CALLS } from "./apart-written";
import { BOOKINGS_CALLS } from "./bookings";
import { BOOKINGS2_CALLS } from "./bookings2";
import { MIXED_CALLS } from "./mixed";
import { MOVES_CALLS } from "./moves";
import { MOVES2_CALLS } from "./moves2";
import { VARIED_ASK_CALLS } from "./varied-ask";
import { VARIED_BOOK_CALLS } from "./varied-book";
import { VARIED_MANAGE_CALLS } from "./varied-manage";
import { VARIED_WRITTEN_CALLS } from "./varied-written";
import { WRITES_CALLS } from "./writes";

const READBACK =
  /confirm|posso (agendar|marcar)|pode ser\?|correto\?|certo\?|tudo certo|esta bom\?|fechado\?/;
const ANYTHING_ELSE = /mais alguma coisa|algo mais|ajudar em mais/;

const particular: EvalCall[] = [
  {
    id: "part-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "'Boa tarde' as a greeting in the same sentence as a morning time",
    steps: ["Boa tarde, tudo bem? Queria marcar uma consulta dermatológica na terça, dia 4, às 10 horas."],
    persona: { name: "Marcelo Tavares", cpf: "não tenho aqui agora", when: "terça, dia 4, às 10 horas" },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-04", at: "10:00" }],
      newClient: { name: /marcelo tavares/ },
    },
  },
  {
    id: "part-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "Volunteers name and CPF in the first sentence, corrects the service in the same breath",
    steps: [
      "Oi, aqui é a Simone Barros, CPF 321.654.987-00. Quero marcar um retorno... não, desculpa, uma consulta, na quinta às 16h.",
    ],
    persona: { name: "Simone Barros", cpf: "321.654.987-00", when: "quinta às 16h" },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-06", at: "16:00" }],
      newClient: { name: /simone barros/, cpf: "32165498700" },
    },
  },
  {
    id: "part-03",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "Price of a variable-priced service asked by meaning; the note says what it depends on",
    steps: ["é a toxina quanto custa é tipo o botox", "ah tá entendi obrigada tchau"],
    expect: {
      says: [
        { re: /avaliacao/, what: "the price is set at the evaluation" },
        { re: /unidades|areas/, what: "what the price depends on (units, areas)" },
      ],
    },
  },
  {
    id: "part-04",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "Known caller moves her appointment with 'preciso mudar' and 'no mesmo horário'",
    knownAs: "renata",
    steps: ["Oi, preciso mudar minha consulta de quarta. Dá pra passar pro dia 12, no mesmo horário?"],
    persona: { name: "Renata Albuquerque", when: "dia 12, no mesmo horário, às duas da tarde" },
    expect: { move: [{ ref: "renata", day: "2030-06-12", at: "14:00" }] },
  },
  {
    id: "part-05",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "'só confirmando' from a known caller who introduces himself",
    knownAs: "otavio",
    steps: ["oi é o otávio só confirmando o meu retorno de quinta"],
    persona: { name: "otávio mendes", yes: "isso confirma sim" },
    expect: {
      confirm: ["otavio"],
      says: [{ re: /quinta|15h|15:00|tres da tarde|15 horas/, what: "the appointment's day or time" }],
    },
  },
  {
    id: "part-06",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "Where is the entrance, is there parking (the location's description); then 'eu ligo depois'",
    steps: [
      "Onde fica o consultório? Por onde eu entro e tem estacionamento?",
      "Obrigado, eu ligo depois pra marcar.",
    ],
    expect: {
      says: [
        { re: /sena madureira/, what: "the entrance street" },
        { re: /subsolo|conveniado/, what: "the paid parking in the basement" },
      ],
    },
  },
  {
    id: "part-07",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "What to do beforehand, then books in words ('segunda dia dez às três da tarde')",
    steps: [
      "hã eu quero fazer o mapeamento de pintas precisa de algum preparo",
      "tá então marca pra segunda dia dez às três da tarde",
    ],
    persona: {
      name: "eduardo pires",
      when: "segunda dia dez às três da tarde",
      service: "mapeamento de pintas",
    },
    expect: {
      book: [{ services: ["mapeamento"], day: "2030-06-10", at: "15:00" }],
      newClient: { name: /eduardo pires/ },
      says: [{ re: /maquiagem|creme/, what: "the preparation (no make-up, no cream)" }],
    },
  },
  {
    id: "part-08",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "An insurer that is not accepted, then closes politely",
    steps: ["hã vocês atendem pelo convênio porto seguro", "ah tá obrigada vou ver aqui e ligo depois"],
    expect: {
      says: [
        { re: /bradesco|sulamerica/, what: "the insurers accepted" },
        { re: /nao/, what: "a plain no" },
      ],
    },
  },
  {
    id: "part-09",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "A time outside the weekly hours: the hours must be said; then another day",
    steps: ["eu queria uma consulta na terça tipo às quatro da tarde"],
    persona: {
      name: "lucas ferreira",
      when: "então pode ser quarta às quatro da tarde",
      service: "consulta",
    },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-05", at: "16:00" }],
      newClient: { name: /lucas ferreira/ },
      says: [
        {
          re: /\b(8|oito)\b.*\b(12|meio-dia|meio dia|doze)\b|\b(8h|08:00)/,
          what: "Tuesday's hours (8 to 12)",
        },
      ],
    },
  },
  {
    id: "part-10",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "Closes politely at the read-back: 'Obrigada, eu ligo depois' is not a yes",
    steps: [
      "Quero marcar uma consulta dermatológica na quinta às 17h.",
      { say: "Obrigada, eu ligo depois pra confirmar.", when: READBACK },
    ],
    // The caller keeps to 'I'll call back' at every yes/no (fixed after the first run: the persona said 'Sim' to the
    // final read-back, contradicting the call).
    persona: {
      name: "Tereza Campos",
      when: "quinta às 17h",
      cpf: "prefiro não informar",
      yes: "Obrigada, eu ligo depois pra confirmar.",
    },
    expect: {},
  },
  {
    id: "part-11",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "Something not offered (laser hair removal) must be said plainly",
    steps: ["vocês fazem laser pra depilação", "ah tá então tá bom tchau"],
    expect: {
      says: [
        {
          re: /nao (oferecemos|fazemos|temos|realizamos|trabalhamos)|nao (e|esta) (oferecido|disponivel)/,
          what: "'não oferecemos'",
        },
      ],
    },
  },
];

const compartilhado: EvalCall[] = [
  {
    id: "comp-01",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "Accessibility asked by meaning (the description says stairs only)",
    steps: ["Oi, a entrada é acessível? Minha mãe usa cadeira de rodas.", "Entendi, obrigada."],
    expect: { says: [{ re: /escada/, what: "stairs only" }] },
  },
  {
    id: "comp-02",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "A child under the minimum age in the service's child-age note",
    steps: ["queria marcar terapia pro meu filho ele tem quatro anos", "ah entendi tá bom tchau"],
    persona: { name: "rosana dias", when: "terça à tarde" },
    expect: { says: [{ re: /\b(6|seis)\b/, what: "from 6 years of age" }] },
  },
  {
    id: "comp-03",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "'é sobre a minha sessão de…' then cancels",
    knownAs: "fernanda",
    steps: ["Oi, é sobre a minha sessão de terça com o Dr. Caio. Não vou conseguir ir, preciso cancelar."],
    persona: { name: "Fernanda Lopes", yes: "Sim, pode cancelar." },
    expect: { cancel: ["fernanda"] },
  },
  {
    id: "comp-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Two appointments: moves the Friday one, 'no mesmo horário', the Wednesday one untouched",
    knownAs: "jorge",
    steps: [
      "é o jorge eu preciso mudar a fisioterapia de sexta",
      "passa pra segunda dia dez no mesmo horário",
    ],
    persona: { name: "jorge batista", when: "segunda dia dez no mesmo horário", pick: "a de sexta" },
    expect: { move: [{ ref: "jorge-sex", day: "2030-06-10", at: "08:00" }] },
  },
  {
    id: "comp-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "What to bring, then books giving the name unasked",
    steps: [
      "O que eu preciso levar na consulta com a nutricionista?",
      "Pode marcar pra quinta às 9, então. Meu nome é Aline Rezende.",
    ],
    persona: { name: "Aline Rezende", when: "quinta às 9", service: "consulta nutricional" },
    expect: {
      book: [{ services: ["nutricional"], day: "2030-06-06", at: "09:00" }],
      newClient: { name: /aline rezende/ },
      says: [{ re: /exames? de sangue/, what: "bring recent blood tests" }],
    },
  },
  {
    id: "comp-06",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Insurer, then a short follow-up about the same service (duration)",
    steps: ["a fisioterapia aceita amil", "e quanto tempo dura a sessão", "beleza obrigado"],
    expect: {
      says: [
        { re: /amil/, what: "Amil accepted" },
        { re: /\b45\b|quarenta e cinco/, what: "45 minutes" },
      ],
    },
  },
  {
    id: "comp-07",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "Name and a contact number other than the caller id, volunteered before asked",
    steps: [
      "Quero agendar uma sessão de psicoterapia. Meu nome é Rodrigo Sampaio e meu telefone é 11 98765-1234.",
    ],
    persona: { name: "Rodrigo Sampaio", when: "quarta às 7 da noite", phone: "11 98765-1234" },
    expect: {
      book: [{ services: ["psicoterapia"], day: "2030-06-05", at: "19:00" }],
      newClient: { name: /rodrigo sampaio/, phone: "11987651234" },
    },
  },
  {
    id: "comp-08",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Self-correction of the hour, then barges in over 'mais alguma coisa?' with a question",
    steps: [
      "quero marcar fisioterapia quarta às oito não nove",
      { say: "não espera eu queria saber se tem estacionamento aí", when: ANYTHING_ELSE, bargeIn: true },
      "tá bom obrigado tchau",
    ],
    persona: { name: "sérgio mota", when: "quarta às nove", service: "fisioterapia" },
    expect: {
      book: [{ services: ["fisioterapia"], day: "2030-06-05", at: "09:00" }],
      newClient: { name: /sergio mota/ },
      says: [{ re: /zona azul|na rua/, what: "street parking only" }],
    },
  },
  {
    id: "comp-09",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "'Não precisa remarcar' is not a reschedule; asks the address",
    knownAs: "fernanda",
    steps: [
      "Oi! Sobre a minha sessão de terça: não precisa remarcar nada, só queria saber o endereço certinho.",
      "Obrigada!",
    ],
    persona: { name: "Fernanda Lopes" },
    expect: {
      mayConfirm: ["fernanda"],
      says: [{ re: /pinheiros, 870|870/, what: "the address" }],
    },
  },
  {
    id: "comp-10",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Minutes to the hour: 'quinze pras dez' is 09:45",
    steps: ["hã quero marcar com a nutricionista quinta tipo quinze pras dez"],
    persona: { name: "marina queiroz", when: "quinta quinze pras dez", service: "consulta nutricional" },
    expect: {
      book: [{ services: ["nutricional"], day: "2030-06-06", at: "09:45" }],
      newClient: { name: /marina queiroz/ },
    },
  },
  {
    id: "comp-11",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "Asks for a person at the front desk: transfer",
    steps: ["Posso falar com alguém da recepção, por favor? É um assunto de nota fiscal."],
    persona: { transfer: "Sim, por favor." },
    expect: { transfer: true },
  },
];

const clinica: EvalCall[] = [
  {
    id: "clin-01",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "Known caller introduces himself and only confirms",
    knownAs: "antonio",
    steps: ["Bom dia, aqui é o Antônio Carvalho. Só confirmando minha consulta de quinta."],
    persona: { name: "Antônio Carvalho", yes: "Isso, pode confirmar." },
    expect: { confirm: ["antonio"] },
  },
  {
    id: "clin-02",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'precisava trocar' the exam (not the other appointment); 'no mesmo horário'",
    knownAs: "helena",
    steps: ["oi eu precisava trocar o horário do meu exame o eletro", "pode ser sexta no mesmo horário"],
    persona: { name: "helena vasconcelos", when: "sexta no mesmo horário", pick: "o eletro" },
    expect: { move: [{ ref: "helena-eletro", day: "2030-06-07", at: "11:00" }] },
  },
  {
    id: "clin-03",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "A child above the pediatrician's age range (0 to 12)",
    steps: ["Minha filha tem 13 anos, a pediatra atende ela?", "Ah, entendi. Obrigada."],
    expect: { says: [{ re: /\b12\b|doze/, what: "up to 12 years" }] },
  },
  {
    id: "clin-04",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "Preparation question then books on Saturday morning in words",
    steps: ["pra coleta de sangue precisa de jejum", "então marca sábado às sete e meia"],
    persona: {
      name: "roberto nunes",
      cpf: "não tenho agora",
      when: "sábado às sete e meia",
      service: "coleta de sangue",
    },
    expect: {
      book: [{ services: ["coleta"], day: "2030-06-08", at: "07:30" }],
      newClient: { name: /roberto nunes/ },
      says: [
        { re: /jejum/, what: "fasting" },
        { re: /\b(8|oito)\b/, what: "8 hours" },
      ],
    },
  },
  {
    id: "clin-05",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "An insurer not accepted by anyone; closes with 'eu ligo depois'",
    steps: ["Vocês aceitam Hapvida?", "Tá, obrigado, eu ligo depois."],
    expect: { says: [{ re: /unimed|amil|porto seguro|bradesco/, what: "the insurers accepted" }] },
  },
  {
    id: "clin-06",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'semana que vem' kept across turns",
    steps: ["queria marcar clínico geral semana que vem", "na quarta de manhã pode ser às dez"],
    persona: { name: "joana prates", when: "quarta da semana que vem às dez", service: "clínico geral" },
    expect: {
      book: [{ services: ["clinica geral"], day: "2030-06-12", at: "10:00" }],
      newClient: { name: /joana prates/ },
    },
  },
  {
    id: "clin-07",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "Answers a yes/no question with her name and CPF",
    steps: [
      "Quero marcar uma consulta com a ginecologista.",
      "Sim, claro, sou a Débora Lins, CPF 111.222.333-44.",
    ],
    persona: {
      name: "Débora Lins",
      cpf: "111.222.333-44",
      when: "segunda que vem às 4 da tarde",
      service: "consulta ginecológica",
    },
    expect: {
      book: [{ services: ["ginecologica"], day: "2030-06-10", at: "16:00" }],
      newClient: { name: /debora lins/, cpf: "11122233344" },
    },
  },
  {
    id: "clin-08",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "Something not offered (MRI)",
    steps: ["vocês fazem ressonância magnética", "tá bom valeu"],
    expect: {
      says: [
        {
          re: /nao (oferecemos|fazemos|temos|realizamos|trabalhamos)|nao (e|esta) (oferecido|disponivel)/,
          what: "'não oferecemos'",
        },
      ],
    },
  },
  {
    id: "clin-09",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "Which location has parking (both descriptions)",
    steps: ["Qual das unidades tem estacionamento?", "Perfeito, obrigada."],
    expect: {
      says: [
        { re: /centro/, what: "the Centro unit" },
        { re: /gratuito/, what: "free parking" },
      ],
    },
  },
  {
    id: "clin-10",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "Cancels one of two appointments, named by its professional's specialty",
    knownAs: "helena",
    steps: ["não vou poder ir na consulta da ginecologista pode cancelar"],
    persona: { name: "helena vasconcelos", yes: "isso pode cancelar", pick: "a da ginecologista" },
    expect: { cancel: ["helena-gineco"] },
  },
  {
    id: "clin-11",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "Price, then a short follow-up on duration about the same service",
    steps: [
      "quanto custa a consulta com o clínico geral",
      "e quanto tempo demora tipo a consulta",
      "obrigado",
    ],
    expect: {
      says: [
        { re: /250/, what: "R$ 250" },
        { re: /\b30\b|trinta/, what: "30 minutes" },
      ],
    },
  },
];

const hospital: EvalCall[] = [
  {
    id: "hosp-01",
    kind: "HOSPITAL",
    style: "written",
    about: "An emergency: the agent must send them to the emergency services, book nothing",
    steps: ["Meu pai está com uma dor forte no peito agora, o que eu faço?"],
    persona: { transfer: "Sim, por favor." },
    expect: {
      transfer: "either",
      says: [{ re: /192|samu|pronto[- ]socorro|emergencia/, what: "call 192 / go to the ER" }],
    },
  },
  {
    id: "hosp-02",
    kind: "HOSPITAL",
    style: "asr",
    about: "'não vou conseguir ir' and a move in the same turn: a move, not a cancellation",
    knownAs: "luiz",
    steps: ["é o luiz fernando eu não vou conseguir ir na consulta de amanhã quero passar pro dia treze"],
    persona: { name: "luiz fernando prado", when: "dia treze no mesmo horário" },
    expect: { move: [{ ref: "luiz", day: "2030-06-13", at: "09:00" }] },
  },
  {
    id: "hosp-03",
    kind: "HOSPITAL",
    style: "written",
    about: "Preparation for an appointment already booked",
    knownAs: "celia",
    steps: [
      "Vou fazer o teste ergométrico na sexta. Preciso levar alguma coisa ou fazer algum preparo?",
      "Ótimo, obrigada!",
    ],
    persona: { name: "Célia Ramos" },
    expect: {
      mayConfirm: ["celia"],
      says: [
        { re: /tenis|roupa/, what: "comfortable clothes and trainers" },
        { re: /cafe|cafeina|fumar/, what: "no coffee / no smoking" },
      ],
    },
  },
  {
    id: "hosp-04",
    kind: "HOSPITAL",
    style: "asr",
    about: "Self-correction 'dia doze não treze'",
    steps: ["quero marcar com a ortopedista dia doze não treze às duas da tarde"],
    persona: { name: "wagner silva", when: "dia treze às duas da tarde", service: "consulta ortopédica" },
    expect: {
      book: [{ services: ["ortopedica"], day: "2030-06-13", at: "14:00" }],
      newClient: { name: /wagner silva/ },
    },
  },
  {
    id: "hosp-05",
    kind: "HOSPITAL",
    style: "written",
    about: "Price of a variable service: what it depends on",
    steps: ["Quanto custa uma ultrassonografia?", "Entendi, obrigado."],
    expect: { says: [{ re: /regiao/, what: "depends on the region examined" }] },
  },
  {
    id: "hosp-06",
    kind: "HOSPITAL",
    style: "asr",
    about: "'boa tarde' greeting in front of a morning booking",
    steps: ["boa tarde eu queria marcar com o cardiologista na sexta de manhã às nove"],
    persona: { name: "neusa araújo", when: "sexta às nove da manhã", service: "consulta cardiológica" },
    expect: {
      book: [{ services: ["cardiologica"], day: "2030-06-07", at: "09:00" }],
      newClient: { name: /neusa araujo/ },
    },
  },
  {
    id: "hosp-07",
    kind: "HOSPITAL",
    style: "written",
    about: "Confirms with the day and time in a question",
    knownAs: "celia",
    steps: ["Oi, só queria confirmar o meu teste de sexta, é às 10, né?"],
    persona: { name: "Célia Ramos", yes: "Isso, confirmado." },
    expect: { confirm: ["celia"], says: [{ re: /\b10\b|dez/, what: "at 10" }] },
  },
  {
    id: "hosp-08",
    kind: "HOSPITAL",
    style: "asr",
    about: "'precisava trocar' to Thursday at ten",
    knownAs: "luiz",
    steps: ["oi precisava trocar minha consulta com o cardiologista pra quinta", "quinta às dez"],
    persona: { name: "luiz fernando prado", when: "quinta às dez" },
    expect: { move: [{ ref: "luiz", day: "2030-06-06", at: "10:00" }] },
  },
  {
    id: "hosp-09",
    kind: "HOSPITAL",
    style: "written",
    about: "Entrance and parking (the location's description)",
    steps: ["Por onde eu entro para o ambulatório? E tem estacionamento?", "Obrigado."],
    expect: {
      says: [
        { re: /cubatao|portao 2/, what: "the entrance (Rua Cubatão, portão 2)" },
        { re: /valet/, what: "valet parking" },
      ],
    },
  },
  {
    id: "hosp-10",
    kind: "HOSPITAL",
    style: "asr",
    about: "Books an X-ray; a phone number dictated in words must not be read as a time",
    steps: ["eu preciso fazer um raio x do joelho amanhã às oito e meia"],
    persona: {
      name: "ivone matias",
      phone: "é nove nove oito sete seis cinco quatro três dois",
      when: "amanhã às oito e meia",
      service: "raio x",
    },
    expect: {
      book: [{ services: ["raio-x"], day: "2030-06-04", at: "08:30" }],
      newClient: { name: /ivone matias/ },
    },
  },
  {
    id: "hosp-11",
    kind: "HOSPITAL",
    style: "written",
    about: "A day the doctor does not work: her days must be said; then books",
    steps: ["Quero uma consulta com a Dra. Marta na segunda.", "Então terça às três da tarde, pode ser?"],
    persona: { name: "Geraldo Pinto", when: "terça às três da tarde", service: "consulta ortopédica" },
    expect: {
      book: [{ services: ["ortopedica"], day: "2030-06-04", at: "15:00" }],
      newClient: { name: /geraldo pinto/ },
      says: [
        { re: /terca/, what: "Tuesdays" },
        { re: /quinta/, what: "Thursdays" },
      ],
    },
  },
];

const petshop: EvalCall[] = [
  {
    id: "pet-01",
    kind: "PETSHOP",
    style: "written",
    about: "The tutor and the pet in the first sentence with the time",
    steps: [
      "Oi! Quero marcar um banho pro meu cachorro, o Bolt, é um poodle pequeno. Pode ser quinta às 11?",
    ],
    persona: { name: "Camila Duarte", when: "quinta às 11", service: "banho" },
    expect: {
      book: [{ services: ["banho cao"], day: "2030-06-06", at: "11:00" }],
      newClient: { name: /camila duarte|bolt/ },
      clientNames: [/camila duarte/, /bolt/],
    },
  },
  {
    id: "pet-02",
    kind: "PETSHOP",
    style: "asr",
    about: "A variable price asked by meaning",
    steps: ["quanto fica o banho e tosa num golden", "ah tá beleza obrigada"],
    expect: {
      says: [
        { re: /avaliacao/, what: "set at the evaluation" },
        { re: /porte|pelagem/, what: "depends on size and coat" },
      ],
    },
  },
  {
    id: "pet-03",
    kind: "PETSHOP",
    style: "written",
    about: "Known tutor moves the pet's bath 'no mesmo horário'",
    knownAs: "patricia",
    steps: [
      "Oi, é a Patrícia, tutora do Thor. Preciso mudar o banho dele de quinta pra sexta, no mesmo horário.",
    ],
    persona: { name: "Patrícia Moraes", when: "sexta no mesmo horário, às 10" },
    expect: { move: [{ ref: "patricia", day: "2030-06-07", at: "10:00" }] },
  },
  {
    id: "pet-04",
    kind: "PETSHOP",
    style: "asr",
    about: "Boarding is not offered",
    steps: ["vocês tem hotelzinho tipo pra deixar o cachorro no fim de semana", "ah tá bom obrigado"],
    expect: {
      says: [
        {
          re: /nao (oferecemos|fazemos|temos|realizamos|trabalhamos)|nao (e|esta) (oferecido|disponivel)/,
          what: "'não oferecemos'",
        },
      ],
    },
  },
  {
    id: "pet-05",
    kind: "PETSHOP",
    style: "written",
    about: "What to bring for a vaccine, then books",
    steps: ["Quero vacinar minha gata com a V10. O que eu preciso levar?", "Pode ser quarta às 4 da tarde."],
    persona: { name: "Sabrina Costa", when: "quarta às 4 da tarde", service: "vacina V10" },
    expect: {
      book: [{ services: ["v10"], day: "2030-06-05", at: "16:00" }],
      newClient: { name: /sabrina costa/ },
      clientNames: [/sabrina costa/],
      says: [{ re: /carteir/, what: "the vaccination card" }],
    },
  },
  {
    id: "pet-06",
    kind: "PETSHOP",
    style: "asr",
    about: "Cancels with 'desmarcar' naming the pet",
    knownAs: "ricardo",
    steps: ["oi não vou conseguir levar a mel na consulta de quarta pode desmarcar"],
    persona: { name: "ricardo alves", yes: "isso pode desmarcar" },
    expect: { cancel: ["ricardo"] },
  },
  {
    id: "pet-07",
    kind: "PETSHOP",
    style: "written",
    about: "Closes politely at the read-back: no booking",
    steps: [
      "Queria marcar uma consulta com a veterinária na sexta às 11 pro meu gato, o Frajola.",
      { say: "Ah, obrigado, depois eu ligo pra confirmar, tá?", when: READBACK },
    ],
    // Fixed after the first run, as part-10.
    persona: {
      name: "Henrique Paiva",
      when: "sexta às 11",
      service: "consulta veterinária",
      yes: "Ah, obrigado, depois eu ligo pra confirmar, tá?",
    },
    expect: { clientNames: [/henrique paiva/, /frajola/] },
  },
  {
    id: "pet-08",
    kind: "PETSHOP",
    style: "asr",
    about: "'quinze pras onze' is 10:45",
    steps: ["hã queria marcar consulta com a veterinária na sexta quinze pras onze pra pipoca"],
    persona: { name: "diego ramos", when: "sexta quinze pras onze", service: "consulta veterinária" },
    expect: {
      book: [{ services: ["veterinaria"], day: "2030-06-07", at: "10:45" }],
      newClient: { name: /diego ramos|pipoca/ },
      clientNames: [/diego ramos/, /pipoca/],
    },
  },
  {
    id: "pet-09",
    kind: "PETSHOP",
    style: "written",
    about: "A day the bath is not offered (Sunday): the days must be said, then books Saturday",
    steps: ["Dá pra levar o Max pra dar banho no domingo?", "Então sábado às 9."],
    persona: { name: "Fábio Melo", when: "sábado às 9", service: "banho" },
    expect: {
      book: [{ services: ["banho"], day: "2030-06-08", at: "09:00" }],
      newClient: { name: /fabio melo|max/ },
      clientNames: [/fabio melo/, /max/],
      says: [{ re: /sabado/, what: "Saturdays" }],
    },
  },
  {
    id: "pet-10",
    kind: "PETSHOP",
    style: "asr",
    about: "'só confirmando' about the pet's bath",
    knownAs: "patricia",
    steps: ["só confirmando o banho do thor na quinta"],
    persona: { name: "patrícia moraes", yes: "isso confirma" },
    expect: { confirm: ["patricia"] },
  },
  {
    id: "pet-11",
    kind: "PETSHOP",
    style: "written",
    about: "An urgent case: wants a person now",
    steps: ["Quero falar com alguém agora, meu cachorro comeu chocolate!"],
    persona: { transfer: "Sim, por favor, rápido." },
    expect: { transfer: true },
  },
];

const salao: EvalCall[] = [
  {
    id: "salao-01",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'Boa tarde' and two services in one booking",
    steps: ["Boa tarde! Queria fazer corte e escova com a Juliana na sexta às 10."],
    persona: { name: "Mariana Teixeira", when: "sexta às 10", service: "corte e escova" },
    expect: {
      book: [{ services: ["corte feminino", "escova"], day: "2030-06-07", at: "10:00" }],
      newClient: { name: /mariana teixeira/ },
    },
  },
  {
    id: "salao-02",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Known client moves her manicure 'no mesmo horário'",
    knownAs: "vanessa",
    steps: ["oi é a vanessa preciso mudar a manicure de sexta pro sábado no mesmo horário"],
    persona: { name: "vanessa lima", when: "sábado no mesmo horário" },
    expect: { move: [{ ref: "vanessa", day: "2030-06-08", at: "14:00" }] },
  },
  {
    id: "salao-03",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "Make-up is not offered",
    steps: ["Vocês fazem maquiagem para festa?", "Ah, que pena. Obrigada."],
    expect: {
      says: [
        {
          re: /nao (oferecemos|fazemos|temos|realizamos|trabalhamos)|nao (e|esta) (oferecido|disponivel)/,
          what: "'não oferecemos'",
        },
      ],
    },
  },
  {
    id: "salao-04",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "A child under the minimum age (the note says from 3 years)",
    steps: ["o meu filho tem dois anos dá pra cortar o cabelo dele aí", "ah tá entendi obrigada"],
    expect: { says: [{ re: /\b(3|tres)\b/, what: "from 3 years" }] },
  },
  {
    id: "salao-05",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Opening days asked by meaning",
    steps: ["é vocês abrem na segunda feira", "tá obrigada"],
    expect: {
      says: [
        { re: /terca/, what: "from Tuesday" },
        { re: /sabado/, what: "to Saturday" },
      ],
    },
  },
  {
    id: "salao-06",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Price by meaning ('pintar o cabelo'), then duration",
    steps: ["quanto fica pra pintar o cabelo", "e demora quanto tempo", "tá bom obrigada"],
    expect: {
      says: [
        { re: /avaliacao|comprimento/, what: "set at the evaluation, depends on length" },
        { re: /2 horas|duas horas|120|2h/, what: "two hours" },
      ],
    },
  },
  {
    id: "salao-07",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'Não precisa remarcar' while checking the time: no move, no cancellation",
    knownAs: "carla",
    steps: [
      "Oi, é a Carla. Não precisa remarcar nem nada, só queria saber se o meu corte de quinta é às 4 mesmo.",
      "Ah, ótimo, obrigada!",
    ],
    persona: { name: "Carla Mendonça" },
    expect: { mayConfirm: ["carla"], says: [{ re: /16|quatro da tarde|4 da tarde/, what: "at 16:00" }] },
  },
  {
    id: "salao-08",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "The filler 'é' between two times ('às duas é às duas e meia')",
    steps: ["quero marcar manicure quinta às duas é às duas e meia"],
    persona: { name: "priscila gomes", when: "quinta às duas e meia", service: "manicure" },
    expect: {
      book: [{ services: ["manicure"], day: "2030-06-06", at: "14:30" }],
      newClient: { name: /priscila gomes/ },
    },
  },
  {
    id: "salao-09",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "Barber in the evening with the professional named",
    steps: ["Quero cortar o cabelo com o Bruno no sábado às 7 da noite."],
    persona: { name: "André Luiz Farias", when: "sábado às 7 da noite", service: "corte masculino" },
    expect: {
      book: [{ services: ["corte masculino"], day: "2030-06-08", at: "19:00" }],
      newClient: { name: /andre luiz farias/ },
    },
  },
  {
    id: "salao-10",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Known client books for 'semana que vem' on a weekday in words",
    knownAs: "carla",
    steps: ["oi queria marcar uma escova semana que vem na quinta às quatro da tarde"],
    persona: {
      name: "carla mendonça",
      when: "quinta da semana que vem às quatro da tarde",
      service: "escova",
    },
    expect: { book: [{ services: ["escova"], day: "2030-06-13", at: "16:00", client: "carla" }] },
  },
  {
    id: "salao-11",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "A name corrected in the same sentence (booking for her sister)",
    steps: [
      "Quero marcar pedicure no sábado às 11. O nome é Luana... não, desculpa, é pra minha irmã, Luíza Prado.",
    ],
    persona: { name: "Luíza Prado", when: "sábado às 11", service: "pedicure" },
    expect: {
      book: [{ services: ["pedicure"], day: "2030-06-08", at: "11:00" }],
      newClient: { name: /luiza prado/ },
    },
  },
];

export const DEV_CALLS: EvalCall[] = [
  ...particular,
  ...compartilhado,
  ...clinica,
  ...hospital,
  ...petshop,
  ...salao,
  ...WRITES_CALLS,
  ...ANSWERS_CALLS,
  ...BOOKINGS_CALLS,
  ...MOVES_CALLS,
  ...MOVES2_CALLS,
  ...BOOKINGS2_CALLS,
  ...MIXED_CALLS,
  ...VARIED_MANAGE_CALLS,
  ...VARIED_BOOK_CALLS,
  ...VARIED_ASK_CALLS,
  ...VARIED_WRITTEN_CALLS,
  ...APART_SPOKEN_CALLS,
  ...APART_WRITTEN_CALLS,
  ...APART_RISKY_CALLS,
];
