// The six businesses of the held-out set (held out: see ./README.md). Each call gets a fresh tenant seeded from its
// kind's fixture. The clock of every call is Monday 3 June 2030, 09:00 (types.ts CALL_NOW): 'amanhã' is Tuesday the
// 4th, 'semana que vem' starts Monday the 10th.
import type { BusinessFixture } from "../types";

const FORWARD = "(11) 3333-4444";

export const PARTICULAR: BusinessFixture = {
  kind: "CONSULTORIO_PARTICULAR",
  name: "Consultório Dra. Beatriz Falcão",
  agentName: "Clara",
  welcome: "Olá, consultório da Dra. Beatriz Falcão, aqui é a Clara. Como posso ajudar?",
  forwardingPhone: FORWARD,
  openingHours: "Segunda, quarta e quinta das 13h às 19h; terça das 8h ao meio-dia",
  paymentMethods: "Pix, cartão de crédito e débito",
  locations: [
    {
      key: "vila",
      name: "Consultório Vila Mariana",
      address: "Rua Domingos de Morais, 2200, sala 304 - Vila Mariana, São Paulo",
      description:
        "Prédio comercial com recepção no térreo; a entrada é pela Rua Sena Madureira. Estacionamento conveniado pago no subsolo.",
      hasParking: true,
      parkingType: "PAID",
      hasAccessibility: true,
    },
  ],
  professionals: [
    {
      key: "beatriz",
      name: "Dra. Beatriz Falcão",
      specialty: "Dermatologia",
      insurances: ["Bradesco Saúde", "SulAmérica"],
      hours: [
        { location: "vila", days: [1, 3, 4], from: "13:00", to: "19:00" },
        { location: "vila", days: [2], from: "08:00", to: "12:00" },
      ],
    },
  ],
  services: [
    { key: "consulta", name: "Consulta dermatológica", duration: 40, price: 35000, locations: ["vila"], professionals: ["beatriz"] },
    {
      key: "retorno",
      name: "Retorno",
      duration: 20,
      price: 0,
      note: "Retorno gratuito em até 30 dias após a consulta",
      locations: ["vila"],
      professionals: ["beatriz"],
    },
    {
      key: "toxina",
      name: "Aplicação de toxina botulínica",
      duration: 30,
      variable: true,
      note: "Valor definido na avaliação; depende da quantidade de unidades e das áreas tratadas",
      locations: ["vila"],
      professionals: ["beatriz"],
    },
    {
      key: "mapeamento",
      name: "Mapeamento de pintas",
      duration: 60,
      price: 48000,
      preparation: "Vir sem maquiagem e sem creme no corpo; trazer exames anteriores",
      locations: ["vila"],
      professionals: ["beatriz"],
    },
  ],
  clients: [
    { key: "renata", name: "Renata Albuquerque", phone: "(11) 98123-4567", cpf: "123.456.789-09" },
    { key: "otavio", name: "Otávio Mendes", phone: "(11) 97222-1100" },
  ],
  appointments: [
    { key: "renata", client: "renata", professional: "beatriz", location: "vila", services: ["consulta"], day: "2030-06-05", at: "14:00" },
    { key: "otavio", client: "otavio", professional: "beatriz", location: "vila", services: ["retorno"], day: "2030-06-06", at: "15:00" },
  ],
};

