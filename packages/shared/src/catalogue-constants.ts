// Constants of the catalogue forms (establishments, professionals, services, clients, voice agent): the preset lists,
// the limits behind the character counters, the defaults and the display labels. The zod schemas in
// ./schemas/* read the same numbers, so a counter and its rule cannot disagree.
import type {
  AgentType,
  BusinessType,
  Modality,
  ParkingType,
  PriceType,
  VoiceTone,
  VoiceType,
} from "./enums";
import { formatBrl } from "./format";

/** spec 001 §2 (Professionals): the 20 insurance names the professional form offers. */
export const PROFESSIONAL_HEALTH_INSURANCES = [
  "Amil",
  "Bradesco Saúde",
  "SulAmérica",
  "Unimed",
  "NotreDame Intermédica",
  "Hapvida",
  "Prevent Senior",
  "São Cristóvão Saúde",
  "Golden Cross",
  "Omint",
  "Porto Seguro Saúde",
  "Allianz Saúde",
  "Care Plus",
  "Mediservice",
  "Petrobras Distribuidora",
  "Cassi",
  "Geap",
  "São Bernardo Saúde",
  "Saúde Caixa",
  "Fusex",
] as const;

/** spec 001 §5 (Patient form): the 14 health plan providers the client form offers. */
export const PATIENT_HEALTH_PLAN_PROVIDERS = [
  "Amil",
  "Bradesco Saúde",
  "SulAmérica",
  "Unimed",
  "Porto Seguro",
  "NotreDame Intermédica",
  "Golden Cross",
  "Medial Saúde",
  "Hapvida",
  "Cassi",
  "Geap",
  "Petrobras",
  "Assefaz",
  "Caixa Econômica Federal",
] as const;

/** spec 001 §9 (text limits) and §5; the forms' character counters show the `max` values. */
export const LIMITS = {
  establishment: {
    name: { min: 2, max: 200 },
    address: { min: 10, max: 500 },
    description: { max: 1000 },
  },
  professional: {
    name: { max: 150 },
    specialty: { min: 2, max: 100 },
    registration: { max: 50 },
    insuranceName: { max: 100 },
    observations: { max: 1000 },
    /** Not in the spec: a cap so a phone field cannot hold a novel. */
    phoneNumber: { max: 30 },
  },
  offeredService: {
    name: { min: 2, max: 200 },
    duration: { min: 1, max: 1440 },
    buffer: { min: 0, max: 120 },
    /** Not in the spec: R$ 1.000.000,00, far above any service and inside a 32-bit integer. */
    priceInCents: { min: 0, max: 100_000_000 },
    childAgeObservation: { max: 500 },
    preparationInstructions: { max: 1000 },
    /** Not in the spec (§9 gives no limit for the service's observation): the same 1000 as the other notes. */
    observation: { max: 1000 },
  },
  client: {
    fullName: { max: 150 },
    /** Not in the spec: caps for the free fields (CPF has no format rule). */
    phoneNumber: { max: 30 },
    documentNumber: { max: 20 },
    healthInsuranceProvider: { max: 100 },
    healthInsuranceNumber: { max: 50 },
    observations: { max: 1000 },
    /** A pet shop's client: the pet (docs/decisions/0050-confirmations.md). */
    petName: { max: 60 },
    petSpecies: { max: 40 },
  },
  voiceAgent: {
    name: { min: 2, max: 100 },
    welcomeMessage: { min: 10, max: 1000 },
    /** Not in the spec: a cap for the forwarding numbers. */
    forwardingPhone: { max: 30 },
  },
  /** Not in the spec: caps for the business profile's free texts, read to callers by the agent. */
  tenantProfile: {
    name: { min: 2, max: 200 },
    openingHours: { max: 500 },
    paymentMethods: { max: 500 },
    notes: { max: 2000 },
  },
  /** Not in the spec: RFC 5321's practical maximum. */
  email: { max: 254 },
} as const;

