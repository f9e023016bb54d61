// Development calls for grounded answers, consent and closings (docs/decisions/0067): questions by meaning answered
// from every record field (notes, descriptions, preparation, durations, insurers), short follow-ups, what is not
// offered, weekly hours and a child's minimum age, yes-words that are no yes, and the closing question. Written
// before the engine was changed for them. Dates: the call's clock is Monday 3 June 2030, 09:00; amanhã = Tue 4,
// quarta = 5, quinta = 6, sexta = 7, sábado = 8.
import type { EvalCall } from "../types";

const READBACK = /confirm|posso (agendar|marcar)|correto\?|certo\?|tudo certo/;
const ANYTHING_ELSE = /mais alguma coisa|algo mais|ajudar em mais/;

const questions: EvalCall[] = [
  {
    id: "ans-price-01",
    kind: "PETSHOP",
    style: "asr",
    about: "The price of a service set at the evaluation: what it depends on (the service's note)",
    steps: ["oi é quanto que tá o banho e tosa pra um cachorro"],
    expect: {
      says: [
        { re: /defini\w* na avaliacao/, what: "the price is set at the evaluation" },
        { re: /porte/, what: "it depends on the size (note)" },
      ],
    },
  },
  {
    id: "ans-paid-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "'É pago?' about the follow-up visit: free within 30 days (the service's note)",
    steps: ["Oi, uma dúvida: o retorno com a doutora é pago? Tenho que pagar alguma coisa?"],
    expect: {
      says: [
        { re: /gratuito|gratis|nao (e cobrado|paga)/, what: "the follow-up is free" },
        { re: /30 dias|trinta dias/, what: "within 30 days (note)" },
      ],
    },
  },
  {
    id: "ans-entrance-03",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "Where the entrance is and whether there are stairs (the location's description)",
    steps: ["oi boa tarde como é que eu faço pra entrar aí tem elevador ou é escada"],
    expect: {
      says: [
        { re: /escada/, what: "stairs only (description)" },
        { re: /interfone/, what: "the intercom (description)" },
      ],
    },
  },
  {
    id: "ans-where-04",
    kind: "HOSPITAL",
    style: "written",
    about: "Which door for the outpatient clinic, not the emergency entrance (the description)",
    steps: ["Bom dia. Eu tenho exame no ambulatório, eu entro por onde? É pela entrada do pronto-socorro?"],
    expect: {
      says: [{ re: /portao (2|dois)/, what: "gate 2 on Rua Cubatão (description)" }],
    },
  },
  {
    id: "ans-prep-05",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "What to do before a blood test, then 'e precisa levar alguma coisa'",
    steps: [
      "oi eu vou fazer coleta de sangue aí o que que eu tenho que fazer antes",
      "e precisa levar alguma coisa",
    ],
    expect: {
      says: [
        { re: /jejum de (8|oito) horas/, what: "8-hour fast (preparation)" },
        { re: /pedido medico/, what: "bring the doctor's order (preparation)" },
      ],
    },
  },
  {
    id: "ans-follow-06",
    kind: "HOSPITAL",
    style: "written",
    about: "A price, then short follow-ups about the same service: 'E demora?', 'E precisa de preparo?'",
    steps: ["Quanto custa o teste ergométrico?", "E demora muito?", "E precisa fazer alguma preparação?"],
    expect: {
      says: [
        { re: /350|trezentos e cinquenta/, what: "the price" },
        { re: /40 minutos|quarenta minutos/, what: "the duration" },
        { re: /tenis|cafe|cafeina|fumar/, what: "the preparation" },
      ],
    },
  },
  {
    id: "ans-insurer-07",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "An insurer accepted by one professional, then one nobody accepts",
    steps: ["vocês aceitam amil", "e o plano vitallis vocês pegam"],
    expect: {
      says: [
        { re: /amil com (o )?dr\.? marcos|amil.*marcos|marcos.*amil/, what: "Amil with Dr. Marcos" },
        { re: /nao atendemos vitallis|vitallis nao/, what: "Vitallis not accepted" },
      ],
    },
  },
  {
    id: "ans-notoffered-08",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "A service the salon does not offer: said plainly, nothing booked",
    steps: [
      "oi vocês fazem design de sobrancelha queria marcar pra sexta",
      "ah entendi então tá bom obrigada tchau",
    ],
    persona: { leaves: true },
    expect: { says: [{ re: /nao oferecemos/, what: "'Não oferecemos …'" }] },
  },
  {
    id: "ans-notoffered-09",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "A tomography asked for at a clinic that has no such exam: no booking of the nearest exam",
    steps: ["Bom dia, eu queria agendar uma tomografia pra amanhã de manhã.", "Ah, tá. Obrigado, tchau."],
    persona: { leaves: true },
    expect: { says: [{ re: /nao oferecemos tomografia/, what: "'Não oferecemos tomografia'" }] },
  },
];

const hours: EvalCall[] = [
  {
    id: "ans-hours-10",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "A Monday asked for at a salon closed on Mondays: the hours said, then Tuesday",
    steps: ["Oi! Queria marcar uma escova na segunda-feira às 10h."],
    persona: { name: "Letícia Ramos", when: "terça às 10h" },
    expect: {
      book: [{ services: ["escova"], day: "2030-06-04", at: "10:00" }],
      newClient: { name: /leticia ramos/ },
      says: [{ re: /terca a sabado|fechad/, what: "the weekly hours" }],
    },
  },
  {
    id: "ans-hours-11",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "Tuesday afternoon when the doctor sees only Tuesday mornings: the hours said, then Wednesday",
    knownAs: "otavio",
    steps: ["oi queria marcar uma consulta na terça às três da tarde"],
    persona: { when: "então quarta às três da tarde" },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-05", at: "15:00", client: "otavio" }],
      says: [{ re: /terca.{0,40}(8|oito)/, what: "Tuesday's morning hours" }],
    },
  },
  {
    id: "ans-child-12",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "A child under the minimum age in the service's child-age note: told no, nothing booked",
    steps: ["Boa tarde. Queria marcar uma sessão de psicoterapia pro meu filho, ele tem 4 anos."],
    persona: { name: "Renan Duarte", when: "quarta às 15h" },
    expect: { says: [{ re: /a partir de (6|seis) anos/, what: "the minimum age, 6 years" }] },
  },
  {
    id: "ans-outside-18",
    kind: "HOSPITAL",
    style: "written",
    about: "An orthopaedist asked for on a Monday morning: her days said, then Thursday",
    steps: ["Queria marcar uma consulta ortopédica na segunda às 10h."],
    persona: { name: "Sandra Melo", when: "quinta às 14h" },
    expect: {
      book: [{ services: ["consulta ortopedica"], day: "2030-06-06", at: "14:00" }],
      newClient: { name: /sandra melo/ },
      says: [{ re: /terca e quinta/, what: "Tuesdays and Thursdays" }],
    },
  },
];

