// Development calls for bookings in varied phrasings (`vb-*`), written on 2026-12-07 blind to the engine (neither its
// code nor the other batches' calls read): new callers and three known ones booking without a script. Everything in
// the first sentence, or only 'queria marcar' and then answers to a different question than the one asked; the
// surname said in a later turn; a booking for a daughter, a mother and a dog, where the patient's name (the tutor's
// for a pet, as the fixtures keep them) must be the client's; times as 'cedinho', 'qualquer horário de manhã', 'o
// mais cedo possível', 'no fim da tarde', 'depois do almoço'; a price or an insurer asked in the middle of a booking;
// the first offered time turned down and the second taken; a professional by first name or nickname ('a Ju'); the
// day the caller does not want ('segunda não dá', 'terça eu não posso'); and three callers who ask prices and hours
// and leave to think it over, where nothing may be written. Dates: the call's clock is Monday 3 June 2030, 09:00;
// amanhã = Tue 4, quarta = Wed 5, quinta = Thu 6, sexta = Fri 7, sábado = Sat 8, semana que vem from Mon 10.
import type { EvalCall } from "../types";

/** An agent turn that names a clock time ('às 14h', '14:00', 'às duas'): the offer the caller turns down. */
const OFFERED_TIME =
  /\b\d{1,2}(h|:\d\d)|\bas (\d{1,2}|uma|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze)\b|meio-dia/;