/** spec 001 §9: defaults of a new service. */
export const OFFERED_SERVICE_DEFAULTS = {
  duration: 30,
  bufferDurationBefore: 0,
  bufferDurationAfter: 0,
  priceType: "FIXED",
  priceInCents: 0,
  modality: "IN_PERSON",
  childFriendly: false,
  requiresPreparation: false,
} as const satisfies {
  duration: number;
  bufferDurationBefore: number;
  bufferDurationAfter: number;
  priceType: PriceType;
  priceInCents: number;
  modality: Modality;
  childFriendly: boolean;
  requiresPreparation: boolean;
};

/** spec 001 §5: texts only the initial configuration wizard shows (the server answers with the forms' texts). */
export const WIZARD_MESSAGES = {
  incomplete: "Por favor, preencha todos os campos obrigatórios (marcados com *)",
  priceMin: "Preço deve ser maior ou igual a zero",
} as const;

/** spec 001 §5 (Offered service): the wizard's duration choices, default 30. */
export const WIZARD_DURATION_CHOICES = [15, 30, 45, 60, 90, 120] as const;

/** spec 001 §5 and spec 000 §5: defaults of a new voice agent. */
export const VOICE_AGENT_DEFAULTS = {
  agentType: "CONSULTORIO_PARTICULAR",
  voiceType: "FEMININE",
  voiceTone: "FRIENDLY",
  ddd: "11",
} as const satisfies { agentType: AgentType; voiceType: VoiceType; voiceTone: VoiceTone; ddd: string };

/** spec 001 §5: the voice agent's presets as the wizard, the settings panel and the test page show them. */
export const AGENT_TYPE_LABELS: Record<AgentType, string> = {
  CONSULTORIO_PARTICULAR: "Consultório particular",
  CONSULTORIO_COMPARTILHADO: "Consultório compartilhado",
  CLINICA_DE_SAUDE: "Clínica de saúde",
  HOSPITAL: "Hospital",
  PETSHOP: "Pet shop",
  SALAO_DE_BELEZA: "Salão de beleza",
};

export const VOICE_TYPE_LABELS: Record<VoiceType, string> = {
  FEMININE: "Feminina",
  MASCULINE: "Masculina",
  NEUTRAL: "Neutra",
};

export const VOICE_TONE_LABELS: Record<VoiceTone, string> = {
  FRIENDLY: "Amigável",
  EMPATHETIC: "Empático",
  PROFESSIONAL: "Profissional",
  CHEERFUL: "Alegre",
  CALM: "Calmo",
};

/** The business profile's kinds of business (spec 000 §1), as the settings form shows them. */
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  CLINICA: "Clínica",
  CONSULTORIO: "Consultório",
  HOSPITAL: "Hospital",
  ESTETICA: "Estética",
  PETSHOP: "Pet shop",
  SALAO_DE_BELEZA: "Salão de beleza",
};

/**
 * The kind of business a voice agent's preset names, to prefill the business profile when the wizard creates the
 * agent (docs/decisions/0044-dashboard-details.md).
 */
export const BUSINESS_TYPE_OF_AGENT_TYPE: Record<AgentType, BusinessType> = {
  CONSULTORIO_PARTICULAR: "CONSULTORIO",
  CONSULTORIO_COMPARTILHADO: "CONSULTORIO",
  CLINICA_DE_SAUDE: "CLINICA",
  HOSPITAL: "HOSPITAL",
  PETSHOP: "PETSHOP",
  SALAO_DE_BELEZA: "SALAO_DE_BELEZA",
};

/** spec 001 §2: the establishment card's parking badge. */
export const PARKING_TYPE_LABELS: Record<ParkingType, string> = { FREE: "Gratuito", PAID: "Pago" };

/** spec 001 §2: the service card's modality badge. */
export const MODALITY_LABELS: Record<Modality, string> = {
  IN_PERSON: "Presencial",
  REMOTE: "Online",
  BOTH: "Ambos",
};

/**
 * spec 001 §2 (price display; docs/architecture.md, REST details): VARIABLE shows 'Mediante avaliação'; FIXED with 0
 * (or a null left by old data) shows 'Gratuito'; otherwise BRL.
 */
export function formatServicePrice(priceType: PriceType, priceInCents: number | null): string {
  if (priceType === "VARIABLE") return "Mediante avaliação";
  if (!priceInCents) return "Gratuito";
  return formatBrl(priceInCents);
}
