// Catalogue fixtures for the scenario corpus: two businesses as the dashboard would have configured them, their
// patients, appointments and weekly availability. Ids are UUIDs (the tools' schemas check them); scenarios name
// things by key ('ana', 'centro', 'consulta') and the runner maps keys to ids.
import { DAYS_OF_WEEK } from "@atende/shared/enums";
import type { Appointment } from "@atende/shared/schemas/appointments";
import type { Client } from "@atende/shared/schemas/clients";
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import type { AgentKnowledge } from "../src/types";

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const CREATED = "2026-01-01T00:00:00-03:00";
const TENANT = uuid(1);

/** Weekly windows: ISO weekday → [start, end) in minutes, per professional and location. */
export interface Window {
  professional: string;
  establishment: string;
  weekdays: number[];
  start: number;
  end: number;
}

export interface Fixture {
  knowledge: AgentKnowledge;
  /** key → id of every named thing. */
  ids: Record<string, string>;
  clients: Client[];
  appointments: Appointment[];
  windows: Window[];
}

const h = (hh: number, mm = 0) => hh * 60 + mm;

function establishment(
  id: string,
  name: string,
  address: string,
  extra: Partial<Establishment>,
): Establishment {
  return {
    id,
    tenantId: TENANT,
    name,
    address,
    description: null,
    hasParking: false,
    parkingType: null,
    hasAccessibility: false,
    createdAt: CREATED,
    ...extra,
  };
}

function professional(
  id: string,
  name: string,
  specialty: string,
  insurances: string[] | null,
): Professional {
  return {
    id,
    tenantId: TENANT,
    name,
    specialty,
    registration: null,
    email: null,
    phoneNumber: null,
    acceptedHealthInsurances: insurances,
    observations: null,
    createdAt: CREATED,
  };
}

function service(id: string, name: string, extra: Partial<OfferedService>): OfferedService {
  return {
    id,
    tenantId: TENANT,
    name,
    duration: 30,
    bufferDurationBefore: 0,
    bufferDurationAfter: 0,
    priceType: "FIXED",
    priceInCents: 0,
    availableEstablishments: [],
    allowedProfessionals: [],
    modality: "IN_PERSON",
    childFriendly: false,
    childAgeObservation: null,
    requiresPreparation: false,
    preparationInstructions: null,
    observation: null,
    createdAt: CREATED,
    ...extra,
  };
}

function client(
  id: string,
  fullName: string,
  phoneNumber: string,
  documentNumber: string | null,
  insurance: [string, string] | null = null,
): Client {
  return {
    id,
    tenantId: TENANT,
    fullName,
    documentNumber,
    phoneNumber,
    email: null,
    healthInsuranceProvider: insurance?.[0] ?? null,
    healthInsuranceNumber: insurance?.[1] ?? null,
    observations: null,
    contactOptOutAt: null,
    petName: null,
    petSpecies: null,
    createdAt: CREATED,
  };
}

