// Development calls for moves the blind set still wrote wrongly (docs/decisions/0068): a move said with no move verb
// ('eu tinha marcado pra sexta mas queria segunda', 'a de sexta pode ser segunda?', 'minha consulta de sexta pode ser
// às 10?', 'não dá pra mim sexta, tem segunda?', 'minha consulta é dia 12 né, consegue dia 15'), relative days and
// times ('depois de amanhã', 'semana que vem na terça', 'dia 3 do mês que vem', 'no mesmo dia só que mais tarde',
// 'uma hora mais cedo'), the old and the new day in one sentence in either order, a move said over the closing
// question, a caller with two appointments, and two callers whose 'tinha marcado … mas queria' is no move. Written
// and run once on the engine before it was changed for them. Dates: the call's clock is Monday 3 June 2030, 09:00;
// amanhã = Tue 4, depois de amanhã = Wed 5, quinta = 6, sexta = 7, sábado = 8, segunda que vem = 10, terça que vem =
// 11, dia 12 = Wednesday, dia 3 do mês que vem = Wednesday 3 July.
import type { EvalCall } from "../types";

const ANYTHING_ELSE = /mais alguma coisa|algo mais|ajudar em mais/;

const moves2: EvalCall[] = [
  {
    id: "mv2-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "'Eu tinha marcado pra quarta, mas queria quinta': a move with no move verb (Thursday 14:00)",
    knownAs: "renata",
    steps: ["Oi, aqui é a Renata. Eu tinha marcado pra quarta, mas queria quinta, no mesmo horário."],
    persona: { name: "Renata Albuquerque", when: "quinta no mesmo horário" },
    expect: { move: [{ ref: "renata", day: "2030-06-06", at: "14:00" }] },
  },
  {
    id: "mv2-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "'o meu retorno de quinta pode ser uma hora mais cedo': the same day, 15:00 → 14:00",
    knownAs: "otavio",
    steps: ["alô oi é o otávio é o meu retorno de quinta pode ser uma hora mais cedo"],
    persona: { name: "otávio mendes", when: "quinta às duas da tarde" },
    expect: { move: [{ ref: "otavio", day: "2030-06-06", at: "14:00" }] },
  },
  {
    id: "mv2-03",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "A check, then 'não espera na verdade queria passar…' over the closing question: Tuesday the 11th, 10:00",
    knownAs: "renata",
    steps: [
      "oi é a renata só queria saber que horas é a minha consulta de quarta",
      {
        say: "não espera na verdade queria passar ela pra terça da semana que vem às dez",
        when: ANYTHING_ELSE,
        bargeIn: true,
      },
    ],
    persona: { name: "renata albuquerque", when: "terça da semana que vem às dez" },
    expect: { mayConfirm: ["renata"], move: [{ ref: "renata", day: "2030-06-11", at: "10:00" }] },
  },
  {
    id: "mv2-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "Two sessions; 'não dá pra mim sexta tem segunda no mesmo horário': Friday's moved to Monday the 10th",
    knownAs: "jorge",
    steps: ["oi é o jorge olha não dá pra mim sexta a fisio tem segunda no mesmo horário"],
    persona: { name: "jorge batista", when: "segunda no mesmo horário", pick: "a de sexta" },
    expect: { move: [{ ref: "jorge-sex", day: "2030-06-10", at: "08:00" }] },
  },
  {
    id: "mv2-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "'Minha sessão é dia 4, né? Consegue dia 6 às 19h?': the old day first, then the new",
    knownAs: "fernanda",
    steps: ["Oi, é a Fernanda. Minha sessão de terapia é dia 4, né? Consegue dia 6 às 19h?"],
    persona: { name: "Fernanda Lopes", when: "dia 6 às 19h" },
    expect: { move: [{ ref: "fernanda", day: "2030-06-06", at: "19:00" }] },
  },
  {
    id: "mv2-06",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Two sessions; the new day before the old ('segunda que vem em vez de quarta'): Wednesday's moved",
    knownAs: "jorge",
    steps: ["oi é o jorge eu queria segunda que vem em vez de quarta a fisioterapia no mesmo horário"],
    persona: { name: "jorge batista", when: "segunda que vem no mesmo horário", pick: "a de quarta" },
    expect: { move: [{ ref: "jorge-qua", day: "2030-06-10", at: "08:00" }] },
  },
  {
    id: "mv2-07",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'Minha consulta de quinta pode ser às 14h?': a move to another time on the same day, read back",
    knownAs: "antonio",
    steps: ["Bom dia, é o Antônio. Minha consulta de quinta pode ser às 14h?"],
    persona: { name: "Antônio Carvalho", when: "quinta às 14h" },
    expect: { move: [{ ref: "antonio", day: "2030-06-06", at: "14:00" }] },
  },
  {
    id: "mv2-08",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "Two appointments; 'queria outro dia pra minha consulta com a ginecologista': the gineco one, Wednesday the 12th",
    knownAs: "helena",
    steps: [
      "oi é a helena eu queria outro dia pra minha consulta com a ginecologista é tem na quarta dia doze às quatro da tarde",
    ],
    persona: { name: "helena vasconcelos", when: "quarta dia doze às quatro da tarde" },
    expect: { move: [{ ref: "helena-gineco", day: "2030-06-12", at: "16:00" }] },
  },
  {
    id: "mv2-09",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "Two appointments; 'o meu eletro de quarta … no mesmo dia só que mais tarde lá pelas três': Wednesday 15:00",
    knownAs: "helena",
    steps: ["oi é a helena o meu eletro de quarta dá pra ser no mesmo dia só que mais tarde lá pelas três"],
    persona: { name: "helena vasconcelos", when: "quarta às três da tarde" },
    expect: { move: [{ ref: "helena-eletro", day: "2030-06-05", at: "15:00" }] },
  },
  {
    id: "mv2-10",
    kind: "HOSPITAL",
    style: "written",
    about: "'Eu tinha marcado pra amanhã …, mas queria depois de amanhã, no mesmo horário': Wednesday 09:00",
    knownAs: "luiz",
    steps: [
      "Bom dia, é o Luiz Fernando. Eu tinha marcado pra amanhã com o Dr. Henrique, mas queria depois de amanhã, no mesmo horário.",
    ],
    persona: { name: "Luiz Fernando Prado", when: "depois de amanhã no mesmo horário" },
    expect: { move: [{ ref: "luiz", day: "2030-06-05", at: "09:00" }] },
  },
  {
    id: "mv2-11",
    kind: "HOSPITAL",
    style: "asr",
    about: "'dá pra passar … pra semana que vem na terça às nove não às dez': Tuesday the 11th, 10:00",
    knownAs: "celia",
    steps: ["oi é a célia dá pra passar o meu teste pra semana que vem na terça às nove não às dez"],
    persona: { name: "célia ramos", when: "semana que vem na terça às dez" },
    expect: { move: [{ ref: "celia", day: "2030-06-11", at: "10:00" }] },
  },
  {
    id: "mv2-12",
    kind: "HOSPITAL",
    style: "written",
    about: "'Meu teste é dia 7, né? Consegue dia 3 do mês que vem às 10h?': Wednesday 3 July",
    knownAs: "celia",
    steps: ["Oi, é a Célia. Meu teste ergométrico é dia 7, né? Consegue dia 3 do mês que vem, às 10h?"],
    persona: { name: "Célia Ramos", when: "dia 3 de julho às 10h" },
    expect: { move: [{ ref: "celia", day: "2030-07-03", at: "10:00" }] },
  },
  {
    id: "mv2-13",
    kind: "PETSHOP",
    style: "asr",
    about: "'o banho … tá marcado pra quinta né mas queria no sábado às nove': a move, Saturday 09:00",
    knownAs: "patricia",
    steps: [
      "oi é a patrícia mãe do thor o banho dele tá marcado pra quinta né mas queria no sábado às nove da manhã",
    ],
    persona: { name: "patrícia moraes", when: "sábado às nove da manhã" },
    expect: { move: [{ ref: "patricia", day: "2030-06-08", at: "09:00" }] },
  },
  {
    id: "mv2-14",
    kind: "PETSHOP",
    style: "written",
    about: "A question, then 'Não, espera, na verdade…' over the closing question and the move: Friday 11:00",
    knownAs: "ricardo",
    steps: [
      "Oi, quanto custa a vacina V10?",
      { say: "Não, espera!", when: ANYTHING_ELSE, bargeIn: true },
      "Na verdade eu queria mudar a consulta da Mel de quarta pra sexta às 11h.",
    ],
    persona: { name: "Ricardo Alves", when: "sexta às 11h" },
    expect: { move: [{ ref: "ricardo", day: "2030-06-07", at: "11:00" }] },
  },
  {
    id: "mv2-15",
    kind: "PETSHOP",
    style: "written",
    about: "'O banho do Thor é na quinta às 10, mas pra mim seria melhor sexta, às 14h': a move, no verb",
    knownAs: "patricia",
    steps: ["Oi, é a Patrícia. O banho do Thor é na quinta às 10, mas pra mim seria melhor sexta, às 14h."],
    persona: { name: "Patrícia Moraes", when: "sexta às 14h" },
    expect: { move: [{ ref: "patricia", day: "2030-06-07", at: "14:00" }] },
  },
  {
    id: "mv2-16",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "'a de sexta a manicure pode ser sábado no mesmo horário': Saturday 14:00",
    knownAs: "vanessa",
    steps: ["oi aqui é a vanessa então a de sexta a manicure pode ser sábado no mesmo horário"],
    persona: { name: "vanessa lima", when: "sábado no mesmo horário" },
    expect: { move: [{ ref: "vanessa", day: "2030-06-08", at: "14:00" }] },
  },
  {
    id: "mv2-17",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "'Não, espera! Na verdade queria mudar meu corte de quinta pra terça que vem, às 10h' said over the closing",
    knownAs: "carla",
    steps: [
      "Oi! Vocês fazem hidratação capilar?",
      {
        say: "Não, espera! Na verdade eu queria mudar meu corte de quinta pra terça que vem, às 10h.",
        when: ANYTHING_ELSE,
        bargeIn: true,
      },
    ],
    persona: { name: "Carla Mendonça", when: "terça que vem às 10h" },
    expect: { move: [{ ref: "carla", day: "2030-06-11", at: "10:00" }] },
  },
  {
    id: "mv2-18",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "'tinha marcado a manicure pra sexta e queria marcar também uma escova': a new booking, the manicure kept",
    knownAs: "vanessa",
    steps: [
      "oi é a vanessa eu tinha marcado a manicure pra sexta e queria marcar também uma escova no mesmo dia às quatro da tarde",
    ],
    persona: { name: "vanessa lima", when: "sexta às quatro da tarde", service: "escova" },
    expect: { book: [{ services: ["escova"], day: "2030-06-07", at: "16:00", client: "vanessa" }] },
  },
  {
    id: "mv2-19",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "'Eu tinha marcado corte pra quinta, mas queria saber quanto custa a escova': a question, nothing written",
    knownAs: "carla",
    steps: ["Oi, é a Carla. Eu tinha marcado corte pra quinta, mas queria saber quanto custa a escova."],
    persona: { name: "Carla Mendonça" },
    expect: { says: [{ re: /\b70\b|setenta/, what: "the escova's price (R$ 70)" }] },
  },
  // A second batch (mv2-b2-*), written after the engine's changes of decision 0068 and run once before any change
  // for it: the new day asked for with 'seria possível', 'será que dá', and days counted from the appointment's.
  {
    id: "mv2-b2-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "'Minha consulta de quarta, seria possível quinta no mesmo horário?': Thursday 14:00",
    knownAs: "renata",
    steps: ["Oi, é a Renata. Minha consulta de quarta, seria possível quinta no mesmo horário?"],
    persona: { name: "Renata Albuquerque", when: "quinta no mesmo horário" },
    expect: { move: [{ ref: "renata", day: "2030-06-06", at: "14:00" }] },
  },
  {
    id: "mv2-b2-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "'o meu retorno de quinta seria possível na quarta às três da tarde': Wednesday 15:00",
    knownAs: "otavio",
    steps: ["alô oi aqui é o otávio o meu retorno de quinta seria possível na quarta às três da tarde"],
    persona: { name: "otávio mendes", when: "quarta às três da tarde" },
    expect: { move: [{ ref: "otavio", day: "2030-06-05", at: "15:00" }] },
  },
  {
    id: "mv2-b2-03",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "'minha sessão é dia quatro né teria como ser dois dias depois no mesmo horário': the 6th, 18:00",
    knownAs: "fernanda",
    steps: [
      "oi é a fernanda minha sessão de terapia é dia quatro né teria como ser dois dias depois no mesmo horário",
    ],
    persona: { name: "fernanda lopes", when: "dia seis no mesmo horário" },
    expect: { move: [{ ref: "fernanda", day: "2030-06-06", at: "18:00" }] },
  },
  {
    id: "mv2-b2-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Two sessions; 'A fisio de sexta, será que dá na segunda? No mesmo horário.': Monday the 10th, 08:00",
    knownAs: "jorge",
    steps: ["Oi, é o Jorge. A fisio de sexta, será que dá na segunda? No mesmo horário."],
    persona: { name: "Jorge Batista", when: "segunda no mesmo horário", pick: "a de sexta" },
    expect: { move: [{ ref: "jorge-sex", day: "2030-06-10", at: "08:00" }] },
  },
  {
    id: "mv2-b2-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "Two sessions; 'a fisioterapia de quarta teria como ser dois dias depois às nove': Friday the 7th, 09:00",
    knownAs: "jorge",
    steps: ["oi é o jorge a fisioterapia de quarta teria como ser dois dias depois às nove"],
    persona: { name: "jorge batista", when: "sexta às nove", pick: "a de quarta" },
    expect: { move: [{ ref: "jorge-qua", day: "2030-06-07", at: "09:00" }] },
  },
];

export const MOVES2_CALLS: EvalCall[] = moves2;
