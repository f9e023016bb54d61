// The blind set: 60 calls, 10 per kind of business, 30 written and 30 in recogniser style (held out: see ./README.md).
// Written from the product spec, the fixtures' records and issue #27's account of how callers behave, without
// reading the engine. Each expectation is what a sensible receptionist would do with the business's records.
// The clock: Monday 3 June 2030, 09:00 ('amanhã' = Tue 4; 'semana que vem' = 10 to 15 June).
import type { EvalCall, Fact } from "../types";

/** Said plainly that the business does not offer it. */
const notOffered = (what: string): Fact => ({
  re: /nao (oferecemos|fazemos|realizamos|temos|trabalhamos|atendemos|dispomos|contamos)|nao (e|eh) (um servico|oferecido|realizado)|nao (esta|consta) (entre|na lista)|infelizmente nao/,
  what: `not offered: ${what}`,
});

// ─── CONSULTORIO_PARTICULAR: Dr. Eduardo Siqueira, ophthalmologist ───────────────────────────────────────────────
// Mon-Thu 09-17, Fri 09-12. Marcelo: consulta Wed 5 10:00. Sílvia: mapeamento Thu 6 14:00, consulta Tue 11 09:30.
const PARTICULAR_CALLS: EvalCall[] = [
  {
    id: "part-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "A new patient says her name, the service, the day and the time in her first sentence",
    steps: [
      "Bom dia! Meu nome é Letícia Prado, queria marcar uma consulta com o Dr. Eduardo na quinta-feira de manhã, às 10 se tiver.",
    ],
    persona: { name: "Letícia Prado", when: "quinta às 10", yes: "Isso, pode marcar." },
    expect: {
      book: [{ services: ["consulta"], day: "2030-06-06", at: "10:00" }],
      newClient: { name: /leticia prado/ },
    },
  },
  {
    id: "part-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "Asks whether an insurer is accepted, then the price of a service priced at the evaluation; says good afternoon",
    steps: [
      "oi boa tarde é ahn vocês aceitam porto seguro",
      "e a lente de contato quanto que fica",
      "tá bom obrigada tchau",
    ],
    expect: {
      says: [
        {
          re: /^(?!.*nao (aceit|atend|trabalh)\w*[^.?!]*porto seguro).*porto seguro/,
          what: "Porto Seguro is accepted",
        },
        { re: /avaliac/, what: "the lens price is set at the evaluation" },
        { re: /tipo de lente/, what: "it depends on the type of lens" },
      ],
    },
  },
  {
    id: "part-03",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "A known patient wants to move his Wednesday consultation to Thursday 'no mesmo horário'",
    knownAs: "marcelo",
    steps: [
      "Oi, é o Marcelo. Preciso mudar minha consulta de quarta, não vou conseguir ir. Dá pra passar pra quinta no mesmo horário?",
    ],
    persona: { name: "Marcelo Tavares", when: "quinta no mesmo horário, às 10", yes: "Pode, obrigado." },
    expect: { move: [{ ref: "marcelo", day: "2030-06-06", at: "10:00" }] },
  },
  {
    id: "part-04",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "A patient with two appointments cancels 'meu horário' and, shown the other one, says 'não a outra a do dia onze'",
    knownAs: "silvia",
    steps: [
      "oi aqui é a sílvia eu queria desmarcar meu horário com o doutor eduardo",
      { say: "não a outra a do dia onze", when: /mapeamento|dia 6\b|dia seis|quinta/ },
    ],
    persona: { name: "Sílvia Andrade", pick: "a do dia onze", yes: "isso pode cancelar" },
    expect: { cancel: ["silvia-consulta"] },
  },
  {
    id: "part-05",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "A mother asks for a consultation for a 3-year-old; the service takes children from 4",
    steps: [
      "Boa tarde! Queria marcar uma consulta de vista pro meu filho, ele tem 3 anos.",
      "Ah, entendi. Então tá, obrigada!",
    ],
    persona: { name: "Carolina Meireles", done: "Não, obrigada. Tchau!" },
    expect: {
      clientNames: [/carolina meireles/],
      says: [{ re: /4 anos/, what: "children from 4 years old" }],
    },
  },
  {
    id: "part-06",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "Books a retina mapping, corrects the time to 'quinze pras dez', then asks about the preparation",
    steps: [
      "alô bom dia queria marcar um mapeamento de retina pra quarta dia doze",
      { say: "às nove é não na verdade quinze pras dez", when: /horario|hora|que horas|periodo/ },
      {
        say: "ah sim e tem algum preparo pro exame",
        when: /mais alguma|algo mais|ajudar em mais|mais alguma duvida/,
      },
    ],
    persona: { name: "joão carlos pereira", when: "quarta dia doze quinze pras dez", yes: "isso" },
    expect: {
      book: [{ services: ["mapeamento"], day: "2030-06-12", at: "09:45" }],
      newClient: { name: /joao carlos pereira/ },
      says: [
        { re: /dilat|colirio/, what: "the pupil is dilated with eye drops" },
        { re: /dirigindo|oculos escuros/, what: "do not drive; bring sunglasses" },
      ],
    },
  },
  {
    id: "part-07",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "Price, duration and parking, then 'vou ver e ligo depois' (no write)",
    steps: [
      "Quanto custa a consulta e quanto tempo demora?",
      "E tem onde estacionar aí?",
      "Tá, obrigado, vou ver minha agenda e ligo depois.",
    ],
    expect: {
      says: [
        { re: /320/, what: "R$ 320" },
        { re: /30 min|meia hora/, what: "30 minutes" },
        {
          re: /manobrista|estacionamento[^.?!]*pago|pago[^.?!]*estacionamento/,
          what: "paid valet parking in the building",
        },
      ],
    },
  },
  {
    id: "part-08",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "Asks for a surgery the office does not offer, then books a plain consultation on Friday morning",
    steps: [
      "oi vocês fazem cirurgia de miopia aquela a laser",
      "ah tá e consulta normal tem pra sexta de manhã",
    ],
    persona: { name: "cláudio ramos", when: "sexta às onze", pick: "às onze", yes: "isso pode marcar" },
    expect: {
      book: [{ services: ["consulta"], day: "2030-06-07", at: "11:00" }],
      newClient: { name: /claudio ramos/ },
      says: [notOffered("laser surgery")],
    },
  },
  {
    id: "part-09",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "A known patient calls 'só confirmando' his Wednesday consultation",
    knownAs: "marcelo",
    steps: ["Oi, é o Marcelo Tavares. Só confirmando minha consulta de quarta, tá tudo certo? Eu vou sim."],
    persona: { name: "Marcelo Tavares", yes: "Isso, confirmado." },
    expect: {
      confirm: ["marcelo"],
      says: [{ re: /\b10\b|dez horas/, what: "at 10:00" }],
    },
  },
  {
    id: "part-10",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "A new patient dictates a contact number other than the one she calls from",
    steps: [
      "bom dia queria marcar uma consulta com o doutor eduardo pra segunda dia dez às três da tarde",
      "meu nome é regina alves e anota meu celular por favor porque esse número aqui é do trabalho é onze nove nove oito sete seis cinco quatro três dois",
    ],
    persona: {
      name: "regina alves",
      phone: "onze nove nove oito sete seis cinco quatro três dois",
      when: "segunda dia dez às três da tarde",
      yes: "isso",
    },
    expect: {
      book: [{ services: ["consulta"], day: "2030-06-10", at: "15:00" }],
      newClient: { name: /regina alves/, phone: "11998765432" },
    },
  },
];

