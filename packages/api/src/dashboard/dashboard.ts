// The dashboard's home (issue #25, part 4; docs/decisions/0042-home-outcomes.md): today's and tomorrow's appointments,
// the last calls and the week's outcomes, from the tenant's own data. The counts are SQL aggregates over the week's
// calls and their actions; the only part computed here is whether a call fell outside every professional's
// availability that day, since availabilities are patterns that the agenda's own expansion turns into windows.

import { schema, type TenantTx } from "@atende/db";
import { and, asc, eq, gte, lt, ne, sql } from "@atende/db/orm";
import { DASHBOARD_REASONS, type DashboardOverview } from "@atende/shared/schemas/dashboard";
import { addDays, dateOf, minutesOfDay, startOfDay, timeOfDayOf, toWireInstant } from "@atende/shared/time";
import { readRemainingMinutes } from "../billing/minutes";
import { listConversations } from "../calls/conversations";
import { confirmationOutcomes } from "../confirmations/outcomes";
import { loadOccurrences } from "../scheduling/availability";

const c = schema.conversations;
const act = schema.conversationActions;
const ap = schema.appointments;

/** The last calls the home lists. */
export const HOME_LAST_CALLS = 5;

async function appointmentsOn(db: TenantTx, date: string) {
  const rows = await db
    .select({
      id: ap.id,
      scheduledAt: ap.scheduledAt,
      status: ap.status,
      clientName: schema.clients.fullName,
      professionalName: schema.professionals.name,
    })
    .from(ap)
    .innerJoin(
      schema.clients,
      and(eq(schema.clients.tenantId, ap.tenantId), eq(schema.clients.id, ap.clientId)),
    )
    .innerJoin(
      schema.professionals,
      and(eq(schema.professionals.tenantId, ap.tenantId), eq(schema.professionals.id, ap.professionalId)),
    )
    .where(
      and(
        gte(ap.scheduledAt, startOfDay(date)),
        lt(ap.scheduledAt, startOfDay(addDays(date, 1))),
        ne(ap.status, "CANCELED"),
      ),
    )
    .orderBy(asc(ap.scheduledAt), asc(ap.id));
  return rows.map((row) => ({ ...row, scheduledAt: toWireInstant(row.scheduledAt) }));
}

