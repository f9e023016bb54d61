// Calls where a careless receptionist would WRITE SOMETHING WRONG: a mind changed at the read-back (another day,
// another time, or giving up), a 'sim' inside a goodbye after declining, 'isso' followed by a contradiction,
// 'não precisa remarcar, pode cancelar', a new day or time said oddly ('no mesmo horário só que na sexta', 'uma hora
// mais tarde', 'dois dias depois'), 'segunda não dá', phrases that are not times ('boa tarde', 'daqui a pouco'), a
// phone number dictated in words next to a time, two people with two services, a dog named like a weekday, a caller
// who cuts in with 'não, espera'. Eleven end with a write that differs from the tempting one, five write nothing.
// Written on 2026-12-08, blind to the engine (only types.ts, dev/fixtures.ts, play.ts and judge.ts were read).
// Dates: the call's clock is Monday 3 June 2030, 09:00 (São Paulo): hoje = Mon 3, amanhã = Tue 4, quarta = Wed 5,
// quinta = Thu 6, sexta = Fri 7, sábado = Sat 8, segunda que vem = Mon 10, terça que vem = Tue 11, dia 12 = Wed.
import type { EvalCall } from "../types";

export const APART_RISKY_CALLS: EvalCall[] = [
  {
    id: "ar-01",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "An existing patient tells of his daughter's caesarean first, then asks 'no mesmo horário, só que na sexta': Thursday's 10:00 visit moved to Friday 10:00, not booked anew nor set at another hour",
    knownAs: "antonio",
    steps: [
      "Bom dia, Sofia. Aqui é o Antônio Carvalho, CPF 987.654.321-00. É sobre a minha consulta com o Dr. Rafael nesta quinta: acabaram de marcar a cesárea da minha filha justamente pra quinta de manhã, e eu quero estar lá com ela. Teria como deixar no mesmo horário, só que na sexta?",
    ],
    persona: {
      name: "Antônio Carvalho",
      intent: "Passar a consulta de quinta para sexta, no mesmo horário.",
      when: "Sexta-feira, no mesmo horário, às dez.",
      yes: "Isso, sexta às dez com o Dr. Rafael. Pode passar.",
      done: "Não, era isso mesmo. Obrigado e bom dia!",
    },
    expect: {
      move: [{ ref: "antonio", day: "2030-06-07", at: "10:00" }],
    },
  },
  {
    id: "ar-02",
    kind: "PETSHOP",
    style: "asr",
    about:
      "A tutor asks to push the Thursday 10:00 bath 'uma hora mais tarde': 11:00 the same day, not 13:00 ('uma hora') nor another day",
    knownAs: "patricia",
    steps: [
      "oi bia bom dia aqui é a patrícia do thor o chitzu sabe então o banho dele quinta tá marcado às dez né e eu lembrei que tenho dentista bem nessa hora hã tem como empurrar uma hora mais tarde só uma horinha",
    ],
    persona: {
      name: "patrícia moraes",
      when: "quinta mesmo só que às onze",
      yes: "isso quinta às onze",
      pick: "o das onze",
      done: "não era só isso brigada",
    },
    expect: {
      move: [{ ref: "patricia", day: "2030-06-06", at: "11:00" }],
    },
  },
  {
    id: "ar-03",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "Asks to move tomorrow's 18:00 session 'pra dois dias depois no mesmo horário': two days after the session (Thursday 18:00), not two days after today (Wednesday)",
    knownAs: "fernanda",
    steps: [
      "oi lia bom dia é a fernanda lopes paciente do caio então é que a minha sessão é amanhã às seis da tarde né e vão me segurar no trampo amanhã até tarde hã tem como jogar ela pra dois dias depois no mesmo horário",
    ],
    persona: {
      name: "fernanda lopes",
      when: "quinta às seis da tarde",
      yes: "isso quinta seis da tarde com o caio",
      done: "não só isso obrigada lia",
    },
    expect: {
      move: [{ ref: "fernanda", day: "2030-06-06", at: "18:00" }],
    },
  },
  {
    id: "ar-04",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "Opens with 'boa tarde' at 9 a.m. and 'segunda não dá', then asks for this Wednesday at four: the mole mapping Wednesday 16:00 (not Monday, not 'this afternoon'), the preparation asked at the read-back",
    steps: [
      "Boa tarde! Ai, bom dia, desculpa, ainda é de manhã, né? Então: eu queria marcar aquele mapeamento de pintas com a Dra. Beatriz, que o meu clínico pediu. Segunda não dá pra mim de jeito nenhum, que é o dia que eu fecho o caixa na loja. Teria nesta quarta, às quatro da tarde?",
      {
        say: "Pode ser, sim. E tem que fazer alguma coisa antes, algum preparo?",
        when: /(quarta|16|quatro)[^?]*\?/,
      },
    ],
    persona: {
      name: "Tatiane Rezende",
      service: "mapeamento de pintas",
      when: "Nesta quarta, às quatro da tarde.",
      yes: "Isso, quarta às quatro. Pode marcar.",
      done: "Não, era só isso. Obrigada!",
    },
    expect: {
      book: [{ services: ["mapeamento"], day: "2030-06-05", at: "16:00" }],
      newClient: { name: /tatiane/ },
      says: [{ re: /maquiagem|creme/, what: "the preparation (no make-up, no cream on the body)" }],
    },
  },
  {
    id: "ar-05",
    kind: "PETSHOP",
    style: "written",
    about:
      "A dog named Domingo; Wednesday 14:00 asked, then at the read-back 'passa pra quinta, no mesmo horário': the small-dog bath Thursday 14:00, never Sunday nor Wednesday",
    steps: [
      "Oi, bom dia! Eu queria marcar um banho pro Domingo. Ah, o Domingo é o meu cachorro, tá? Um poodle miniatura, bem pequenininho. Teria vaga na quarta, às duas da tarde?",
      {
        say: "Ai, espera, desculpa! Quarta é o dia que o meu marido leva o carro pro trabalho, não tenho como levar ele. Passa pra quinta, no mesmo horário? Quinta às duas.",
        when: /quarta[^?]*\?/,
      },
    ],
    persona: {
      name: "Sueli Andrade",
      service: "banho de cachorro pequeno",
      when: "Quinta, às duas da tarde.",
      yes: "Isso, quinta às duas, o banho do Domingo.",
      done: "Não, só isso. Brigada, tchau!",
    },
    expect: {
      book: [{ services: ["porte pequeno"], day: "2030-06-06", at: "14:00" }],
      newClient: { name: /sueli/ },
      clientNames: [/sueli/, /domingo/],
    },
  },
  {
    id: "ar-06",
    kind: "SALAO_DE_BELEZA",
    style: "asr",
    about:
      "'isso isso… não pera, dez não vai dar' at the read-back: the blow-dry Friday 11:30, not the 10:00 the 'isso' seems to confirm",
    steps: [
      "oi duda bom dia hã eu queria fazer uma escova sexta agora sexta de manhã tem tipo dez horas",
      {
        say: "isso isso é não pera dez não vai dar não que eu levo a menina na escola e é longe põe onze e meia pode ser onze e meia",
        when: /(dez|10)[^?]*\?/,
      },
    ],
    persona: {
      name: "kelly cristina souza",
      service: "escova",
      when: "sexta onze e meia",
      yes: "isso sexta onze e meia",
      done: "não só isso brigada",
    },
    expect: {
      book: [{ services: ["escova"], day: "2030-06-07", at: "11:30" }],
      newClient: { name: /kelly/ },
    },
  },
  {
    id: "ar-07",
    kind: "HOSPITAL",
    style: "written",
    about:
      "A sprained ankle already seen at an emergency room; an orthopaedic visit Thursday 14:00 almost booked, the price asked at the read-back, R$ 380 heard and the call given up: nothing written",
    steps: [
      "Bom dia. Olha, eu torci o tornozelo jogando bola no sábado, já passei no pronto-socorro e tirei raio-X, não quebrou nada, mas o médico de lá falou pra eu procurar um ortopedista. Vocês têm ortopedista na quinta à tarde, umas duas horas?",
      {
        say: "Antes de fechar: quanto sai a consulta? Eu não tenho convênio, seria particular.",
        when: /(quinta|14|duas|marta|ortoped)[^?]*\?/,
      },
      {
        say: "Trezentos e oitenta? Puxa, tá salgado pra mim este mês. Então não marca, não, moça. Vou tentar pelo posto primeiro e, se não der, eu ligo de novo. Obrigado.",
        when: /380|trezentos e oitenta/,
      },
    ],
    persona: {
      name: "Wellington Souza",
      service: "consulta com ortopedista",
      when: "Quinta, às duas da tarde.",
      yes: "Não, deixa, não precisa marcar.",
      leaves: true,
    },
    expect: {
      says: [{ re: /380|trezentos e oitenta/, what: "the price of the orthopaedic consultation (R$ 380)" }],
      clientNames: [/wellington/],
    },
  },
  {
    id: "ar-08",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "asr",
    about:
      "Asks the nutritionist's price, insurance and days, muses 'quinta às nove seria bom', then declines ending 'tá sim obrigada tchau': nothing written",
    steps: [
      "alô bom dia é do espaço saúde né hã eu queria saber da nutricionista quanto que tá a consulta e se ela pega sula mérica e que dia que ela atende",
      {
        say: "hum quinta às nove seria bom né mas não deixa eu ver com o meu marido primeiro se ele fica com as crianças aí eu ligo de volta pra marcar tá sim obrigada tchau",
        when: /terca|quinta|agendar|marcar/,
      },
    ],
    persona: { name: "josiane freitas", yes: "não agora não obrigada", leaves: true },
    expect: {
      says: [{ re: /280|duzentos e oitenta/, what: "the price of the nutrition consultation (R$ 280)" }],
      clientNames: [/josiane/],
    },
  },
  {
    id: "ar-09",
    kind: "CLINICA_DE_SAUDE",
    style: "asr",
    about:
      "'Não precisa remarcar, pode cancelar' about Wednesday's ECG while a gynaecology visit also stands: only the ECG cancelled, neither moved nor the other one touched",
    knownAs: "helena",
    steps: [
      "oi bom dia aqui é a helena vasconcelos é sobre o meu exame de quarta o eletro cardio grama eu não vou conseguir ir",
      {
        say: "não não precisa remarcar não pode cancelar que o meu cardiologista vai fazer lá no consultório dele mesmo",
        when: /remarc|outr[oa] (dia|data|horario)|cancel/,
      },
    ],
    persona: {
      name: "helena vasconcelos",
      pick: "o eletro de quarta",
      yes: "isso pode cancelar só o eletro a consulta com a doutora sônia dia dez continua",
      done: "não só isso brigada",
    },
    expect: {
      cancel: ["helena-eletro"],
      mayConfirm: ["helena-gineco"],
    },
  },
  {
    id: "ar-10",
    kind: "CONSULTORIO_PARTICULAR",
    style: "asr",
    about:
      "Dictates his mobile in words right before the time ('…oito zero três e a consulta pode ser às dez'): the dermatology visit tomorrow 10:00 under the number he gave, not the caller ID nor a time taken from the digits",
    steps: [
      "oi bom dia hã eu tô com umas manchas no rosto que não saem e queria passar com a dermatologista tem pra amanhã de manhã",
      {
        say: "é gilberto nascimento e o meu celular é onze nove nove um quatro sete dois oito zero três e a consulta pode ser às dez amanhã às dez",
        when: /nome|celular|telefone|numero|contato/,
      },
    ],
    persona: {
      name: "gilberto nascimento",
      phone: "onze nove nove um quatro sete dois oito zero três",
      service: "consulta",
      when: "amanhã às dez",
      yes: "isso amanhã às dez",
      done: "não é só isso valeu",
    },
    expect: {
      book: [{ services: ["consulta"], day: "2030-06-04", at: "10:00" }],
      newClient: { name: /gilberto/, phone: "11991472803" },
    },
  },
  {
    id: "ar-11",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "Mother and son at once: her manicure with Tânia and his haircut with Bruno, both Saturday 10:00 side by side, not one after the other nor both for her",
    steps: [
      "Oi, Duda, bom dia! Deixa eu te explicar: sábado eu vou levar o meu filho, o Davi, que tem sete anos, pra cortar o cabelo com o Bruno, e aproveitando eu queria fazer a unha com a Tânia. Dá pra ser os dois às dez, ao mesmo tempo, que aí eu não fico esperando?",
      { say: "Eu sou a Débora Lins e o menino é o Davi Lins. O telefone pode ser este mesmo.", when: /nome/ },
    ],
    persona: {
      name: "Débora Lins",
      service: "manicure para mim e corte masculino para o meu filho",
      when: "Sábado, às dez, os dois juntos.",
      yes: "Isso: eu com a Tânia e o Davi com o Bruno, os dois às dez.",
      done: "Só isso. Obrigada, Duda!",
    },
    expect: {
      book: [
        { services: ["manicure"], day: "2030-06-08", at: "10:00" },
        { services: ["masculino"], day: "2030-06-08", at: "10:00" },
      ],
      newClient: { name: /debora/ },
      clientNames: [/debora/, /davi/],
    },
  },
  {
    id: "ar-12",
    kind: "HOSPITAL",
    style: "asr",
    about:
      "Moves tomorrow's cardiology visit to next week with 'segunda não dá… terça também não': Wednesday the 12th 09:00, not the first Monday slot",
    knownAs: "luiz",
    steps: [
      "alô bom dia é o luiz fernando prado eu tenho consulta com o cardiologista amanhã às nove né e surgiu uma viagem do serviço hã dá pra passar pra semana que vem",
      {
        say: "segunda não dá que eu só chego segunda de noite hã e terça também tô enrolado pode ser na quarta dia doze às nove",
        when: /segunda|qual dia|que dia|quando|prefer|semana que vem/,
      },
    ],
    persona: {
      name: "luiz fernando prado",
      when: "quarta dia doze às nove",
      yes: "isso quarta dia doze às nove",
      done: "não só isso obrigado",
    },
    expect: {
      move: [{ ref: "luiz", day: "2030-06-12", at: "09:00" }],
    },
  },
  {
    id: "ar-13",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Wants to drop 'one of this week's' physiotherapy sessions and cuts in with 'não, espera' when the agent names Wednesday: only Friday's cancelled, Wednesday's kept",
    knownAs: "jorge",
    steps: [
      "Bom dia, Lia, é o Jorge Batista. Essa semana eu vou ter que faltar numa das fisioterapias com o Dr. Marcos. Consegue tirar pra mim?",
      {
        say: "Não, espera! A de quarta eu vou, tá? É a de sexta que eu não consigo, vou levar minha mãe pro interior.",
        when: /quarta/,
        bargeIn: true,
      },
    ],
    persona: {
      name: "Jorge Batista",
      intent: "Cancelar a fisioterapia de sexta.",
      pick: "A de sexta.",
      yes: "Pode cancelar só a de sexta, sem remarcar.",
      done: "Não, só isso. Valeu, Lia!",
    },
    expect: {
      cancel: ["jorge-sex"],
      mayConfirm: ["jorge-qua"],
    },
  },
  {
    id: "ar-14",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "'Daqui a pouco' twice (a meeting, a call back), a blood draw Saturday 07:30 asked and then withdrawn at the read-back: nothing booked, not even tentatively",
    steps: [
      "Bom dia! Vou entrar numa reunião daqui a pouco, então vou ser rápida: o exame de sangue de vocês precisa de jejum? E dá pra fazer no sábado?",
      "Ah, que bom. Então vê pra mim sábado às sete e meia, por favor.",
      {
        say: "Hmm, espera… sábado cedo é o futebol do meu filho e sou eu que levo, tinha esquecido. Não marca ainda, não, tá? Eu vejo com o meu marido quem leva ele e te ligo daqui a pouco. Obrigada!",
        when: /(sabado|7h30|7:30|sete e meia)[^?]*\?/,
      },
    ],
    persona: {
      name: "Rosana Teixeira",
      service: "coleta de sangue",
      when: "Sábado, às sete e meia.",
      yes: "Não, não marca ainda, não.",
      leaves: true,
    },
    expect: {
      says: [{ re: /jejum/, what: "the fasting before the blood draw (8 hours)" }],
      clientNames: [/rosana/],
    },
  },
  {
    id: "ar-15",
    kind: "PETSHOP",
    style: "asr",
    about:
      "Calls to cancel the cat's Wednesday visit, then at the read-back 'é isso quer dizer não pera não cancela deixa marcado sim': nothing cancelled",
    knownAs: "ricardo",
    steps: [
      "oi bom dia aqui é o ricardo dono da mel a gatinha né eu queria desmarcar a consulta dela de quarta que ela voltou a comer direitinho",
      {
        say: "é isso quer dizer não pera não cancela não deixa marcado sim que ela ainda tá espirrando um pouco melhor a doutora dar uma olhada deixa quarta às três mesmo",
        when: /cancel|desmarc/,
      },
    ],
    persona: {
      name: "ricardo alves",
      yes: "deixa marcado não cancela não",
      done: "não era só isso valeu",
    },
    expect: {
      mayConfirm: ["ricardo"],
    },
  },
  {
    id: "ar-16",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "Wants a pedicure 'logo depois' of her Friday 14:00 manicure, hears it would end at 15:30 (school pick-up) and drops it: nothing written, the manicure untouched",
    knownAs: "vanessa",
    steps: [
      "Oi, Duda, tudo bem? Aqui é a Vanessa Lima, eu tenho a mão com a Tânia na sexta, às duas. Será que dá pra emendar o pé logo depois, já que eu vou estar aí?",
      {
        say: "Só me diz uma coisa: até que horas eu fico aí, então? Porque às três e meia eu tenho que estar na porta da escola do meu filho.",
        when: /pedicure|\bpe\b|14h40|14:40/,
      },
      {
        say: "Ih, então não dá, não. Deixa só a mão mesmo, o pé eu faço outro dia. Obrigada, Duda, beijo!",
        when: /15h30|15:30|tres e meia|quinze e trinta|50 minutos|cinquenta minutos/,
      },
    ],
    persona: {
      name: "Vanessa Lima",
      pick: "Não, deixa, fico só com a mão.",
      yes: "Não, deixa, fico só com a mão mesmo.",
      leaves: true,
    },
    expect: {
      mayConfirm: ["vanessa"],
    },
  },
];
