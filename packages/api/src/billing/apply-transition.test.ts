// What applyTransition writes (issue #21, deliverable 3): the state machine's answer (lifecycle.test.ts) carried out in
// the tenant's transaction, each effect to the columns, grants and e-mails it stands for, and nothing at all when
// the event does not apply or an effect lacks its details.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { SubscriptionStatus } from "@atende/shared/enums";
import { BILLING_MESSAGES as M } from "@atende/shared/schemas/billing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";
import { applyTransition, type TransitionDetails } from "./apply-transition";
import type { SubscriptionEvent } from "./lifecycle";
import { subscriptionRow } from "./subscriptions";

let api: TestApi;
const NOW = new Date("2030-04-01T13:00:00Z");
const DAY = 86_400_000;
const EMAIL = { subject: "Assunto do teste", text: "Texto do teste" };

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function tenantWith(
  status: SubscriptionStatus | undefined,
  extra: Partial<typeof schema.subscriptions.$inferInsert> = {},
) {
  const tenant = await api.seedTenant();
  if (status)
    await api.database.db.insert(schema.subscriptions).values({
      tenantId: tenant.tenantId,
      planCode: "pack250-monthly",
      status,
      priceInCents: 69700,
      monthlyMinutes: 250,
      currentPeriodStart: new Date(NOW.getTime() - 30 * DAY),
      currentPeriodEnd: NOW,
      updatedAt: new Date("2030-01-01T00:00:00Z"),
      ...extra,
    });
  return tenant;
}

const apply = (tenant: SeededTenant, event: SubscriptionEvent, details?: TransitionDetails) =>
  api.data.inTenant(tenant.tenantId, async (db) =>
    applyTransition(db, NOW, await subscriptionRow(db, true), event, details),
  );

const stored = (tenant: SeededTenant) =>
  api.database.db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.tenantId, tenant.tenantId));

const grantsOf = (tenant: SeededTenant) =>
  api.database.db
    .select()
    .from(schema.minuteGrants)
    .where(eq(schema.minuteGrants.tenantId, tenant.tenantId))
    .orderBy(schema.minuteGrants.key);

const mailTo = async (tenant: SeededTenant) => {
  const [owner] = await api.database.db.select().from(schema.users).where(eq(schema.users.id, tenant.userId));
  return api.database.db
    .select({ subject: schema.emailOutbox.subject })
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.to, owner?.email ?? ""));
};

