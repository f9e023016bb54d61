// Development calls for the blind set's last wrong writes in bookings (issue #27; docs/decisions/0069): a booking
// and a patient under a partial name (only the first name, a name cut by a filler or a correction, a name taken from
// a sentence where it was spelled or corrected, a bare name said with the yes at the read-back, the surname said in
// a later turn, a pet's name beside the owner's), two services asked for together in many phrasings ('e', 'mais',
// 'também', 'e depois', 'na mesma vez'; 'Banho e tosa' is one service), a CPF said before it is asked without the
// word, and a child above a service's maximum age. Written from the categories alone, before the engine was changed
// for them. Dates: the call's clock is Monday 3 June 2030, 09:00; terça = 4, quarta = 5, quinta = 6, sexta = 7,
// sábado = 8.
import type { EvalCall } from "../types";

const names: EvalCall[] = [
  {
    id: "bk2-01",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "Only the first name at 'Qual é o seu nome completo?': never written alone; the full name asked",
    steps: [
      "Bom dia! Queria marcar uma consulta de clínica geral na sexta às 10h.",
      { say: "Mariana.", when: /nome/ },
    ],
    persona: { name: "Mariana Costa Lima", when: "sexta às 10h" },
    expect: {
      book: [{ services: ["clinica geral"], day: "2030-06-07", at: "10:00" }],
      newClient: { name: /^mariana costa lima$/ },
    },
  },
  {
    id: "bk2-02",
    kind: "HOSPITAL",
    style: "written",
    about:
      "A first name, then the whole name said with the yes at the read-back ('Isso, Joana Ribeiro dos Santos')",
    steps: [
      "Olá, preciso marcar um raio-x na quinta às 10h.",
      { say: "Joana.", when: /nome/ },
      { say: "Isso, Joana Ribeiro dos Santos.", when: /confirm/ },
    ],
    persona: { name: "Joana Ribeiro dos Santos", when: "quinta às 10h" },
    expect: {
      book: [{ services: ["raio-x"], day: "2030-06-06", at: "10:00" }],
      newClient: { name: /^joana ribeiro dos santos$/ },
    },
  },
  {
    id: "bk2-03",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about: "The name restarted after the filler 'é' ('ana é ana paula reis'): the whole name, not 'Ana'",
    steps: [
      "oi queria marcar uma consulta dermatológica na quarta às quatro da tarde",
      { say: "ana é ana paula reis", when: /nome/ },
    ],
    persona: { name: "ana paula reis", when: "quarta às quatro da tarde" },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-05", at: "16:00" }],
      newClient: { name: /^ana paula reis$/ },
    },
  },
  {
    id: "bk2-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "A full name with a particle said before it is asked ('aqui é o josé carlos da silva')",
    steps: ["oi aqui é o josé carlos da silva eu queria marcar uma sessão de fisioterapia na sexta às nove"],
    persona: { name: "josé carlos da silva", when: "sexta às nove" },
    expect: {
      book: [{ services: ["fisioterapia"], day: "2030-06-07", at: "09:00" }],
      newClient: { name: /^jose carlos da silva$/ },
    },
  },
  {
    id: "bk2-05",
    kind: "PETSHOP",
    style: "written",
    about: "The pet named in the request, the owner's full name at the name question: the owner registered",
    steps: [
      "Oi! Queria marcar um banho pra Luna, minha cachorrinha, na quinta às 14h.",
      { say: "Meu nome é Cláudia dos Santos Pereira, a Luna é a cachorra.", when: /nome/ },
    ],
    persona: { name: "Cláudia dos Santos Pereira", when: "quinta às 14h" },
    expect: {
      book: [{ services: ["banho cao"], day: "2030-06-06", at: "14:00" }],
      newClient: { name: /^claudia dos santos pereira$/ },
    },
  },
  {
    id: "bk2-06",
    kind: "PETSHOP",
    style: "asr",
    about:
      "'banho e tosa' is one service; the dog's name first at the name question ('o cachorro é o bob e eu sou o …')",
    steps: [
      "oi queria marcar um banho e tosa pro meu cachorro na terça às onze",
      { say: "o cachorro é o bob e eu sou o rafael moreira", when: /nome/ },
    ],
    persona: { name: "rafael moreira", when: "terça às onze" },
    expect: {
      book: [{ services: ["banho e tosa"], day: "2030-06-04", at: "11:00" }],
      newClient: { name: /^rafael moreira$/ },
    },
  },
  {
    id: "bk2-07",
    kind: "HOSPITAL",
    style: "written",
    about: "The first name at the name question, the surname in the next turn ('Ah, o sobrenome é …')",
    steps: [
      "Boa tarde, queria agendar uma consulta ortopédica na quinta às 14h.",
      { say: "Renato.", when: /nome/ },
      "Ah, o sobrenome é Guimarães Prado.",
    ],
    persona: { name: "Renato Guimarães Prado", when: "quinta às 14h" },
    expect: {
      book: [{ services: ["ortopedica"], day: "2030-06-06", at: "14:00" }],
      newClient: { name: /^renato guimaraes prado$/ },
    },
  },
  {
    id: "bk2-08",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "The first name spelled in letters inside the answer ('luíza com z l u i z a luíza campos')",
    steps: [
      "oi queria marcar uma manicure na sexta às três da tarde",
      { say: "luíza com z l u i z a luíza campos", when: /nome/ },
    ],
    persona: { name: "luíza campos", when: "sexta às três da tarde" },
    expect: {
      book: [{ services: ["manicure"], day: "2030-06-07", at: "15:00" }],
      newClient: { name: /^luiza campos$/ },
    },
  },
  {
    id: "bk2-09",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "A name cut by fillers ('é tipo fernanda né fernanda de souza lima'): the whole name",
    steps: [
      "bom dia queria marcar uma coleta de sangue na quarta às sete e meia",
      { say: "é tipo fernanda né fernanda de souza lima", when: /nome/ },
    ],
    persona: { name: "fernanda de souza lima", when: "quarta às sete e meia" },
    expect: {
      book: [{ services: ["coleta"], day: "2030-06-05", at: "07:30" }],
      newClient: { name: /^fernanda de souza lima$/ },
    },
  },
  {
    id: "bk2-10",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "A name corrected at the name question ('Marcos... não, desculpa, Márcio Antônio Bezerra')",
    steps: [
      "Boa tarde, gostaria de marcar um mapeamento de pintas na quinta às 17h.",
      { say: "Marcos... não, desculpa, Márcio Antônio Bezerra.", when: /nome/ },
    ],
    persona: { name: "Márcio Antônio Bezerra", when: "quinta às 17h" },
    expect: {
      book: [{ services: ["mapeamento"], day: "2030-06-06", at: "17:00" }],
      newClient: { name: /^marcio antonio bezerra$/ },
    },
  },
];