const consent: EvalCall[] = [
  {
    id: "ans-consent-13",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "A yes-word inside 'eu ligo depois' at the read-back: nothing written, a polite close",
    knownAs: "helena",
    steps: [
      "oi queria marcar um eletrocardiograma pra amanhã às dez",
      { say: "tá bom obrigada eu ligo depois pra confirmar", when: READBACK },
    ],
    persona: { leaves: true },
    expect: {},
  },
  {
    id: "ans-consent-14",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'Isso, mas às 10h' at the read-back is a correction, not a yes to 11h",
    steps: [
      "Quero marcar manicure na sexta às 11h.",
      { say: "Isso, mas às 10h, na verdade.", when: READBACK },
    ],
    persona: { name: "Joana Prates" },
    expect: {
      book: [{ services: ["manicure"], day: "2030-06-07", at: "10:00" }],
      newClient: { name: /joana prates/ },
    },
  },
  {
    id: "ans-close-15",
    kind: "PETSHOP",
    style: "asr",
    about: "'vou pensar' after a price closes politely",
    steps: ["quanto custa a consulta com a veterinária", "ah tá vou pensar obrigada"],
    persona: { done: "não obrigada" },
    expect: {
      says: [
        { re: /180|cento e oitenta/, what: "the price" },
        { re: /tchau|ate logo|obrigad/, what: "a goodbye" },
      ],
    },
  },
  {
    id: "ans-bargein-16",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'Não, espera…' over 'mais alguma coisa?': the agent listens, then books",
    steps: [
      "Onde fica a Unidade Mooca?",
      { say: "Não, espera…", when: ANYTHING_ELSE, bargeIn: true },
      "Eu queria marcar uma consulta de clínica geral pra sexta às 9h.",
    ],
    persona: { name: "Tiago Moreira" },
    expect: {
      book: [{ services: ["clinica geral"], day: "2030-06-07", at: "09:00" }],
      // No address fact: the scripted barge-in cuts the turn from its first sentence (first run: not heard).
      newClient: { name: /tiago moreira/ },
    },
  },
  {
    id: "ans-closing-17",
    kind: "HOSPITAL",
    style: "asr",
    about: "Three questions one after another: 'mais alguma coisa?' is not asked three times",
    steps: ["qual que é o endereço do ambulatório", "e tem estacionamento", "e vocês aceitam unimed"],
    expect: {
      says: [
        { re: /cubatao/, what: "the address" },
        { re: /valet/, what: "valet parking (description)" },
        { re: /unimed/, what: "Unimed accepted" },
      ],
    },
  },
  {
    id: "ans-readback-19",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "'não obrigada tchau' to a transfer offer after an unknown question: no transfer, a goodbye",
    steps: ["vocês atendem em domicílio", "ah não obrigada tchau"],
    persona: { leaves: true },
    expect: {},
  },
];

