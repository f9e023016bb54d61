// Development calls managing an appointment the caller already has (`vm-*`), written on 2026-12-07 blind to the
// engine, to see how it copes with existing clients who do not follow a script: the reason first and the request at
// the end, a question before the request, the new day put as a question, an answer to the agent's question that is
// something else, self-corrections, hesitation, a caller with two appointments naming one by its service or its
// professional, a move that turns into a cancellation, a caller who asks whether it can be moved and keeps it, a
// look-up of a lost appointment, confirmations and cancellations said indirectly, and polite closings. Three of the
// fourteen must write nothing. Dates: the call's clock is Monday 3 June 2030, 09:00; amanhã = Tue 4, quarta = 5,
// quinta = 6, sexta = 7, sábado = 8, segunda que vem = 10, dia 12 = Wednesday, dia 13 = Thursday.
import type { EvalCall } from "../types";

const variedManage: EvalCall[] = [
  {
    id: "vm-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "The reason first (a daughter's school show on Wednesday afternoon), the request last as a question: Wednesday 14:00 to Thursday, same time",
    knownAs: "renata",
    steps: [
      "Bom dia, Clara. Aqui é a Renata Albuquerque. Minha filha vai se apresentar na escola quarta à tarde e eu não queria perder de jeito nenhum... Então, a minha consulta com a Dra. Beatriz: dá pra ficar pra quinta, no mesmo horário?",
    ],
    persona: { name: "Renata Albuquerque", when: "quinta, às duas da tarde", yes: "Isso, pode trocar." },
    // Dra. Beatriz works Thursdays 13–19; Otávio's return is at 15:00, so 14:00–14:40 is free.
    expect: { move: [{ ref: "renata", day: "2030-06-06", at: "14:00" }] },
  },
  {
    id: "vm-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "Asks whether the Thursday return can go to Friday (the doctor does not work Fridays), then keeps it: nothing written",
    knownAs: "otavio",
    steps: [
      "oi bom dia é o otávio hã o meu retorno lá de quinta tem jeito de jogar pra sexta de tarde",
      "ah não então deixa quieto fica na quinta mesmo valeu era só isso",
    ],
    persona: { name: "otávio mendes", yes: "não deixa como tá", leaves: true },
    expect: { mayConfirm: ["otavio"] },
  },
  {
    id: "vm-03",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "Two appointments; names the one with Dra. Sônia and puts the new day as a question: the gynaecology moved to Wed 12 at 15:00, the ECG untouched",
    knownAs: "helena",
    steps: [
      "Oi, bom dia! Helena Vasconcelos falando. Com a Dra. Sônia eu tenho horário segunda que vem, né? Não dava pra ser na quarta, dia 12, mesmo horário?",
    ],
    persona: {
      name: "Helena Vasconcelos",
      when: "quarta, dia 12, às 15h",
      pick: "o da Dra. Sônia",
      yes: "Isso mesmo.",
    },
    // Dra. Sônia works Mondays and Wednesdays 14–18.
    expect: { move: [{ ref: "helena-gineco", day: "2030-06-12", at: "15:00" }] },
  },
  {
    id: "vm-04",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "Lost the note with the date, hesitates between Thursday and Friday: Thursday at 10 said, nothing written",
    knownAs: "antonio",
    steps: [
      "alô bom dia aqui é o antônio carvalho hã eu anotei a minha consulta num papel e perdi o papel deixa eu ver acho que era quinta ou sexta que dia que é e que horas",
      "ah tá beleza então valeu era só isso",
    ],
    persona: { name: "antônio carvalho", leaves: true },
    expect: {
      mayConfirm: ["antonio"],
      says: [
        { re: /quinta/, what: "the day (Thursday the 6th)" },
        { re: /\b10(h|:00)?\b|dez horas|dez da manha/, what: "the time (10:00)" },
      ],
    },
  },
  {
    id: "vm-05",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "Two appointments; asks to move the ECG to Friday, then changes her mind and cancels it: the ECG cancelled, the gynaecology untouched",
    knownAs: "helena",
    steps: [
      "oi aqui é a helena o eletro de quarta hã tem jeito de passar pra sexta",
      "ah quer saber pensando bem cancela esse eletro de vez o meu médico falou que nem precisa mais",
    ],
    persona: { name: "helena vasconcelos", pick: "o eletro", yes: "isso cancela só o eletro" },
    expect: { cancel: ["helena-eletro"] },
  },
  {
    id: "vm-06",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Two physiotherapy sessions; explains a trip first, keeps Friday's and asks at the end to drop 'a de quarta': only Wednesday's cancelled",
    knownAs: "jorge",
    steps: [
      "Bom dia! Aqui é o Jorge Batista, faço fisioterapia com o Dr. Marcos. Essa semana vou ter que viajar na terça e só volto na quinta à noite. A de sexta eu mantenho, mas a de quarta dá pra desmarcar, por favor?",
    ],
    persona: { name: "Jorge Batista", pick: "a de quarta", yes: "Isso, só a de quarta." },
    expect: { cancel: ["jorge-qua"] },
  },
  {
    id: "vm-07",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "'pode contar comigo amanhã': tomorrow's session confirmed, said indirectly",
    knownAs: "fernanda",
    steps: ["oi é a fernanda lopes hã pode contar comigo amanhã viu na sessão com o doutor caio tô indo sim"],
    persona: {
      name: "fernanda lopes",
      yes: "isso pode deixar confirmado",
      done: "não era só isso obrigada",
    },
    expect: { confirm: ["fernanda"] },
  },
  {
    id: "vm-08",
    kind: "HOSPITAL",
    style: "written",
    about:
      "Asks first whether the cardiologist works Thursday mornings, then why, then 'se tiver às 11, eu troco': Tuesday 9:00 moved to Thursday 11:00",
    knownAs: "luiz",
    steps: [
      "Bom dia. O Dr. Henrique atende na quinta de manhã? Pergunto porque amanhã cedo vou estar preso no trabalho, não tenho como sair. Se tiver às 11, eu troco a consulta de amanhã pra lá.",
    ],
    persona: { name: "Luiz Fernando Prado", when: "quinta às 11", yes: "Pode trocar, sim." },
    // Dr. Henrique works weekdays 8–12; his only Thursday is free.
    expect: { move: [{ ref: "luiz", day: "2030-06-06", at: "11:00" }] },
  },
  {
    id: "vm-09",
    kind: "HOSPITAL",
    style: "asr",
    about:
      "Self-correction 'pra quinta não quarta' and a half hour in words: the Friday test moved to Wednesday 9:30",
    knownAs: "celia",
    steps: [
      "bom dia é a célia ramos o meu teste lá da sexta hã dá pra trocar pra quinta não quarta quarta de manhã às nove e meia",
    ],
    persona: { name: "célia ramos", when: "quarta às nove e meia da manhã", yes: "isso mesmo" },
    expect: { move: [{ ref: "celia", day: "2030-06-05", at: "09:30" }] },
  },
  {
    id: "vm-10",
    kind: "PETSHOP",
    style: "written",
    about:
      "Tells the pet's skin allergy first without a request, then answers the agent with the vet's advice and a day put as a question: the bath moved to Thu 13 at 10",
    knownAs: "patricia",
    steps: [
      "Oi, aqui é a Patrícia, a mãe do Thor. Ele tá com uma alergia na pele e a veterinária pediu pra ele ficar sem banho uns dias.",
      "Ela falou uma semana, mais ou menos. Quinta da outra semana, dia 13, no mesmo horário, tem vaga?",
    ],
    persona: {
      name: "Patrícia Moraes",
      intent: "passar o banho do Thor pra quinta, dia 13, às 10",
      when: "quinta, dia 13, às 10",
      yes: "Pode sim, obrigada!",
    },
    // Gabriel works Tuesday to Saturday 9–17.
    expect: { move: [{ ref: "patricia", day: "2030-06-13", at: "10:00" }] },
  },
  {
    id: "vm-11",
    kind: "PETSHOP",
    style: "asr",
    about:
      "Called in to work on Wednesday afternoon; asks, as a question, for the same day in the morning: the vet visit moved from 15:00 to 11:00",
    knownAs: "ricardo",
    steps: [
      "oi bom dia é o ricardo da mel então quarta à tarde me chamaram pra trabalhar hã a consulta dela não dava pra ser de manhã mesmo dia tipo onze horas",
    ],
    persona: {
      name: "ricardo alves",
      when: "quarta às onze da manhã",
      yes: "isso pode ser",
      done: "não valeu era só isso",
    },
    // Dra. Yasmin works Monday, Wednesday and Friday 10–18.
    expect: { move: [{ ref: "ricardo", day: "2030-06-05", at: "11:00" }] },
  },
  {
    id: "vm-12",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "'Se eu quisesse passar pro sábado de manhã, teria vaga?' then 'deixa na sexta mesmo': the manicure kept, nothing written",
    knownAs: "vanessa",
    steps: [
      "Oi, Duda! Aqui é a Vanessa. Uma dúvida: a minha manicure de sexta, se eu quisesse passar pro sábado de manhã, teria vaga com a Tânia?",
      "Hmm, pensando bem, sábado vai ser corrido pra mim. Deixa na sexta mesmo, tá ótimo, obrigada!",
    ],
    persona: { name: "Vanessa Lima", yes: "Não, deixa como está.", leaves: true },
    expect: { mayConfirm: ["vanessa"] },
  },
  {
    id: "vm-13",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "Hesitates about her own day ('acho que é quinta né') and corrects the hour ('umas dez não onze'): the cut moved to Saturday 11:00",
    knownAs: "carla",
    steps: [
      "oi é a carla mendonça deixa eu ver hã o meu corte acho que é quinta né eu queria passar pro sábado de manhã umas dez não onze às onze pode ser",
    ],
    persona: {
      name: "carla mendonça",
      when: "sábado às onze",
      yes: "pode tá ótimo obrigada",
      done: "não tá ótimo obrigada tchau",
    },
    // Juliana works Tuesday to Saturday 9–18.
    expect: { move: [{ ref: "carla", day: "2030-06-08", at: "11:00" }] },
  },
  {
    id: "vm-14",
    kind: "HOSPITAL",
    style: "written",
    about:
      "A cancellation with no cancel word: the doctor said the stress test is not needed, 'aquele horário de sexta pode ficar pra outra pessoa'",
    knownAs: "celia",
    steps: [
      "Boa tarde, Marina. Aqui é a Célia Ramos. Meu cardiologista reviu os meus exames e disse que o teste de esforço não vai ser necessário agora. Então aquele horário de sexta pode ficar pra outra pessoa.",
    ],
    persona: { name: "Célia Ramos", yes: "Isso, pode cancelar. Obrigada!" },
    expect: { cancel: ["celia"] },
  },
];

export const VARIED_MANAGE_CALLS: EvalCall[] = variedManage;