export const COMPARTILHADO: BusinessFixture = {
  kind: "CONSULTORIO_COMPARTILHADO",
  name: "Espaço Saúde Integrada",
  agentName: "Lia",
  welcome: "Espaço Saúde Integrada, bom dia! Aqui é a Lia. Em que posso ajudar?",
  forwardingPhone: FORWARD,
  locations: [
    {
      key: "pinheiros",
      name: "Sala Pinheiros",
      address: "Rua dos Pinheiros, 870, 2º andar - Pinheiros, São Paulo",
      description:
        "Sobrado sem elevador: o atendimento é no segundo andar, com acesso só por escada. Interfone 12. Estacionamento só na rua, zona azul.",
      hasParking: false,
      hasAccessibility: false,
    },
  ],
  professionals: [
    {
      key: "caio",
      name: "Dr. Caio Nogueira",
      specialty: "Psicologia",
      hours: [{ location: "pinheiros", days: [1, 2, 3, 4], from: "14:00", to: "20:00" }],
    },
    {
      key: "lucia",
      name: "Dra. Lúcia Tavares",
      specialty: "Nutrição",
      insurances: ["SulAmérica"],
      hours: [{ location: "pinheiros", days: [2, 4], from: "08:00", to: "12:00" }],
    },
    {
      key: "marcos",
      name: "Dr. Marcos Pacheco",
      specialty: "Fisioterapia",
      insurances: ["Amil"],
      hours: [{ location: "pinheiros", days: [1, 3, 5], from: "07:00", to: "11:00" }],
    },
  ],
  services: [
    {
      key: "psico",
      name: "Sessão de psicoterapia",
      duration: 50,
      price: 22000,
      childAgeNote: "Atendemos crianças a partir de 6 anos",
      locations: ["pinheiros"],
      professionals: ["caio"],
    },
    {
      key: "nutri",
      name: "Consulta nutricional",
      duration: 60,
      price: 28000,
      preparation: "Trazer exames de sangue recentes e um registro do que comeu em três dias",
      locations: ["pinheiros"],
      professionals: ["lucia"],
    },
    {
      key: "fisio",
      name: "Sessão de fisioterapia",
      duration: 45,
      price: 15000,
      note: "Trazer o pedido médico e usar roupa confortável",
      locations: ["pinheiros"],
      professionals: ["marcos"],
    },
  ],
  clients: [
    { key: "fernanda", name: "Fernanda Lopes", phone: "(11) 99654-3210" },
    { key: "jorge", name: "Jorge Batista", phone: "(11) 98877-6655" },
  ],
  appointments: [
    { key: "fernanda", client: "fernanda", professional: "caio", location: "pinheiros", services: ["psico"], day: "2030-06-04", at: "18:00" },
    { key: "jorge-qua", client: "jorge", professional: "marcos", location: "pinheiros", services: ["fisio"], day: "2030-06-05", at: "08:00" },
    { key: "jorge-sex", client: "jorge", professional: "marcos", location: "pinheiros", services: ["fisio"], day: "2030-06-07", at: "08:00" },
  ],
};

export const CLINICA: BusinessFixture = {
  kind: "CLINICA_DE_SAUDE",
  name: "Clínica Vida Plena",
  agentName: "Sofia",
  welcome: "Clínica Vida Plena, aqui é a Sofia. Como posso ajudar?",
  forwardingPhone: FORWARD,
  openingHours: "Segunda a sexta das 7h às 18h; sábado das 7h às 10h, só para coleta de exames",
  locations: [
    {
      key: "centro",
      name: "Unidade Centro",
      address: "Avenida São João, 500 - Centro, São Paulo",
      description:
        "Entrada pela lateral, ao lado da farmácia. Estacionamento próprio gratuito para pacientes.",
      hasParking: true,
      parkingType: "FREE",
      hasAccessibility: true,
    },
    {
      key: "mooca",
      name: "Unidade Mooca",
      address: "Rua da Mooca, 1500 - Mooca, São Paulo",
      description: "Recepção no térreo, com elevador. Sem estacionamento.",
      hasParking: false,
      hasAccessibility: true,
    },
  ],
  professionals: [
    {
      key: "rafael",
      name: "Dr. Rafael Antunes",
      specialty: "Clínica Geral",
      insurances: ["Unimed", "Amil", "Porto Seguro"],
      hours: [{ location: "centro", days: [1, 2, 3, 4, 5], from: "08:00", to: "17:00" }],
    },
    {
      key: "camila",
      name: "Dra. Camila Rocha",
      specialty: "Pediatria",
      insurances: ["Unimed"],
      hours: [{ location: "mooca", days: [2, 4], from: "09:00", to: "13:00" }],
    },
    {
      key: "sonia",
      name: "Dra. Sônia Matos",
      specialty: "Ginecologia",
      insurances: ["Bradesco Saúde"],
      hours: [{ location: "centro", days: [1, 3], from: "14:00", to: "18:00" }],
    },
    {
      key: "paula",
      name: "Paula Dias",
      specialty: "Enfermagem",
      hours: [{ location: "centro", days: [1, 2, 3, 4, 5, 6], from: "07:00", to: "10:00" }],
    },
  ],
  services: [
    { key: "geral", name: "Consulta de clínica geral", duration: 30, price: 25000, locations: ["centro"], professionals: ["rafael"] },
    {
      key: "pediatria",
      name: "Consulta pediátrica",
      duration: 30,
      price: 28000,
      childAgeNote: "Atende crianças de 0 a 12 anos",
      locations: ["mooca"],
      professionals: ["camila"],
    },
    { key: "gineco", name: "Consulta ginecológica", duration: 40, price: 30000, locations: ["centro"], professionals: ["sonia"] },
    {
      key: "coleta",
      name: "Coleta de exame de sangue",
      duration: 15,
      price: 9000,
      preparation: "Jejum de 8 horas; trazer o pedido médico",
      locations: ["centro"],
      professionals: ["paula"],
    },
    { key: "eletro", name: "Eletrocardiograma", duration: 20, price: 12000, locations: ["centro"], professionals: ["rafael"] },
  ],
  clients: [
    { key: "antonio", name: "Antônio Carvalho", phone: "(11) 98555-2020", cpf: "987.654.321-00" },
    { key: "helena", name: "Helena Vasconcelos", phone: "(11) 97333-4455" },
  ],
  appointments: [
    { key: "antonio", client: "antonio", professional: "rafael", location: "centro", services: ["geral"], day: "2030-06-06", at: "10:00" },
    { key: "helena-gineco", client: "helena", professional: "sonia", location: "centro", services: ["gineco"], day: "2030-06-10", at: "15:00" },
    { key: "helena-eletro", client: "helena", professional: "rafael", location: "centro", services: ["eletro"], day: "2030-06-05", at: "11:00" },
  ],
};