// A second batch, written after the first engine changes and run once on that engine before any further change.
const batch2: EvalCall[] = [
  {
    id: "ans-b2-depends-20",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "'quanto é a coloração' then 'e depende do quê': the service's note",
    steps: ["oi quanto que é a coloração", "e depende do quê"],
    expect: {
      says: [
        { re: /defini\w* na avaliacao/, what: "set at the evaluation" },
        { re: /comprimento/, what: "depends on the hair's length (note)" },
      ],
    },
  },
  {
    id: "ans-b2-fasting-21",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'E precisa de jejum?' right after the ECG's price: no preparation recorded",
    steps: ["Quanto custa o eletrocardiograma?", "E precisa de jejum?"],
    expect: {
      says: [
        { re: /120|cento e vinte/, what: "the price" },
        { re: /eletrocardiograma nao precisa de preparo/, what: "no preparation" },
      ],
    },
  },
  {
    id: "ans-b2-insurer-22",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "An insurer no professional accepts: said plainly with those accepted",
    steps: ["Vocês atendem pelo plano da Porto Seguro?"],
    expect: {
      says: [
        { re: /porto seguro( saude)? nao|nao atendemos porto seguro/, what: "Porto Seguro not accepted" },
        { re: /sulamerica|sul america/, what: "the insurers accepted" },
      ],
    },
  },
  {
    id: "ans-b2-hotel-23",
    kind: "PETSHOP",
    style: "asr",
    about: "Pet hotel, not offered: said plainly, nothing booked",
    steps: ["oi vocês têm hotelzinho pra cachorro eu vou viajar sábado", "ah que pena tá bom obrigado tchau"],
    persona: { leaves: true },
    expect: { says: [{ re: /nao oferecemos/, what: "'Não oferecemos …'" }] },
  },
  {
    id: "ans-b2-evening-24",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "A GP at seven in the evening, outside the hours: the hours said, then a time inside them",
    knownAs: "antonio",
    steps: ["eu queria marcar uma consulta de clínica geral pra quarta às sete da noite"],
    persona: { when: "quarta às quatro da tarde" },
    expect: {
      book: [{ services: ["clinica geral"], day: "2030-06-05", at: "16:00", client: "antonio" }],
      says: [{ re: /(8|oito) horas|das oito|17|cinco da tarde|18h|7h as 18h/, what: "the hours" }],
    },
  },
  {
    id: "ans-b2-child-25",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "A boy's haircut for a two-year-old when the note says from 3: told no, nothing booked",
    steps: ["Oi! Queria marcar um corte pro meu filho de dois anos no sábado de manhã."],
    persona: { name: "Paula Souza", when: "sábado de manhã" },
    expect: { says: [{ re: /a partir de (3|tres) anos/, what: "the minimum age, 3 years" }] },
  },
  {
    id: "ans-b2-correct-26",
    kind: "HOSPITAL",
    style: "asr",
    about:
      "'tá bom mas na verdade eu queria às três' at the read-back: the correction is read back, then booked",
    knownAs: "luiz",
    steps: [
      "queria marcar um raio x pra amanhã às duas da tarde",
      { say: "tá bom mas na verdade eu queria às três", when: READBACK },
    ],
    expect: { book: [{ services: ["raio-x"], day: "2030-06-04", at: "15:00", client: "luiz" }] },
  },
  {
    id: "ans-b2-transfer-27",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "'Tá bom, obrigada, eu ligo depois' to a transfer offer: no transfer",
    steps: [
      "Vocês aceitam cartão de crédito?",
      { say: "Tá bom, obrigada, eu ligo depois.", when: /transfir/ },
    ],
    persona: { leaves: true },
    expect: {},
  },
  {
    id: "ans-b2-think-28",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "'hum vou pensar depois eu ligo' at the read-back: nothing written",
    knownAs: "renata",
    steps: [
      "quero marcar o mapeamento de pintas na quarta às três da tarde",
      { say: "hum vou pensar depois eu ligo", when: READBACK },
    ],
    persona: { leaves: true },
    expect: {},
  },
  {
    id: "ans-b2-bargein-29",
    kind: "HOSPITAL",
    style: "written",
    about: "'Não, peraí, e quanto custa?' over the closing question: answered, no goodbye",
    steps: [
      "Quanto tempo dura a ultrassonografia?",
      { say: "Não, peraí, e quanto custa?", when: ANYTHING_ELSE, bargeIn: true },
    ],
    expect: {
      // No duration fact: the scripted barge-in cuts the turn from its first sentence (first run: not heard).
      says: [{ re: /regiao examinada/, what: "the price depends on the region (note)" }],
    },
  },
];

export const ANSWERS_CALLS: EvalCall[] = [...questions, ...hours, ...consent, ...batch2];
