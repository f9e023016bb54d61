// Development calls of every kind (`vw-*`), written on 2026-12-07 blind to the engine (its code unread): verbose,
// polite callers in written style who do not follow a script. Long first sentences with a greeting, who they are and
// a story, the request in the middle or at the end; several things in one breath; self-corrections ('na terça,
// aliás, na quinta'); requests softened as questions ('será que…', 'teria como…'); answers with something added; a
// change of mind at the read-back; a yes said together with a question. Six new bookings (two for a child or a
// parent), five moves, cancellations or confirmations by existing clients, five calls that must write nothing.
// Dates: the call's clock is Monday 3 June 2030, 09:00; amanhã = Tue 4, quarta = Wed 5, quinta = Thu 6, sexta =
// Fri 7, sábado = Sat 8, segunda que vem = Mon 10.
import type { EvalCall } from "../types";

/** An agent turn reading a request back or asking leave to write it. */
const READBACK =
  /confirm|correto\?|certo\?|posso (agendar|marcar|remarcar|mudar|trocar|alterar|passar|reagendar)|pode ser\?|tudo bem\?|esta bom\?|fechado\?/;

const variedWritten: EvalCall[] = [
  {
    id: "vw-01",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "A mother, her son's age and cough told first, corrects 'terça, aliás, quinta': the pediatric visit Thursday at 10:00",
    steps: [
      "Bom dia, tudo bem com a senhora? Aqui quem fala é a Luciana Prates, sou mãe do Pedro, que tem cinco anos e está com uma tosse que não passa há uma semana, e eu gostaria de saber se seria possível conseguir uma consulta com a pediatra na terça, aliás, na quinta, lá pelas dez da manhã.",
      {
        say: "O paciente é o Pedro Prates, meu filho; eu sou a Luciana, a mãe dele, e o telefone pode ser este mesmo.",
        when: /nome/,
      },
    ],
    persona: {
      name: "Pedro Prates",
      service: "consulta com a pediatra",
      when: "quinta às dez da manhã",
      yes: "Isso mesmo, pode deixar marcado.",
    },
    expect: {
      book: [{ services: ["pediatrica"], day: "2030-06-06", at: "10:00" }],
      newClient: { name: /pedro|luciana/ },
      clientNames: [/pedro/, /luciana/],
    },
  },
  {
    id: "vw-02",
    kind: "HOSPITAL",
    style: "written",
    about:
      "A daughter books her father's cardiology visit for Wednesday at 10:00, then at the read-back 'Na verdade, prefiro às onze': Wednesday 11:00",
    steps: [
      "Bom dia, Marina, tudo bem? Meu nome é Cristina Teixeira e estou ligando por causa do meu pai, o senhor Osvaldo Teixeira, que tem setenta e oito anos e anda sentindo umas palpitações; o clínico dele pediu uma avaliação com o cardiologista, então teria como encaixá-lo na quarta às dez?",
      {
        say: "Na verdade, prefiro às onze, pode ser? É que o trânsito logo cedo é complicado para ele.",
        when: READBACK,
      },
    ],
    persona: {
      name: "Osvaldo Teixeira",
      service: "consulta com o cardiologista",
      when: "quarta às onze",
      yes: "Isso, às onze. Pode confirmar.",
    },
    expect: {
      book: [{ services: ["cardiologica"], day: "2030-06-05", at: "11:00" }],
      newClient: { name: /osvaldo|cristina/ },
      clientNames: [/osvaldo/, /cristina/],
    },
  },
  {
    id: "vw-03",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "A friend's recommendation, the price of a colour asked and Saturday 9:00 with Juliana in one breath; 'Pode sim. E preciso vir com o cabelo lavado?' at the read-back",
    steps: [
      "Bom dia, Duda! Meu nome é Adriana Siqueira; uma amiga minha fez a cor com a Juliana aí no salão e ficou linda, então eu queria saber quanto custa uma coloração e, se der, já deixar reservado um horário com ela no sábado de manhã, às nove.",
      { say: "Pode sim. E eu preciso vir com o cabelo lavado ou tanto faz?", when: READBACK },
    ],
    persona: {
      name: "Adriana Siqueira",
      service: "coloração",
      professional: "com a Juliana",
      when: "sábado às nove da manhã",
    },
    expect: {
      book: [{ services: ["coloracao"], day: "2030-06-08", at: "09:00" }],
      newClient: { name: /adriana siqueira/ },
      says: [
        {
          re: /avaliacao|depende/,
          what: "the colour's price is set at the evaluation (depends on hair and product)",
        },
      ],
    },
  },
  {
    id: "vw-04",
    kind: "PETSHOP",
    style: "written",
    about:
      "A newly adopted puppy's story, then 'será que vocês conseguem aplicar a V10 na sexta por volta das onze'; yes with 'preciso levar alguma coisa?'",
    steps: [
      "Oi, bom dia, Bia! Aqui é o Felipe Arantes; eu adotei uma cachorrinha vira-lata chamada Pipoca há duas semanas e a ONG me pediu para dar o reforço da vacina, então será que vocês conseguem aplicar a V10 nela na sexta-feira, por volta das onze?",
      { say: "Pode confirmar, sim. E eu preciso levar alguma coisa dela?", when: READBACK },
    ],
    persona: { name: "Felipe Arantes", service: "vacina V10", when: "sexta às onze" },
    expect: {
      book: [{ services: ["v10"], day: "2030-06-07", at: "11:00" }],
      newClient: { name: /felipe arantes|pipoca/ },
      clientNames: [/felipe/, /pipoca/],
      says: [{ re: /carteir/, what: "to bring the vaccination card" }],
    },
  },
  {
    id: "vw-05",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Whether Dra. Lúcia takes SulAmérica and a Thursday 9:00 slot asked together; the name given with a question about what to bring",
    steps: [
      "Bom dia, tudo bem? Meu nome é Sílvia Moura; meu médico me recomendou procurar uma nutricionista por causa do colesterol alto, e eu queria saber se a Dra. Lúcia atende pela SulAmérica e, se atender, se ela teria um horário livre na quinta às nove.",
      {
        say: "Sílvia Moura, isso mesmo. Aproveitando, eu preciso levar algum exame para a consulta?",
        when: /nome|confirm|correto\?|certo\?|posso (agendar|marcar)|pode ser\?/,
      },
    ],
    persona: { name: "Sílvia Moura", service: "consulta nutricional", when: "quinta às nove" },
    expect: {
      book: [{ services: ["nutricional"], day: "2030-06-06", at: "09:00" }],
      newClient: { name: /silvia moura/ },
      says: [
        { re: /sulamerica/, what: "that Dra. Lúcia takes SulAmérica" },
        { re: /exame|registro|tres dias/, what: "to bring recent blood tests and a three-day food record" },
      ],
    },
  },
  {
    id: "vw-06",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "A mole mapping tomorrow, 'às nove, ou melhor, às dez' (10:00); at the read-back a yes with a question about parking",
    steps: [
      "Bom dia, Clara. Eu me chamo Tiago Borges, tenho muitas pintas nas costas e, como meu pai teve um problema de pele no ano passado, resolvi me cuidar; gostaria de agendar o mapeamento de pintas com a Dra. Beatriz amanhã às nove, ou melhor, às dez, se ainda houver vaga.",
      { say: "Pode, sim. E o prédio tem estacionamento?", when: READBACK },
    ],
    persona: { name: "Tiago Borges", service: "mapeamento de pintas", when: "amanhã às dez" },
    expect: {
      book: [{ services: ["mapeamento"], day: "2030-06-04", at: "10:00" }],
      newClient: { name: /tiago borges/ },
      says: [{ re: /estacionamento|subsolo|conveniado/, what: "the paid partner parking in the basement" }],
    },
  },
  {
    id: "vw-07",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "A business trip told first, then 'dá para passar o exame para sexta, às nove?': the ECG moved to Friday 9:00, the gynaecology visit untouched",
    knownAs: "helena",
    steps: [
      "Bom dia, Sofia, aqui é a Helena Vasconcelos; eu tenho um eletrocardiograma marcado para quarta às onze, mas a empresa me mandou para uma viagem justamente nesse dia, e eu queria ver se dá para passar o exame para sexta-feira, às nove da manhã.",
    ],
    persona: {
      name: "Helena Vasconcelos",
      pick: "o eletrocardiograma",
      when: "sexta às nove da manhã",
      yes: "Isso, pode trocar, por favor.",
    },
    expect: { move: [{ ref: "helena-eletro", day: "2030-06-07", at: "09:00" }] },
  },
  {
    id: "vw-08",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "Two physiotherapy sessions this week, a wife's surgery on Friday: 'peço que desmarque a de sexta, a de quarta eu mantenho'",
    knownAs: "jorge",
    steps: [
      "Bom dia, aqui quem fala é o Jorge Batista; eu faço fisioterapia com o Dr. Marcos e tenho duas sessões nesta semana, na quarta e na sexta, mas na sexta vou precisar acompanhar minha esposa numa cirurgia, então peço que a senhora desmarque a de sexta, por favor, porque a de quarta eu mantenho.",
    ],
    persona: { name: "Jorge Batista", pick: "a de sexta", yes: "Isso, só a de sexta." },
    expect: { cancel: ["jorge-sex"] },
  },
  {
    id: "vw-09",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "A meeting at work, then 'será que a gente consegue trocar para sábado às dez, aliás, às onze': the manicure moved to Saturday 11:00",
    knownAs: "vanessa",
    steps: [
      "Oi, Duda, bom dia! É a Vanessa Lima falando; eu tinha combinado a manicure com a Tânia na sexta às duas da tarde, só que marcaram uma reunião no meu trabalho bem nesse horário, então será que a gente consegue trocar para sábado às dez, aliás, às onze?",
    ],
    persona: { name: "Vanessa Lima", when: "sábado às onze", yes: "Isso, sábado às onze." },
    expect: { move: [{ ref: "vanessa", day: "2030-06-08", at: "11:00" }] },
  },
  {
    id: "vw-10",
    kind: "HOSPITAL",
    style: "written",
    about:
      "An elderly patient confirms Friday's stress test and asks in the same breath whether she may have her coffee: confirmed, caffeine advised against",
    knownAs: "celia",
    steps: [
      "Bom dia, minha filha, aqui é a Célia Ramos; eu estou com aquele teste ergométrico marcado para sexta às dez e queria deixar confirmado que vou comparecer, e também perguntar se posso tomar o meu cafezinho de manhã antes do exame.",
    ],
    persona: { name: "Célia Ramos", yes: "Isso, pode confirmar." },
    expect: {
      confirm: ["celia"],
      says: [
        {
          re: /cafeina|evit\w* (o )?cafe|sem cafe|nao (tome|tomar|pode|deve)/,
          what: "to avoid coffee and caffeine on the day of the test",
        },
      ],
    },
  },
  {
    id: "vw-11",
    kind: "PETSHOP",
    style: "written",
    about:
      "Thor's bath on Thursday asked for 14:00 the same day, then at the read-back 'Na verdade, prefiro às três': moved to Thursday 15:00",
    knownAs: "patricia",
    steps: [
      "Olá, bom dia! Aqui é a Patrícia Moraes, tutora do Thor, aquele shih-tzu; ele tem banho marcado para quinta às dez, mas eu vou estar no médico nesse horário, então gostaria de saber se seria possível deixá-lo para a tarde do mesmo dia, às duas.",
      {
        say: "Na verdade, prefiro às três, pode ser? Assim dá tempo de eu voltar com calma.",
        when: READBACK,
      },
    ],
    persona: { name: "Patrícia Moraes", when: "quinta às três da tarde", yes: "Isso, às três." },
    expect: { move: [{ ref: "patricia", day: "2030-06-06", at: "15:00" }] },
  },
  {
    id: "vw-12",
    kind: "CONSULTORIO_PARTICULAR",
    style: "written",
    about:
      "A new caller asks the consultation's price and whether Bradesco Saúde is taken, then says he will talk to his wife and call back: nothing written",
    steps: [
      "Bom dia, Clara, tudo bem? Meu nome é Roberto Sales e estou procurando uma dermatologista para tratar uma acne que voltou depois dos quarenta, mas antes de mais nada eu gostaria de saber quanto custa a consulta e se a doutora aceita o meu convênio, que é Bradesco Saúde.",
      "Entendi, muito obrigado pelas informações. Vou conversar com a minha esposa e depois eu ligo de novo, está bem? Tenha um bom dia.",
    ],
    persona: { name: "Roberto Sales", leaves: true },
    expect: {
      says: [
        { re: /350|trezentos e cinquenta/, what: "the consultation's price (R$ 350)" },
        { re: /bradesco/, what: "whether Bradesco Saúde is accepted" },
      ],
    },
  },
  {
    id: "vw-13",
    kind: "CLINICA_DE_SAUDE",
    style: "written",
    about:
      "Asks whether Thursday's visit could go to next week in case of a trip, then learns the trip is off and keeps it: nothing moved",
    knownAs: "antonio",
    steps: [
      "Bom dia, aqui é o Antônio Carvalho; tenho uma consulta com o Dr. Rafael nesta quinta às dez e, antes de qualquer coisa, queria só saber se haveria a possibilidade de adiá-la para a semana que vem, caso eu precise, porque talvez eu tenha que viajar a trabalho.",
      "Olha, acabei de falar aqui com a minha esposa e a viagem ficou para o mês que vem, então vamos deixar a consulta como está, na quinta às dez mesmo, sem mudar nada. Obrigado e até logo.",
    ],
    persona: { name: "Antônio Carvalho", leaves: true },
    expect: { mayConfirm: ["antonio"] },
  },
  {
    id: "vw-14",
    kind: "SALAO_DE_BELEZA",
    style: "written",
    about:
      "A man free only on Mondays asks for a haircut next Monday morning; told the salon does not open then, he gives up politely: nothing written",
    steps: [
      "Bom dia! Meu nome é Daniel Farias; eu trabalho de terça a sábado o dia inteiro e só tenho folga na segunda, então queria saber se o Bruno poderia cortar o meu cabelo na próxima segunda-feira, dia dez, na parte da manhã.",
      "Ah, que pena, a segunda é realmente o único dia em que eu consigo ir. Então vou deixar para outra oportunidade, mas muito obrigado pela atenção. Tchau!",
    ],
    persona: { name: "Daniel Farias", leaves: true },
    expect: {
      says: [
        {
          re: /fechad|nao (abre|abrimos|funciona|funcionamos|atende|atendemos|trabalha|tem|ha)|(terca|quarta) a sabado/,
          what: "that there is no haircut on Monday (the salon is closed; Bruno works Wednesday to Saturday)",
        },
      ],
    },
  },
  {
    id: "vw-15",
    kind: "CONSULTORIO_COMPARTILHADO",
    style: "written",
    about:
      "A mother asks whether Dr. Caio sees a five-year-old and the session's price; told from 6 years, she will call back later: nothing written",
    steps: [
      "Bom dia, Lia, tudo bem? Aqui é a Mariana Couto; a escola da minha filha Beatriz, que tem cinco anos, sugeriu um acompanhamento psicológico por causa da ansiedade, e eu gostaria de saber se o Dr. Caio atende crianças dessa idade e quanto custa cada sessão.",
      "Ah, entendi, então por enquanto ainda não dá. Ela faz seis anos só em dezembro, então eu volto a ligar mais perto disso. Muito obrigada pela explicação, tchau!",
    ],
    persona: { name: "Mariana Couto", leaves: true },
    expect: {
      says: [{ re: /6 anos|seis anos/, what: "that psychotherapy is for children from 6 years" }],
    },
  },
  {
    id: "vw-16",
    kind: "HOSPITAL",
    style: "written",
    about:
      "A twisted knee, whether the orthopaedist takes Unimed and has Thursday afternoons; she will check with her boss and call back: nothing written",
    steps: [
      "Bom dia, Marina. Eu me chamo Sandra Peixoto, torci o joelho jogando vôlei no fim de semana e, antes de marcar, queria saber se a ortopedista de vocês atende pela Unimed e se costuma ter horário na quinta à tarde, que é o dia em que eu saio mais cedo do trabalho.",
      "Perfeito, obrigada. Vou só confirmar com o meu chefe se posso sair mais cedo nessa quinta e aí eu retorno a ligação para marcar, tudo bem? Até logo.",
    ],
    persona: { name: "Sandra Peixoto", leaves: true },
    expect: {
      says: [{ re: /unimed/, what: "that the orthopaedist (Dra. Marta) takes Unimed" }],
    },
  },
];

export const VARIED_WRITTEN_CALLS: EvalCall[] = variedWritten;