// ─── CONSULTORIO_COMPARTILHADO: Centro Terapêutico Aurora ────────────────────────────────────────────────────────
// Renata (psicologia) Mon/Wed 13-20; Priscila (fono) Tue/Thu 08-14; Kenji (acupuntura) Mon/Wed/Fri 08-12.
// Gustavo: psico Wed 5 18:00 and Mon 10 18:00. Aline: acupuntura Fri 7 09:00.
const COMPARTILHADO_CALLS: EvalCall[] = [
  {
    id: "comp-01",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Asks by meaning whether there is a lift (mother uses a walker), then about parking",
    steps: [
      "oi eu queria saber se aí tem elevador porque a minha mãe usa andador",
      "entendi e pra estacionar",
      "tá bom obrigada tchau",
    ],
    expect: {
      says: [
        { re: /escada/, what: "access by stairs only" },
        { re: /sem elevador|nao (tem|ha|possui|temos) elevador/, what: "no lift" },
        { re: /(na|da) rua|nao (tem|ha|possui|temos) estacionamento/, what: "street parking only" },
      ],
    },
  },
  {
    id: "comp-02",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "Cancels Wednesday's session and says 'não precisa remarcar'",
    knownAs: "gustavo",
    steps: [
      "Oi, é o Gustavo. Não vou poder ir na sessão de quarta. Pode cancelar, não precisa remarcar não.",
    ],
    persona: { name: "Gustavo Ribeiro", yes: "Isso, pode cancelar." },
    expect: { cancel: ["gustavo-qua"] },
  },
  {
    id: "comp-03",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Moves next Monday's session to Wednesday the 12th 'no mesmo horário'",
    knownAs: "gustavo",
    steps: [
      "oi é o gustavo eu precisava trocar a sessão de segunda dia dez pra quarta dia doze no mesmo horário",
    ],
    persona: {
      name: "gustavo ribeiro",
      pick: "a de segunda dia dez",
      when: "quarta dia doze às seis da tarde",
      yes: "isso",
    },
    expect: { move: [{ ref: "gustavo-seg", day: "2030-06-12", at: "18:00" }] },
  },
  {
    id: "comp-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Says good afternoon, asks if the speech therapist takes Unimed, then books an evaluation for her son",
    steps: [
      "Boa tarde! A fonoaudióloga de vocês atende Unimed?",
      "Ótimo. Queria marcar uma avaliação pro meu filho Pedro, ele tem 5 anos. Terça, dia 11, de manhã, pode ser?",
    ],
    persona: {
      name: "Camila Duarte",
      when: "terça, dia 11, às 9 da manhã",
      pick: "o primeiro",
      yes: "Pode sim.",
    },
    expect: {
      book: [{ services: ["fonoaudiologica"], day: "2030-06-11", between: ["08:00", "12:00"] }],
      clientNames: [/pedro/, /camila duarte/],
      says: [{ re: /unimed/, what: "Unimed accepted" }],
    },
  },
  {
    id: "comp-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Moves Friday's 9:00 acupuncture to 'quinze pras dez' the same day",
    knownAs: "aline",
    steps: [
      "oi é a aline eu tenho acupuntura sexta às nove queria passar pra quinze pras dez no mesmo dia dá",
    ],
    persona: { name: "aline costa", when: "sexta quinze pras dez", yes: "isso mesmo" },
    expect: { move: [{ ref: "aline", day: "2030-06-07", at: "09:45" }] },
  },
  {
    id: "comp-06",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Asks for a psychiatrist (not offered), an adolescent's age, the price and length; calls back later",
    steps: [
      "Vocês têm psiquiatra? Meu filho precisa de receita.",
      "E psicóloga pra adolescente de 13 anos, tem?",
      "Quanto é a sessão e quanto tempo dura?",
      "Tá ótimo, vou conversar com ele e te ligo. Obrigada, tchau!",
    ],
    expect: {
      says: [
        notOffered("psychiatry"),
        { re: /12 anos|atend\w* adolescentes/, what: "adolescents from 12 are seen" },
        { re: /200/, what: "R$ 200" },
        { re: /50 min/, what: "50 minutes" },
      ],
    },
  },
  {
    id: "comp-07",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Corrects his own name mid-sentence and books therapy on Wednesday at seven in the evening",
    steps: [
      "bom dia meu nome é ahn rafaela não desculpa rafael mendes eu queria marcar terapia com a doutora renata na quarta às sete da noite",
    ],
    persona: { name: "rafael mendes", when: "quarta às sete da noite", yes: "isso" },
    expect: {
      book: [{ services: ["psicoterapia"], day: "2030-06-05", at: "19:00" }],
      newClient: { name: /rafael mendes/ },
    },
  },
  {
    id: "comp-08",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Wants acupuncture on a Saturday (not a working day), takes Friday the 14th at 8, asks what to bring",
    steps: [
      "Queria marcar acupuntura num sábado, pode ser?",
      "Sábado não dá? Então pode ser sexta, dia 14, às 8.",
      {
        say: "Ah, preciso levar alguma coisa ou fazer algo antes?",
        when: /mais alguma|algo mais|ajudar em mais/,
      },
    ],
    persona: { name: "Denise Carvalho", when: "sexta, dia 14, às 8", yes: "Isso." },
    expect: {
      book: [{ services: ["acupuntura"], day: "2030-06-14", at: "08:00" }],
      newClient: { name: /denise carvalho/ },
      says: [
        { re: /segunda[^.?!]*sexta/, what: "acupuncture on Monday, Wednesday and Friday" },
        { re: /alimentad|roupa larga/, what: "come fed and in loose clothes" },
      ],
    },
  },
  {
    id: "comp-09",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "Wants a school report from the speech therapist; declines a transfer with 'obrigada eu ligo depois'",
    steps: [
      "oi é ahn eu queria pedir um relatório da fono pra escola do meu filho",
      "ah não precisa não obrigada eu ligo depois tchau",
    ],
    expect: { transfer: false },
  },
  {
    id: "comp-10",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "Asks for an insurer the psychologist does not take, then books privately with a CPF",
    steps: [
      "Vocês aceitam Amil na psicologia?",
      "Tá, então particular mesmo. Quero marcar com a Renata na segunda, dia 10, às 2 da tarde.",
    ],
    persona: { name: "Henrique Sales", cpf: "196.607.507-30", when: "segunda, dia 10, às 14h", yes: "Isso." },
    expect: {
      book: [{ services: ["psicoterapia"], day: "2030-06-10", at: "14:00" }],
      newClient: { name: /henrique sales/, cpf: "19660750730" },
      says: [{ re: /bradesco/, what: "only Bradesco Saúde for psychology" }],
    },
  },
];