function appointment(
  id: string,
  c: string,
  p: string,
  e: string,
  s: OfferedService,
  at: string,
  confirmed = false,
): Appointment {
  const end = new Date(new Date(at).getTime() + s.duration * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const local = new Date(end.getTime() - 3 * 3_600_000);
  const endsAt = `${at.slice(0, 11)}${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:00-03:00`;
  return {
    id,
    tenantId: TENANT,
    clientId: c,
    professionalId: p,
    establishmentId: e,
    scheduledAt: at,
    endsAt,
    status: "SCHEDULED",
    observations: null,
    confirmedAt: confirmed ? "2026-12-01T09:00:00-03:00" : null,
    confirmedVia: confirmed ? "TEAM" : null,
    offeredServices: [
      {
        offeredServiceId: s.id,
        offeredServiceName: s.name,
        duration: s.duration,
        bufferDurationBefore: s.bufferDurationBefore,
        bufferDurationAfter: s.bufferDurationAfter,
      },
    ],
    createdAt: CREATED,
  };
}

/** A clinic with two locations, two professionals, three services (fixed, with preparation, variable). */
function clinica(): Fixture {
  const ids = {
    centro: uuid(101),
    paulista: uuid(102),
    ana: uuid(201),
    carlos: uuid(202),
    consulta: uuid(301),
    exame: uuid(302),
    avaliacao: uuid(303),
    maria: uuid(401),
    joao: uuid(402),
    marcos1: uuid(403),
    marcos2: uuid(404),
    "maria-consulta": uuid(501),
    "maria-exame": uuid(502),
    "joao-consulta": uuid(503),
  };
  const consulta = service(ids.consulta, "Consulta clínica", {
    priceInCents: 15000,
    availableEstablishments: [ids.centro, ids.paulista],
    allowedProfessionals: [ids.ana, ids.carlos],
    childFriendly: true,
    childAgeObservation: "Atendemos crianças a partir de 2 anos.",
  });
  const exame = service(ids.exame, "Exame de sangue", {
    duration: 15,
    priceInCents: 8050,
    availableEstablishments: [ids.centro],
    allowedProfessionals: [ids.ana],
    requiresPreparation: true,
    preparationInstructions: "É preciso jejum de oito horas.",
  });
  const avaliacao = service(ids.avaliacao, "Avaliação dermatológica", {
    duration: 45,
    priceType: "VARIABLE",
    priceInCents: null,
    availableEstablishments: [ids.paulista],
    allowedProfessionals: [ids.carlos],
    modality: "BOTH",
    observation: "O valor é definido na avaliação, conforme a área a tratar.",
  });
  return {
    ids,
    knowledge: {
      agent: {
        id: uuid(11),
        tenantId: TENANT,
        agentType: "CLINICA_DE_SAUDE",
        voiceType: "FEMININE",
        voiceTone: "FRIENDLY",
        name: "Júlia",
        welcomeMessage: "Olá, você ligou para a Clínica Bem Estar. Eu sou a Júlia. Como posso ajudar?",
        ddd: "11",
        forwardingPhone: "+5511999990000",
        forwardingWhatsapp: null,
        recordingNotice: false,
        createdAt: CREATED,
      },
      profile: {
        name: "Clínica Bem Estar",
        businessType: "CLINICA",
        openingHours: "Segunda a sexta, das 8h às 18h",
        paymentMethods: "Pix, dinheiro e cartões de débito e crédito",
        notes: null,
      },
      establishments: [
        establishment(ids.centro, "Centro", "Rua Augusta, 1500, Consolação", {
          description:
            "Entrada pela Rua Augusta, ao lado da farmácia. Atendimento no segundo andar, com elevador. Estacionamento conveniado no subsolo do prédio.",
          hasParking: true,
          parkingType: "PAID",
          hasAccessibility: true,
        }),
        establishment(ids.paulista, "Paulista", "Avenida Paulista, 900, Bela Vista", {
          description:
            "Recepção no térreo do Edifício Paulista Center. A entrada tem três degraus, sem rampa.",
        }),
      ],
      professionals: [
        professional(ids.ana, "Dra. Ana Lima", "Clínica geral", ["Unimed", "Amil"]),
        professional(ids.carlos, "Dr. Carlos Souza", "Dermatologia", ["Bradesco Saúde", "Vitallis"]),
      ],
      services: [consulta, exame, avaliacao],
    },
    clients: [
      client(ids.maria, "Maria Souza", "+5511987654321", "529.982.247-25"),
      client(ids.joao, "João Pereira", "+5511912345678", null),
      client(ids.marcos1, "Marcos Oliveira", "+5511933330001", "111.444.777-35"),
      client(ids.marcos2, "Marcos Oliveira Filho", "+5511933330002", null, ["Amil", "0012345"]),
    ],
    appointments: [
      appointment(
        ids["maria-consulta"],
        ids.maria,
        ids.ana,
        ids.centro,
        consulta,
        "2026-12-11T10:00:00-03:00",
      ),
      appointment(ids["maria-exame"], ids.maria, ids.ana, ids.centro, exame, "2026-12-15T09:00:00-03:00"),
      appointment(
        ids["joao-consulta"],
        ids.joao,
        ids.carlos,
        ids.paulista,
        consulta,
        "2026-12-10T14:00:00-03:00",
        true,
      ),
    ],
    windows: [
      {
        professional: ids.ana,
        establishment: ids.centro,
        weekdays: [1, 2, 3, 4, 5],
        start: h(8),
        end: h(12),
      },
      {
        professional: ids.ana,
        establishment: ids.paulista,
        weekdays: [1, 2, 3, 4, 5],
        start: h(14),
        end: h(18),
      },
      {
        professional: ids.carlos,
        establishment: ids.paulista,
        weekdays: [2, 4, 5],
        start: h(13),
        end: h(18),
      },
      { professional: ids.carlos, establishment: ids.centro, weekdays: [1, 3], start: h(8), end: h(12) },
    ],
  };
}

/** A one-dentist office: one location, one professional, no forwarding phone, no profile facts. */
function consultorio(): Fixture {
  const ids = {
    sala: uuid(111),
    paulo: uuid(211),
    odonto: uuid(311),
    limpeza: uuid(312),
    clareamento: uuid(313),
    clara: uuid(411),
    "clara-limpeza": uuid(511),
  };
  const odonto = service(ids.odonto, "Consulta odontológica", {
    priceInCents: 20000,
    availableEstablishments: [ids.sala],
    allowedProfessionals: [ids.paulo],
    childFriendly: true,
    childAgeObservation: null,
    observation: "Traga os exames anteriores, se tiver.",
  });
  const limpeza = service(ids.limpeza, "Limpeza", {
    duration: 45,
    priceInCents: 0,
    availableEstablishments: [ids.sala],
    allowedProfessionals: [ids.paulo],
  });
  const clareamento = service(ids.clareamento, "Clareamento", {
    duration: 60,
    priceType: "VARIABLE",
    priceInCents: null,
    availableEstablishments: [ids.sala],
    allowedProfessionals: [ids.paulo],
    requiresPreparation: true,
    preparationInstructions: "Faça uma limpeza até um mês antes.",
  });
  return {
    ids,
    knowledge: {
      agent: {
        id: uuid(12),
        tenantId: TENANT,
        agentType: "CONSULTORIO_PARTICULAR",
        voiceType: "MASCULINE",
        voiceTone: "PROFESSIONAL",
        name: "Pedro",
        welcomeMessage: "Consultório Dr. Paulo Mendes, bom dia. Em que posso ajudar?",
        ddd: "21",
        forwardingPhone: null,
        forwardingWhatsapp: null,
        recordingNotice: false,
        createdAt: CREATED,
      },
      profile: {
        name: "Consultório Dr. Paulo Mendes",
        businessType: "CONSULTORIO",
        openingHours: null,
        paymentMethods: null,
        notes: null,
      },
      establishments: [
        establishment(ids.sala, "Consultório", "Rua Voluntários da Pátria, 45, Botafogo, Rio de Janeiro", {
          hasParking: true,
          parkingType: "FREE",
          hasAccessibility: true,
        }),
      ],
      professionals: [professional(ids.paulo, "Dr. Paulo Mendes", "Dentista", null)],
      services: [odonto, limpeza, clareamento],
    },
    clients: [client(ids.clara, "Ana Clara Ribeiro", "+5521988887777", "390.533.447-05")],
    appointments: [
      appointment(ids["clara-limpeza"], ids.clara, ids.paulo, ids.sala, limpeza, "2026-12-14T09:00:00-03:00"),
    ],
    windows: [
      {
        professional: ids.paulo,
        establishment: ids.sala,
        weekdays: [1, 2, 3, 4, 5],
        start: h(9),
        end: h(12),
      },
      {
        professional: ids.paulo,
        establishment: ids.sala,
        weekdays: [1, 2, 3, 4, 5],
        start: h(14),
        end: h(17),
      },
    ],
  };
}

/**
 * A one-hairdresser salon whose services share a word ('Corte feminino', 'Corte masculino'): a caller's 'corte'
 * names neither alone (issue #27).
 */
function salao(): Fixture {
  const ids = {
    studio: uuid(121),
    juliana: uuid(221),
    "corte-f": uuid(321),
    "corte-m": uuid(322),
    escova: uuid(323),
  };
  const all = { availableEstablishments: [ids.studio], allowedProfessionals: [ids.juliana] };
  return {
    ids,
    knowledge: {
      agent: {
        id: uuid(13),
        tenantId: TENANT,
        agentType: "SALAO_DE_BELEZA",
        voiceType: "FEMININE",
        voiceTone: "FRIENDLY",
        name: "Duda",
        welcomeMessage: "Studio Bella Hair, aqui é a Duda. Em que posso ajudar?",
        ddd: "11",
        forwardingPhone: null,
        forwardingWhatsapp: null,
        recordingNotice: false,
        createdAt: CREATED,
      },
      profile: {
        name: "Studio Bella Hair",
        businessType: "SALAO_DE_BELEZA",
        openingHours: null,
        paymentMethods: null,
        notes: null,
      },
      establishments: [establishment(ids.studio, "Studio", "Rua Augusta, 1200, São Paulo", {})],
      professionals: [professional(ids.juliana, "Juliana Freitas", "Cabeleireira", null)],
      services: [
        service(ids["corte-f"], "Corte feminino", { ...all, duration: 45, priceInCents: 9000 }),
        service(ids["corte-m"], "Corte masculino", { ...all, priceInCents: 5000 }),
        service(ids.escova, "Escova", { ...all, priceInCents: 6000 }),
      ],
    },
    clients: [],
    appointments: [],
    windows: [
      {
        professional: ids.juliana,
        establishment: ids.studio,
        weekdays: [2, 3, 4, 5, 6],
        start: h(9),
        end: h(18),
      },
    ],
  };
}

/** The windows as the availabilities the server would send (WEEKLY patterns), so the agent knows the weekly hours. */
function withAvailabilities(build: () => Fixture): () => Fixture {
  return () => {
    const f = build();
    const pad = (n: number) => String(n).padStart(2, "0");
    const at = (m: number) => `2026-01-05T${pad(Math.floor(m / 60))}:${pad(m % 60)}:00-03:00`;
    f.knowledge.availabilities = f.windows.map((w, i) => ({
      id: uuid(900 + i),
      tenantId: TENANT,
      professionalId: w.professional,
      establishmentId: w.establishment,
      pattern: {
        type: "WEEKLY",
        daysOfWeek: w.weekdays.map((d) => DAYS_OF_WEEK[d - 1]!),
        period: { start: "2026-01-05", end: "2027-12-31" },
      },
      slot: { start: at(w.start), end: at(w.end) },
      notes: null,
      exceptions: [],
      createdAt: CREATED,
    }));
    return f;
  };
}

export const FIXTURES = {
  clinica: withAvailabilities(clinica),
  consultorio: withAvailabilities(consultorio),
  salao: withAvailabilities(salao),
} as const;
export type FixtureId = keyof typeof FIXTURES;
