// The one place a subscription's status is written (issue #21; docs/decisions/0023-billing.md): an event goes through
// the state machine (./lifecycle.ts), and the transition it answers is carried out here, its effects included, in the
// caller's transaction. The services name the event and give what the effects need (the row's other columns, the
// minutes to grant, the owners' e-mail, the days to the next attempt). `lifecycle.test.ts` holds every transition,
// `status-writes.test.ts` fails on a status written anywhere else, and the billing REST tests (apps/server) walk
// each transition through the API.
import type { TenantTx } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { OwnerEmail } from "./emails";
import { type SubscriptionEffect, type SubscriptionEvent, transition } from "./lifecycle";
import { emailOwners, endSubscriptionGrants, type GrantInput, grantMinutes } from "./minutes";
import { DAY_MS, type SubscriptionRow, s, stateOf } from "./subscriptions";

type SubscriptionInsert = typeof s.$inferInsert;
/** A subscription's columns a step writes besides its status (which only the transition decides). */
export type SubscriptionValues = Partial<Omit<SubscriptionInsert, "id" | "tenantId" | "status">>;

export interface TransitionDetails {
  /**
   * The other columns this step writes: the new row's plan, price, period and card when the event creates the
   * subscription (the first trial or cycle), the cycle's dates and plan, a cancellation's date, a saved card.
   */
  values?: SubscriptionValues;
  /** The minutes of a transition that grants some (`grantTrialMinutes`, `grantCycleMinutes`), for the row written. */
  grant?: (row: SubscriptionRow) => GrantInput;
  /** The owners' e-mail of a transition that tells them (`emailOwners`), for the row written. */
  email?: OwnerEmail | ((row: SubscriptionRow) => OwnerEmail);
  /** Days from now to the next renewal attempt of a transition that schedules one (`scheduleRetry`). */
  retryInDays?: number;
}

export type Applied =
  | { ok: true; row: SubscriptionRow; effects: readonly SubscriptionEffect[] }
  /** The event does not apply: nothing was written; `refusal` is the pt-BR message when a person asked. */
  | { ok: false; refusal: string };

function required<T>(value: T | undefined, effect: SubscriptionEffect, event: SubscriptionEvent): T {
  if (value === undefined) throw new Error(`${event}: the effect ${effect} needs its details`);
  return value;
}

/**
 * Carries out `event` on the tenant's subscription (`current`, locked by the caller; undefined before the first
 * payment): writes the status the state machine answers with `details.values` and the columns its effects set,
 * then grants the minutes and queues the owners' e-mail it calls for. Nothing is written when the event does not apply.
 */
export async function applyTransition(
  db: TenantTx,
  now: Date,
  current: SubscriptionRow | undefined,
  event: SubscriptionEvent,
  details: TransitionDetails = {},
): Promise<Applied> {
  const moved = transition(stateOf(current), event);
  if (!moved.ok) return moved;
  const has = (effect: SubscriptionEffect) => moved.effects.includes(effect);
  const retryInDays = has("scheduleRetry") ? required(details.retryInDays, "scheduleRetry", event) : 0;
  const columns: SubscriptionValues & Pick<SubscriptionInsert, "status"> = {
    ...details.values,
    status: moved.status,
    updatedAt: now,
    ...(has("cancelAtPeriodEnd") && { cancelAtPeriodEnd: true }),
    ...(has("stopRetries") && { nextAttemptAt: null }),
    ...(has("retryNow") && { nextAttemptAt: now }),
    ...(has("scheduleRetry") && {
      pastDueSince: current?.pastDueSince ?? now,
      renewalAttempts: (current?.renewalAttempts ?? 0) + 1,
      nextAttemptAt: new Date(now.getTime() + retryInDays * DAY_MS),
    }),
  };
  // What the trial had left ends when the paid cycle starts.
  if (has("endTrialGrants")) await endSubscriptionGrants(db, now);
  const [row] = current
    ? await db.update(s).set(columns).where(eq(s.id, current.id)).returning()
    : await db
        .insert(s)
        .values({ ...(columns as SubscriptionInsert), tenantId: db.tenantId, createdAt: now })
        .returning();
  if (!row) throw new Error(`${event}: the subscription was not written`);
  if (has("grantTrialMinutes") || has("grantCycleMinutes"))
    await grantMinutes(db, required(details.grant, "grantCycleMinutes", event)(row));
  if (has("emailOwners")) {
    const email = required(details.email, "emailOwners", event);
    await emailOwners(db, typeof email === "function" ? email(row) : email);
  }
  return { ok: true, row, effects: moved.effects };
}
