// What confirmations achieved, for the home page (docs/decisions/0042-home-outcomes.md, 0050-confirmations.md): the
// last seven days' sends by outcome, and the no-show rate (appointments marked NO_SHOW among those that took place or
// were missed) over the 90 days before confirmations were first turned on and since then.
import { schema, type TenantTx } from "@atende/db";
import { and, gte, lt, sql } from "@atende/db/orm";
import type { DashboardConfirmations, NoShowRate } from "@atende/shared/schemas/dashboard";
import { addDays, dateOf, startOfDay, toWireInstant } from "@atende/shared/time";
import { loadSettings } from "./settings";

const CS = schema.confirmationSends;
const A = schema.appointments;

/** How far back "before" looks. */
const BEFORE_DAYS = 90;

async function noShowRate(db: TenantTx, from: Date, to: Date): Promise<NoShowRate> {
  const [row] = await db
    .select({
      appointments: sql<number>`count(*) filter (where ${A.status} in ('COMPLETED', 'NO_SHOW'))::int`,
      noShows: sql<number>`count(*) filter (where ${A.status} = 'NO_SHOW')::int`,
    })
    .from(A)
    .where(and(gte(A.scheduledAt, from), lt(A.scheduledAt, to)));
  const appointments = Number(row?.appointments ?? 0);
  const noShows = Number(row?.noShows ?? 0);
  return {
    fromDate: dateOf(from),
    toDate: dateOf(new Date(to.getTime() - 1)),
    appointments,
    noShows,
    rate: appointments === 0 ? null : noShows / appointments,
  };
}

export async function confirmationOutcomes(db: TenantTx, now: Date): Promise<DashboardConfirmations> {
  const settings = await loadSettings(db);
  const from = startOfDay(addDays(dateOf(now), -6));
  const to = startOfDay(addDays(dateOf(now), 1));
  const within = (column: typeof CS.lastAttemptAt | typeof CS.outcomeAt) =>
    and(gte(column, from), lt(column, to));
  const [sent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(CS)
    .where(and(within(CS.lastAttemptAt), sql`${CS.attempts} > 0`, sql`${CS.status} <> 'FAILED'`));
  const outcomes = await db
    .select({ status: CS.status, count: sql<number>`count(*)::int` })
    .from(CS)
    .where(within(CS.outcomeAt))
    .groupBy(CS.status);
  const count = (status: string) => Number(outcomes.find((o) => o.status === status)?.count ?? 0);
  const since = settings.enabledSince;
  return {
    enabled: settings.enabled,
    enabledSince: since ? toWireInstant(since) : null,
    sent: Number(sent?.count ?? 0),
    confirmed: count("CONFIRMED"),
    rescheduled: count("RESCHEDULED"),
    cancelled: count("CANCELLED"),
    machine: count("MACHINE"),
    noAnswer: count("NO_ANSWER"),
    noShowBefore: since
      ? await noShowRate(db, startOfDay(addDays(dateOf(since), -BEFORE_DAYS)), startOfDay(dateOf(since)))
      : null,
    // Appointments already past: a future one can be neither completed nor missed.
    noShowAfter: since ? await noShowRate(db, startOfDay(dateOf(since)), now) : null,
  };
}
