// Development calls of callers who ask (`va-*`), written on 2026-12-07 blind to the engine (its code unread): callers
// who ask by meaning with no keyword the agent might wait for ('precisa ir de jejum?', 'tem onde deixar o carro?',
// 'atende pelo meu plano, a Amil?' with an insurer taken or not, 'quanto fica mais ou menos?', 'demora muito?', a
// child's age, Saturday, 'tem que levar alguma coisa?', something the business does not do), follow-ups that lean on
// what was just said ('e esse aí demora?', 'e quanto tempo leva?'), two questions in one sentence, and then consent:
// a yes-word inside a closing or a postponement ('sim sim, vou pensar e retorno', 'beleza, valeu, tchau', 'tá bom,
// obrigada, eu ligo depois') that must not be taken as a yes to a booking or a transfer; a caller barging in over the
// agent's closing question with one more question; 'isso, mas não nesse dia'. 11 of the 14 expect no write; three end
// in a booking said plainly ('pode marcar sim, por favor'). Dates: the call's clock is Monday 3 June 2030, 09:00;
// amanhã = Tue 4, quarta = 5, quinta = 6, sexta = 7.
import type { EvalCall } from "../types";

/** The agent saying plainly that something is not offered. */
const NOT_OFFERED =
  /nao (fazemos|faz|temos|tem|oferec|realiz|trabalh|dispo|atend|prest)|nao e (um servico|oferecid|realizad|feit)|nao (esta|consta) (entre|na lista|disponivel|no nosso|nos nossos)|infelizmente/;