const variedBook: EvalCall[] = [
  {
    id: "vb-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about: "Service, professional, day, time and full name all in the first sentence: Wednesday 16:00",
    steps: [
      "Bom dia! Aqui é a Gisele Cunha Amaral, eu queria marcar uma consulta dermatológica com a Dra. Beatriz na quarta-feira às 16h.",
    ],
    persona: { name: "Gisele Cunha Amaral", when: "quarta às 16h", yes: "Isso, pode confirmar." },
    expect: {
      // Wed 5: Dra. Beatriz 13:00–19:00; Renata's consultation is at 14:00, 16:00 is free.
      book: [
        { services: ["consulta dermatologica"], professional: "beatriz", day: "2030-06-05", at: "16:00" },
      ],
      newClient: { name: /gisele cunha amaral/ },
    },
  },
  {
    id: "vb-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "A mole mapping: the price and SulAmérica asked mid-booking, then 'terça cedinho' and another mobile number said in words",
    steps: [
      "oi bom dia eu queria marcar um mapeamento de pintas com a doutora",
      "hã quanto que tá esse exame",
      "e ela atende sulamérica",
      "tá bom então pode ser terça cedinho",
      "ah e anota meu celular que esse aqui é do trabalho onze nove nove um oito dois sete três seis quatro",
    ],
    persona: {
      name: "rodrigo teixeira lima",
      phone: "onze nove nove um oito dois sete três seis quatro",
      service: "mapeamento de pintas",
      when: "terça cedinho",
      yes: "pode ser",
    },
    expect: {
      // Tue 4: Dra. Beatriz 08:00–12:00, the hour-long mapping; 'cedinho' is the first slot.
      book: [{ services: ["mapeamento de pintas"], day: "2030-06-04", between: ["08:00", "09:00"] }],
      newClient: { name: /rodrigo teixeira lima/, phone: "11991827364" },
      says: [
        { re: /480|quatrocentos e oitenta/, what: "the mapping's price (R$ 480)" },
        { re: /sulamerica/, what: "that Dra. Beatriz takes SulAmérica" },
      ],
    },
  },
  {
    id: "vb-03",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "The price and the days asked, 'only mornings'; 'vou conversar com meu marido e te ligo': nothing written",
    steps: [
      "Boa tarde. Quanto custa uma consulta com a Dra. Beatriz?",
      "E ela atende em quais dias? Eu só consigo ir de manhã.",
      "Hum, entendi. Vou conversar com meu marido e depois te ligo pra marcar, tá bom? Obrigada!",
    ],
    persona: { name: "Sílvia Brandão", leaves: true },
    expect: {
      says: [
        { re: /350|trezentos e cinquenta/, what: "the consultation's price (R$ 350)" },
        { re: /terca/, what: "Tuesday, the only morning (8h to noon)" },
      ],
    },
  },
  {
    id: "vb-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "Only 'queria marcar', then the name where another answer was wanted, the nutritionist with 'terça eu não posso' and 'qualquer horário de manhã'",
    steps: [
      "oi bom dia hã queria marcar",
      "é a denise aparecida souza",
      "é com a nutricionista mas terça eu não posso",
      "qualquer horário de manhã pra mim tá bom ainda essa semana",
    ],
    persona: {
      name: "denise aparecida souza",
      service: "consulta com a nutricionista",
      when: "quinta de manhã qualquer horário",
      yes: "tá ótimo",
    },
    expect: {
      // Dra. Lúcia works Tue and Thu 08:00–12:00 (an hour's consultation): not Tuesday leaves Thu 6.
      book: [
        {
          services: ["consulta nutricional"],
          professional: "lucia",
          day: "2030-06-06",
          between: ["08:00", "11:00"],
        },
      ],
      newClient: { name: /denise aparecida souza/ },
    },
  },
  {
    id: "vb-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "'Terapia com o Caio' (first name only) on Thursday; the first offered time turned down, 'depois das cinco' taken",
    steps: [
      "Oi! Eu queria marcar terapia com o Caio na quinta.",
      {
        say: "Ih, esse não dá pra mim, eu saio tarde do trabalho. Tem alguma coisa depois das cinco?",
        when: OFFERED_TIME,
      },
    ],
    persona: {
      name: "Priscila Motta Guedes",
      service: "sessão de psicoterapia",
      when: "quinta à tarde",
      yes: "Pode ser, esse eu consigo.",
    },
    expect: {
      // Thu 6: Dr. Caio 14:00–20:00, nothing booked; a 50-minute session starts by 19:10.
      book: [
        {
          services: ["psicoterapia"],
          professional: "caio",
          day: "2030-06-06",
          between: ["17:00", "19:10"],
        },
      ],
      newClient: { name: /priscila motta guedes/ },
    },
  },
  {
    id: "vb-06",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "A mother books the paediatrician for her daughter (named apart from her), asks about Unimed, then 'o mais cedo que tiver'",
    steps: [
      "oi bom dia aqui é a andreia eu queria marcar uma consulta com a pediatra pra minha filha",
      "ela chama isabela gomes ferreira tem quatro anos",
      "vocês aceitam unimed né",
      "tá então o mais cedo que tiver",
    ],
    persona: { name: "andreia gomes", when: "o mais cedo possível", yes: "pode ser" },
    expect: {
      // Dra. Camila works Tue and Thu 09:00–13:00 (not today, Monday): the earliest is Tue 4 at 09:00.
      book: [{ services: ["pediatrica"], professional: "camila", day: "2030-06-04", at: "09:00" }],
      // The patient is the daughter; the mother registered under her own name is allowed too.
      newClient: { name: /isabela gomes ferreira/ },
      clientNames: [/andreia/],
      says: [{ re: /unimed/, what: "that Dra. Camila takes Unimed" }],
    },
  },
  {
    id: "vb-07",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "A known patient books an ECG on Friday, 'de manhã eu trabalho', 'no fim da tarde'; his Thursday visit stays",
    knownAs: "antonio",
    steps: [
      "Bom dia, é o Antônio Carvalho. Queria marcar um eletrocardiograma pra sexta. De manhã eu trabalho, então só no fim da tarde.",
    ],
    persona: { name: "Antônio Carvalho", when: "sexta no fim da tarde", yes: "Fechado." },
    expect: {
      // Fri 7: Dr. Rafael 08:00–17:00, nothing booked; a 20-minute ECG starts by 16:40.
      book: [
        {
          services: ["eletrocardiograma"],
          professional: "rafael",
          day: "2030-06-07",
          between: ["15:00", "16:40"],
          client: "antonio",
        },
      ],
    },
  },
  {
    id: "vb-08",
    kind: "HOSPITAL",
    style: "asr",
    about:
      "All in one breath for his mother (named, his own name different), 'quarta às dez não pera quinta às dez e meia', then Bradesco asked",
    steps: [
      "bom dia aqui é o tiago eu queria marcar uma consulta com o cardiologista pra minha mãe ela chama maria das graças nunes pode ser quarta às dez não pera quinta às dez e meia",
      "ela tem bradesco saúde vocês atendem",
    ],
    persona: { name: "tiago nunes", when: "quinta às dez e meia", yes: "isso mesmo" },
    expect: {
      // Thu 6: Dr. Henrique 08:00–12:00; Luiz is Tuesday and Célia Friday, 10:30 is free.
      book: [{ services: ["cardiologica"], professional: "henrique", day: "2030-06-06", at: "10:30" }],
      newClient: { name: /maria das gracas nunes/ },
      clientNames: [/tiago/],
      says: [{ re: /bradesco/, what: "that Dr. Henrique takes Bradesco Saúde" }],
    },
  },
  {
    id: "vb-09",
    kind: "HOSPITAL",
    style: "written",
    about:
      "The orthopaedist's price, Unimed and days asked; 'vou ver aqui na minha agenda e te ligo depois': nothing written",
    steps: [
      "Olá, bom dia. Queria saber quanto é a consulta com ortopedista e se vocês atendem Unimed.",
      "E quais dias ela atende?",
      "Tá ótimo. Vou ver aqui na minha agenda e te ligo depois. Valeu!",
    ],
    persona: { name: "Eduardo Sampaio", leaves: true },
    expect: {
      says: [
        { re: /380|trezentos e oitenta/, what: "the orthopaedic consultation's price (R$ 380)" },
        { re: /terca|quinta/, what: "Dra. Marta's days (Tuesday and Thursday afternoons)" },
      ],
    },
  },
  {
    id: "vb-10",
    kind: "HOSPITAL",
    style: "asr",
    about:
      "An X-ray 'amanhã depois do almoço'; the first name alone at the name question, the surname in the next turn, a CPF in words",
    steps: [
      "alô oi eu queria marcar um raio x",
      "amanhã depois do almoço",
      { say: "wellington", when: /nome/ },
      "ah o sobrenome é barros de souza",
      "e o meu cpf é três quatro sete um oito dois nove zero cinco nove sete",
    ],
    persona: {
      name: "wellington barros de souza",
      cpf: "três quatro sete um oito dois nove zero cinco nove sete",
      when: "amanhã depois do almoço",
      yes: "pode ser",
    },
    expect: {
      // Tue 4: Dr. Paulo 07:00–19:00, nothing booked.
      book: [{ services: ["raio-x"], professional: "paulo", day: "2030-06-04", between: ["13:00", "15:00"] }],
      newClient: { name: /wellington barros de souza/, cpf: "34718290597" },
    },
  },
  {
    id: "vb-11",
    kind: "PETSHOP",
    style: "written",
    about:
      "The V10 for her dog Bolota, its price asked first; 'segunda eu não consigo', Wednesday at eleven; the tutor is the client",
    steps: [
      "Oi, bom dia! Queria vacinar o meu cachorro, o Bolota, com a V10. Quanto fica?",
      "Tá. Segunda eu não consigo de jeito nenhum, nem hoje nem a que vem. Teria quarta às onze?",
    ],
    persona: { name: "Cristiane Moura", when: "quarta às onze", yes: "Pode marcar." },
    expect: {
      // Wed 5: Dra. Yasmin 10:00–18:00; Mel's consultation is at 15:00, 11:00 is free.
      book: [{ services: ["vacina v10"], professional: "yasmin", day: "2030-06-05", at: "11:00" }],
      newClient: { name: /cristiane moura/ },
      clientNames: [/bolota/],
      says: [{ re: /120|cento e vinte/, what: "the V10's price (R$ 120)" }],
    },
  },
  {
    id: "vb-12",
    kind: "PETSHOP",
    style: "asr",
    about:
      "Thor's tutor adds a bath and grooming 'na quinta não na sexta', asks its price, 'depois das duas'; Thursday's bath stays",
    knownAs: "patricia",
    steps: [
      "oi é a patrícia do thor além do banho que ele já tem eu queria marcar um banho e tosa pra ele na quinta não na sexta",
      "e quanto fica a tosa dele",
      "tá bom pode ser sexta à tarde depois das duas",
    ],
    persona: { name: "patrícia moraes", when: "sexta depois das duas", yes: "pode ser" },
    expect: {
      // Fri 7: Gabriel 09:00–17:00, nothing booked; 90 minutes start by 15:30.
      book: [
        {
          services: ["banho e tosa"],
          professional: "gabriel",
          day: "2030-06-07",
          between: ["14:00", "15:30"],
          client: "patricia",
        },
      ],
      clientNames: [/thor/],
      says: [{ re: /porte|pelagem|avaliacao/, what: "that the grooming's price depends on size and coat" }],
    },
  },
  {
    id: "vb-13",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "A known client books a blow-dry 'com a Ju' (Juliana's nickname) on Saturday 'umas dez'; her manicure stays",
    knownAs: "vanessa",
    steps: ["Oi, aqui é a Vanessa! Queria marcar uma escova com a Ju no sábado, umas dez horas, consegue?"],
    persona: { name: "Vanessa Lima", when: "sábado às dez", yes: "Perfeito!" },
    expect: {
      // Sat 8: Juliana 09:00–18:00, nothing booked.
      book: [
        { services: ["escova"], professional: "juliana", day: "2030-06-08", at: "10:00", client: "vanessa" },
      ],
    },
  },
  {
    id: "vb-14",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "The prices of a blow-dry and a colouring and whether it opens Monday; 'vou ver aqui com a minha irmã e te ligo': nothing written",
    steps: [
      "oi tudo bem quanto tá uma escova e uma coloração",
      "e vocês abrem segunda",
      "ah tá bom então vou ver aqui com a minha irmã e te ligo depois tchau",
    ],
    persona: { name: "kelly cristina", leaves: true },
    expect: {
      says: [
        { re: /70|setenta/, what: "the blow-dry's price (R$ 70)" },
        {
          re: /avaliacao|comprimento|depende/,
          what: "that the colouring's price is set at the evaluation",
        },
        {
          re: /fechad|nao abr|nao (funciona|atend|trabalh)|terca a sabado/,
          what: "that the salon is closed on Mondays",
        },
      ],
    },
  },
];

export const VARIED_BOOK_CALLS: EvalCall[] = variedBook;