// The day is in the first sentence; the caller picks the first time offered for each service (no `when`: see
// docs/decisions/0058).
const services: EvalCall[] = [
  {
    id: "bk2-11",
    kind: "PETSHOP",
    style: "asr",
    about: "A bath 'mais' the V10 for the same dog on Friday (two professionals): both booked",
    steps: ["oi queria marcar um banho mais a vacina v dez pra minha cachorra na sexta"],
    persona: { name: "priscila nunes" },
    expect: {
      book: [{ services: ["banho cao", "v10"], day: "2030-06-07" }],
      newClient: { name: /^priscila nunes$/ },
    },
  },
  {
    id: "bk2-12",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "'um corte feminino e depois uma escova' on Thursday afternoon (one professional): both booked",
    steps: ["Oi, tudo bem? Queria fazer um corte feminino e depois uma escova na quinta à tarde."],
    persona: { name: "Bianca de Almeida" },
    expect: {
      book: [{ services: ["corte feminino", "escova"], day: "2030-06-06", between: ["12:00", "18:00"] }],
      newClient: { name: /^bianca de almeida$/ },
    },
  },
  {
    id: "bk2-13",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "A consultation 'e também' the ECG ('o eletro') on Wednesday morning (same doctor): both booked",
    steps: ["oi queria marcar uma consulta com o clínico geral e também fazer o eletro na quarta de manhã"],
    persona: { name: "sérgio lopes" },
    expect: {
      book: [
        { services: ["clinica geral", "eletrocardiograma"], day: "2030-06-05", between: ["08:00", "12:00"] },
      ],
      newClient: { name: /^sergio lopes$/ },
    },
  },
  {
    id: "bk2-14",
    kind: "HOSPITAL",
    style: "written",
    about: "'um teste ergométrico e depois uma consulta cardiológica' on Tuesday morning: both booked",
    steps: ["Bom dia. Preciso de um teste ergométrico e depois uma consulta cardiológica na terça de manhã."],
    persona: { name: "Wagner Teixeira" },
    expect: {
      book: [{ services: ["ergometrico", "cardiologica"], day: "2030-06-04", between: ["08:00", "12:00"] }],
      newClient: { name: /^wagner teixeira$/ },
    },
  },
  {
    id: "bk2-15",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "'fisioterapia e tipo uma acupuntura também' on Wednesday morning: both booked",
    steps: ["bom dia queria uma sessão de fisioterapia e tipo uma acupuntura também na quarta de manhã"],
    persona: { name: "cristina barros" },
    expect: {
      book: [{ services: ["fisioterapia", "acupuntura"], day: "2030-06-05", between: ["07:00", "12:00"] }],
      newClient: { name: /^cristina barros$/ },
    },
  },
  {
    id: "bk2-16",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "'a consulta dermatológica e, na mesma vez, a aplicação de toxina' on Thursday afternoon: both booked",
    steps: [
      "Olá! Queria agendar a consulta dermatológica e, na mesma vez, a aplicação de toxina botulínica, na quinta à tarde.",
    ],
    persona: { name: "Débora Cristina de Oliveira" },
    expect: {
      book: [
        { services: ["consulta dermatologica", "toxina"], day: "2030-06-06", between: ["13:00", "19:00"] },
      ],
      newClient: { name: /^debora cristina de oliveira$/ },
    },
  },
  {
    id: "bk2-17",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "'uma hidratação e depois a manicure' on Friday afternoon: both booked",
    steps: ["oi é queria marcar uma hidratação e depois a manicure na sexta à tarde"],
    persona: { name: "aline ferreira" },
    expect: {
      book: [{ services: ["hidratacao", "manicure"], day: "2030-06-07", between: ["12:00", "19:00"] }],
      newClient: { name: /^aline ferreira$/ },
    },
  },
];

