import { foreignKey, index, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { professionals } from "./catalogue";
import { users } from "./identity";
import { createdAt, id, tenantId, tenantTable, updatedAt } from "./tenancy";

/**
 * A link e-mailed to a professional to connect their Google Calendar. The token is random and only its SHA-256 is
 * kept; valid until `expiresAt` (48 hours by default), used once (`usedAt`). A new invitation supersedes the open ones
 * of the same professional (they are marked used).
 */
export const calendarInvitations = tenantTable(
  "calendar_invitations",
  { grants: ["SELECT", "INSERT", "UPDATE"] },
  {
    id: id(),
    tenantId: tenantId(),
    professionalId: uuid().notNull(),
    tokenHash: text().notNull(),
    purpose: text().notNull().default("CALENDAR_SYNC"),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("calendar_invitations_token_key").on(t.tokenHash),
    index().on(t.tenantId, t.professionalId),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A professional's Google Calendar grant, one per professional. The refresh token is encrypted with ENCRYPTION_KEY
 * (AES-256-GCM). `brokenAt` is set when Google refuses the grant (revoked, expired): the dashboard says so and a new
 * invitation repairs it.
 */
export const calendarConnections = tenantTable(
  "calendar_connections",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    tenantId: tenantId(),
    professionalId: uuid().notNull(),
    googleEmail: text().notNull(),
    calendarId: text().notNull().default("primary"),
    refreshTokenEncrypted: text().notNull(),
    connectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    brokenAt: timestamp({ withTimezone: true }),
    brokenReason: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.professionalId] }),
    foreignKey({
      columns: [t.tenantId, t.professionalId],
      foreignColumns: [professionals.tenantId, professionals.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Where an appointment's event was last written: the professional's calendar and the event id (derived from the
 * appointment id, so a retried write never makes a second event). A move to another professional deletes the event
 * from the old calendar first. No foreign key to the appointment: its deletion must still find the event to delete.
 */
export const calendarEvents = tenantTable(
  "calendar_events",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    tenantId: tenantId(),
    appointmentId: uuid().notNull(),
    professionalId: uuid().notNull(),
    calendarId: text().notNull(),
    googleEventId: text().notNull(),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.appointmentId] })],
);