// ─── CLINICA_DE_SAUDE: Clínica Bem Viver ─────────────────────────────────────────────────────────────────────────
// Fábio (geral) Santana Mon-Fri 08-16; Juliana (endo) Lapa Tue/Thu 13-19; Tereza (pediatria) Santana Mon/Wed/Fri
// 08-12; Rogério (coleta, vacina) Santana Mon-Sat 07-10. Roberto: coleta Thu 6 07:30. Mariana: endo Tue 11 15:00,
// geral Wed 5 10:00.
const CLINICA_CALLS: EvalCall[] = [
  {
    id: "clin-01",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "Two services in one call: the blood collection early and the consultation after, on Friday",
    steps: [
      "Bom dia! Queria marcar uma consulta com o clínico geral e aproveitar pra fazer o exame de sangue no mesmo dia. Pode ser sexta?",
      "A coleta cedinho, às 7 e meia, e a consulta depois, às 9.",
    ],
    persona: {
      name: "Sandra Mello",
      when: "sexta, coleta às 7 e meia e consulta às 9",
      yes: "Isso, pode marcar.",
    },
    expect: {
      book: [
        { services: ["exame de sangue"], day: "2030-06-07", at: "07:30" },
        { services: ["clinica geral"], day: "2030-06-07", at: "09:00" },
      ],
      newClient: { name: /sandra mello/ },
    },
  },
  {
    id: "clin-02",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'preciso mudar' the Thursday collection to Friday at the same time",
    knownAs: "roberto",
    steps: ["oi bom dia é o roberto eu preciso mudar aquela coleta de quinta pra sexta mesmo horário"],
    persona: { name: "roberto nunes", when: "sexta às sete e meia", yes: "isso pode" },
    expect: { move: [{ ref: "roberto", day: "2030-06-07", at: "07:30" }] },
  },
  {
    id: "clin-03",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "A 15-year-old is over the paediatrician's age range; the mother books the general practitioner instead",
    steps: [
      "Minha filha tem 15 anos, a pediatra ainda atende ela?",
      "Então marca com o clínico geral pra ela, amanhã às 11. O nome dela é Beatriz Costa.",
    ],
    persona: { name: "Beatriz Costa", when: "amanhã às 11", yes: "Isso." },
    expect: {
      book: [{ services: ["clinica geral"], day: "2030-06-04", at: "11:00" }],
      clientNames: [/beatriz costa/],
      says: [{ re: /14 anos/, what: "paediatrics up to 14" }],
    },
  },
  {
    id: "clin-04",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "Where the endocrinologist sees patients, parking there, and the price",
    steps: [
      "oi a endocrinologista atende em qual unidade",
      "e lá tem estacionamento",
      "ahn e quanto é a consulta",
      "tá obrigado tchau",
    ],
    expect: {
      says: [
        { re: /lapa/, what: "Unidade Lapa" },
        { re: /shopping/, what: "in Shopping Lapa (its parking)" },
        { re: /pago/, what: "paid parking" },
        { re: /350/, what: "R$ 350" },
      ],
    },
  },
  {
    id: "clin-05",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "A patient with two appointments reschedules 'a da endocrinologista, do dia 11' to Thursday the 13th at 4 pm",
    knownAs: "mariana",
    steps: [
      "Oi, é a Mariana Figueira. Queria remarcar uma consulta minha.",
      "A da endocrinologista, do dia 11. Pode passar pra quinta, dia 13, às 4 da tarde?",
    ],
    persona: {
      name: "Mariana Figueira",
      pick: "a da endocrinologista",
      when: "quinta, dia 13, às 16h",
      yes: "Isso.",
    },
    expect: { move: [{ ref: "mariana-endo", day: "2030-06-13", at: "16:00" }] },
  },
  {
    id: "clin-06",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "Flu vaccine: is it given, what to bring, Saturday hours",
    steps: [
      "oi vocês tão aplicando vacina da gripe",
      "precisa levar alguma coisa",
      "e sábado vocês abrem",
      "tá bom brigado tchau",
    ],
    expect: {
      says: [
        { re: /carteira de vacinacao/, what: "bring the vaccination card" },
        { re: /sabado[^?!]*(8|12|meio dia|meio-dia)/, what: "Saturday 8 to 12" },
      ],
    },
  },
  {
    id: "clin-07",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "Asks for MRI and a dentist, neither offered, and hangs up politely",
    steps: ["Vocês fazem ressonância magnética?", "E dentista, tem?", "Tá bom, obrigada mesmo assim. Tchau!"],
    expect: { says: [notOffered("MRI / dentistry")] },
  },
  {
    id: "clin-08",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "Gives her CPF in words before being asked, and the time with a filler",
    steps: [
      "bom dia eu queria marcar clínico geral pra amanhã meu cpf é ahn quatro dois nove cinco nove três oito dois um um zero",
      "às é dez e meia",
    ],
    persona: {
      name: "wagner lopes",
      cpf: "quatro dois nove cinco nove três oito dois um um zero",
      when: "amanhã às dez e meia",
      yes: "isso",
    },
    expect: {
      book: [{ services: ["clinica geral"], day: "2030-06-04", at: "10:30" }],
      newClient: { name: /wagner lopes/, cpf: "42959382110" },
    },
  },
  {
    id: "clin-09",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "Wants the endocrinologist on a Monday morning (she works Tue/Thu afternoons); takes Thursday at 5 pm",
    steps: [
      "Dá pra marcar consulta com a Dra. Juliana numa segunda de manhã?",
      "Ah, então quinta à tarde, dia 6, umas 5 horas.",
    ],
    persona: { name: "Lúcia Ferraz", when: "quinta, dia 6, às 17h", yes: "Pode ser." },
    expect: {
      book: [{ services: ["endocrinolog"], day: "2030-06-06", at: "17:00" }],
      newClient: { name: /lucia ferraz/ },
      says: [{ re: /terca[^.?!]*quinta/, what: "Tuesday and Thursday" }],
    },
  },
  {
    id: "clin-10",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "Confirms Wednesday's GP consultation in passing, closes with thanks",
    knownAs: "mariana",
    steps: [
      "oi é a mariana só pra confirmar a consulta de quarta com o doutor fábio eu vou sim",
      "tá ótimo brigada tchau",
    ],
    persona: { name: "mariana figueira", yes: "isso" },
    expect: {
      confirm: ["mariana-geral"],
      says: [{ re: /\b10\b|dez horas/, what: "at 10:00" }],
    },
  },
];

