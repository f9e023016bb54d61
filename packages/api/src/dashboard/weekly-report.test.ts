// The weekly e-mail of the home's outcomes (issue #25, part 4; docs/decisions/0042-home-outcomes.md): queued in the
// outbox on Monday from 08:00 for the week that ended on Sunday, once, with the week's figures; not when turned off.
import { schema } from "@atende/db";
import { and, eq, inArray } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordConversation } from "../calls/conversations";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";
import { sweepWeeklyReports, weeklyReportEmail } from "./weekly-report";

let t: TestApi;
let on: SeededTenant;
let off: SeededTenant;

beforeAll(async () => {
  t = await createTestApi();
  [on, off] = await Promise.all([t.seedTenant(), t.seedTenant()]);
});
afterAll(() => t?.close());

async function outboxOf(tenant: SeededTenant) {
  const owners = await t.database.db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(and(eq(schema.users.tenantId, tenant.tenantId), eq(schema.users.role, "OWNER")));
  if (owners.length === 0) return [];
  return t.database.db
    .select({ to: schema.emailOutbox.to, subject: schema.emailOutbox.subject, text: schema.emailOutbox.text })
    .from(schema.emailOutbox)
    .where(
      inArray(
        schema.emailOutbox.to,
        owners.map((o) => o.email),
      ),
    );
}

describe("the weekly report", () => {
  it("is queued once on Monday from 08:00 with last week's figures, and not for a tenant that turned it off", async () => {
    // Last week (Monday 2031-03-03 to Sunday 2031-03-09): two answered calls, one booking, 3 minutes; one the week before.
    for (const [tenant, startedAt, actions, minutes] of [
      [on, "2031-03-04T10:00:00-03:00", ["APPOINTMENT_CREATED"], 2],
      [on, "2031-03-09T21:00:00-03:00", ["CALL_ENDED"], 1],
      [on, "2031-03-01T10:00:00-03:00", ["APPOINTMENT_CREATED"], 5],
      [off, "2031-03-04T10:00:00-03:00", ["APPOINTMENT_CREATED"], 2],
    ] as const) {
      const start = new Date(startedAt);
      await t.data.inTenant(tenant.tenantId, (tx) =>
        recordConversation(tx, {
          status: "COMPLETED",
          startedAt: start,
          endedAt: new Date(start.getTime() + 60_000),
          billedMinutes: minutes,
          actions: actions.map((actionType) => ({ actionType, timestamp: new Date(start.getTime() + 1000) })),
        }),
      );
    }
    expect(await off.api.dashboard.setWeeklyReport({ enabled: false })).toEqual({ enabled: false });
    expect((await off.api.dashboard.overview()).weeklyReportEnabled).toBe(false);
    expect((await on.api.dashboard.overview()).weeklyReportEnabled).toBe(true);

    // Sunday night and Monday before 08:00: nothing yet.
    expect(await sweepWeeklyReports(t.data, new Date("2031-03-09T23:00:00-03:00"))).toEqual([]);
    expect(await sweepWeeklyReports(t.data, new Date("2031-03-10T07:59:00-03:00"))).toEqual([]);
    const monday = new Date("2031-03-10T08:05:00-03:00");
    const queued = await sweepWeeklyReports(t.data, monday);
    expect(queued).toContain(on.tenantId);
    expect(queued).not.toContain(off.tenantId);
    // A second sweep that Monday queues nothing more.
    expect(await sweepWeeklyReports(t.data, new Date("2031-03-10T09:05:00-03:00"))).not.toContain(
      on.tenantId,
    );

    const mails = await outboxOf(on);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Atende: resumo da semana (03/03 a 09/03)");
    expect(mails[0]?.text).toContain("- Ligações atendidas: 2");
    expect(mails[0]?.text).toContain("- Agendamentos feitos pelo agente: 1");
    expect(mails[0]?.text).toContain("- Minutos usados: 3");
    expect(mails[0]?.text).toContain("- Sem resultado: 1");
    expect(await outboxOf(off)).toEqual([]);

    // Turned on again, the next Monday's report goes out.
    await off.api.dashboard.setWeeklyReport({ enabled: true });
    expect(await sweepWeeklyReports(t.data, new Date("2031-03-17T08:00:00-03:00"))).toContain(off.tenantId);
    expect(await outboxOf(off)).toHaveLength(1);
  });

  it("carries the confirmations' figures once they were ever turned on (decision 0050)", async () => {
    const overview = await on.api.dashboard.overview();
    expect(weeklyReportEmail(overview.week, overview.confirmations).text).not.toContain("Confirmações");
    const email = weeklyReportEmail(overview.week, {
      ...overview.confirmations,
      enabledSince: "2031-03-01T10:00:00-03:00",
      sent: 40,
      confirmed: 25,
      rescheduled: 3,
      cancelled: 2,
      noShowBefore: {
        fromDate: "2030-12-01",
        toDate: "2031-02-28",
        appointments: 100,
        noShows: 20,
        rate: 0.2,
      },
      noShowAfter: { fromDate: "2031-03-01", toDate: "2031-03-09", appointments: 50, noShows: 4, rate: 0.08 },
    });
    expect(email.text).toContain("- Confirmações enviadas: 40 (confirmados 25, remarcados 3, cancelados 2)");
    expect(email.text).toContain("- Faltas: 20% antes das confirmações, 8% depois");
  });

  it("refuses a setting that is not a yes or no, changing nothing", async () => {
    await expect(
      on.api.dashboard.setWeeklyReport({ enabled: "sim" as unknown as boolean }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await on.api.dashboard.overview()).weeklyReportEnabled).toBe(true);
  });
});
