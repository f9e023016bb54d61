// Sixteen calls in recognizer style ('asr': lower case, no punctuation, numbers in words, fillers, an occasional
// misheard word), written on 2026-12-08 blind to the engine: only the format (../types.ts), the fixtures
// (./fixtures.ts), the simulated caller (../play.ts) and the judge (../judge.ts) were read. All six businesses, six
// new bookings, six calls managing an existing appointment and four calls that must write nothing.
// Dates: the call's clock is Monday 3 June 2030, 09:00 (São Paulo). hoje = Mon 3, amanhã = Tue 4, quarta = Wed 5,
// quinta = Thu 6, sexta = Fri 7, sábado = Sat 8, segunda que vem = Mon 10, terça que vem = Tue 11; 'semana que vem'
// = 10-14 June.
import type { EvalCall } from "../types";

export const APART_SPOKEN_CALLS: EvalCall[] = [
  // ── Consultório particular (Dra. Beatriz Falcão) ──────────────────────────────────────────────────────────────
  {
    id: "as-01",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "Gives name and CPF before anything else, the doctor's name misheard, then the mole mapping next Tuesday at 9:00; asks what to do beforehand",
    steps: [
      "alô bom dia meu nome é sílvia regina matarazzo o cpf é três quatro sete um nove dois oito cinco zero vinte e três é que o meu ginecologista pediu pra eu fazer aquele mapeamento de pinta com a doutora beatriz falcon e eu queria ver se tem na terça que vem cedinho tipo nove horas",
      {
        say: "isso e tem que fazer alguma coisa antes tipo ir sem creme essas coisas",
        when: /nove|9|terca|dia 11|onze/,
      },
    ],
    persona: {
      name: "sílvia regina matarazzo",
      cpf: "três quatro sete um nove dois oito cinco zero vinte e três",
      service: "mapeamento de pintas",
      when: "terça que vem às nove da manhã",
      yes: "pode marcar sim",
    },
    expect: {
      book: [{ services: ["mapeamento"], day: "2030-06-11", at: "09:00" }],
      newClient: { name: /silvia/, cpf: "34719285023" },
      says: [
        { re: /maquiagem|creme|exames anteriores/, what: "the mapping's preparation (no makeup or cream)" },
      ],
    },
  },
  {
    id: "as-02",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    knownAs: "renata",
    about:
      "'Boa tarde' at nine, the story first ('não vou conseguir ir'), the new time only when asked: Wednesday's consultation to Thursday at 17:00",
    steps: [
      "oi boa tarde aqui é a renata albuquerque então é sobre a minha consulta de quarta com a doutora é que marcaram uma reunião lá no serviço bem no mesmo horário e eu não vou conseguir ir",
      {
        say: "tem como jogar pra quinta no finalzinho da tarde tipo umas cinco horas",
        when: /quando|dia|horario|remarc|outr|prefer|disponib/,
      },
    ],
    persona: {
      name: "renata albuquerque",
      intent: "trocar a consulta de quarta pra outro dia",
      when: "quinta às cinco da tarde",
      yes: "isso pode trocar",
    },
    expect: { move: [{ ref: "renata", day: "2030-06-06", at: "17:00" }] },
  },
  {
    id: "as-03",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "Information only, three questions one after the other (Unimed? then the private price, then parking); says she'll call back: nothing written",
    steps: [
      "oi tudo bem com você eu eu queria saber se a doutora atende pela unimed",
      "hum e particular quanto que fica a consulta",
      "tá e aí tem onde parar o carro porque eu vou de carro",
      "ah tá bom então vou ver aqui com calma e depois eu ligo pra marcar brigada viu",
    ],
    persona: { name: "mônica", yes: "não por enquanto não obrigada", leaves: true },
    expect: {
      says: [
        {
          re: /bradesco|sul ?america/,
          what: "the insurances she takes (Bradesco Saúde, SulAmérica), not Unimed",
        },
        { re: /350|trezentos e cinquenta/, what: "the consultation's price" },
        { re: /subsolo|conveniado|pago/, what: "the paid partner parking in the basement" },
      ],
    },
  },
  // ── Consultório compartilhado (Espaço Saúde Integrada) ────────────────────────────────────────────────────
  {
    id: "as-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "A mother, the school's request and the boy's age first, asks whether children are seen, then books Wednesday 17:00 for her son and asks the price",
    steps: [
      "bom dia hã olha a escola do meu filho pediu pra gente procurar um psicólogo ele tem oito anos tá meio agitado sabe e me indicaram o doutor caio vocês atendem criança",
      "então eu queria marcar pra ele quarta agora dia cinco depois da escola lá pelas cinco da tarde e quanto que fica a sessão",
      {
        say: "o nome dele é davi ferraz e eu sou a mãe michele ferraz o telefone pode ser esse mesmo",
        when: /nome/,
      },
    ],
    persona: {
      name: "davi ferraz",
      service: "psicoterapia pro meu filho",
      professional: "doutor caio",
      when: "quarta dia cinco às cinco da tarde",
      yes: "pode sim brigada",
    },
    expect: {
      book: [{ services: ["psicoterapia"], day: "2030-06-05", at: "17:00" }],
      newClient: { name: /davi|michele/ },
      clientNames: [/davi/, /michele/],
      says: [{ re: /220|duzentos e vinte/, what: "the session's price" }],
    },
  },
  {
    id: "as-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    knownAs: "jorge",
    about:
      "A client with two physio sessions this week (Wednesday and Friday) drops only Friday's and says he will go on Wednesday",
    steps: [
      "alô é o jorge batista tudo bom então eu tenho duas fisioterapia essa semana com o doutor marco né quarta e sexta",
      {
        say: "isso então a de sexta pode tirar que eu vou ter que viajar pro interior a de quarta tá mantida eu vou",
        when: /sexta|7|sete/,
      },
    ],
    persona: {
      name: "jorge batista",
      pick: "a de sexta",
      yes: "pode tirar só a de sexta",
    },
    expect: { cancel: ["jorge-sex"], mayConfirm: ["jorge-qua"] },
  },
  {
    id: "as-06",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "Wants the nutritionist for her mother in a wheelchair, asks about a lift first; the rooms are up a staircase, so she gives up: nothing written",
    steps: [
      "bom dia eu tô querendo marcar com a nutricionista pra minha mãe mas antes eu preciso saber uma coisa ela é cadeirante tem elevador aí",
      "ixi então não vai dar não ela não consegue subir escada nenhuma vou ter que procurar outro lugar mas obrigada viu",
    ],
    persona: { name: "cristina", yes: "não obrigada", leaves: true },
    expect: {
      says: [
        {
          re: /escada|sem elevador|nao (tem|temos|ha|possui|dispoe de|contamos com) elevador/,
          what: "second floor by stairs only, no lift",
        },
      ],
    },
  },
  // ── Clínica de saúde (Clínica Vida Plena) ─────────────────────────────────────────────────────────────────
  {
    id: "as-07",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "Dictates another phone number before being asked (this one is the company's), then the blood test tomorrow at 7:30; asks about fasting with his name",
    steps: [
      "oi bom dia anota aí o meu número que esse daqui é o telefone da empresa é onze nove sete oito um dois quatro três três zero o médico pediu um exame de sangue hemograma essas coisas e eu queria fazer amanhã cedinho sete e meia dá",
      {
        say: "é roberto tadeu nogueira e precisa de jejum né quanto tempo",
        when: /nome/,
      },
    ],
    persona: {
      name: "roberto tadeu nogueira",
      phone: "onze nove sete oito um dois quatro três três zero",
      service: "exame de sangue",
      when: "amanhã às sete e meia",
      yes: "pode marcar",
    },
    expect: {
      book: [{ services: ["coleta"], day: "2030-06-04", at: "07:30" }],
      newClient: { name: /roberto/, phone: "11978124330" },
      says: [{ re: /8 horas|oito horas/, what: "the 8-hour fast" }],
    },
  },
  {
    id: "as-08",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    knownAs: "helena",
    about:
      "A client with two appointments: 'o do coração' (Wednesday's ECG) goes to Friday 9:00; at the read-back she checks the gynaecologist stays on the 10th",
    steps: [
      "oi bom dia aqui é helena vasconcelos eu tenho dois agendamentos aí com vocês né e é sobre o do coração o eletro de quarta é que eu vou ter que levar minha sogra no médico bem nesse horário",
      {
        say: "consegue passar pra sexta de manhã umas nove horas",
        when: /quando|dia|horario|remarc|outr|prefer|disponib/,
      },
      {
        say: "isso e a ginecologista continua segunda dia dez né essa não mexe",
        when: /sexta|dia 7|sete/,
      },
    ],
    persona: {
      name: "helena vasconcelos",
      intent: "passar o eletro de quarta pra sexta",
      pick: "o eletro",
      when: "sexta às nove da manhã",
      yes: "isso pode ser",
    },
    expect: {
      move: [{ ref: "helena-eletro", day: "2030-06-07", at: "09:00" }],
      mayConfirm: ["helena-gineco"],
    },
  },
  // ── Hospital (Hospital São Lucas) ─────────────────────────────────────────────────────────────────────────
  {
    id: "as-09",
    kind: "HOSPITAL",
    style: "asr",
    about:
      "A son for his 82-year-old mother (a fall, a swollen knee, Unimed): the orthopaedist Thursday at 14:00; asks which entrance, she walks slowly",
    steps: [
      "bom dia moça é que a minha mãe caiu semana passada e tá com o joelho inchado ainda ela tem oitenta e dois anos hã eu queria ver uma consulta com ortopedista pra ela ela tem unimed",
      {
        say: "quinta agora depois do almoço duas horas tem",
        when: /quando|dia|horario|terca|quinta|disponib|prefer/,
      },
      {
        say: "o nome dela é maria josé barbosa eu sou o filho anderson o telefone pode ser esse mesmo ah e a entrada é por onde porque ela anda bem devagar",
        when: /nome|mais alguma|algo mais/,
      },
    ],
    persona: {
      name: "maria josé barbosa",
      service: "consulta com ortopedista",
      when: "quinta às duas da tarde",
      yes: "isso mesmo pode marcar",
    },
    expect: {
      book: [{ services: ["ortop"], day: "2030-06-06", at: "14:00" }],
      newClient: { name: /maria jose|barbosa/ },
      clientNames: [/maria/, /anderson/],
      says: [{ re: /cubatao|portao (2|dois)/, what: "the outpatient entrance (Rua Cubatão, gate 2)" }],
    },
  },
  {
    id: "as-10",
    kind: "HOSPITAL",
    style: "asr",
    knownAs: "luiz",
    about:
      "Confirms indirectly ('não respondi a mensagem… vou sim, pode contar comigo') tomorrow's cardiology, then asks about parking",
    steps: [
      "oi bom dia luiz fernando prado aqui é que chegou uma mensagem sobre a consulta do coração de amanhã com o doutor enrique e eu não respondi né então tô ligando pra dizer que eu vou sim pode contar comigo",
      {
        say: "beleza e eu vou de carro tem onde parar aí",
        when: /confirmad|registrad|anotad/,
      },
    ],
    persona: { name: "luiz fernando prado", yes: "isso pode confirmar" },
    expect: {
      confirm: ["luiz"],
      says: [{ re: /valet|manobrista/, what: "the paid valet parking" }],
    },
  },
  {
    id: "as-11",
    kind: "HOSPITAL",
    style: "asr",
    knownAs: "celia",
    about:
      "Calls the stress test 'teste de esteira', asks whether Friday 10:00 can become Friday afternoon (the cardiologist works mornings only), keeps it and asks what to bring: nothing written",
    steps: [
      "oi é a célia ramos hã eu tenho aquele teste de esteira sexta às dez né será que dá pra passar pra sexta mesmo só que de tarde tipo umas três",
      "ah então não precisa deixa na sexta às dez mesmo que de manhã eu dou um jeito",
      "ah e pra esse exame tem que ir de jejum ou alguma coisa assim",
      "ah tá entendi então tá bom brigada tchau",
    ],
    persona: {
      name: "célia ramos",
      when: "sexta às dez como já tá",
      pick: "nenhum deixa como tá",
      yes: "não deixa na sexta às dez como tá",
      leaves: true,
    },
    expect: {
      mayConfirm: ["celia"],
      says: [{ re: /cafe|cafeina|tenis|fumar|roupa/, what: "the stress test's preparation" }],
    },
  },
  // ── Pet shop (PetAmigo) ───────────────────────────────────────────────────────────────────────────────────
  {
    id: "as-12",
    kind: "PETSHOP",
    style: "asr",
    about:
      "A new tutor, the adopted puppy's story first and 'vê dez' for V10: the vaccine Wednesday at 10:30 for Paçoca; asks the price",
    steps: [
      "oi bia né bom dia então eu adotei um cachorrinho semana passada ele é vira-lata tem uns três meses e o veterinário da ong falou que tá faltando a vacina vê dez vocês fazem aí quanto que fica",
      {
        say: "quarta de manhã dá dez e meia",
        when: /quando|dia|horario|agend|marc|prefer/,
      },
      {
        say: "o nome dele é paçoca e o meu é tiago moura",
        when: /nome/,
      },
    ],
    persona: {
      name: "tiago moura",
      service: "vacina v10",
      when: "quarta às dez e meia da manhã",
      yes: "pode marcar",
    },
    expect: {
      book: [{ services: ["v10"], day: "2030-06-05", at: "10:30" }],
      newClient: { name: /tiago|pacoca/ },
      clientNames: [/tiago/, /pacoca/],
      says: [
        { re: /120|cento e vinte/, what: "the V10's price" },
        { re: /carteir/, what: "bring the vaccination card" },
      ],
    },
  },
  {
    id: "as-13",
    kind: "PETSHOP",
    style: "asr",
    knownAs: "patricia",
    about:
      "Introduces herself by her dog ('a patrícia do thor'), cannot bring him Thursday, corrects 'sexta, não, sábado': the bath to Saturday 10:00",
    steps: [
      "oi tudo bem aqui é a patrícia do thor o shih-tzu então o banho dele tá marcado pra quinta né só que eu vou ter que trabalhar e não tenho quem leve ele",
      {
        say: "dá pra trocar pra sexta não pera sexta também não dá sábado sábado de manhã umas dez horas",
        when: /quando|dia|horario|remarc|outr|prefer|disponib/,
      },
    ],
    persona: {
      name: "patrícia moraes",
      intent: "trocar o banho do thor de quinta pra sábado",
      when: "sábado às dez da manhã",
      yes: "isso sábado às dez",
    },
    expect: { move: [{ ref: "patricia", day: "2030-06-08", at: "10:00" }] },
  },
  // ── Salão de beleza (Studio Bella Hair) ───────────────────────────────────────────────────────────────────
  {
    id: "as-14",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "'Pé e mão' Saturday morning around ten, asks the price; changes to eleven when the time is said back (her son's football): both services Saturday from 11:00",
    steps: [
      "oi bom dia tudo joia eu queria fazer pé e mão sábado agora de manhã umas dez horas vocês têm com a tânia ah e quanto tá o pé e mão",
      {
        say: "ah espera melhor às onze que de manhã cedo eu levo meu filho no futebol pode ser onze",
        when: /(^|\D)10(\D|$)|\bdez\b/,
      },
    ],
    persona: {
      name: "jéssica almeida",
      service: "manicure e pedicure",
      professional: "a tânia",
      when: "sábado às onze",
      yes: "isso às onze pode marcar",
    },
    expect: {
      book: [{ services: ["manicure", "pedicure"], day: "2030-06-08", at: "11:00" }],
      newClient: { name: /jessica/ },
      says: [
        {
          re: /\b(45|55|100)\b|quarenta e cinco|cinquenta e cinco|\bcem\b/,
          what: "the prices of manicure and pedicure",
        },
      ],
    },
  },
  {
    id: "as-15",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    knownAs: "carla",
    about:
      "Starts as if checking the time of her haircut ('é quinta às quatro né'), then a trip comes up: cancels it, will call back to rebook",
    steps: [
      "alô bom dia é a carla mendonça hã só pra ver o meu corte com a juliana é quinta às quatro né",
      {
        say: "então é que assim minha chefe marcou uma viagem bem nessa semana e eu não vou conseguir ir pode desmarcar depois eu ligo pra ver outro dia",
        when: /quinta|16|dezesseis|quatro/,
      },
    ],
    persona: {
      name: "carla mendonça",
      intent: "desmarcar o corte de quinta",
      when: "depois eu ligo pra ver outro dia",
      yes: "pode cancelar sim depois eu remarco",
    },
    expect: { cancel: ["carla"] },
  },
  {
    id: "as-16",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "Asks what a colouring costs, gets no fixed price, insists with her hair length, then decides to think it over: nothing written",
    steps: [
      "oi bom dia tudo bem então eu tô pensando em pintar o cabelo tipo um castanho mais claro quanto que vocês cobram a coloração",
      "ah mas mais ou menos assim o meu cabelo é na altura do ombro dá pra ter uma ideia",
      "hum entendi então vou pensar direitinho e qualquer coisa eu ligo de novo tá brigada",
    ],
    persona: { name: "aline", yes: "não por enquanto não", leaves: true },
    expect: {
      says: [
        {
          re: /avaliacao|comprimento|produto/,
          what: "the colouring's price is set at the evaluation (hair length and product)",
        },
      ],
    },
  },
];
