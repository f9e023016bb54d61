// Development calls for the four kinds of wrong write the blind set still showed (docs/decisions/0058): a day or
// week resolved to the wrong date, two services asked for in one booking booked as one, a move booked as a new
// appointment, and an apology or filler taken into a name. Written before the engine was changed for them, from the
// category descriptions only. Dates: the call's clock is Monday 3 June 2030, 09:00; amanhã = Tue 4, depois de
// amanhã = Wed 5, quinta = 6, sexta = 7, sábado = 8, semana que vem = 10-16, dia primeiro = Monday 1 July.
import type { EvalCall } from "../types";

const NAME_Q = /nome/;

const dates: EvalCall[] = [
  {
    id: "ww-date-01",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'depois de amanhã' with an hour: Wednesday the 5th, not tomorrow",
    steps: ["Bom dia! Queria marcar um eletrocardiograma pra depois de amanhã às 10h."],
    persona: { name: "Sérgio Almeida", when: "depois de amanhã às 10h" },
    expect: {
      book: [{ services: ["eletrocardiograma"], day: "2030-06-05", at: "10:00" }],
      newClient: { name: /sergio almeida/ },
    },
  },
  {
    id: "ww-date-02",
    kind: "PETSHOP",
    style: "asr",
    about: "'sexta da outra semana': Friday of next week (the 14th)",
    steps: ["é eu queria um banho pra minha cachorrinha na sexta da outra semana às dez da manhã"],
    persona: { name: "mariana costa", when: "sexta da outra semana às dez da manhã" },
    expect: {
      book: [{ services: ["banho cao"], day: "2030-06-14", at: "10:00" }],
      newClient: { name: /mariana costa/ },
    },
  },
  {
    id: "ww-date-03",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'quarta dessa semana': this Wednesday (the 5th)",
    steps: ["Oi! Dá pra marcar uma escova na quarta dessa semana, às 15h?"],
    persona: { name: "Priscila Nunes", when: "quarta dessa semana às 15h" },
    expect: {
      book: [{ services: ["escova"], day: "2030-06-05", at: "15:00" }],
      newClient: { name: /priscila nunes/ },
    },
  },
  {
    id: "ww-date-04",
    kind: "HOSPITAL",
    style: "asr",
    about: "'dia primeiro' said at the start of June: the 1st of July (a Monday)",
    steps: ["bom dia eu queria marcar um raio x pro dia primeiro às oito da manhã"],
    persona: { name: "cláudio barbosa", when: "dia primeiro às oito da manhã" },
    expect: {
      book: [{ services: ["raio-x"], day: "2030-07-01", at: "08:00" }],
      newClient: { name: /claudio barbosa/ },
    },
  },
  {
    id: "ww-date-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "A weekday discussed first, then 'no dia 12' (a Wednesday): the 12th, not Tuesday",
    steps: [
      "Queria marcar uma sessão de psicoterapia na terça.",
      "Ah, na terça não vai dar pra mim. Pode ser no dia 12, às 15h?",
    ],
    persona: { name: "Daniela Freire", when: "no dia 12, às 15h" },
    expect: {
      book: [{ services: ["psicoterapia"], day: "2030-06-12", at: "15:00" }],
      newClient: { name: /daniela freire/ },
    },
  },
  {
    id: "ww-date-06",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'semana que vem' first, then 'quinta agora' (this Thursday): the week is not kept",
    steps: [
      "eu queria marcar uma coleta de sangue pra semana que vem",
      "hum pensando bem melhor antes pode ser quinta agora mesmo às sete e meia",
    ],
    persona: { name: "rodrigo teixeira", when: "quinta agora às sete e meia" },
    expect: {
      book: [{ services: ["coleta"], day: "2030-06-06", at: "07:30" }],
      newClient: { name: /rodrigo teixeira/ },
    },
  },
  {
    id: "ww-date-07",
    kind: "HOSPITAL",
    style: "written",
    about: "'semana que vem' in one turn, 'na quinta, às 14h' in the next: Thursday the 13th",
    steps: ["Preciso marcar uma consulta ortopédica na semana que vem.", "Na quinta, às 14h."],
    persona: { name: "Vera Lúcia Campos", when: "na quinta da semana que vem, às 14h" },
    expect: {
      book: [{ services: ["ortopedica"], day: "2030-06-13", at: "14:00" }],
      newClient: { name: /vera lucia campos/ },
    },
  },
  {
    id: "ww-date-08",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "A weekday corrected in the same breath ('na terça não quer dizer na quinta'): Thursday",
    steps: ["queria marcar manicure na terça não quer dizer na quinta às duas da tarde"],
    persona: { name: "sandra melo", when: "quinta às duas da tarde" },
    expect: {
      book: [{ services: ["manicure"], day: "2030-06-06", at: "14:00" }],
      newClient: { name: /sandra melo/ },
    },
  },
  {
    id: "ww-date-09",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "'depois de amanhã' with an afternoon hour in words",
    steps: ["oi eu queria ver uma consulta pra depois de amanhã às quatro da tarde"],
    persona: { name: "fábio rezende", when: "depois de amanhã às quatro da tarde", service: "consulta" },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-05", at: "16:00" }],
      newClient: { name: /fabio rezende/ },
    },
  },
];

