// The catalogues (spec 001 §3): the voice agent, establishments, professionals, offered services, clients.

import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import {
  agentType,
  contactOptOutSource,
  modality,
  parkingType,
  priceType,
  voiceTone,
  voiceType,
} from "./enums";
import { createdAt, id, tenantId, tenantTable, updatedAt } from "./tenancy";

export const voiceAgents = tenantTable(
  "voice_agents",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"], compositeKey: false },
  {
    id: id(),
    tenantId: tenantId(),
    agentType: agentType().notNull(),
    voiceType: voiceType().notNull(),
    voiceTone: voiceTone().notNull(),
    name: text().notNull(),
    ddd: text().notNull(),
    welcomeMessage: text().notNull(),
    forwardingPhone: text(),
    forwardingWhatsapp: text(),
    /** The welcome says that calls may be recorded and followed by the team (issue #24; decision 0034). */
    recordingNotice: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("voice_agents_one_per_tenant").on(t.tenantId)],
);

export const establishments = tenantTable(
  "establishments",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    id: id(),
    tenantId: tenantId(),
    name: text().notNull(),
    address: text().notNull(),
    description: text(),
    hasParking: boolean().notNull().default(false),
    parkingType: parkingType(),
    hasAccessibility: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Soft delete: past appointments and calls keep pointing at the record. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.tenantId, t.name)],
);

export const professionals = tenantTable(
  "professionals",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    id: id(),
    tenantId: tenantId(),
    name: text().notNull(),
    specialty: text().notNull(),
    registration: text(),
    email: text(),
    phoneNumber: text(),
    acceptedHealthInsurances: text().array(),
    observations: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.tenantId, t.name)],
);

export const offeredServices = tenantTable(
  "offered_services",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    id: id(),
    tenantId: tenantId(),
    name: text().notNull(),
    duration: integer().notNull(),
    bufferDurationBefore: integer().notNull().default(0),
    bufferDurationAfter: integer().notNull().default(0),
    priceType: priceType().notNull(),
    priceInCents: integer(),
    modality: modality().notNull(),
    childFriendly: boolean().notNull().default(false),
    childAgeObservation: text(),
    requiresPreparation: boolean().notNull().default(false),
    preparationInstructions: text(),
    observation: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.tenantId, t.name)],
);

export const offeredServiceEstablishments = tenantTable(
  "offered_service_establishments",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    tenantId: tenantId(),
    offeredServiceId: uuid().notNull(),
    establishmentId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.offeredServiceId, t.establishmentId] }),
    foreignKey({
      columns: [t.tenantId, t.offeredServiceId],
      foreignColumns: [offeredServices.tenantId, offeredServices.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.establishmentId],
      foreignColumns: [establishments.tenantId, establishments.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.establishmentId),
  ],
);

export const offeredServiceProfessionals = tenantTable(
  "offered_service_professionals",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    tenantId: tenantId(),
    offeredServiceId: uuid().notNull(),
    professionalId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.offeredServiceId, t.professionalId] }),
    foreignKey({
      columns: [t.tenantId, t.offeredServiceId],
      foreignColumns: [offeredServices.tenantId, offeredServices.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
    index().on(t.tenantId, t.professionalId),
  ],
);

/** Clients (the product calls them "pacientes"). */
export const clients = tenantTable(
  "clients",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    id: id(),
    tenantId: tenantId(),
    fullName: text().notNull(),
    documentNumber: text(),
    phoneNumber: text().notNull(),
    /**
     * The phone in E.164, derived by the database from `phoneNumber` whatever form its door wrote (REST keeps what an
     * integrator sent; the form and the agent write `(11) 98765-4321`): matching a caller and search use it
     * (docs/decisions/0041-phone-format.md; the same rule as `normalisedPhone` in @atende/shared/phone-format).
     */
    phoneE164: text("phone_e164").generatedAlwaysAs(
      sql`CASE
        WHEN regexp_replace(phone_number, '[^0-9]', '', 'g') = '' THEN NULL
        WHEN phone_number ~ '^[[:space:]]*[+]' THEN '+' || regexp_replace(phone_number, '[^0-9]', '', 'g')
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (11, 12)
          AND regexp_replace(phone_number, '[^0-9]', '', 'g') LIKE '0%'
          THEN '+55' || substr(regexp_replace(phone_number, '[^0-9]', '', 'g'), 2)
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (10, 11)
          THEN '+55' || regexp_replace(phone_number, '[^0-9]', '', 'g')
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (12, 13)
          AND regexp_replace(phone_number, '[^0-9]', '', 'g') LIKE '55%'
          THEN '+' || regexp_replace(phone_number, '[^0-9]', '', 'g')
      END`,
    ),
    /** The CPF's (or other document's) digits, derived by the database, for search (decision 0041). */
    documentDigits: text().generatedAlwaysAs(
      sql`nullif(regexp_replace(coalesce(document_number, ''), '[^0-9]', '', 'g'), '')`,
    ),
    email: text(),
    healthInsuranceProvider: text(),
    healthInsuranceNumber: text(),
    observations: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
    /** Personal data erased at the client's request (LGPD; docs/decisions/0031-lgpd.md): the row is anonymised. */
    erasedAt: timestamp({ withTimezone: true }),
    /**
     * The client asked not to be contacted by the agent (confirmations, offers; docs/decisions/0051-contact-opt-out.md):
     * set and cleared only by its own endpoint, never by the client's PUT.
     */
    contactOptOutAt: timestamp({ withTimezone: true }),
    contactOptOutSource: contactOptOutSource(),
    /**
     * A pet shop's client is the tutor of a pet: its name (and optionally species), which the confirmation call asks
     * about ('Falo com o tutor do Thor?') and the WhatsApp template names (docs/decisions/0050-confirmations.md).
     */
    petName: text(),
    petSpecies: text(),
  },
  (t) => [index().on(t.tenantId, t.phoneE164), index().on(t.tenantId, t.fullName)],
);