export const HOSPITAL: BusinessFixture = {
  kind: "HOSPITAL",
  name: "Hospital São Lucas",
  agentName: "Marina",
  welcome: "Hospital São Lucas, central de agendamentos, aqui é a Marina. Como posso ajudar?",
  forwardingPhone: FORWARD,
  locations: [
    {
      key: "ambulatorio",
      name: "Ambulatório - Bloco A",
      address: "Rua Cubatão, 300 - Paraíso, São Paulo",
      description:
        "Entrada do ambulatório pela Rua Cubatão, portão 2; o pronto-socorro fica na Rua Tutoia. Estacionamento com valet pago.",
      hasParking: true,
      parkingType: "PAID",
      hasAccessibility: true,
    },
  ],
  professionals: [
    {
      key: "henrique",
      name: "Dr. Henrique Lima",
      specialty: "Cardiologia",
      insurances: ["Unimed", "SulAmérica", "Bradesco Saúde"],
      hours: [{ location: "ambulatorio", days: [1, 2, 3, 4, 5], from: "08:00", to: "12:00" }],
    },
    {
      key: "marta",
      name: "Dra. Marta Figueiredo",
      specialty: "Ortopedia",
      insurances: ["Unimed"],
      hours: [{ location: "ambulatorio", days: [2, 4], from: "13:00", to: "18:00" }],
    },
    {
      key: "paulo",
      name: "Dr. Paulo Sérgio Reis",
      specialty: "Radiologia",
      hours: [{ location: "ambulatorio", days: [1, 2, 3, 4, 5], from: "07:00", to: "19:00" }],
    },
  ],
  services: [
    { key: "cardio", name: "Consulta cardiológica", duration: 30, price: 40000, locations: ["ambulatorio"], professionals: ["henrique"] },
    {
      key: "ergo",
      name: "Teste ergométrico",
      duration: 40,
      price: 35000,
      preparation: "Vir com roupa e tênis confortáveis; não fumar 2 horas antes; evitar café e cafeína no dia do exame",
      locations: ["ambulatorio"],
      professionals: ["henrique"],
    },
    { key: "orto", name: "Consulta ortopédica", duration: 30, price: 38000, locations: ["ambulatorio"], professionals: ["marta"] },
    { key: "raiox", name: "Raio-X", duration: 15, price: 15000, locations: ["ambulatorio"], professionals: ["paulo"] },
    {
      key: "ultra",
      name: "Ultrassonografia",
      duration: 30,
      variable: true,
      note: "Valor depende da região examinada",
      locations: ["ambulatorio"],
      professionals: ["paulo"],
    },
  ],
  clients: [
    { key: "luiz", name: "Luiz Fernando Prado", phone: "(11) 96666-7788" },
    { key: "celia", name: "Célia Ramos", phone: "(11) 95444-3322" },
  ],
  appointments: [
    { key: "luiz", client: "luiz", professional: "henrique", location: "ambulatorio", services: ["cardio"], day: "2030-06-04", at: "09:00" },
    { key: "celia", client: "celia", professional: "henrique", location: "ambulatorio", services: ["ergo"], day: "2030-06-07", at: "10:00" },
  ],
};

