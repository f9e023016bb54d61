// Development calls for bookings said in any order (issue #27: "Information in any order", "Stuck on one slot",
// "Names", two services, a contact number; docs/decisions/0066): a name, CPF or phone given before it is asked or at
// a yes/no question, a known caller introducing themself, a later 'meu nome é…', chained corrections and spelled
// letters, a time phrase at the name question, two services at 'Qual serviço?' or with 'e já aproveitar pra…', a
// second booking at 'Posso ajudar em mais alguma coisa?', another contact number, a professional misheard or left
// open. Written before the engine was changed for them. Dates: the call's clock is Monday 3 June 2030, 09:00;
// terça = 4, quarta = 5, quinta = 6, sexta = 7, sábado = 8.
import type { EvalCall } from "../types";

const introduced: EvalCall[] = [
  {
    id: "bk-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "A known caller introduces herself by full name with the request: booked for her, no new patient",
    knownAs: "renata",
    steps: ["Oi, aqui é a Renata Albuquerque. Queria marcar um mapeamento de pintas na quinta às 14h."],
    persona: { name: "Renata Albuquerque", when: "quinta às 14h" },
    expect: {
      book: [{ services: ["mapeamento"], day: "2030-06-06", at: "14:00", client: "renata" }],
    },
  },
  {
    id: "bk-02",
    kind: "HOSPITAL",
    style: "asr",
    about: "A known caller says only her first name ('é a célia'): identified, booked for her",
    knownAs: "celia",
    steps: ["alô é a célia queria marcar uma consulta cardiológica na sexta às nove"],
    persona: { name: "célia ramos", when: "sexta às nove" },
    expect: {
      book: [{ services: ["cardiologica"], day: "2030-06-07", at: "09:00", client: "celia" }],
    },
  },
  {
    id: "bk-03",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "Someone else on the client's phone: 'não é a esposa dele cláudia mendes' at 'Estou falando com …?'",
    knownAs: "otavio",
    steps: [
      "oi bom dia eu queria marcar uma consulta dermatológica pra mim na quarta às quatro da tarde",
      { say: "não é a esposa dele cláudia mendes", when: /falando com/ },
    ],
    persona: { name: "cláudia mendes", when: "quarta às quatro da tarde" },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-05", at: "16:00" }],
      newClient: { name: /^claudia mendes$/ },
    },
  },
  {
    id: "bk-04",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "Name and CPF in words volunteered in the first sentence: neither asked, both stored",
    steps: [
      "oi meu nome é fernanda costa meu cpf é um um um quatro quatro quatro sete sete sete três cinco queria marcar uma aplicação de toxina botulínica na terça às nove",
    ],
    persona: { name: "fernanda costa", cpf: "um um um quatro quatro quatro sete sete sete três cinco" },
    expect: {
      book: [{ services: ["toxina"], day: "2030-06-04", at: "09:00" }],
      newClient: { name: /^fernanda costa$/, cpf: "11144477735" },
    },
  },
];

const atYesNo: EvalCall[] = [
  {
    id: "bk-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "CPF skipped when asked, then given with the yes to the read-back: stored",
    steps: ["Boa tarde! Quero agendar uma sessão de fisioterapia na sexta às 9h."],
    persona: {
      name: "Beatriz Rocha",
      cpf: "Não sei de cabeça.",
      yes: "Sim, pode confirmar. Ah, achei meu CPF: 529.982.247-25.",
    },
    expect: {
      book: [{ services: ["fisioterapia"], day: "2030-06-07", at: "09:00" }],
      newClient: { name: /^beatriz rocha$/, cpf: "52998224725" },
    },
  },
  {
    id: "bk-06",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "The name said with the pick of an offered time, before it was asked",
    steps: [
      "eu queria fazer um eletrocardiograma amanhã de manhã",
      { say: "pode ser o primeiro e o nome é roberto alves", when: /melhor|pode ser\?/ },
    ],
    persona: { name: "roberto alves" },
    expect: {
      book: [{ services: ["eletrocardiograma"], day: "2030-06-04", between: ["08:00", "12:00"] }],
      newClient: { name: /^roberto alves$/ },
    },
  },
  {
    id: "bk-07",
    kind: "HOSPITAL",
    style: "written",
    about: "A contact number given with the yes to the read-back: stored as the patient's",
    steps: ["Preciso marcar uma ultrassonografia na terça às 11h."],
    persona: {
      name: "Márcia Guimarães",
      yes: "Sim, confirma. E anota meu celular, por favor, que esse aqui é do trabalho: (11) 99876-5432.",
    },
    expect: {
      book: [{ services: ["ultrassonografia"], day: "2030-06-04", at: "11:00" }],
      newClient: { name: /^marcia guimaraes$/, phone: "11998765432" },
    },
  },
];