const varied: EvalCall[] = [
  {
    id: "va-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "Amil (not taken), then the private price 'mais ou menos', Wednesday afternoon's times, then 'tá bom, obrigada, vou pensar e retorno': nothing written",
    steps: [
      "Oi, bom dia! Queria saber se a doutora atende pelo meu plano, a Amil.",
      "Ah, entendi. E particular, quanto fica mais ou menos uma consulta com ela?",
      "Tem horário na quarta à tarde?",
      "Hum, tá bom, obrigada. Vou pensar e retorno, tá? Tchau.",
    ],
    persona: { yes: "Não, por enquanto não.", leaves: true },
    expect: {
      says: [
        {
          re: /nao (atende|aceita|trabalha|cobre|tem convenio)|nao e aceit|infelizmente|bradesco|sulamerica/,
          what: "that Amil is not taken (Dra. Beatriz: Bradesco Saúde, SulAmérica)",
        },
        { re: /350/, what: "the consultation's price (R$ 350)" },
      ],
    },
  },
  {
    id: "va-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "'ela pediu pra eu voltar, esse retorno é cobrado?', 'e quanto tempo dura', Tuesday morning, then 'sim sim vou ver e retorno': nothing written",
    steps: [
      "oi bom dia eu passei com a doutora tem umas três semanas e ela pediu pra eu voltar esse retorno é cobrado",
      "ah tá e quanto tempo dura mais ou menos",
      "e na terça de manhã ela atende",
      "sim sim tá bom vou ver direitinho e retorno obrigada tchau",
    ],
    persona: { yes: "não agora não", leaves: true },
    expect: {
      says: [
        {
          re: /gratuit|gratis|sem custo|sem cobranca|nao (e |tem )?(cobrad|custo|paga)|30 dias/,
          what: "that the return visit is free (within 30 days of the consultation)",
        },
        { re: /20 min/, what: "the return visit's length (20 minutes)" },
      ],
    },
  },
  {
    id: "va-03",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "A 4-year-old for therapy (from 6 only), parking and stairs in one sentence, how to talk to the psychologist first, then 'tá bom, obrigada, eu ligo depois' to any transfer: nothing written, not transferred",
    steps: [
      "Bom dia. Minha filha tem quatro anos e anda muito ansiosa. Ela pode fazer terapia com vocês?",
      "Entendi. E vocês têm onde deixar o carro, e o atendimento é no térreo? Minha mãe tem dificuldade com escada.",
      "E se eu quiser tirar uma dúvida com o psicólogo antes de marcar, como eu faço?",
      "Ah, tá bom, obrigada. Melhor eu ligar depois com calma. Tchau!",
    ],
    persona: { yes: "Não, obrigada.", transfer: "Não, obrigada.", leaves: true },
    expect: {
      says: [
        { re: /6 anos|partir d(e|os) 6\b/, what: "psychotherapy only from 6 years old" },
        {
          re: /zona azul|so na rua|estacionamento (e |so |somente |apenas )?na rua|nao (tem|temos|ha|possui|possuimos|oferece|oferecemos) estacionamento|sem estacionamento/,
          what: "no parking of its own (street only, zona azul)",
        },
        {
          re: /escada|sem elevador|nao (tem|temos|ha|possui) elevador|segundo andar|2.? andar/,
          what: "the room is up a flight of stairs (second floor, no lift)",
        },
      ],
    },
  },
  {
    id: "va-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "Physiotherapy on Amil (taken), 'tem que levar alguma coisa', then 'pode marcar sim por favor' for Friday morning: booked",
    steps: [
      "oi bom dia eu preciso fazer fisioterapia no joelho o fisioterapeuta de vocês atende pelo meu plano a amil",
      "e tem que levar alguma coisa",
      "então pode marcar sim por favor pra sexta de manhã",
    ],
    persona: {
      name: "roberto assis moura",
      service: "fisioterapia",
      when: "sexta de manhã",
      yes: "pode marcar sim por favor",
    },
    expect: {
      // Dr. Marcos: Mon/Wed/Fri 07:00-11:00, 45 minutes; Jorge has 08:00 that Friday.
      book: [{ services: ["fisioterapia"], day: "2030-06-07", between: ["07:00", "10:15"] }],
      newClient: { name: /roberto assis moura/ },
      says: [
        { re: /amil/, what: "that Amil is taken (Dr. Marcos)" },
        {
          re: /pedido|roupa confortavel/,
          what: "what to bring (the doctor's referral, comfortable clothes)",
        },
      ],
    },
  },
  {
    id: "va-05",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "Saturday and the fast asked in one sentence for a blood test, then parking, then 'beleza, valeu, ligo depois': nothing written",
    steps: [
      "Bom dia! Vocês abrem sábado pra tirar sangue, e precisa ir de jejum?",
      "E tem onde deixar o carro aí?",
      "Beleza, valeu! Vou ver se pego o pedido com o médico e ligo depois. Tchau.",
    ],
    persona: { yes: "Não, por enquanto não.", leaves: true },
    expect: {
      says: [
        {
          re: /\b7\s?(h|:00|horas)?( da manha)? (as|a|ate|e) (as )?10(h|:00)?\b/,
          what: "Saturday collection from 7 to 10",
        },
        { re: /jejum.{0,30}\b8 ?(h\b|horas)|\b8 ?(h\b|horas).{0,20}jejum/, what: "the 8-hour fast" },
        {
          re: /gratuit|gratis|sem custo|estacionamento proprio/,
          what: "free parking of its own (Unidade Centro, where blood is taken)",
        },
      ],
    },
  },
  {
    id: "va-06",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "A 4-year-old and Bradesco for the paediatrician in one sentence (not taken), the private price, which days, then 'tá bom brigado eu ligo depois': nothing written",
    steps: [
      "oi bom dia minha filha tem quatro anos a pediatra atende pelo meu plano o bradesco",
      "ah tá e particular fica quanto mais ou menos",
      "e ela atende que dia",
      "tá bom brigado eu ligo depois",
    ],
    persona: { yes: "não agora não", leaves: true },
    expect: {
      says: [
        {
          re: /unimed|nao (atende|aceita|trabalha|cobre)|nao e aceit|infelizmente/,
          what: "that the paediatrician does not take Bradesco (Unimed only)",
        },
        { re: /280/, what: "the paediatric consultation's price (R$ 280)" },
        { re: /terca.{0,60}quinta|quinta.{0,60}terca/, what: "her days (Tuesday and Thursday)" },
      ],
    },
  },
  {
    id: "va-07",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "An ECG for Thursday and 'demora muito?', then 'Isso, mas não nesse dia' moving the wish to Friday afternoon: booked on Friday, not Thursday",
    steps: [
      "Oi, bom dia. Queria marcar um eletrocardiograma pra quinta. Demora muito o exame?",
      {
        say: "Isso, mas não nesse dia não, lembrei agora que quinta eu trabalho. Sexta depois do almoço dá?",
        when: /quinta|dia (6|seis)\b|(6|seis) de junho/,
      },
    ],
    persona: {
      name: "Denise Carvalho Prado",
      service: "eletrocardiograma",
      when: "sexta depois do almoço",
      yes: "Pode marcar sim, por favor.",
    },
    expect: {
      // Dr. Rafael: weekdays 08:00-17:00; 20 minutes.
      book: [{ services: ["eletro"], day: "2030-06-07", between: ["12:00", "16:40"] }],
      newClient: { name: /denise carvalho prado/ },
      says: [{ re: /20 min/, what: "the ECG's length (20 minutes)" }],
    },
  },
  {
    id: "va-08",
    kind: "HOSPITAL",
    style: "asr",
    about:
      "An MRI (not done), then ultrasound's price (set by the region), 'e esse aí demora muito', then 'beleza valeu tchau': nothing written",
    steps: [
      "alô bom dia vocês fazem ressonância magnética",
      "ah tá e ultrassom vocês fazem quanto fica mais ou menos",
      "e esse aí demora muito",
      "beleza valeu tchau",
    ],
    persona: { yes: "não agora não", leaves: true },
    expect: {
      says: [
        { re: NOT_OFFERED, what: "that MRI is not offered" },
        {
          re: /regiao|depende|avaliac|varia/,
          what: "that the ultrasound's price depends on the region examined",
        },
        { re: /30 min|meia hora/, what: "the ultrasound's length (30 minutes)" },
      ],
    },
  },
  {
    id: "va-09",
    kind: "HOSPITAL",
    style: "written",
    about:
      "The treadmill test's fast and parking in one sentence, then a barge-in over the closing question ('Não, espera… a entrada é por onde?'), then 'ligo depois': nothing written",
    steps: [
      "Bom dia. Meu cardiologista pediu um teste de esteira. Precisa ir em jejum e tem onde deixar o carro aí?",
      {
        say: "Não, espera, só mais uma coisa: a entrada é por onde? É pelo pronto-socorro?",
        when: /mais alguma|algo mais|ajudar em|(quer|gostaria|deseja)( que eu)? (agend|marc)|posso (agendar|marcar)/,
        bargeIn: true,
      },
      "Tá bom, obrigado. Vou ver a data com o médico e ligo depois.",
    ],
    persona: { yes: "Agora não, obrigado.", leaves: true },
    expect: {
      says: [
        {
          re: /tenis|roupa|fumar|cafe/,
          what: "the test's preparation (comfortable clothes and trainers, no smoking, no coffee)",
        },
        { re: /valet|manobrista|pago/, what: "paid valet parking" },
        { re: /portao 2|cubatao/, what: "the outpatient entrance (Rua Cubatão, portão 2), not the ER" },
      ],
    },
  },
  {
    id: "va-10",
    kind: "PETSHOP",
    style: "written",
    about:
      "Dog boarding (not done), bath and grooming's price for a shih-tzu (at evaluation), 'E quanto tempo leva?', then 'Tá bom, obrigada, depois eu ligo': nothing written",
    steps: [
      "Oi! Vocês fazem hospedagem pra cachorro? Vou viajar no feriado e não tenho com quem deixar.",
      "Poxa. E banho e tosa num shih-tzu, quanto fica mais ou menos?",
      "E quanto tempo leva?",
      "Tá bom, obrigada! Depois eu ligo pra marcar. Tchau.",
    ],
    persona: { yes: "Não, por enquanto não.", leaves: true },
    expect: {
      says: [
        { re: NOT_OFFERED, what: "that boarding is not offered" },
        {
          re: /avaliac|porte|pelagem|depende/,
          what: "that bath and grooming is priced at the evaluation (size and coat)",
        },
        { re: /90|hora e meia/, what: "bath and grooming's length (90 minutes)" },
      ],
    },
  },
  {
    id: "va-11",
    kind: "PETSHOP",
    style: "asr",
    about:
      "Patrícia asks what to bring for Thor's V10 and its price, then 'pode marcar sim por favor' for Wednesday afternoon: booked for her",
    knownAs: "patricia",
    steps: [
      "oi é a patrícia mãe do thor ele tá precisando tomar a v dez tem que levar alguma coisa",
      "e quanto fica",
      "pode marcar sim por favor pra quarta à tarde",
    ],
    persona: {
      name: "patrícia moraes",
      service: "vacina v dez",
      when: "quarta à tarde",
      yes: "pode marcar sim por favor",
    },
    expect: {
      // Dra. Yasmin: Mon/Wed/Fri 10:00-18:00; 15 minutes; Ricardo's Mel has 15:00 that Wednesday.
      book: [{ services: ["v10"], day: "2030-06-05", between: ["12:00", "17:45"], client: "patricia" }],
      clientNames: [/thor/],
      says: [
        { re: /carteirinha|carteira de vacina|cartao de vacina/, what: "bring the vaccination card" },
        { re: /120/, what: "the V10's price (R$ 120)" },
      ],
    },
  },
  {
    id: "va-12",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "Eyebrow design (not done), hydration's price and length in one sentence, Saturday morning, then 'Beleza, valeu! … te ligo': nothing written",
    steps: [
      "Oi, tudo bem? Vocês fazem design de sobrancelha?",
      "Ah, que pena. E a hidratação, quanto fica e quanto tempo dura?",
      "Tem pra sábado de manhã?",
      "Beleza, valeu! Vou ver com meu marido e te ligo. Tchau!",
    ],
    persona: { yes: "Agora não, obrigada.", leaves: true },
    expect: {
      says: [
        { re: NOT_OFFERED, what: "that eyebrow design is not offered" },
        { re: /\b80( reais|,00)|r\$ ?80\b/, what: "the hydration's price (R$ 80)" },
        { re: /40 min/, what: "the hydration's length (40 minutes)" },
      ],
    },
  },
  {
    id: "va-13",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "A 4-year-old boy's haircut (from 3), price and length in one sentence, a barge-in 'não espera vocês abrem sábado', then 'tá bom brigado eu ligo depois': nothing written",
    steps: [
      "oi bom dia meu filho tem quatro anos vocês cortam cabelo de criança",
      "e quanto fica mais ou menos e demora muito",
      {
        say: "não espera e vocês abrem sábado",
        when: /mais alguma|algo mais|ajudar em|(quer|gostaria|deseja)( que eu)? (agend|marc)|posso (agendar|marcar)/,
        bargeIn: true,
      },
      "tá bom brigado eu ligo depois pra marcar tchau",
    ],
    persona: { yes: "não agora não", leaves: true },
    expect: {
      says: [
        {
          re: /3 anos|a partir d|infantil|bruno/,
          what: "that boys' cuts are done (corte infantil from 3 years, with Bruno)",
        },
        { re: /\b60( reais|,00)|r\$ ?60\b/, what: "the men's/boys' cut price (R$ 60)" },
        { re: /30 min|meia hora/, what: "the cut's length (30 minutes)" },
        {
          re: /^(?!.*nao (abrimos|abre|funciona|funcionamos|atende|atendemos|trabalha|trabalhamos)( aos| no| de| o)? sabado).*sabado/,
          what: "that it opens on Saturday (Tuesday to Saturday)",
        },
      ],
    },
  },
  {
    id: "va-14",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "Carla asks parking and the blow-dry's length in one sentence, whether it fits after her Thursday cut, then 'sim sim vou pensar e retorno': nothing written, her cut untouched",
    knownAs: "carla",
    steps: [
      "oi é a carla eu tenho corte quinta né tem onde deixar o carro aí perto e a escova demora muito",
      "hum e dá pra fazer a escova logo depois do corte",
      "sim sim vou pensar e retorno tá obrigada",
    ],
    persona: { name: "carla mendonça", yes: "não agora não", leaves: true },
    expect: {
      mayConfirm: ["carla"],
      says: [
        { re: /itapura|conveniado/, what: "the partner car park (paid, Rua Itapura)" },
        { re: /45 min/, what: "the blow-dry's length (45 minutes)" },
      ],
    },
  },
];

export const VARIED_ASK_CALLS: EvalCall[] = varied;