export async function dashboardOverview(db: TenantTx, now: Date): Promise<DashboardOverview> {
  const today = dateOf(now);
  const tomorrow = addDays(today, 1);
  const startDate = addDays(today, -6);
  const from = startOfDay(startDate);
  const to = startOfDay(tomorrow);
  const week = and(eq(c.isTest, false), gte(c.startedAt, from), lt(c.startedAt, to));
  const day = sql<string>`to_char(${c.startedAt} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;

  // One pass over the week's calls: the counts, the minutes and the reasons, by status and by whether any action
  // of the call produced an outcome.
  const outcome = sql`exists (select 1 from ${act} where ${act.tenantId} = ${c.tenantId} and ${act.conversationId} = ${c.id} and ${act.actionType} not in ('CALL_ENDED', 'CALL_TRANSFERRED'))`;
  const [totals] = await db
    .select({
      answered: sql<number>`count(*) filter (where ${c.status} in ('COMPLETED', 'TRANSFERRED'))::int`,
      transferred: sql<number>`count(*) filter (where ${c.status} = 'TRANSFERRED')::int`,
      missed: sql<number>`count(*) filter (where ${c.status} = 'MISSED')::int`,
      error: sql<number>`count(*) filter (where ${c.status} = 'ERROR')::int`,
      cancelled: sql<number>`count(*) filter (where ${c.status} = 'CANCELLED')::int`,
      noAction: sql<number>`count(*) filter (where ${c.status} = 'COMPLETED' and not ${outcome})::int`,
      minutes: sql<number>`coalesce(sum(${c.billedMinutes}), 0)::int`,
    })
    .from(c)
    .where(week);
  const actions = await db
    .select({ type: act.actionType, day, count: sql<number>`count(*)::int` })
    .from(act)
    .innerJoin(c, and(eq(c.tenantId, act.tenantId), eq(c.id, act.conversationId)))
    .where(
      and(
        week,
        sql`${act.actionType} in ('APPOINTMENT_CREATED', 'APPOINTMENT_RESCHEDULED', 'APPOINTMENT_CANCELLED')`,
      ),
    )
    .groupBy(act.actionType, day);
  const perDay = await db
    .select({ day, answered: sql<number>`count(*)::int` })
    .from(c)
    .where(and(week, sql`${c.status} in ('COMPLETED', 'TRANSFERRED')`))
    .groupBy(day);
  const answeredCalls = await db
    .select({ startedAt: c.startedAt })
    .from(c)
    .where(and(week, sql`${c.status} in ('COMPLETED', 'TRANSFERRED')`));

  // Outside hours: no professional's availability window (after exceptions) covers the call's São Paulo time that day.
  const occurrences = await loadOccurrences(db, { startDate, endDate: today });
  const windows = new Map<string, [number, number][]>();
  for (const o of occurrences) {
    const list = windows.get(o.date) ?? [];
    list.push([o.startMinute, o.endMinute]);
    windows.set(o.date, list);
  }
  const outside = answeredCalls.filter(({ startedAt }) => {
    const minute = minutesOfDay(timeOfDayOf(startedAt));
    return !(windows.get(dateOf(startedAt)) ?? []).some(([start, end]) => minute >= start && minute < end);
  }).length;

  const count = (type: string) =>
    actions.filter((a) => a.type === type).reduce((sum, a) => sum + Number(a.count), 0);
  const t = totals ?? {
    answered: 0,
    transferred: 0,
    missed: 0,
    error: 0,
    cancelled: 0,
    noAction: 0,
    minutes: 0,
  };
  const reasons = [
    { reason: DASHBOARD_REASONS.transferred, count: Number(t.transferred) },
    { reason: DASHBOARD_REASONS.noAction, count: Number(t.noAction) },
    { reason: DASHBOARD_REASONS.missed, count: Number(t.missed) },
    { reason: DASHBOARD_REASONS.error, count: Number(t.error) },
    { reason: DASHBOARD_REASONS.cancelled, count: Number(t.cancelled) },
  ].filter((r) => r.count > 0);
  const remaining = await readRemainingMinutes(db, now);
  const answered = Number(t.answered);

  const days = Array.from({ length: 7 }, (_, i) => addDays(startDate, i)).map((date) => ({
    date,
    answered: Number(perDay.find((p) => p.day === date)?.answered ?? 0),
    booked: actions
      .filter((a) => a.day === date && a.type === "APPOINTMENT_CREATED")
      .reduce((sum, a) => sum + Number(a.count), 0),
  }));

  const [tenant] = await db
    .select({ weeklyReportEnabled: schema.tenants.weeklyReportEnabled })
    .from(schema.tenants)
    .limit(1);
  const calls = (await listConversations(db)).filter((call) => !call.isTest).slice(0, HOME_LAST_CALLS);
  return {
    weeklyReportEnabled: tenant?.weeklyReportEnabled ?? true,
    today,
    tomorrow,
    appointmentsToday: await appointmentsOn(db, today),
    appointmentsTomorrow: await appointmentsOn(db, tomorrow),
    confirmations: await confirmationOutcomes(db, now),
    lastCalls: calls.map((call) => ({
      id: call.id,
      startedAt: call.startedAt,
      status: call.status,
      clientName: call.clientName,
      phoneNumber: call.phoneNumber,
      actionType: call.actionType,
    })),
    week: {
      startDate,
      endDate: today,
      callsAnswered: answered,
      callsOutsideHours: outside,
      outsideHoursShare: answered === 0 ? 0 : outside / answered,
      bookings: count("APPOINTMENT_CREATED"),
      reschedules: count("APPOINTMENT_RESCHEDULED"),
      cancellations: count("APPOINTMENT_CANCELLED"),
      minutesUsed: Number(t.minutes),
      planMinutes: remaining.subscriptionTotal,
      planMinutesLeft: remaining.subscriptionMinutes,
      transferred: Number(t.transferred),
      withoutOutcome: Number(t.noAction) + Number(t.missed) + Number(t.error) + Number(t.cancelled),
      reasons,
      days,
    },
  };
}

/** Turns the weekly e-mail of these outcomes on or off (the home's checkbox). */
export async function setWeeklyReport(db: TenantTx, enabled: boolean): Promise<{ enabled: boolean }> {
  await db
    .update(schema.tenants)
    .set({ weeklyReportEnabled: enabled })
    .where(eq(schema.tenants.id, db.tenantId));
  return { enabled };
}