const names: EvalCall[] = [
  {
    id: "bk-08",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "A first name given at the name question, the full one said later at the CPF question: the later wins",
    steps: [
      "oi eu queria marcar uma sessão de psicoterapia na quarta às três da tarde",
      { say: "joão pedro", when: /nome/ },
      { say: "não tenho aqui e o meu nome completo é joão pedro albuquerque santos", when: /cpf/ },
    ],
    persona: { name: "joão pedro albuquerque santos" },
    expect: {
      book: [{ services: ["psicoterapia"], day: "2030-06-05", at: "15:00" }],
      newClient: { name: /^joao pedro albuquerque santos$/ },
    },
  },
  {
    id: "bk-09",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "Chained corrections at the name question ('É Ana... não, Ana Paula... Ana Paula Souza')",
    steps: [
      "Queria marcar uma consulta de clínica geral na sexta às 10h.",
      { say: "É Ana... não, Ana Paula... Ana Paula Souza.", when: /nome/ },
    ],
    persona: { name: "Ana Paula Souza" },
    expect: {
      book: [{ services: ["clinica geral"], day: "2030-06-07", at: "10:00" }],
      newClient: { name: /^ana paula souza$/ },
    },
  },
  {
    id: "bk-10",
    kind: "HOSPITAL",
    style: "written",
    about: "The surname spelled with hyphens ('Souza, S-O-U-Z-A'): assembled, not kept as letters",
    steps: [
      "Bom dia, preciso agendar um raio-x na quinta às 8h.",
      { say: "Thaís Souza. Souza com Z: S-O-U-Z-A.", when: /nome/ },
    ],
    persona: { name: "Thaís Souza" },
    expect: {
      book: [{ services: ["raio-x"], day: "2030-06-06", at: "08:00" }],
      newClient: { name: /^thais souza$/ },
    },
  },
  {
    id: "bk-11",
    kind: "PETSHOP",
    style: "asr",
    about:
      "A time phrase said at the name question ('ah melhor sexta feira de tarde'): a new time, never a name",
    steps: [
      "oi queria marcar a vacina v dez pro meu cachorro na sexta de manhã",
      { say: "ah melhor sexta feira de tarde", when: /nome/ },
    ],
    persona: { name: "rogério dias" },
    expect: {
      book: [{ services: ["v10"], day: "2030-06-07", between: ["12:00", "18:00"] }],
      newClient: { name: /^rogerio dias$/ },
    },
  },
];

const services: EvalCall[] = [
  {
    id: "bk-12",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "Two services at 'Qual serviço?' with 'e já aproveitar pra' (two professionals): both booked",
    steps: [
      "Oi, queria marcar um horário pra sábado de manhã.",
      { say: "Uma escova, e já aproveitar pra fazer a pedicure.", when: /servico/ },
    ],
    persona: { name: "Letícia Moura" },
    expect: {
      book: [{ services: ["escova", "pedicure"], day: "2030-06-08", between: ["09:00", "13:00"] }],
      newClient: { name: /^leticia moura$/ },
    },
  },
  {
    id: "bk-13",
    kind: "PETSHOP",
    style: "asr",
    about: "'e já aproveitar pra dar a vacina' in the first sentence: both with one vet",
    steps: [
      "bom dia queria marcar uma consulta veterinária pro meu gato na quarta às onze e já aproveitar pra dar a vacina v dez nele",
    ],
    persona: { name: "sueli andrade", when: "quarta às onze" },
    expect: {
      book: [{ services: ["consulta veterinaria", "v10"], day: "2030-06-05", at: "11:00" }],
      newClient: { name: /^sueli andrade$/ },
    },
  },
  {
    id: "bk-14",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "Another service at 'Posso ajudar em mais alguma coisa?': a second booking for the same new caller",
    steps: [
      "Bom dia! Quero marcar uma coleta de exame de sangue na quinta às 8h.",
      { say: "Sim! Queria marcar também um eletrocardiograma, na sexta às 10h.", when: /mais alguma coisa/ },
    ],
    persona: { name: "Gustavo Henrique Lopes" },
    expect: {
      book: [
        { services: ["coleta"], day: "2030-06-06", at: "08:00" },
        { services: ["eletrocardiograma"], day: "2030-06-07", at: "10:00" },
      ],
      newClient: { name: /^gustavo henrique lopes$/ },
    },
  },
];