// ─── HOSPITAL: Hospital Santa Clara ──────────────────────────────────────────────────────────────────────────────
// Alexandre (neuro) Mon/Wed/Fri 08-13; Cristina (endoscopia) Tue/Thu 07-12; Otávio (imagem, EEG) Mon-Fri 07-19.
// Sérgio: neuro Mon 10 09:00. Lourdes: endoscopia Thu 6 08:00, tomografia Fri 7 10:00.
const HOSPITAL_CALLS: EvalCall[] = [
  {
    id: "hosp-01",
    kind: "HOSPITAL",
    style: "written",
    about: "Books an endoscopy with the day and time up front, then asks about fasting",
    steps: [
      "Bom dia, preciso agendar uma endoscopia que o médico pediu. Tem na terça, dia 11, às 7 e meia?",
      { say: "Preciso fazer jejum ou alguma coisa antes?", when: /mais alguma|algo mais|ajudar em mais/ },
    ],
    persona: { name: "Marcos Vinícius Rocha", when: "terça, dia 11, às 7h30", yes: "Isso, pode agendar." },
    expect: {
      book: [{ services: ["endoscopia"], day: "2030-06-11", at: "07:30" }],
      newClient: { name: /marcos vinicius rocha/ },
      says: [
        { re: /jejum[^.?!]*8 horas|8 horas[^.?!]*jejum/, what: "8 hours of fasting" },
        { re: /acompanhante/, what: "come with an adult companion (sedation)" },
      ],
    },
  },
  {
    id: "hosp-02",
    kind: "HOSPITAL",
    style: "asr",
    about: "An elderly patient cancels only the CT scan and keeps the endoscopy",
    knownAs: "lourdes",
    steps: [
      "oi minha filha bom dia é a lourdes eu tenho dois exames essa semana eu queria cancelar só a tomografia a endoscopia fica",
    ],
    persona: { name: "lourdes pereira", pick: "a tomografia", yes: "isso pode cancelar" },
    expect: { cancel: ["lourdes-tomo"] },
  },
  {
    id: "hosp-03",
    kind: "HOSPITAL",
    style: "written",
    about: "Moves 'segunda que vem' to another day of the same week, the day given on the next turn",
    knownAs: "sergio",
    steps: [
      "Oi, aqui é o Sérgio Paiva. Minha consulta com o neurologista é segunda que vem, né? Vou precisar passar pra outro dia da mesma semana.",
      "Pode ser na quarta, às 11.",
    ],
    persona: { name: "Sérgio Paiva", when: "quarta, dia 12, às 11", yes: "Isso." },
    expect: { move: [{ ref: "sergio", day: "2030-06-12", at: "11:00" }] },
  },
  {
    id: "hosp-04",
    kind: "HOSPITAL",
    style: "asr",
    about: "Asks about an insurer the neurologist does not take, then the private price",
    steps: [
      "alô é do hospital eu queria saber se o neurologista atende notre dame intermédica",
      "e particular quanto fica",
      "tá bom vou ver obrigado",
    ],
    expect: {
      says: [
        { re: /unimed|bradesco/, what: "the insurers taken: Unimed and Bradesco Saúde" },
        { re: /450/, what: "R$ 450" },
      ],
    },
  },
  {
    id: "hosp-05",
    kind: "HOSPITAL",
    style: "written",
    about: "An EEG for a child of a year and a half; the exam is from 2 years",
    steps: [
      "Queria marcar um eletroencefalograma para o meu filho de 1 ano e meio.",
      "Entendi. Obrigada pela informação!",
    ],
    persona: { name: "Paula Menezes", done: "Não, obrigada. Tchau!" },
    expect: { clientNames: [/paula menezes/], says: [{ re: /2 anos/, what: "from 2 years old" }] },
  },
  {
    id: "hosp-06",
    kind: "HOSPITAL",
    style: "asr",
    about: "Where the entrance is for a CT scan, parking, and the price (set by region and contrast)",
    steps: [
      "oi eu tenho que fazer uma tomografia aí onde que é a entrada",
      "e tem estacionamento",
      "e quanto custa a tomografia",
      "tá bom obrigada",
    ],
    expect: {
      says: [
        { re: /portao 3|torre b/, what: "gate 3, Torre B" },
        { re: /pago/, what: "paid parking" },
        { re: /contraste|regiao/, what: "the price depends on region and contrast" },
      ],
    },
  },
  {
    id: "hosp-07",
    kind: "HOSPITAL",
    style: "written",
    about:
      "At the read-back of an MRI booking the caller wants to check with her husband first: nothing booked",
    steps: [
      "Boa tarde. Queria agendar uma ressonância magnética pra sexta às duas da tarde.",
      {
        say: "Ah, espera, deixa eu ver com meu marido antes. Obrigada, eu ligo depois, tchau!",
        when: /confirm|posso (agendar|marcar)|correto\?|certo\?|pode ser\?|tudo certo/,
      },
    ],
    persona: { name: "Elaine Batista", when: "sexta às duas da tarde", leaves: true },
    expect: {},
  },
  {
    id: "hosp-08",
    kind: "HOSPITAL",
    style: "asr",
    about: "Books a neurology consultation and dictates a contact number (not to be read as a time)",
    steps: [
      "bom dia queria marcar consulta com neurologista sexta dia sete às nove e meia meu nome é célio marques",
      "o telefone pra contato é onze nove oito sete seis cinco quatro três dois um",
    ],
    persona: {
      name: "célio marques",
      phone: "onze nove oito sete seis cinco quatro três dois um",
      when: "sexta dia sete às nove e meia",
      yes: "isso",
    },
    expect: {
      book: [{ services: ["neurolog"], day: "2030-06-07", at: "09:30" }],
      newClient: { name: /celio marques/, phone: "11987654321" },
    },
  },
  {
    id: "hosp-09",
    kind: "HOSPITAL",
    style: "written",
    about: "Wants to talk to billing about an insurer charge: transferred",
    steps: ["Preciso falar com alguém do faturamento sobre uma cobrança do meu convênio."],
    persona: { transfer: "Pode transferir, por favor.", yes: "Sim, por favor." },
    expect: { transfer: true },
  },
  {
    id: "hosp-10",
    kind: "HOSPITAL",
    style: "asr",
    about: "Confirms Thursday's endoscopy with 'isso mesmo muito obrigada', then asks about fasting",
    knownAs: "lourdes",
    steps: [
      "oi aqui é a lourdes queria confirmar a endoscopia de quinta",
      { say: "e tem que ir de jejum né", when: /mais alguma|algo mais|ajudar em mais/ },
    ],
    persona: { name: "lourdes pereira", yes: "isso mesmo muito obrigada" },
    expect: {
      confirm: ["lourdes-endo"],
      says: [{ re: /jejum/, what: "fasting" }],
    },
  },
];