export const PETSHOP: BusinessFixture = {
  kind: "PETSHOP",
  name: "PetAmigo Banho e Tosa",
  agentName: "Bia",
  welcome: "PetAmigo, aqui é a Bia! Como posso ajudar você e seu pet?",
  forwardingPhone: FORWARD,
  locations: [
    {
      key: "moema",
      name: "Loja Moema",
      address: "Avenida Ibirapuera, 3100 - Moema, São Paulo",
      description: "Entrada pela rua lateral, Rua Canário. Estacionamento gratuito na frente da loja.",
      hasParking: true,
      parkingType: "FREE",
      hasAccessibility: true,
    },
  ],
  professionals: [
    {
      key: "gabriel",
      name: "Gabriel Martins",
      specialty: "Banho e tosa",
      hours: [{ location: "moema", days: [2, 3, 4, 5, 6], from: "09:00", to: "17:00" }],
    },
    {
      key: "yasmin",
      name: "Dra. Yasmin Kato",
      specialty: "Medicina veterinária",
      hours: [{ location: "moema", days: [1, 3, 5], from: "10:00", to: "18:00" }],
    },
  ],
  services: [
    { key: "banho", name: "Banho cão porte pequeno", duration: 60, price: 7000, locations: ["moema"], professionals: ["gabriel"] },
    {
      key: "tosa",
      name: "Banho e tosa",
      duration: 90,
      variable: true,
      note: "Valor definido na avaliação; depende do porte e da pelagem",
      locations: ["moema"],
      professionals: ["gabriel"],
    },
    { key: "vet", name: "Consulta veterinária", duration: 30, price: 18000, locations: ["moema"], professionals: ["yasmin"] },
    {
      key: "v10",
      name: "Vacina V10",
      duration: 15,
      price: 12000,
      note: "Trazer a carteirinha de vacinação do animal",
      locations: ["moema"],
      professionals: ["yasmin"],
    },
  ],
  clients: [
    { key: "patricia", name: "Patrícia Moraes", phone: "(11) 98111-2233", observations: "Tutora do Thor (shih-tzu)" },
    { key: "ricardo", name: "Ricardo Alves", phone: "(11) 97000-8080", observations: "Tutor da Mel (gata)" },
  ],
  appointments: [
    { key: "patricia", client: "patricia", professional: "gabriel", location: "moema", services: ["banho"], day: "2030-06-06", at: "10:00" },
    { key: "ricardo", client: "ricardo", professional: "yasmin", location: "moema", services: ["vet"], day: "2030-06-05", at: "15:00" },
  ],
};

export const SALAO: BusinessFixture = {
  kind: "SALAO_DE_BELEZA",
  name: "Studio Bella Hair",
  agentName: "Duda",
  welcome: "Studio Bella Hair, aqui é a Duda. Em que posso ajudar?",
  forwardingPhone: FORWARD,
  openingHours: "Terça a sábado das 9h às 20h; fechado domingo e segunda",
  locations: [
    {
      key: "tatuape",
      name: "Salão Tatuapé",
      address: "Rua Tuiuti, 1200 - Tatuapé, São Paulo",
      description: "Ao lado da padaria Estrela. Estacionamento conveniado pago na Rua Itapura.",
      hasParking: true,
      parkingType: "PAID",
      hasAccessibility: true,
    },
  ],
  professionals: [
    {
      key: "juliana",
      name: "Juliana Freitas",
      specialty: "Cabeleireira",
      hours: [{ location: "tatuape", days: [2, 3, 4, 5, 6], from: "09:00", to: "18:00" }],
    },
    {
      key: "tania",
      name: "Tânia Oliveira",
      specialty: "Manicure",
      hours: [{ location: "tatuape", days: [2, 3, 4, 5, 6], from: "10:00", to: "19:00" }],
    },
    {
      key: "bruno",
      name: "Bruno Castro",
      specialty: "Barbeiro",
      hours: [{ location: "tatuape", days: [3, 4, 5, 6], from: "10:00", to: "20:00" }],
    },
  ],
  services: [
    { key: "corte", name: "Corte feminino", duration: 60, price: 12000, locations: ["tatuape"], professionals: ["juliana"] },
    { key: "escova", name: "Escova", duration: 45, price: 7000, locations: ["tatuape"], professionals: ["juliana"] },
    {
      key: "coloracao",
      name: "Coloração",
      duration: 120,
      variable: true,
      note: "Valor definido na avaliação; depende do comprimento do cabelo e do produto",
      locations: ["tatuape"],
      professionals: ["juliana"],
    },
    { key: "manicure", name: "Manicure", duration: 40, price: 4500, locations: ["tatuape"], professionals: ["tania"] },
    { key: "pedicure", name: "Pedicure", duration: 50, price: 5500, locations: ["tatuape"], professionals: ["tania"] },
    {
      key: "masculino",
      name: "Corte masculino",
      duration: 30,
      price: 6000,
      childAgeNote: "Corte infantil a partir de 3 anos",
      locations: ["tatuape"],
      professionals: ["bruno"],
    },
  ],
  clients: [
    { key: "vanessa", name: "Vanessa Lima", phone: "(11) 99888-1122" },
    { key: "carla", name: "Carla Mendonça", phone: "(11) 98444-5566" },
  ],
  appointments: [
    { key: "vanessa", client: "vanessa", professional: "tania", location: "tatuape", services: ["manicure"], day: "2030-06-07", at: "14:00" },
    { key: "carla", client: "carla", professional: "juliana", location: "tatuape", services: ["corte"], day: "2030-06-06", at: "16:00" },
  ],
};

export const HELDOUT_FIXTURES: BusinessFixture[] = [PARTICULAR, COMPARTILHADO, CLINICA, HOSPITAL, PETSHOP, SALAO];