const cpf: EvalCall[] = [
  {
    id: "bk2-18",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about: "The name and then eleven digits in words in the first sentence, without the word 'CPF': stored",
    steps: [
      "oi queria marcar psicoterapia na terça às cinco da tarde meu nome é paulo henrique de oliveira cinco dois nove nove oito dois dois quatro sete dois cinco",
    ],
    persona: { name: "paulo henrique de oliveira", when: "terça às cinco da tarde" },
    expect: {
      book: [{ services: ["psicoterapia"], day: "2030-06-04", at: "17:00" }],
      newClient: { name: /^paulo henrique de oliveira$/, cpf: "52998224725" },
    },
  },
  {
    id: "bk2-19",
    kind: "HOSPITAL",
    style: "asr",
    about: "The name and the CPF's digits in words together at the name question, no word 'CPF'",
    steps: [
      "bom dia queria marcar uma ultrassonografia na sexta às duas da tarde",
      { say: "é rodrigo alves um um um quatro quatro quatro sete sete sete três cinco", when: /nome/ },
    ],
    persona: { name: "rodrigo alves", when: "sexta às duas da tarde" },
    expect: {
      book: [{ services: ["ultrassonografia"], day: "2030-06-07", at: "14:00" }],
      newClient: { name: /^rodrigo alves$/, cpf: "11144477735" },
    },
  },
];

// The pediatrician's child-age note is 'Atende crianças de 0 a 12 anos' (fixtures.ts): a maximum. The caller picks
// the first time offered (no `when`), so an engine that does not say no books (a wrong write).
const childAge: EvalCall[] = [
  {
    id: "bk2-20",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "A pediatric booking for a 13-year-old: no, plainly, from the note's maximum; nothing written",
    steps: ["oi queria marcar a pediatra pra minha filha ela tem treze anos pode ser quinta de manhã"],
    persona: { name: "vera lúcia campos" },
    expect: {
      says: [{ re: /\bnao\b[^.]*\b(ate|a) (os )?(12|doze) anos/, what: "no: up to 12 years, from the note" }],
    },
  },
  {
    id: "bk2-21",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "'Meu filho tem 14 anos. Dá pra marcar com a pediatra na terça?': no, plainly; nothing written",
    steps: ["Meu filho tem 14 anos. Dá pra marcar com a pediatra na terça de manhã?"],
    persona: { name: "Roberta Nogueira" },
    expect: {
      says: [{ re: /\bnao\b[^.]*\b(ate|a) (os )?(12|doze) anos/, what: "no: up to 12 years, from the note" }],
    },
  },
  {
    id: "bk2-22",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "A pediatric booking for an 8-year-old (inside the note's range): booked",
    steps: ["oi queria marcar a pediatra pra minha filha de oito anos na terça às dez"],
    persona: { name: "simone arruda", when: "terça às dez" },
    expect: {
      book: [{ services: ["pediatrica"], day: "2030-06-04", at: "10:00" }],
      newClient: { name: /^simone arruda$/ },
    },
  },
];

