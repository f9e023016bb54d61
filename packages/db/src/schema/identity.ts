// Accounts: users, invitations, sessions and the audit log (the tenant itself is in tenancy.ts).
import { sql } from "drizzle-orm";
import { index, jsonb, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { userRole } from "./enums";
import { createdAt, id, tenantId, tenants, tenantTable } from "./tenancy";

/**
 * Under row-level security like every tenant table, so a tenant transaction reads and removes its own members; sign-in
 * finds a user by e-mail before any tenant is known, through the system door (which row-level security does not bind).
 */
export const users = tenantTable(
  "users",
  { grants: ["SELECT", "DELETE"], compositeKey: false },
  {
    id: id(),
    tenantId: tenantId(),
    email: text().notNull(),
    name: text().notNull(),
    /** STAFF unless said otherwise: sign-in names the creator of a tenant its OWNER. */
    role: userRole().notNull().default("STAFF"),
    createdAt: createdAt(),
    lastSignInAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`), index().on(t.tenantId)],
);

/**
 * An owner's invitation of a person, by e-mail, to the team. The first sign-in of that e-mail before `expiresAt` joins
 * the tenant as STAFF and sets `acceptedAt`; revoking deletes the row. One open invitation per e-mail and tenant.
 */
export const invitations = tenantTable(
  "invitations",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
  {
    id: id(),
    tenantId: tenantId(),
    /** Lower-cased. */
    email: text().notNull(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invitations_open_email_key").on(t.tenantId, t.email).where(sql`${t.acceptedAt} is null`),
    index().on(t.email),
  ],
);

/** A sign-in starts a family; every refresh rotates the token inside it; a reused token revokes the family. */
export const refreshTokenFamilies = pgTable(
  "refresh_token_families",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A super-admin's selected tenant is kept on the family, so a refresh keeps the selection. */
    selectedTenantId: uuid().references(() => tenants.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId),
    // Account closure (docs/decisions/0031-lgpd.md) revokes the sessions of the tenant's users in the closing
    // tenant's own transaction: row-level security on `users` lets it see exactly its tenant's users, so this
    // policy reaches no other tenant's sessions (app_user may SELECT, and UPDATE only `revoked_at`, by migration 0019).
    pgPolicy("tenant_users_sessions", {
      using: sql`user_id IN (SELECT id FROM users)`,
      withCheck: sql`user_id IN (SELECT id FROM users)`,
    }),
  ],
).enableRLS();

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    familyId: uuid()
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    /**
     * The token that replaced this one, sealed with a key derived from this token (never readable from the database
     * alone): presented again within the reuse grace, this token answers the same successor instead of revoking the
     * family, so a reload during a refresh keeps the session (docs/decisions/0003-sessions.md).
     */
    successorSealed: text(),
  },
  (t) => [index().on(t.familyId)],
);

export const auditLog = tenantTable(
  "audit_log",
  { grants: ["SELECT", "INSERT", "UPDATE", "DELETE"], compositeKey: false },
  {
    id: id(),
    /** The tenant the action concerned. */
    tenantId: tenantId(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    action: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.createdAt)],
);