describe("applyTransition", () => {
  it("creates the first subscription with the trial's minutes, and refuses a second trial without writing", async () => {
    const tenant = await tenantWith(undefined);
    const trial = {
      values: {
        planCode: "pack250-monthly",
        priceInCents: 69700,
        monthlyMinutes: 250,
        currentPeriodStart: NOW,
        currentPeriodEnd: new Date(NOW.getTime() + 7 * DAY),
      },
      grant: (row: { id: string }) => ({
        source: "TRIAL" as const,
        key: `trial:${row.id}`,
        minutes: 30,
        startsAt: NOW,
        expiresAt: new Date(NOW.getTime() + 7 * DAY),
      }),
    };
    const first = await apply(tenant, "trialPaid", trial);
    expect(first.ok).toBe(true);
    const [row] = await stored(tenant);
    expect(row).toMatchObject({
      status: "TRIAL",
      planCode: "pack250-monthly",
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect((await grantsOf(tenant)).map((g) => [g.key, g.minutes])).toEqual([[`trial:${row?.id}`, 30]]);

    expect(await apply(tenant, "trialPaid", trial)).toEqual({ ok: false, refusal: M.trialUsed });
    expect(await stored(tenant)).toEqual([row]);
    expect(await grantsOf(tenant)).toHaveLength(1);
  });

  it("ends the trial's minutes when the paid cycle starts, and grants the cycle's", async () => {
    const tenant = await tenantWith("TRIAL");
    await api.database.db.insert(schema.minuteGrants).values({
      tenantId: tenant.tenantId,
      source: "TRIAL",
      key: "trial:x",
      minutes: 30,
      startsAt: new Date(NOW.getTime() - DAY),
      expiresAt: new Date(NOW.getTime() + 6 * DAY),
    });
    const applied = await apply(tenant, "cyclePaid", {
      values: { currentPeriodStart: NOW, currentPeriodEnd: new Date(NOW.getTime() + 30 * DAY) },
      grant: () => ({ source: "CYCLE", key: "cycle:y", minutes: 250, startsAt: NOW, expiresAt: null }),
    });
    expect(applied).toMatchObject({ ok: true, effects: ["endTrialGrants", "grantCycleMinutes"] });
    expect((await stored(tenant))[0]?.status).toBe("ACTIVE");
    const grants = await grantsOf(tenant);
    expect(grants.map((g) => [g.key, g.expiresAt])).toEqual([
      ["cycle:y", null],
      ["trial:x", NOW],
    ]);
  });

  it("counts each missed renewal from the first miss, schedules the next attempt and tells the owners", async () => {
    const tenant = await tenantWith("ACTIVE");
    await apply(tenant, "renewalMissed", { retryInDays: 2, email: EMAIL });
    expect((await stored(tenant))[0]).toMatchObject({
      status: "PAST_DUE",
      pastDueSince: NOW,
      renewalAttempts: 1,
      nextAttemptAt: new Date(NOW.getTime() + 2 * DAY),
    });
    await apply(tenant, "renewalMissed", { retryInDays: 1, email: EMAIL });
    expect((await stored(tenant))[0]).toMatchObject({
      pastDueSince: NOW,
      renewalAttempts: 2,
      nextAttemptAt: new Date(NOW.getTime() + DAY),
    });
    expect(await mailTo(tenant)).toEqual([{ subject: EMAIL.subject }, { subject: EMAIL.subject }]);
  });

  it("stops the retries when the grace runs out, and tries a new card at once while past due", async () => {
    const suspended = await tenantWith("PAST_DUE", { pastDueSince: NOW, nextAttemptAt: NOW });
    await apply(suspended, "graceRanOut", { email: EMAIL });
    expect((await stored(suspended))[0]).toMatchObject({ status: "SUSPENDED", nextAttemptAt: null });

    const pastDue = await tenantWith("PAST_DUE", {
      pastDueSince: NOW,
      nextAttemptAt: new Date(NOW.getTime() + DAY),
    });
    await apply(pastDue, "cardSaved", { values: { cardBrand: "visa", cardLastFour: "4242" } });
    expect((await stored(pastDue))[0]).toMatchObject({
      status: "PAST_DUE",
      nextAttemptAt: NOW,
      cardLastFour: "4242",
    });
    expect(await mailTo(pastDue)).toEqual([]);
  });

  it("keeps access to the period's end on a cancellation, and refuses a second one without writing", async () => {
    const tenant = await tenantWith("ACTIVE");
    await apply(tenant, "cancelAsked", {
      values: { canceledAt: NOW },
      email: (row) => ({ ...EMAIL, subject: row.status }),
    });
    const [row] = await stored(tenant);
    expect(row).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, canceledAt: NOW });
    expect(await mailTo(tenant)).toEqual([{ subject: "ACTIVE" }]);

    expect(await apply(tenant, "cancelAsked", { email: EMAIL })).toEqual({
      ok: false,
      refusal: M.alreadyCanceling,
    });
    expect(await stored(tenant)).toEqual([row]);
    expect(await mailTo(tenant)).toHaveLength(1);
  });

  it("fails, and writes nothing, when an effect lacks its details", async () => {
    const tenant = await tenantWith("ACTIVE");
    const before = await stored(tenant);
    await expect(apply(tenant, "renewalMissed", { email: EMAIL })).rejects.toThrow(/scheduleRetry/);
    await expect(apply(tenant, "renewalMissed", { retryInDays: 1 })).rejects.toThrow(/emailOwners/);
    expect(await stored(tenant)).toEqual(before);
    expect(await mailTo(tenant)).toEqual([]);
  });
});
