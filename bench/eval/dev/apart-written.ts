// Sixteen written-style calls (typed sentences with punctuation, as on WhatsApp or a chat) over the six dev businesses
// (./fixtures.ts): six new bookings, five existing clients managing an appointment, five callers with questions.
// Written on 2026-12-08 blind to the engine (from types.ts, dev/fixtures.ts, play.ts and judge.ts only), to measure
// whether the agent generalises to callers who do not follow its script.
// Dates: the call's clock is Monday 3 June 2030, 09:00 (São Paulo). hoje = Mon 3, amanhã = Tue 4, quarta = Wed 5,
// quinta = Thu 6, sexta = Fri 7, sábado = Sat 8, domingo = Sun 9, segunda que vem = Mon 10, terça que vem = Tue 11,
// dia 12 = Wed, dia 13 = Thu, dia 14 = Fri; 'semana que vem' = 10-14 June.
import type { EvalCall } from "../types";

export const APART_WRITTEN_CALLS: EvalCall[] = [
  // ───────────────────────────── New bookings ─────────────────────────────
  {
    id: "aw-01",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "Story first (a cousin's wedding), two services as slang ('mão e pé') and a price question in one breath: manicure + pedicure with Tânia Saturday 10:00",
    steps: [
      "Oiii, bom dia! Tudo bem? Sábado agora é o casamento da minha prima e eu preciso dar um jeito nessas unhas urgente kkkk. Teria como fazer mão e pé no sábado de manhã, lá pelas dez? E quanto fica as duas coisas juntas?",
    ],
    persona: {
      name: "Jéssica Nogueira",
      service: "manicure e pedicure",
      when: "sábado às dez da manhã",
      professional: "Tanto faz, quem estiver livre.",
      yes: "Isso, pode marcar as duas, por favor.",
    },
    expect: {
      book: [{ services: ["manicure", "pedicure"], day: "2030-06-08", at: "10:00" }],
      newClient: { name: /jessica/ },
      says: [
        { re: /100|cem\b|45|quarenta e cinco|55|cinquenta e cinco/, what: "manicure R$ 45 + pedicure R$ 55" },
      ],
    },
  },
  {
    id: "aw-02",
    kind: "PETSHOP",
    style: "written",
    about:
      "Asks the bath-and-grooming price (set at the evaluation), then the plain bath's, and only then decides on the bath alone: Thursday 14:00",
    steps: [
      "Boa tarde! Antes de marcar qualquer coisa, deixa eu tirar uma dúvida: quanto vocês cobram pra dar banho e tosar um lhasa? O Fubá tem o pelo bem comprido, viu.",
      {
        say: "Hmm, entendi. E só o banho, sem tosa, quanto sai? Ele é pequenininho, uns seis quilos.",
        when: /avaliacao|porte|pelagem|depend|varia|valor|preco/,
      },
      {
        say: "Ah, esse valor tá ótimo. Então vamos fazer só o banho dessa vez. Quinta à tarde vocês têm? Tipo duas horas.",
        when: /70|setenta|reais|valor|preco/,
      },
    ],
    persona: {
      name: "Denise Carvalho, e o cachorro é o Fubá",
      service: "só o banho",
      when: "quinta às duas da tarde",
      yes: "Pode, fechado!",
    },
    expect: {
      book: [{ services: ["porte pequeno"], day: "2030-06-06", at: "14:00" }],
      newClient: { name: /denise|fuba/ },
      clientNames: [/denise/, /fuba/],
      says: [
        {
          re: /avaliacao|porte|pelagem/,
          what: "banho e tosa: valor definido na avaliação (porte e pelagem)",
        },
        { re: /70|setenta/, what: "banho porte pequeno: R$ 70" },
      ],
    },
  },
  {
    id: "aw-03",
    kind: "HOSPITAL",
    style: "written",
    about:
      "Calls from the work phone and gives his own mobile before being asked: the orthopaedic visit Thursday 14:00 under another number",
    steps: [
      "Opa, bom dia. Machuquei o joelho jogando bola no domingo e até agora tá inchado, então queria passar com um ortopedista. Tem alguma coisa na quinta depois do almoço, tipo duas da tarde? Ah, e tô ligando do telefone da empresa; se precisarem falar comigo, o meu celular é (11) 97456-1289.",
    ],
    persona: {
      name: "Wellington Souza",
      service: "consulta com ortopedista",
      when: "quinta às duas da tarde",
      phone: "Anota o meu celular, por favor: (11) 97456-1289. Esse daqui é da empresa.",
      yes: "Isso, pode marcar.",
    },
    expect: {
      book: [{ services: ["ortopedica"], professional: "marta", day: "2030-06-06", at: "14:00" }],
      newClient: { name: /wellington/, phone: "11974561289" },
    },
  },
  {
    id: "aw-04",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Acupuncture 'bem cedinho' before work, with a self-correction on the time and no professional named: only Marcos works at 07:00 on Wednesday",
    steps: [
      "Olá! Uma amiga me indicou a acupuntura de vocês pra ver se ajuda com a minha enxaqueca. Consigo um horário bem cedinho, antes de ir pro trabalho? Quarta seria perfeito, às sete... ou sete e meia, não, às sete mesmo, que aí dá tempo de chegar no escritório.",
    ],
    persona: {
      name: "Tatiane Brandão",
      service: "acupuntura",
      when: "quarta às sete da manhã",
      professional: "Tanto faz, quem atender nesse horário.",
      yes: "Perfeito, obrigada!",
    },
    expect: {
      book: [{ services: ["acupuntura"], professional: "marcos", day: "2030-06-05", at: "07:00" }],
      newClient: { name: /tatiane/ },
    },
  },
  {
    id: "aw-05",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "Name and CPF before anything, the request as a question, then an insurer question at the read-back: dermatology tomorrow 09:00",
    steps: [
      "Bom dia! Meu nome é Gustavo Henrique Lins, CPF 314.159.265-90. Apareceram umas manchas vermelhas no meu braço que coçam bastante. Será que a doutora teria um horário amanhã de manhã? Qualquer hora serve, mas se tiver às nove eu prefiro.",
      {
        say: "Antes de fechar, uma dúvida: a doutora aceita SulAmérica? Se aceitar, pode marcar.",
        when: /confirm|posso (agendar|marcar|reservar)|correto\?|certo\?|pode ser\?|fechado\?/,
      },
    ],
    persona: {
      name: "Gustavo Henrique Lins",
      cpf: "314.159.265-90",
      service: "consulta dermatológica",
      when: "amanhã às nove da manhã",
      yes: "Pode marcar, sim.",
    },
    expect: {
      book: [{ services: ["dermatologica"], day: "2030-06-04", at: "09:00" }],
      newClient: { name: /gustavo/, cpf: "31415926590" },
      says: [{ re: /sulamerica/, what: "a Dra. Beatriz aceita SulAmérica" }],
    },
  },
  {
    id: "aw-06",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "'Boa tarde' at 9 a.m.; asks for a gynaecology slot that is taken (Helena at 15:00) and takes 16:00 the same Monday",
    steps: [
      "Boa tarde, como vai? Faz mais de um ano que não faço meu preventivo e queria marcar com a ginecologista. Segunda que vem, às três da tarde, teria?",
      {
        say: "Ah, às três não tem? Então pode ser às quatro, no mesmo dia.",
        when: /ocupad|indisponivel|nao (tem|temos|ha|esta|consigo)|ja (tem|esta|possui)|preenchid|reservad|outro horario|disponivel|disponiveis|livres?\b/,
      },
    ],
    persona: {
      name: "Priscila Amaral",
      service: "consulta ginecológica",
      when: "segunda que vem, às quatro da tarde",
      pick: "Às quatro da tarde.",
      yes: "Sim, às quatro está ótimo.",
    },
    expect: {
      book: [{ services: ["ginecologica"], professional: "sonia", day: "2030-06-10", at: "16:00" }],
      newClient: { name: /priscila/ },
    },
  },

  // ─────────────────────── Existing clients, managing ───────────────────────
  {
    id: "aw-07",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "The new day said relative to the old one ('pro dia seguinte, no mesmo horário'): Renata's Wednesday 14:00 consultation to Thursday 14:00",
    knownAs: "renata",
    steps: [
      "Oi, aqui é a Renata Albuquerque. Tenho consulta com a Dra. Beatriz na quarta, só que me enfiaram numa reunião bem nesse horário. Dá pra passar pro dia seguinte, no mesmo horário?",
    ],
    persona: {
      name: "Renata Albuquerque",
      when: "quinta, às duas da tarde",
      yes: "Pode trocar, sim. Obrigada!",
    },
    expect: { move: [{ ref: "renata", day: "2030-06-06", at: "14:00" }] },
  },
  {
    id: "aw-08",
    kind: "PETSHOP",
    style: "written",
    about:
      "Cancellation told as a story (the cat already seen at a 24-hour vet) and asked indirectly ('não tem mais motivo, né?'): Mel's Wednesday visit cancelled",
    knownAs: "ricardo",
    steps: [
      "Oi, tudo joia? Ricardo falando, o tutor da Mel. Deixa eu te contar: ontem à noite a Mel começou a vomitar e a gente acabou levando ela num veterinário 24 horas aqui perto de casa. Examinaram, deram remédio e ela já está bem melhor, graças a Deus. Então aquela consulta dela aí com vocês na quarta acho que não tem mais motivo, né?",
    ],
    persona: {
      name: "Ricardo Alves",
      yes: "Pode cancelar, sim. Se ela precisar de novo, eu ligo e marco outra.",
      done: "Não, só isso. Valeu, tchau!",
    },
    expect: { cancel: ["ricardo"] },
  },
  {
    id: "aw-09",
    kind: "HOSPITAL",
    style: "written",
    about:
      "A confirmation said as a notice ('só pra avisar que vou estar aí'), with a question about coffee before the stress test: Célia's Friday test confirmed",
    knownAs: "celia",
    steps: [
      "Bom dia, minha filha. É a Célia Ramos. Só pra avisar vocês que na sexta eu vou estar aí direitinho às dez horas pro teste ergométrico, viu? Pode contar comigo. Aproveitando: tem algum cuidado que eu preciso ter antes? Posso tomar meu cafezinho de manhã?",
    ],
    persona: {
      name: "Célia Ramos",
      yes: "Isso, pode confirmar.",
      done: "Não, querida, só isso mesmo. Obrigada e bom trabalho!",
    },
    expect: {
      confirm: ["celia"],
      says: [
        { re: /(evit|nao|sem).{0,40}(cafe|cafeina)|cafeina/, what: "evitar café e cafeína no dia do exame" },
        { re: /tenis|roupa/, what: "vir com roupa e tênis confortáveis" },
      ],
    },
  },
  {
    id: "aw-10",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "A client with two appointments moves one onto the other's day ('assim eu vou uma vez só') and asks about the other at the read-back: the ECG to Monday 10 at 14:30, the gynaecology visit kept",
    knownAs: "helena",
    steps: [
      "Alô? Helena Vasconcelos aqui. Eu tenho duas coisas marcadas com vocês, né? O eletro na quarta e a ginecologista na segunda que vem. Queria saber se dá pra fazer o eletro no mesmo dia da gineco, assim eu vou uma vez só. Se desse antes da consulta, tipo duas e meia, seria o ideal.",
      {
        say: "E a gineco continua às três, né? Nela não mexe, não.",
        when: /confirm|posso (remarcar|mudar|trocar|alterar|passar|marcar|agendar|transferir)|correto\?|certo\?|pode ser\?/,
      },
    ],
    persona: {
      name: "Helena Vasconcelos",
      pick: "O eletro.",
      when: "segunda que vem, às duas e meia da tarde",
      yes: "Então pode mudar o eletro, sim.",
    },
    expect: {
      move: [{ ref: "helena-eletro", day: "2030-06-10", at: "14:30" }],
      mayConfirm: ["helena-gineco"],
    },
  },
  {
    id: "aw-11",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "'Boa noite' in the morning, 'consegue me encaixar' later the same day, and a question about the manicurist at the read-back: Vanessa's Friday 14:00 to 17:30",
    knownAs: "vanessa",
    steps: [
      "Oi, boa noite! Aqui quem fala é a Vanessa. Sobre a minha unha de sexta: às duas eu não vou conseguir sair do serviço. Consegue me encaixar mais pro fim da tarde, tipo cinco e meia?",
      {
        say: "É com a Tânia mesmo, né? Se for com ela, pode trocar.",
        when: /confirm|posso (remarcar|mudar|trocar|alterar|passar|marcar|agendar)|correto\?|certo\?|pode ser\?|tudo certo\?/,
      },
    ],
    persona: {
      name: "Vanessa Lima",
      when: "sexta às cinco e meia da tarde",
      yes: "Pode sim, obrigada!",
    },
    expect: {
      move: [{ ref: "vanessa", day: "2030-06-07", at: "17:30" }],
      says: [{ re: /tania/, what: "a manicure continua com a Tânia" }],
    },
  },

  // ─────────────────────────────── Questions ───────────────────────────────
  {
    id: "aw-12",
    kind: "HOSPITAL",
    style: "written",
    about:
      "Asks whether the orthopaedist takes an insurer she does not (Porto Seguro: only Unimed), then the private price and the parking, and leaves to think: nothing written",
    steps: [
      "Com licença, uma informação: a ortopedista de vocês atende pela Porto Seguro? Meu convênio é Porto.",
      "Poxa, que pena. E se eu fosse particular, quanto fica a consulta? E só pra eu me programar: dá pra parar o carro aí?",
      "Tá bom, vou conversar com a minha esposa e depois eu ligo pra marcar. Obrigado, bom dia!",
    ],
    persona: { name: "Márcio Teixeira", leaves: true },
    expect: {
      says: [
        { re: /unimed/, what: "a Dra. Marta atende só Unimed" },
        { re: /380|trezentos e oitenta/, what: "consulta ortopédica: R$ 380" },
        { re: /valet|manobrista/, what: "estacionamento com valet pago" },
      ],
    },
  },
  {
    id: "aw-13",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "Asks about Monday opening (closed) and then for a service the salon does not offer (eyebrow henna, lash extensions): nothing written",
    steps: [
      "Ei, vocês abrem segunda-feira? Eu só tenho folga na segunda.",
      "Ah, que pena. E vocês fazem design de sobrancelha com henna? Ou alongamento de cílios?",
      "Entendi, então vou procurar outro lugar pra isso. Obrigada mesmo assim, beijo!",
    ],
    persona: { name: "Aline Rezende", leaves: true },
    expect: {
      says: [{ re: /terca/, what: "funciona de terça a sábado (fechado domingo e segunda)" }],
    },
  },
  {
    id: "aw-14",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "A mother asks whether the psychologist sees a 5-year-old (from 6 only) and whether there is a lift for her own mother (stairs only): nothing written",
    steps: [
      "Olá, bom dia. Estou procurando psicólogo pro meu filho: ele tem 5 anos e anda muito ansioso desde que mudou de escola. O Dr. Caio atende criança dessa idade?",
      "Ah, entendi. E outra coisa: quem vai levar ele normalmente é a minha mãe, que tem dificuldade pra subir escada. O consultório tem elevador?",
      "Hmm, então complica um pouco. Vou pensar com calma e, quando ele fizer seis, eu volto a entrar em contato. Obrigada pela atenção!",
    ],
    persona: { name: "Carolina Peixoto", leaves: true },
    expect: {
      says: [
        { re: /6 anos|seis anos/, what: "psicoterapia para crianças a partir de 6 anos" },
        {
          re: /escada|sem elevador|nao (tem|ha|possui|temos) elevador/,
          what: "sobrado sem elevador, acesso só por escada",
        },
      ],
    },
  },
  {
    id: "aw-15",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "A worried caller asks two prices and the mole-mapping preparation, then leaves to check her insurer's refund: nothing written",
    steps: [
      "Olá, boa tarde. Quanto custa a consulta com a Dra. Beatriz? E o mapeamento de pintas, quanto sai? Tenho muita pinta nas costas e minha mãe teve melanoma, então fiquei preocupada.",
      "E pro mapeamento precisa de algum preparo? Ouvi dizer que não pode ir de creme no corpo.",
      "Tá, vou ver certinho com o meu convênio se eles reembolsam e te retorno. Muito obrigada!",
    ],
    persona: { name: "Luana Batista", leaves: true },
    expect: {
      says: [
        { re: /350|trezentos e cinquenta/, what: "consulta dermatológica: R$ 350" },
        { re: /480|quatrocentos e oitenta/, what: "mapeamento de pintas: R$ 480" },
        { re: /maquiagem|exames anteriores/, what: "vir sem maquiagem; trazer exames anteriores" },
      ],
    },
  },
  {
    id: "aw-16",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "Asks about fasting and whether blood is drawn on Saturday, then books it in the same breath as the thanks: blood draw Saturday 07:30",
    steps: [
      "Bom diaaa! O médico me pediu hemograma e colesterol. Precisa de jejum? E vocês fazem coleta no sábado? Durante a semana eu trabalho longe e não consigo chegar cedo.",
      "Ótimo, obrigado! Então já deixa marcado pra mim sábado agora, às sete e meia, por favor.",
    ],
    persona: {
      name: "Rogério Fontes",
      service: "coleta de exame de sangue",
      when: "sábado às sete e meia da manhã",
      yes: "Fechado, pode agendar.",
    },
    expect: {
      book: [{ services: ["coleta"], professional: "paula", day: "2030-06-08", at: "07:30" }],
      newClient: { name: /rogerio/ },
      says: [
        { re: /8 horas|oito horas|8h\b/, what: "jejum de 8 horas" },
        { re: /pedido/, what: "trazer o pedido médico" },
      ],
    },
  },
];