// The day is in the first sentence; the caller picks the first time offered for each service (a `when` here would
// answer 'Qual fica melhor?' with the day again: fixed after the first run, see docs/decisions/0058).
const services: EvalCall[] = [
  {
    id: "ww-two-01",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "Escova and manicure (two professionals) asked together: both booked, or nothing",
    steps: ["Quero marcar uma escova e uma manicure na sexta à tarde."],
    persona: { name: "Letícia Araújo" },
    expect: {
      book: [{ services: ["escova", "manicure"], day: "2030-06-07", between: ["12:00", "18:00"] }],
      newClient: { name: /leticia araujo/ },
    },
  },
  {
    id: "ww-two-02",
    kind: "PETSHOP",
    style: "asr",
    about: "A bath and the V10 vaccine for the same dog (two professionals), Wednesday",
    steps: ["oi eu queria dar banho e a vacina v dez no meu cachorro na quarta"],
    persona: { name: "henrique souza" },
    expect: {
      book: [{ services: ["banho cao", "v10"], day: "2030-06-05" }],
      newClient: { name: /henrique souza/ },
    },
  },
  {
    id: "ww-two-03",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "A general consultation and a blood test on Thursday morning (two professionals)",
    steps: ["Queria agendar uma consulta de clínica geral e também uma coleta de sangue na quinta de manhã."],
    persona: { name: "Marta Guimarães" },
    expect: {
      book: [{ services: ["clinica geral", "coleta"], day: "2030-06-06", between: ["07:00", "12:00"] }],
      newClient: { name: /marta guimaraes/ },
    },
  },
  {
    id: "ww-two-04",
    kind: "HOSPITAL",
    style: "asr",
    about: "A cardiology consultation and an X-ray on Tuesday morning (two professionals)",
    steps: ["eu queria marcar uma consulta cardiológica e um raio x pra terça de manhã"],
    persona: { name: "joão batista" },
    expect: {
      book: [{ services: ["cardiologica", "raio-x"], day: "2030-06-04", between: ["07:00", "12:00"] }],
      newClient: { name: /joao batista/ },
    },
  },
  {
    id: "ww-two-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "Two services on two days in one sentence: physiotherapy Wednesday 9h, nutrition Thursday 9h",
    steps: [
      "Queria agendar duas coisas: uma sessão de fisioterapia na quarta às 9h e uma consulta nutricional na quinta às 9h.",
    ],
    persona: { name: "Gustavo Pereira" },
    expect: {
      book: [
        { services: ["fisioterapia"], day: "2030-06-05", at: "09:00" },
        { services: ["nutricional"], day: "2030-06-06", at: "09:00" },
      ],
      newClient: { name: /gustavo pereira/ },
    },
  },
  {
    id: "ww-two-06",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Manicure and pedicure with the same professional, Saturday at ten, said with fillers",
    steps: ["oi é queria marcar manicure e pedicure pra sábado às dez"],
    persona: { name: "tatiane rocha", when: "sábado às dez" },
    expect: {
      book: [{ services: ["manicure", "pedicure"], day: "2030-06-08", at: "10:00" }],
      newClient: { name: /tatiane rocha/ },
    },
  },
  {
    id: "ww-two-07",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "A consultation and the mole mapping the same Wednesday afternoon (same doctor)",
    steps: ["queria marcar uma consulta e também o mapeamento de pintas na quarta à tarde"],
    persona: { name: "renan oliveira" },
    expect: {
      book: [
        {
          services: ["consulta dermatologica", "mapeamento"],
          day: "2030-06-05",
          between: ["13:00", "19:00"],
        },
      ],
      newClient: { name: /renan oliveira/ },
    },
  },
];