// A second batch, written after the first changes and run once before any change for it: a name cut by the filler
// 'é' in a self-introduction, a pet's name at the name question, the caller's first name that is a professional's,
// the filler 'é' inside the name, a CPF typed without the word, two services named loosely ('um exame',
// 'nutricionista', 'o ortopedista').
const batch2: EvalCall[] = [
  {
    id: "bk2-b2-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "A self-introduction restarted after the filler 'é' ('carla é carla souza de almeida'): the whole name",
    steps: [
      "oi meu nome é carla é carla souza de almeida queria marcar uma consulta dermatológica na quinta às quatro da tarde",
    ],
    persona: { name: "carla souza de almeida", when: "quinta às quatro da tarde" },
    expect: {
      book: [{ services: ["consulta dermatologica"], day: "2030-06-06", at: "16:00" }],
      newClient: { name: /^carla souza de almeida$/ },
    },
  },
  {
    id: "bk2-b2-02",
    kind: "PETSHOP",
    style: "asr",
    about: "The pet's name at the name question ('é pra mel'): never the patient; the owner's name asked",
    steps: [
      "oi queria marcar um banho pra minha cachorra na sexta às dez",
      { say: "é pra mel", when: /nome/ },
    ],
    persona: { name: "lúcia ferraz", when: "sexta às dez" },
    expect: {
      book: [{ services: ["banho cao"], day: "2030-06-07", at: "10:00" }],
      newClient: { name: /^lucia ferraz$/ },
    },
  },
  {
    id: "bk2-b2-03",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about: "The caller's first name is a professional's ('Meu nome é Juliana... é... Juliana Prado Martins')",
    steps: ["Meu nome é Juliana... é... Juliana Prado Martins. Quero marcar uma escova no sábado às 10h."],
    persona: { name: "Juliana Prado Martins", when: "sábado às 10h" },
    expect: {
      book: [{ services: ["escova"], day: "2030-06-08", at: "10:00" }],
      newClient: { name: /^juliana prado martins$/ },
    },
  },
  {
    id: "bk2-b2-04",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about: "'uma consulta e um exame de sangue' (which consultation asked): both booked, never one",
    steps: [
      "oi queria marcar uma consulta e um exame de sangue pra quinta de manhã",
      // Added after its first run: the scripted caller could not answer 'Você quer …, … ou …, junto com …?'.
      { say: "a de clínica geral", when: /clinica geral/ },
    ],
    persona: { name: "rogério matos", service: "clínica geral" },
    expect: {
      book: [{ services: ["clinica geral", "coleta"], day: "2030-06-06", between: ["07:00", "12:00"] }],
      newClient: { name: /^rogerio matos$/ },
    },
  },
  {
    id: "bk2-b2-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Two services named by the professions ('nutricionista e também psicólogo') on Thursday: both booked",
    steps: ["Quero agendar nutricionista e também psicólogo na quinta."],
    persona: { name: "Elaine Duarte" },
    expect: {
      book: [{ services: ["nutricional", "psicoterapia"], day: "2030-06-06" }],
      newClient: { name: /^elaine duarte$/ },
    },
  },
  {
    id: "bk2-b2-06",
    kind: "HOSPITAL",
    style: "asr",
    about: "'um raio x e depois uma consulta com o ortopedista' on Thursday afternoon: both booked",
    steps: ["eu queria marcar um raio x e depois uma consulta com o ortopedista na quinta à tarde"],
    persona: { name: "vinícius prado" },
    expect: {
      book: [{ services: ["raio-x", "ortopedica"], day: "2030-06-06", between: ["12:00", "19:00"] }],
      newClient: { name: /^vinicius prado$/ },
    },
  },
  {
    id: "bk2-b2-07",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about: "A CPF typed with its dots, without the word, in the self-introduction: stored, not asked",
    steps: [
      "Sou a Beatriz Lopes Cardoso, 390.533.447-05, e quero marcar um eletrocardiograma na sexta às 9h.",
    ],
    persona: { name: "Beatriz Lopes Cardoso", when: "sexta às 9h" },
    expect: {
      book: [{ services: ["eletrocardiograma"], day: "2030-06-07", at: "09:00" }],
      newClient: { name: /^beatriz lopes cardoso$/, cpf: "39053344705" },
    },
  },
  {
    id: "bk2-b2-08",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about: "The filler 'é' between the first name and the surname ('camila é ferreira'): no 'e' in the name",
    steps: ["oi queria marcar uma manicure na quinta às onze", { say: "camila é ferreira", when: /nome/ }],
    persona: { name: "camila ferreira", when: "quinta às onze" },
    expect: {
      book: [{ services: ["manicure"], day: "2030-06-06", at: "11:00" }],
      newClient: { name: /^camila ferreira$/ },
    },
  },
];

export const BOOKINGS2_CALLS: EvalCall[] = [...names, ...services, ...cpf, ...childAge, ...batch2];
