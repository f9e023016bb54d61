// Billing (ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md): the tenant's subscription, payments and
// minutes ledger, the plan catalogue and the sandbox provider's records (tables of no tenant).

import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { conversations } from "./calls";
import {
  billingCycle,
  billingType,
  minuteGrantSource,
  paymentKind,
  paymentStatus,
  subscriptionStatus,
} from "./enums";
import { createdAt, id, tenantId, tenantTable, updatedAt } from "./tenancy";

/**
 * The tenant's subscription: one row per tenant, kept across its life (a tenant that subscribes again after a
 * cancellation reuses it, so "one trial per tenant" is the row's existence). Ours, not Mercado Pago's PreApproval
 * (ARCHITECTURE.md): the renewal job charges each 30-day cycle. Only a card's brand and last four digits are kept.
 */
export const subscriptions = tenantTable(
  "subscriptions",
  { grants: ["SELECT", "INSERT", "UPDATE"] },
  {
    id: id(),
    tenantId: tenantId().unique(),
    planCode: text()
      .notNull()
      .references(() => plans.code),
    status: subscriptionStatus().notNull(),
    /** The plan's price and minutes when the current cycle started (a later catalogue edit changes the next cycle). */
    priceInCents: integer().notNull(),
    monthlyMinutes: integer().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    trialEndsAt: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    canceledAt: timestamp({ withTimezone: true }),
    /** A downgrade waits for the next renewal (decision 0023). */
    nextPlanCode: text().references(() => plans.code),
    /** The saved card at the provider (Customers and Cards), for renewals without the buyer. */
    providerCustomerId: text(),
    providerCardId: text(),
    cardBrand: text(),
    cardLastFour: text(),
    /** The buyer's fiscal data as given at checkout (CPF/CNPJ, phone, CEP, address number), digits only. */
    customer: jsonb().$type<Record<string, string>>(),
    /** Dunning: when the cycle's charge first failed, how many attempts were made, when the next one is due. */
    pastDueSince: timestamp({ withTimezone: true }),
    renewalAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.currentPeriodEnd), index().on(t.nextAttemptAt)],
);

/**
 * Every payment the tenant made or was asked to make (spec 000 §3 "Payment"): a trial's card registration, a cycle, a
 * plan change's difference, a minute pack. Its id is the checkout's `external_reference`. `appliedAt` is set in the
 * same transaction as the payment's effect (an activation, a grant), so the effect happens exactly once.
 */
export const payments = tenantTable(
  "payments",
  { grants: ["SELECT", "INSERT", "UPDATE"] },
  {
    id: id(),
    tenantId: tenantId(),
    kind: paymentKind().notNull(),
    description: text().notNull(),
    status: paymentStatus().notNull().default("PENDING"),
    billingType: billingType(),
    valueInCents: integer().notNull(),
    netValueInCents: integer(),
    dueDate: date({ mode: "string" }),
    paymentDate: timestamp({ withTimezone: true }),
    invoiceUrl: text(),
    bankSlipUrl: text(),
    checkoutUrl: text(),
    providerCheckoutId: text(),
    providerPaymentId: text().unique(),
    planCode: text().references(() => plans.code),
    /** A minute pack's minutes. */
    minutes: integer(),
    /** The checkout's buyer data (digits only), kept until the payment is applied. */
    customer: jsonb().$type<Record<string, string>>(),
    appliedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.tenantId, t.createdAt),
    check("payments_value_nonnegative", sql`${t.valueInCents} >= 0`),
  ],
);

/**
 * The minutes ledger (ARCHITECTURE.md "Billing"): each trial, paid cycle and paid pack grants minutes once (`key` is
 * unique per tenant: `trial:{subscription}`, `cycle:{payment}`, `pack:{payment}`), cycles and trials expiring, packs
 * never; each call's usage is debited against grants in `minute_debits`. What remains is derived, never a counter.
 */
export const minuteGrants = tenantTable(
  "minute_grants",
  { grants: ["SELECT", "INSERT", "UPDATE"] },
  {
    id: id(),
    tenantId: tenantId(),
    source: minuteGrantSource().notNull(),
    key: text().notNull(),
    minutes: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** Null for a pack: its minutes never expire. */
    expiresAt: timestamp({ withTimezone: true }),
    paymentId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.key),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }),
    check("minute_grants_minutes_nonnegative", sql`${t.minutes} >= 0`),
  ],
);