const moves: EvalCall[] = [
  {
    id: "ww-move-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "'passar minha consulta de quarta pra quinta': a move, not a second booking",
    knownAs: "renata",
    steps: ["Oi, queria passar minha consulta de quarta pra quinta às 16h."],
    persona: { name: "Renata Albuquerque", when: "quinta às 16h" },
    expect: { move: [{ ref: "renata", day: "2030-06-06", at: "16:00" }] },
  },
  {
    id: "ww-move-02",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'tenho uma consulta na quinta e queria marcar pra outro dia': a move worded with 'marcar'",
    knownAs: "antonio",
    steps: ["oi eu tenho uma consulta na quinta e queria marcar ela pra outro dia pode ser sexta às dez"],
    persona: { name: "antônio carvalho", when: "sexta às dez" },
    expect: { move: [{ ref: "antonio", day: "2030-06-07", at: "10:00" }] },
  },
  {
    id: "ww-move-03",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'trocar o dia do meu corte' from a known caller who introduces herself",
    knownAs: "carla",
    steps: ["Oi, é a Carla. Vou precisar trocar o dia do meu corte, consegue sábado às 10?"],
    persona: { name: "Carla Mendonça", when: "sábado às 10" },
    expect: { move: [{ ref: "carla", day: "2030-06-08", at: "10:00" }] },
  },
  {
    id: "ww-move-04",
    kind: "PETSHOP",
    style: "asr",
    about: "'marquei … não vou poder levar, queria agendar pra sexta': a move worded with 'agendar'",
    knownAs: "patricia",
    steps: [
      "oi então eu marquei o banho da minha cachorra pra quinta mas não vou poder levar queria agendar pra sexta às duas da tarde",
    ],
    persona: { name: "patrícia moraes", when: "sexta às duas da tarde" },
    expect: { move: [{ ref: "patricia", day: "2030-06-07", at: "14:00" }] },
  },
  {
    id: "ww-move-05",
    kind: "HOSPITAL",
    style: "written",
    about: "'tenho um teste na sexta e queria marcar para segunda que vem no mesmo horário'",
    knownAs: "celia",
    steps: [
      "Bom dia. Tenho um teste ergométrico na sexta e queria marcar para segunda que vem no mesmo horário.",
    ],
    persona: { name: "Célia Ramos", when: "segunda que vem às 10h" },
    expect: { move: [{ ref: "celia", day: "2030-06-10", at: "10:00" }] },
  },
  {
    id: "ww-move-06",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "'agendar minha sessão de terça pra quarta' from a known caller: a move",
    knownAs: "fernanda",
    steps: ["oi é a fernanda eu queria agendar minha sessão de terça pra quarta às dezoito horas"],
    persona: { name: "fernanda lopes", when: "quarta às dezoito horas" },
    expect: { move: [{ ref: "fernanda", day: "2030-06-05", at: "18:00" }] },
  },
  {
    id: "ww-move-07",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'não vou conseguir ir no eletro de quarta, dá pra marcar na sexta': a move of that appointment",
    knownAs: "helena",
    steps: ["Oi, não vou conseguir ir no eletro de quarta. Dá pra marcar na sexta às 11h?"],
    persona: { name: "Helena Vasconcelos", when: "sexta às 11h" },
    expect: { move: [{ ref: "helena-eletro", day: "2030-06-07", at: "11:00" }] },
  },
];