const contact: EvalCall[] = [
  {
    id: "bk-15",
    kind: "PETSHOP",
    style: "asr",
    about:
      "'pode anotar outro número pra contato' in the first sentence: asked, read back digit by digit, stored",
    steps: [
      "oi queria marcar um banho pro meu cachorro na quarta às dez da manhã e pode anotar outro número pra contato que esse aqui é da minha mãe",
    ],
    persona: { name: "bruno tavares", phone: "onze nove nove oito sete seis cinco quatro três dois" },
    expect: {
      book: [{ services: ["banho cao"], day: "2030-06-05", at: "10:00" }],
      newClient: { name: /^bruno tavares$/, phone: "11998765432" },
      says: [
        { re: /nove,? nove,? oito,? sete,? seis|9 ?9 ?8 ?7 ?6/, what: "the number read back digit by digit" },
      ],
    },
  },
  {
    id: "bk-16",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "Another WhatsApp number given with the request: read back and stored, not asked again",
    steps: [
      "Oi! Quero marcar uma manicure na quinta às 11h. Pode anotar meu WhatsApp, que é outro: 11 98765-1234.",
    ],
    persona: { name: "Camila Ferraz" },
    expect: {
      book: [{ services: ["manicure"], day: "2030-06-06", at: "11:00" }],
      newClient: { name: /^camila ferraz$/, phone: "11987651234" },
      says: [{ re: /oito,? sete,? seis,? cinco|8 ?7 ?6 ?5/, what: "the number read back digit by digit" }],
    },
  },
];

const professionals: EvalCall[] = [
  {
    id: "bk-17",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "A professional misheard ('com a tatiana' for Tânia): the nearest offered by name, never asked 3 times",
    steps: ["oi queria marcar uma hidratação com a tatiana na quinta às três da tarde"],
    persona: { name: "renata prado", professional: "com a tatiana", when: "quinta às três da tarde" },
    expect: {
      book: [{ services: ["hidratacao"], day: "2030-06-06", at: "15:00" }],
      newClient: { name: /^renata prado$/ },
      says: [{ re: /fica: hidratacao capilar com tania/, what: "booked with Tânia" }],
    },
  },
  {
    id: "bk-18",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about: "'Qualquer um que tiver' at 'Com qual profissional?': the first free one that does it",
    steps: [
      "Quero marcar acupuntura na quarta de manhã.",
      { say: "Qualquer um que tiver.", when: /profissional/ },
    ],
    persona: { name: "Sílvia Martins" },
    expect: {
      book: [{ services: ["acupuntura"], day: "2030-06-05", between: ["07:00", "12:00"] }],
      newClient: { name: /^silvia martins$/ },
    },
  },
  {
    id: "bk-19",
    kind: "HOSPITAL",
    style: "asr",
    about: "A free time asked for in words: straight to the read-back (no 'Pode ser?' confirmed twice)",
    steps: ["bom dia eu queria marcar um raio x pra quinta feira às duas e meia da tarde"],
    persona: { name: "edson pereira", when: "quinta feira às duas e meia da tarde" },
    expect: {
      book: [{ services: ["raio-x"], day: "2030-06-06", at: "14:30" }],
      newClient: { name: /^edson pereira$/ },
    },
  },
];

export const BOOKINGS_CALLS: EvalCall[] = [
  ...introduced,
  ...atYesNo,
  ...names,
  ...services,
  ...contact,
  ...professionals,
];