/**
 * One call's usage taken from one grant (a call may draw on its cycle, then on packs). `grantId` null is usage beyond
 * every grant (a call that ran past the remaining minutes), recorded so that nothing is lost. Written once per call
 * leg, with its `call_usage`: the key refuses a second debit of the same leg from the same grant.
 */
export const minuteDebits = tenantTable(
  "minute_debits",
  { grants: ["SELECT", "INSERT"] },
  {
    tenantId: tenantId(),
    conversationId: uuid().notNull(),
    /** The call's leg (`call_usage.leg`). */
    leg: integer().notNull().default(1),
    grantId: uuid(),
    minutes: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.tenantId, t.conversationId, t.leg, t.grantId).nullsNotDistinct(),
    foreignKey({
      columns: [t.tenantId, t.conversationId],
      foreignColumns: [conversations.tenantId, conversations.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.tenantId, t.grantId],
      foreignColumns: [minuteGrants.tenantId, minuteGrants.id],
    }),
    index().on(t.tenantId, t.grantId),
    check("minute_debits_minutes_positive", sql`${t.minutes} > 0`),
  ],
);

/** The 80% and 95% usage e-mails (spec 000, knowledge base; issue #10): one per grant and threshold. */
export const minuteAlerts = tenantTable(
  "minute_alerts",
  { grants: ["SELECT", "INSERT"] },
  {
    tenantId: tenantId(),
    grantId: uuid().notNull(),
    threshold: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.grantId, t.threshold] }),
    foreignKey({
      columns: [t.tenantId, t.grantId],
      foreignColumns: [minuteGrants.tenantId, minuteGrants.id],
    }),
  ],
);

/**
 * The plan catalogue (spec 000 §3 "Plan"), served by `GET /plans` and editable without a deploy; seeded by migration
 * 0012. Prices in cents.
 */
export const plans = pgTable("plans", {
  code: text().primaryKey(),
  name: text().notNull(),
  priceInCents: integer().notNull(),
  monthlyMinutes: integer().notNull(),
  billingCycle: billingCycle().notNull().default("MONTHLY"),
  /** The order on the pricing section and the management page. */
  position: integer().notNull().default(0),
  /** A plan withdrawn from sale keeps its subscribers and leaves `GET /plans`. */
  active: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

/** The one-off minute pack offer (spec 000 §3 "Minute pack info"): one row. */
export const minutePackOffers = pgTable(
  "minute_pack_offers",
  {
    id: smallint().primaryKey().default(1),
    pricePerMinuteInCents: integer().notNull(),
    minMinutes: integer().notNull(),
    maxMinutes: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("minute_pack_offers_single_row", sql`${t.id} = 1`)],
);

/**
 * The sandbox payment provider's own records (ARCHITECTURE.md "Billing", the `sandbox` adapter): a hosted checkout
 * (what Mercado Pago calls a preference), the payments made through it or charged to a saved card, and the saved
 * cards. They stand where Mercado Pago's servers would: the product's own tables never join them.
 */
export const sandboxCheckouts = pgTable("sandbox_checkouts", {
  id: id(),
  /** What the page shows: the purchase and its amount. */
  title: text().notNull(),
  amountInCents: integer().notNull(),
  externalReference: text().notNull(),
  /** The payment made through this checkout (set by the first button pressed). */
  paymentId: text(),
  successUrl: text().notNull(),
  failureUrl: text().notNull(),
  pendingUrl: text().notNull(),
  expiredUrl: text().notNull(),
  /** A checkout that registers a card (the trial) saves one for the payer on approval. */
  savesCardFor: text(),
  expired: boolean().notNull().default(false),
  createdAt: createdAt(),
});

export const sandboxPayments = pgTable("sandbox_payments", {
  /** Numeric, as Mercado Pago's payment ids. */
  id: bigserial({ mode: "number" }).primaryKey(),
  status: text().notNull(),
  statusDetail: text().notNull(),
  externalReference: text().notNull(),
  amountInCents: integer().notNull(),
  paymentTypeId: text().notNull(),
  description: text().notNull(),
  cardId: uuid(),
  dateCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  dateApproved: timestamp({ withTimezone: true }),
  idempotencyKey: text().unique(),
});

export const sandboxCards = pgTable("sandbox_cards", {
  id: id(),
  customerId: text().notNull(),
  /** Decides what a charge without the buyer does, as Mercado Pago's test cards do: 'OTHE' and 'FUND' refuse. */
  holderName: text().notNull(),
  brand: text().notNull(),
  lastFour: text().notNull(),
  createdAt: createdAt(),
});
