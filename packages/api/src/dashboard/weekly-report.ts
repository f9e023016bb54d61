// The week's outcomes e-mailed to the owners every Monday from 08:00 (São Paulo), through the outbox (issue #25, part
// 4; docs/decisions/0042-home-outcomes.md): the same figures as the home's, for the seven days that ended on Sunday.
// A tenant turns it off on the home ('Receber este resumo por e-mail'); a closed tenant gets none.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, eq, isNull, or, sql } from "@atende/db/orm";
import type { DashboardOverview } from "@atende/shared/schemas/dashboard";
import { dateOf, isoWeekday, minutesOfDay, startOfDay, timeOfDayOf } from "@atende/shared/time";
import { emailOwners } from "../billing/minutes";
import type { JobHandler, PeriodicJob } from "../jobs/runner";
import { dashboardOverview } from "./dashboard";

const tenants = schema.tenants;

export const WEEKLY_REPORT_JOB = "dashboard.weeklyReports";
/** The sweep looks every hour; each tenant gets one report a week (`weekly_report_sent_for`). */
export const WEEKLY_REPORT_SWEEP_MS = 60 * 60_000;
/** Monday from this São Paulo time. */
export const WEEKLY_REPORT_FROM = "08:00";

const pct = (share: number) => `${Math.round(share * 100)}%`;
const br = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** The e-mail of a week's outcomes, in pt-BR (with the confirmations' once they were ever turned on). */
export function weeklyReportEmail(
  week: DashboardOverview["week"],
  confirmations?: DashboardOverview["confirmations"],
): { subject: string; text: string } {
  const rate = (r: { rate: number | null } | null) => (r?.rate == null ? "-" : pct(r.rate));
  const lines = [
    `Resumo da semana de ${br(week.startDate)} a ${br(week.endDate)}:`,
    `- Ligações atendidas: ${week.callsAnswered}`,
    `- Fora do horário dos profissionais: ${pct(week.outsideHoursShare)} (${week.callsOutsideHours})`,
    `- Agendamentos feitos pelo agente: ${week.bookings}`,
    `- Remarcações: ${week.reschedules}`,
    `- Cancelamentos: ${week.cancellations}`,
    `- Minutos usados: ${week.minutesUsed}${week.planMinutes > 0 ? ` (restam ${week.planMinutesLeft} de ${week.planMinutes} do plano)` : ""}`,
    `- Transferidas: ${week.transferred}`,
    `- Sem resultado: ${week.withoutOutcome}`,
    ...week.reasons.map((r) => `  · ${r.reason}: ${r.count}`),
    ...(confirmations?.enabledSince
      ? [
          `- Confirmações enviadas: ${confirmations.sent} (confirmados ${confirmations.confirmed}, remarcados ${confirmations.rescheduled}, cancelados ${confirmations.cancelled})`,
          `- Faltas: ${rate(confirmations.noShowBefore)} antes das confirmações, ${rate(confirmations.noShowAfter)} depois`,
        ]
      : []),
    "",
    "Para não receber mais este resumo, desmarque 'Receber este resumo por e-mail' no início do painel.",
  ];
  return {
    subject: `Atende: resumo da semana (${br(week.startDate)} a ${br(week.endDate)})`,
    text: lines.join("\n"),
  };
}

/**
 * Queues this week's report for one tenant, once: claims the week on the tenant's row in the same transaction as the
 * outbox rows, so a second sweep (or runner) finds it taken. The report covers Monday to Sunday before `monday`.
 */
export async function queueWeeklyReport(db: TenantTx, monday: string): Promise<boolean> {
  const claimed = await db
    .update(tenants)
    .set({ weeklyReportSentFor: monday })
    .where(
      and(
        eq(tenants.weeklyReportEnabled, true),
        isNull(tenants.closedAt),
        or(isNull(tenants.weeklyReportSentFor), sql`${tenants.weeklyReportSentFor} < ${monday}`),
      ),
    )
    .returning({ id: tenants.id });
  if (claimed.length === 0) return false;
  const endOfSunday = new Date(startOfDay(monday).getTime() - 1);
  const overview = await dashboardOverview(db, endOfSunday);
  await emailOwners(db, weeklyReportEmail(overview.week, overview.confirmations));
  return true;
}

/** Every tenant due a report now (Monday from 08:00, São Paulo): the ids of those queued. */
export async function sweepWeeklyReports(data: DataAccess, now: Date): Promise<string[]> {
  const today = dateOf(now);
  if (isoWeekday(today) !== 1 || minutesOfDay(timeOfDayOf(now)) < minutesOfDay(WEEKLY_REPORT_FROM)) return [];
  const due = await data
    .system("tenantSweeps")
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      and(
        eq(tenants.weeklyReportEnabled, true),
        isNull(tenants.closedAt),
        or(isNull(tenants.weeklyReportSentFor), sql`${tenants.weeklyReportSentFor} < ${today}`),
      ),
    );
  const queued: string[] = [];
  for (const tenant of due) {
    if (await data.inTenant(tenant.id, (db) => queueWeeklyReport(db, today))) queued.push(tenant.id);
  }
  return queued;
}

export function weeklyReportJobs(deps: { data: DataAccess; now: () => Date }): {
  handlers: Record<string, JobHandler>;
  periodic: PeriodicJob[];
} {
  return {
    handlers: {
      async [WEEKLY_REPORT_JOB]() {
        await sweepWeeklyReports(deps.data, deps.now());
      },
    },
    periodic: [{ name: WEEKLY_REPORT_JOB, everyMs: WEEKLY_REPORT_SWEEP_MS }],
  };
}
