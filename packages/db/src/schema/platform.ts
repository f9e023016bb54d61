// Tables of no tenant behind the product's plumbing: the job queue, the e-mail outbox, the rate limits' counters
// and the contact form's messages (the shared door, decision 0010).

import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./tenancy";

/**
 * The job queue (docs/decisions/0023-billing.md): background work in the same database, on PostgreSQL and on the
 * embedded PGlite alike. A job is claimed by one runner at a time (`lockedUntil`), retried with backoff until
 * `maxAttempts`, and `singletonKey` keeps one pending job per key (a webhook delivered ten times is applied once).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    name: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    singletonKey: text(),
    createdAt: createdAt(),
    doneAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    uniqueIndex("jobs_singleton_key")
      .on(t.singletonKey)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/**
 * Every e-mail the product sends (docs/decisions/0013-team-and-e-mail.md). Without SMTP it stays here, readable in
 * development at /dev/outbox; with SMTP the sender delivers it after commit and records `sentAt` or `error`.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    attempts: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.to, t.createdAt),
    index("email_outbox_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);

/**
 * The rate limits' counters (docs/decisions/0008-rate-limits.md): one row per budget (`signIn`, `api`), key (a client
 * address, a user, a call) and fixed one-minute window, so every server replica spends one budget. A table of no
 * tenant, reached through the shared door; rows of past windows are deleted by the limiter itself.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    budget: text().notNull(),
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.budget, t.key, t.windowStart] }), index().on(t.windowStart)],
);

/**
 * Messages from the landing page's contact form (spec 000 §3 "Contact message", POST /contact). They belong to no
 * tenant: the shared door stores them, the super-admin page lists them. `clientAddress` bounds how many one address
 * may send per hour (docs/decisions/0025-public-site.md).
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    segment: text().notNull(),
    message: text(),
    clientAddress: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.clientAddress, t.createdAt), index().on(t.createdAt)],
);
