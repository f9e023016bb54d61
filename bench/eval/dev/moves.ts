// Development calls for callers managing an appointment they already have (issue #27: "Intents in any phrasing",
// "Consent, negation", "Dates and times"; docs/decisions/0065): indirect moves and confirmations, a refused
// reschedule, a move beside 'não vou conseguir ir', 'não, a outra' at a read-back, a weekday that disagrees with the
// day of the month, 'no mesmo horário', the week of 'semana que vem' kept, 'Boa tarde', minutes to the hour, the
// filler 'é', a dictated phone number. Written and run once on the engine before it was changed for them. Dates: the
// call's clock is Monday 3 June 2030, 09:00; quarta = 5, quinta = 6, sexta = 7, sábado = 8, semana que vem = 10-14
// (dia 12 = Wednesday, dia 14 = Friday).
import type { EvalCall } from "../types";

const moves: EvalCall[] = [
  {
    id: "mv-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "'preciso mudar minha consulta de quarta': a move, not a new booking",
    knownAs: "renata",
    steps: ["Oi, bom dia. Preciso mudar minha consulta de quarta. Teria na quinta às 16h?"],
    persona: { name: "Renata Albuquerque", when: "quinta às 16h" },
    expect: { move: [{ ref: "renata", day: "2030-06-06", at: "16:00" }] },
  },
  {
    id: "mv-02",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'é sobre a minha consulta de quinta eu precisava trocar' with 'quinze pras dez' (09:45)",
    knownAs: "antonio",
    steps: ["oi bom dia é sobre a minha consulta de quinta eu precisava trocar pra sexta quinze pras dez"],
    persona: { name: "antônio carvalho", when: "sexta quinze pras dez" },
    expect: { move: [{ ref: "antonio", day: "2030-06-07", at: "09:45" }] },
  },
  {
    id: "mv-03",
    kind: "HOSPITAL",
    style: "written",
    about: "'Boa tarde! Só confirmando minha consulta de amanhã': a confirmation, the morning time kept",
    knownAs: "luiz",
    steps: ["Boa tarde! Só confirmando minha consulta de amanhã com o Dr. Henrique."],
    persona: { name: "Luiz Fernando Prado" },
    expect: {
      confirm: ["luiz"],
      says: [{ re: /\b9h|9 horas|nove horas|09:00/, what: "the appointment's time (09:00)" }],
    },
  },
  {
    id: "mv-04",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "'queria ver se tá marcado a minha manicure': a look-up, nothing booked",
    knownAs: "vanessa",
    steps: ["oi tudo bem queria ver se tá marcado a minha manicure"],
    persona: { name: "vanessa lima" },
    expect: {
      mayConfirm: ["vanessa"],
      says: [
        { re: /sexta|dia 7/, what: "the appointment's day (Friday the 7th)" },
        { re: /\b14h|14 horas|duas da tarde|14:00/, what: "the appointment's time (14:00)" },
      ],
    },
  },
  {
    id: "mv-05",
    kind: "PETSHOP",
    style: "written",
    about: "'Não quero remarcar, quero cancelar': a cancellation, no reschedule started",
    knownAs: "patricia",
    steps: [
      "Oi, é a Patrícia. Tenho um banho marcado na quinta mas não vou conseguir levar. Não quero remarcar não, quero cancelar mesmo.",
    ],
    persona: { name: "Patrícia Moraes" },
    expect: { cancel: ["patricia"] },
  },
  {
    id: "mv-06",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "'não vou conseguir ir … dá pra passar pro dia cinco': the move wins over the cancellation cue",
    knownAs: "fernanda",
    steps: [
      "oi é a fernanda não vou conseguir ir na terapia de terça dá pra passar pro dia cinco às seis da tarde",
    ],
    persona: { name: "fernanda lopes", when: "dia cinco às seis da tarde" },
    expect: { move: [{ ref: "fernanda", day: "2030-06-05", at: "18:00" }] },
  },
  {
    id: "mv-07",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Two sessions; the Wednesday one's move read back, 'Não, a outra, a de sexta' moves Friday's instead",
    knownAs: "jorge",
    steps: [
      "Oi, é o Jorge. Queria passar minha fisioterapia de quarta pra segunda que vem, às 8h.",
      { say: "Não, a outra, a de sexta.", when: /confirm/ },
    ],
    persona: { name: "Jorge Batista", when: "segunda que vem às 8h", pick: "a de sexta" },
    expect: { move: [{ ref: "jorge-sex", day: "2030-06-10", at: "08:00" }] },
  },
  {
    id: "mv-08",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'quinta, dia 14' when the 14th is a Friday: asked, never guessed",
    knownAs: "helena",
    steps: [
      "Oi, é a Helena. Preciso mudar meu eletro para quinta, dia 14, às 9h.",
      { say: "Sexta, dia 14.", when: /quinta|sexta|dia 13|dia 14/ },
    ],
    persona: { name: "Helena Vasconcelos", when: "sexta, dia 14, às 9h" },
    expect: { move: [{ ref: "helena-eletro", day: "2030-06-14", at: "09:00" }] },
  },
  {
    id: "mv-09",
    kind: "HOSPITAL",
    style: "asr",
    about: "'trocar pra semana que vem', then 'na quarta no mesmo horário' (Wednesday the 12th, 10:00)",
    knownAs: "celia",
    steps: [
      "oi bom dia eu precisava trocar o meu teste ergométrico pra semana que vem",
      "pode ser na quarta no mesmo horário",
    ],
    persona: { name: "célia ramos", when: "quarta no mesmo horário" },
    expect: { move: [{ ref: "celia", day: "2030-06-12", at: "10:00" }] },
  },
  {
    id: "mv-10",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'Boa tarde! É sobre o meu corte de quinta … sábado no mesmo horário': Saturday 16:00",
    knownAs: "carla",
    steps: ["Boa tarde! É sobre o meu corte de quinta. Dá pra passar pro sábado no mesmo horário?"],
    persona: { name: "Carla Mendonça", when: "sábado no mesmo horário" },
    expect: { move: [{ ref: "carla", day: "2030-06-08", at: "16:00" }] },
  },
  {
    id: "mv-11",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "'pra quarta às três é… três e meia': the filler 'é' is no 'e' (15:30)",
    knownAs: "otavio",
    steps: ["oi é o otávio eu queria mudar o meu retorno pra quarta às três é três e meia"],
    persona: { name: "otávio mendes", when: "quarta às três e meia" },
    expect: { move: [{ ref: "otavio", day: "2030-06-05", at: "15:30" }] },
  },
  {
    id: "mv-12",
    kind: "PETSHOP",
    style: "asr",
    about: "'jogar pra sexta dez pras três': 14:50, in the afternoon",
    knownAs: "ricardo",
    steps: ["oi é o ricardo da mel a consulta dela de quarta dá pra jogar pra sexta dez pras três"],
    persona: { name: "ricardo alves", when: "sexta dez pras três da tarde" },
    expect: { move: [{ ref: "ricardo", day: "2030-06-07", at: "14:50" }] },
  },
  {
    id: "mv-13",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'só confirmando: … tá marcada pra quinta às 10, né?': the time checked, nothing moved",
    knownAs: "antonio",
    steps: ["Oi, só confirmando: minha consulta com o Dr. Rafael tá marcada pra quinta às 10, né?"],
    persona: { name: "Antônio Carvalho" },
    expect: {
      mayConfirm: ["antonio"],
      says: [{ re: /quinta|dia 6/, what: "the appointment's day (Thursday the 6th)" }],
    },
  },
  {
    id: "mv-14",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "A move with a dictated phone number after the time: the number is no time",
    knownAs: "helena",
    steps: [
      "oi é a helena preciso mudar a minha ginecologista do dia dez pra quarta dia doze às três da tarde qualquer coisa meu celular é nove sete três três três quatro quatro cinco cinco",
    ],
    persona: { name: "helena vasconcelos", when: "quarta dia doze às três da tarde" },
    expect: { move: [{ ref: "helena-gineco", day: "2030-06-12", at: "15:00" }] },
  },
  {
    id: "mv-15",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "'remarcar a manicure' → 'pra semana que vem' → 'terça no mesmo horário' (Tuesday the 11th, 14:00)",
    knownAs: "vanessa",
    steps: [
      "oi eu preciso remarcar a minha manicure de sexta",
      "pra semana que vem",
      "na terça no mesmo horário",
    ],
    persona: { name: "vanessa lima", when: "terça no mesmo horário" },
    expect: { move: [{ ref: "vanessa", day: "2030-06-11", at: "14:00" }] },
  },
  {
    id: "mv-16",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Confirming: the Wednesday session read back, 'não a outra a do dia sete' confirms Friday's",
    knownAs: "jorge",
    steps: [
      "oi é o jorge queria confirmar a minha fisioterapia",
      { say: "não a outra a do dia sete", when: /^(?!.*sexta).*(quarta|dia 5)/ },
    ],
    persona: { name: "jorge batista", pick: "a do dia sete" },
    expect: { confirm: ["jorge-sex"] },
  },
  {
    id: "mv-17",
    kind: "HOSPITAL",
    style: "written",
    about: "'não vou poder ir e não precisa remarcar, pode cancelar': a cancellation",
    knownAs: "luiz",
    steps: [
      "Bom dia, é o Luiz. Sobre a minha consulta de amanhã com o cardiologista: não vou poder ir, e não precisa remarcar, pode cancelar.",
    ],
    persona: { name: "Luiz Fernando Prado" },
    expect: { cancel: ["luiz"] },
  },
];

export const MOVES_CALLS: EvalCall[] = moves;