// ─── PETSHOP: Quatro Patas ───────────────────────────────────────────────────────────────────────────────────────
// Thiago (vet) Mon-Fri 09-17; Camila (banho e tosa) Tue-Sat 08-16. Fernanda (Bob): banho Thu 6 10:00.
// Paulo (Luna): consulta Wed 5 14:00.
const PETSHOP_CALLS: EvalCall[] = [
  {
    id: "pet-01",
    kind: "PETSHOP",
    style: "written",
    about: "A bath and the rabies vaccine for the same dog on the same day, each at its own time",
    steps: [
      "Oi! Queria marcar um banho pro meu cachorro, o Toby, e aproveitar pra dar a vacina antirrábica nele no mesmo dia. Pode ser sexta, dia 7?",
      "O banho às 9 e a vacina às 11.",
    ],
    persona: { name: "Renan Oliveira", when: "sexta, banho às 9 e vacina às 11", yes: "Isso, pode marcar." },
    expect: {
      book: [
        { services: ["banho"], day: "2030-06-07", at: "09:00" },
        { services: ["antirrabica"], day: "2030-06-07", at: "11:00" },
      ],
      clientNames: [/renan oliveira/, /toby/],
    },
  },
  {
    id: "pet-02",
    kind: "PETSHOP",
    style: "asr",
    about: "'precisava trocar' Bob's Thursday bath to Saturday morning",
    knownAs: "fernanda",
    steps: ["oi é a fernanda do bob eu precisava trocar o banho dele de quinta pra sábado de manhã"],
    persona: { name: "fernanda rocha", when: "sábado às nove", pick: "o primeiro", yes: "isso" },
    expect: { move: [{ ref: "fernanda", day: "2030-06-08", between: ["08:00", "12:00"] }] },
  },
  {
    id: "pet-03",
    kind: "PETSHOP",
    style: "written",
    about: "The price of bath and grooming for a poodle (set at the evaluation) and how long it takes",
    steps: [
      "Quanto fica banho e tosa num poodle?",
      "E quanto tempo leva?",
      "Beleza, obrigado. Vou pensar, tchau!",
    ],
    expect: {
      says: [
        { re: /avaliac/, what: "price set at the evaluation" },
        { re: /porte|pelagem/, what: "depends on size and coat" },
        { re: /90 min|1 hora e meia|1h30|1 hora e 30/, what: "90 minutes" },
      ],
    },
  },
  {
    id: "pet-04",
    kind: "PETSHOP",
    style: "asr",
    about: "Asks for dog hotel and training, neither offered",
    steps: [
      "oi vocês têm hotelzinho pra cachorro é que eu vou viajar",
      "e adestramento vocês fazem",
      "tá bom obrigado",
    ],
    expect: { says: [notOffered("boarding / training")] },
  },
  {
    id: "pet-05",
    kind: "PETSHOP",
    style: "written",
    about: "Asks the preparation for a cat's spaying and books it",
    steps: [
      "Quero agendar a castração da minha gata, a Mia. O que precisa fazer antes?",
      "Pode ser na quarta, dia 12, às 9?",
    ],
    persona: { name: "Larissa Campos", when: "quarta, dia 12, às 9", yes: "Pode." },
    expect: {
      book: [{ services: ["castracao"], day: "2030-06-12", at: "09:00" }],
      clientNames: [/larissa campos/, /\bmia\b/],
      says: [
        { re: /jejum/, what: "fasting" },
        { re: /12 horas/, what: "12 hours without food" },
      ],
    },
  },
  {
    id: "pet-06",
    kind: "PETSHOP",
    style: "asr",
    about: "Cancels the cat's Wednesday consultation: 'ela já melhorou não precisa remarcar'",
    knownAs: "paulo",
    steps: [
      "oi aqui é o paulo tutor da luna eu queria cancelar a consulta dela de quarta ela já melhorou não precisa remarcar não",
    ],
    persona: { name: "paulo henrique silva", yes: "isso pode cancelar obrigado" },
    expect: { cancel: ["paulo"] },
  },
  {
    id: "pet-07",
    kind: "PETSHOP",
    style: "written",
    about: "Opening days (Sunday?) and parking",
    steps: ["Vocês abrem domingo?", "E tem onde parar o carro?", "Obrigada!"],
    expect: {
      says: [
        { re: /segunda a sabado/, what: "Monday to Saturday" },
        {
          re: /vagas?[^.?!]*gratuit|gratuit[^.?!]*vagas?|estacionamento[^.?!]*gratuit/,
          what: "free spaces in front",
        },
      ],
    },
  },
  {
    id: "pet-08",
    kind: "PETSHOP",
    style: "asr",
    about: "A sick cat today in the afternoon; the tutor corrects his own name",
    steps: [
      "bom dia queria marcar consulta pro meu gato ele tá vomitando pode ser hoje à tarde",
      "meu nome é carlos é não carlos eduardo fonseca",
    ],
    persona: {
      name: "carlos eduardo fonseca",
      when: "hoje às três da tarde",
      pick: "o primeiro",
      yes: "isso",
    },
    expect: {
      book: [{ services: ["consulta"], day: "2030-06-03", between: ["12:00", "17:00"] }],
      clientNames: [/carlos eduardo fonseca/],
    },
  },
  {
    id: "pet-09",
    kind: "PETSHOP",
    style: "written",
    about: "Confirms Bob's Thursday bath and asks its price again",
    knownAs: "fernanda",
    steps: [
      "Oi, é a Fernanda. O banho do Bob tá mantido pra quinta às 10? Pode confirmar que eu levo ele.",
      { say: "Quanto tá o banho mesmo?", when: /mais alguma|algo mais|ajudar em mais/ },
    ],
    persona: { name: "Fernanda Rocha", yes: "Isso, pode confirmar." },
    expect: { confirm: ["fernanda"], says: [{ re: /\b90\b/, what: "R$ 90" }] },
  },
  {
    id: "pet-10",
    kind: "PETSHOP",
    style: "asr",
    about: "A bath 'semana que vem na terça' at 'quinze pras onze'",
    steps: ["oi queria marcar banho pra minha cachorra a pipoca semana que vem na terça", "quinze pras onze"],
    persona: { name: "sônia ribeiro", when: "terça dia onze quinze pras onze", yes: "isso" },
    expect: {
      book: [{ services: ["banho"], day: "2030-06-11", at: "10:45" }],
      clientNames: [/sonia ribeiro/, /pipoca/],
    },
  },
];