const names: EvalCall[] = [
  {
    id: "ww-name-01",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'Desculpa, Rafael Menezes.' at the name question",
    steps: [
      "Quero marcar uma consulta de clínica geral amanhã às 9h.",
      { say: "Desculpa, Rafael Menezes.", when: NAME_Q },
    ],
    persona: { name: "Rafael Menezes", when: "amanhã às 9h" },
    expect: {
      book: [{ services: ["clinica geral"], day: "2030-06-04", at: "09:00" }],
      newClient: { name: /^rafael menezes$/ },
    },
  },
  {
    id: "ww-name-02",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "'perdão é bianca souza' at the name question",
    steps: ["queria marcar uma escova pra quinta às onze", { say: "perdão é bianca souza", when: NAME_Q }],
    persona: { name: "bianca souza", when: "quinta às onze" },
    expect: {
      book: [{ services: ["escova"], day: "2030-06-06", at: "11:00" }],
      newClient: { name: /^bianca souza$/ },
    },
  },
  {
    id: "ww-name-03",
    kind: "PETSHOP",
    style: "written",
    about: "'Ah tá, Rafael Lima.' at the name question",
    steps: [
      "Queria marcar uma consulta veterinária na quarta às 11h.",
      { say: "Ah tá, Rafael Lima.", when: NAME_Q },
    ],
    persona: { name: "Rafael Lima", when: "quarta às 11h" },
    expect: {
      book: [{ services: ["veterinaria"], day: "2030-06-05", at: "11:00" }],
      newClient: { name: /^rafael lima$/ },
    },
  },
  {
    id: "ww-name-04",
    kind: "HOSPITAL",
    style: "asr",
    about: "'ah desculpa é marcos vieira' at the name question",
    steps: [
      "eu preciso marcar um raio x pra amanhã às nove",
      { say: "ah desculpa é marcos vieira", when: NAME_Q },
    ],
    persona: { name: "marcos vieira", when: "amanhã às nove" },
    expect: {
      book: [{ services: ["raio-x"], day: "2030-06-04", at: "09:00" }],
      newClient: { name: /^marcos vieira$/ },
    },
  },
  {
    id: "ww-name-05",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "'Perdão, é Juliana Costa.' at the name question",
    steps: [
      "Gostaria de agendar uma consulta dermatológica na quinta às 14h.",
      { say: "Perdão, é Juliana Costa.", when: NAME_Q },
    ],
    persona: { name: "Juliana Costa", when: "quinta às 14h" },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-06", at: "14:00" }],
      newClient: { name: /^juliana costa$/ },
    },
  },
  {
    id: "ww-name-06",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "'hum então é roberto dias' at the name question",
    steps: [
      "queria marcar uma sessão de fisioterapia na sexta às nove",
      { say: "hum então é roberto dias", when: NAME_Q },
    ],
    persona: { name: "roberto dias", when: "sexta às nove" },
    expect: {
      book: [{ services: ["fisioterapia"], day: "2030-06-07", at: "09:00" }],
      newClient: { name: /^roberto dias$/ },
    },
  },
  {
    id: "ww-name-07",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'ah sim claro desculpa é ana paula ribeiro' at the name question",
    steps: [
      "queria marcar uma coleta de sangue pra sexta às oito",
      { say: "ah sim claro desculpa é ana paula ribeiro", when: NAME_Q },
    ],
    persona: { name: "ana paula ribeiro", when: "sexta às oito" },
    expect: {
      book: [{ services: ["coleta"], day: "2030-06-07", at: "08:00" }],
      newClient: { name: /^ana paula ribeiro$/ },
    },
  },
];

