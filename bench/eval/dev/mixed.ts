// Development calls of mixed kinds (`mx-*`), written on 2026-12-07 after decisions 0068 and 0069's batches to see
// how far their fixes carry to callers worded apart from them: a move for an 'imprevisto', a cancellation with no
// cancel word ('não vou mais precisar'), a confirmation said as a notice, a pet's bath with its size, two services
// as 'pé e mão', a preparation and an insurance asked in one breath, 'consigo chegar só às cinco', a look-up with
// 'né?', a blood test with its fast asked, and a cancellation after thinking aloud. Written and run once on the
// engine before any change for them. Dates: the call's clock is Monday 3 June 2030, 09:00; amanhã = Tue 4, quarta =
// 5, quinta = 6, sexta = 7.
import type { EvalCall } from "../types";

const mixed: EvalCall[] = [
  {
    id: "mx-01",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'Surgiu um imprevisto na quinta, tem como ver outro dia?': a move to Friday morning",
    knownAs: "antonio",
    steps: [
      "Bom dia. Surgiu um imprevisto na quinta, tem como ver outro dia pra minha consulta? Sexta de manhã seria ótimo.",
    ],
    persona: { name: "Antônio Carvalho", when: "sexta de manhã" },
    expect: { move: [{ ref: "antonio", day: "2030-06-07", between: ["08:00", "12:00"] }] },
  },
  {
    id: "mx-02",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "'não vou mais precisar do eletro pode tirar': a cancellation with no cancel word; the gineco stays",
    knownAs: "helena",
    steps: ["oi bom dia é a helena eu não vou mais precisar do eletro pode tirar"],
    persona: { name: "helena vasconcelos", pick: "o eletro" },
    expect: { cancel: ["helena-eletro"] },
  },
  {
    id: "mx-03",
    kind: "HOSPITAL",
    style: "written",
    about: "'Tô ligando só pra avisar que amanhã vou sim': a confirmation said as a notice",
    knownAs: "luiz",
    steps: ["Oi, tô ligando só pra avisar que amanhã eu vou sim, pode deixar confirmado."],
    persona: { name: "Luiz Fernando Prado" },
    expect: { confirm: ["luiz"] },
  },
  {
    id: "mx-04",
    kind: "PETSHOP",
    style: "asr",
    about: "A bath for a small dog, its breed said, Wednesday afternoon; only the bath",
    steps: ["oi queria agendar um banho pro meu cachorro ele é pequeno um poodle pode ser quarta à tarde"],
    persona: { name: "marcos pereira", service: "só o banho", when: "quarta à tarde" },
    expect: {
      // 'à tarde' from noon, as the engine reads it (PERIOD_RANGES) and as it offers it ('ao meio-dia, à uma …').
      book: [{ services: ["banho cao porte pequeno"], day: "2030-06-05", between: ["12:00", "17:00"] }],
      newClient: { name: /marcos pereira/ },
    },
  },
  {
    id: "mx-05",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'Queria fazer pé e mão na sexta à tarde': manicure and pedicure, both booked",
    steps: ["Oi! Queria fazer pé e mão na sexta à tarde, dá?"],
    persona: { name: "Luana Ribeiro Costa", when: "sexta à tarde" },
    expect: {
      book: [{ services: ["manicure", "pedicure"], day: "2030-06-07", between: ["12:00", "19:00"] }],
      newClient: { name: /luana ribeiro costa/ },
    },
  },
  {
    id: "mx-06",
    kind: "HOSPITAL",
    style: "asr",
    about: "The ergometric test's preparation and an insurer asked in one breath; nothing written",
    steps: [
      "alô boa tarde eu queria saber se o teste ergométrico precisa de algum preparo e se vocês aceitam sulamérica",
      "tá bom obrigada tchau",
    ],
    persona: { leaves: true },
    expect: {
      says: [
        {
          re: /tenis|fumar|cafe/,
          what: "the test's preparation (comfortable clothes, no smoking, no coffee)",
        },
        { re: /sulamerica/, what: "whether SulAmérica is accepted (Dr. Henrique takes it)" },
      ],
    },
  },
  {
    id: "mx-07",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "'sobre o meu corte de quinta eu consigo chegar só às cinco': the cut moved to 17:00 the same day",
    knownAs: "carla",
    steps: ["oi é a carla sobre o meu corte de quinta eu consigo chegar só às cinco tem problema"],
    persona: { name: "carla mendonça", when: "quinta às cinco" },
    expect: { move: [{ ref: "carla", day: "2030-06-06", at: "17:00" }] },
  },
  {
    id: "mx-08",
    kind: "PETSHOP",
    style: "written",
    about: "'A consulta dela é quarta, né? Que horas mesmo?': the time said, nothing booked",
    knownAs: "ricardo",
    steps: ["Oi, é o Ricardo, tutor da Mel. A consulta dela é quarta, né? Que horas mesmo?"],
    persona: { name: "Ricardo Alves" },
    expect: {
      mayConfirm: ["ricardo"],
      says: [{ re: /tres da tarde|15(h|:00| horas)|quinze horas/, what: "the appointment's time (15:00)" }],
    },
  },
  {
    id: "mx-09",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "A blood test tomorrow early, and whether it needs a fast: booked, and the 8 hours said",
    steps: ["Quero marcar um exame de sangue pra amanhã cedo. Precisa de jejum?"],
    persona: { name: "Sérgio Almeida Nunes", when: "amanhã às sete" },
    expect: {
      book: [{ services: ["coleta"], day: "2030-06-04", between: ["07:00", "10:00"] }],
      newClient: { name: /sergio almeida nunes/ },
      says: [{ re: /jejum de 8 horas|jejum de oito horas|8 horas|oito horas/, what: "the 8-hour fast" }],
    },
  },
  {
    id: "mx-10",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Thinking aloud, then 'pode cancelar': Tuesday's session cancelled",
    knownAs: "fernanda",
    steps: ["oi é a fernanda eu acho que não vou conseguir amanhã deixa eu ver é não dá mesmo pode cancelar"],
    persona: { name: "fernanda lopes" },
    expect: { cancel: ["fernanda"] },
  },
];

export const MIXED_CALLS: EvalCall[] = mixed;