// ─── SALAO_DE_BELEZA: Espaço Glamour ─────────────────────────────────────────────────────────────────────────────
// Patrícia (cabelo) Tue-Sat 09-18; Rose (mãos e pés) Tue-Sat 09-19; Diego (barbeiro) Wed-Sat 10-19.
// Tatiane: manicure Fri 7 15:00. Bianca: corte Sat 8 10:00.
const SALAO_CALLS: EvalCall[] = [
  {
    id: "sal-01",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "Hands and feet together on Saturday at 10",
    steps: ["Oi! Queria fazer mão e pé no sábado de manhã, pode ser às 10?"],
    persona: { name: "Débora Nunes", when: "sábado às 10", yes: "Isso." },
    expect: {
      book: [{ services: ["manicure", "pedicure"], day: "2030-06-08", at: "10:00" }],
      newClient: { name: /debora nunes/ },
    },
  },
  {
    id: "sal-02",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Wants a blow-dry on Monday (closed); takes Tuesday at five in the afternoon",
    steps: ["oi queria marcar uma escova pra segunda", "ah então terça às cinco da tarde"],
    persona: { name: "kelly santos", when: "terça às cinco da tarde", yes: "isso" },
    expect: {
      book: [{ services: ["escova"], day: "2030-06-04", at: "17:00" }],
      newClient: { name: /kelly santos/ },
      says: [
        {
          re: /terca a sabado|fechado[^.?!]*segunda|segunda[^.?!]*fechado|nao abrimos|nao abre/,
          what: "closed on Monday",
        },
      ],
    },
  },
  {
    id: "sal-03",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "Moves Friday's manicure to next week 'no mesmo horário', the day given when asked",
    knownAs: "tatiane",
    steps: [
      "Oi, é a Tatiane. Vou precisar passar minha manicure de sexta pra semana que vem, no mesmo horário.",
    ],
    persona: { name: "Tatiane Reis", when: "sexta que vem, dia 14, no mesmo horário", yes: "Isso." },
    expect: { move: [{ ref: "tatiane", day: "2030-06-14", at: "15:00" }] },
  },
  {
    id: "sal-04",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "The price of a progressive straightening (set at the evaluation) and its length",
    steps: ["oi quanto custa a progressiva", "e demora quanto tempo", "tá obrigada tchau"],
    expect: {
      says: [
        { re: /avaliac/, what: "price at the evaluation" },
        { re: /comprimento|volume/, what: "depends on length and volume" },
        { re: /3 horas|180 min/, what: "3 hours" },
      ],
    },
  },
  {
    id: "sal-05",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "A 4-year-old's haircut (from 2 years), booked with the barber for the child",
    steps: [
      "Vocês cortam cabelo de criança? Meu filho tem 4 anos.",
      "Então marca com o Diego, quinta às 4 da tarde, pro Lucas.",
    ],
    persona: { name: "Mirela Soares", when: "quinta às 4 da tarde", yes: "Isso." },
    expect: {
      book: [{ services: ["corte masculino"], day: "2030-06-06", at: "16:00" }],
      clientNames: [/mirela soares/, /lucas/],
    },
  },
  {
    id: "sal-06",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Moves Saturday's haircut to 'quinze pras quatro' the same day",
    knownAs: "bianca",
    steps: [
      "oi é a bianca eu tenho corte sábado será que dá pra passar pra quinze pras quatro da tarde no mesmo dia",
    ],
    persona: { name: "bianca lopes", when: "sábado quinze pras quatro da tarde", yes: "isso" },
    expect: { move: [{ ref: "bianca", day: "2030-06-08", at: "15:45" }] },
  },
  {
    id: "sal-07",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "Asks for waxing and bridal make-up (not offered), then books just a blow-dry",
    steps: [
      "Vocês fazem depilação?",
      "E maquiagem pra casamento?",
      "Tá, então quero só uma escova na sexta às 10.",
    ],
    persona: { name: "Roberta Lins", when: "sexta às 10", yes: "Isso." },
    expect: {
      book: [{ services: ["escova"], day: "2030-06-07", at: "10:00" }],
      newClient: { name: /roberta lins/ },
      says: [notOffered("waxing / make-up")],
    },
  },
  {
    id: "sal-08",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Haircut and beard together tomorrow, but the barber starts on Wednesday; takes Wednesday at six",
    steps: [
      "fala boa tarde aqui é o anderson silva queria cortar o cabelo e fazer a barba amanhã",
      "ah então quarta às seis da tarde",
    ],
    persona: { name: "anderson silva", when: "quarta às seis da tarde", yes: "fechado" },
    expect: {
      book: [{ services: ["corte masculino", "barba"], day: "2030-06-05", at: "18:00" }],
      newClient: { name: /anderson silva/ },
      says: [{ re: /quarta/, what: "the barber works from Wednesday" }],
    },
  },
  {
    id: "sal-09",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "Checks her manicure time, then barges in with 'não, espera' over 'mais alguma coisa?' to add a blow-dry",
    knownAs: "tatiane",
    steps: [
      "Oi, é a Tatiane. Que horas é minha manicure mesmo?",
      {
        say: "Não, espera, queria também marcar uma escova antes dela, às 2 da tarde, no mesmo dia.",
        when: /mais alguma|algo mais|ajudar em mais/,
        bargeIn: true,
      },
    ],
    // No 'when': asked for a day and time she has none to give (her question was about her manicure); her blow-dry's
    // time is in her own line.
    persona: { name: "Tatiane Reis", yes: "Isso." },
    expect: {
      book: [{ services: ["escova"], day: "2030-06-07", at: "14:00", client: "tatiane" }],
      mayConfirm: ["tatiane"],
      says: [{ re: /\b15\b|tres da tarde|3 da tarde/, what: "at 15:00" }],
    },
  },
  {
    id: "sal-10",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "Payment by Pix and parking",
    steps: ["oi vocês aceitam pix", "e tem estacionamento", "tá bom brigada tchau"],
    expect: {
      says: [
        { re: /pix/, what: "Pix accepted" },
        { re: /subsolo|gratuit/, what: "free parking in the basement" },
      ],
    },
  },
];

export const BLIND_CALLS: EvalCall[] = [
  ...PARTICULAR_CALLS,
  ...COMPARTILHADO_CALLS,
  ...CLINICA_CALLS,
  ...HOSPITAL_CALLS,
  ...PETSHOP_CALLS,
  ...SALAO_CALLS,
];