// A second batch, written after the engine changes for the first and run once on the changed engine before any
// further change (its first run is in docs/decisions/0058): the same four kinds, other words.
const second: EvalCall[] = [
  {
    id: "ww-b2-01",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "'quinta não sexta' self-correction between weekdays, with an hour in words",
    steps: ["oi queria marcar uma sessão de fisioterapia quinta não sexta às nove"],
    persona: { name: "débora martins" },
    expect: {
      book: [{ services: ["fisioterapia"], day: "2030-06-07", at: "09:00" }],
      newClient: { name: /debora martins/ },
    },
  },
  {
    id: "ww-b2-02",
    kind: "HOSPITAL",
    style: "written",
    about: "'semana que vem' in the first turn, 'na terça de manhã' in the second, then a time",
    steps: ["Quero agendar um raio-x pra semana que vem.", "Na terça de manhã.", "Pode ser às 9h."],
    persona: { name: "Otávio Ribeiro" },
    expect: {
      book: [{ services: ["raio-x"], day: "2030-06-11", at: "09:00" }],
      newClient: { name: /otavio ribeiro/ },
    },
  },
  {
    id: "ww-b2-03",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "A second service added in a later turn ('e aproveita e marca uma pedicure também')",
    steps: ["Oi, quero fazer uma escova no sábado às 10h.", "Ah, e aproveita e marca uma pedicure também."],
    persona: { name: "Raquel Antunes" },
    expect: {
      book: [{ services: ["escova", "pedicure"], day: "2030-06-08", between: ["10:00", "18:00"] }],
      newClient: { name: /raquel antunes/ },
    },
  },
  {
    id: "ww-b2-04",
    kind: "PETSHOP",
    style: "asr",
    about: "A vet consultation and the V10 the same day, joined by 'e depois'",
    steps: ["eu queria uma consulta veterinária e depois a vacina v10 pra minha gata na sexta de tarde"],
    persona: { name: "luciana prado" },
    expect: {
      book: [{ services: ["veterinaria", "v10"], day: "2030-06-07", between: ["12:00", "18:00"] }],
      newClient: { name: /luciana prado/ },
    },
  },
  {
    id: "ww-b2-05",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'tá marcada pra quarta' and 'queria jogar pra sexta': a move of the ECG",
    knownAs: "helena",
    steps: [
      "oi aqui é a helena o meu eletro tá marcado pra quarta mas surgiu um imprevisto dá pra jogar pra sexta às onze",
    ],
    persona: { name: "helena vasconcelos" },
    expect: { move: [{ ref: "helena-eletro", day: "2030-06-07", at: "11:00" }] },
  },
  {
    id: "ww-b2-06",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'Marquei uma manicure pra sexta, mas queria agendar pra sábado no mesmo horário'",
    knownAs: "vanessa",
    steps: ["Oi, eu marquei uma manicure pra sexta, mas queria agendar pra sábado no mesmo horário."],
    persona: { name: "Vanessa Lima" },
    expect: { move: [{ ref: "vanessa", day: "2030-06-08", at: "14:00" }] },
  },
  {
    id: "ww-b2-07",
    kind: "HOSPITAL",
    style: "asr",
    about: "'é… desculpa… é paulo henrique' at the name question",
    steps: [
      "eu queria marcar uma ultrassonografia pra quinta às dez",
      { say: "é desculpa é paulo henrique gomes", when: NAME_Q },
    ],
    persona: { name: "paulo henrique gomes" },
    expect: {
      book: [{ services: ["ultrassonografia"], day: "2030-06-06", at: "10:00" }],
      newClient: { name: /^paulo henrique gomes$/ },
    },
  },
  {
    id: "ww-b2-08",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "'Ah, perdão! Meu nome é Tânia Bastos.' at the name question",
    steps: [
      "Queria marcar um mapeamento de pintas na quarta às 15h.",
      { say: "Ah, perdão! Meu nome é Tânia Bastos.", when: NAME_Q },
    ],
    persona: { name: "Tânia Bastos" },
    expect: {
      book: [{ services: ["mapeamento"], day: "2030-06-05", at: "15:00" }],
      newClient: { name: /^tania bastos$/ },
    },
  },
];

export const WRITES_CALLS: EvalCall[] = [...dates, ...services, ...moves, ...names, ...second];
