// Billing over the real Hono app and a real database, with the embedded sandbox provider (docs/decisions/0023): the
// catalogue, the checkouts and their validation, the sandbox page's buttons delivering signed notifications through
// the real webhook route, exactly-once application whatever the order or the number of deliveries, the subscription's
// lifecycle (trial, active, cancel at the cycle's end, renewals refused, retried, recovered and suspended), and the
// minutes ledger (usage from the cycle first, then packs).
import { type Actor, actOnSandboxCheckout, signWebhook } from "@atende/api";
import { debitCall, type SeededTenant } from "@atende/api/testing";
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { BILLING_MESSAGES as M } from "@atende/shared/schemas/billing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
const DAY = 86_400_000;
// A valid CPF (check digits 0 and 9) and one with a wrong check digit.
const CPF = "529.982.247-25";
const BAD_CPF = "529.982.247-24";
const customer = {
  customerCpfCnpj: CPF,
  customerPhone: "(11) 98765-4321",
  customerPostalCode: "01310-100",
  customerAddressNumber: "1000",
};

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.api.setNow(undefined));

interface Checkout {
  checkoutUrl: string;
}

const as = (tenant: SeededTenant) => ({ as: tenant.actor });

/** Opens a checkout and answers the sandbox checkout's id. */
async function checkout(tenant: SeededTenant, path: string, body: unknown): Promise<string> {
  const res = await server.request<Checkout>("POST", path, { ...as(tenant), body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.checkoutUrl);
  expect(url.pathname).toMatch(/^\/sandbox\/checkout\/[0-9a-f-]{36}$/);
  return url.pathname.split("/").pop() ?? "";
}

/** Presses a button on the sandbox page, as the browser does; answers where it sends the browser. */
async function press(
  checkoutId: string,
  action: "approve" | "refuse" | "pending" | "expire",
  form: Record<string, string> = {},
): Promise<URL> {
  const res = await server.app.request(`/sandbox/checkout/${checkoutId}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  expect(res.status, await res.clone().text()).toBe(303);
  return new URL(res.headers.get("location") ?? "", "http://localhost:3000");
}

async function remaining(tenant: SeededTenant) {
  const res = await server.request<{ subscriptionMinutes: number; minutePackMinutes: number }>(
    "GET",
    "/tenant/remaining-minutes",
    as(tenant),
  );
  expect(res.status).toBe(200);
  return res.body;
}

interface SubscriptionBody {
  status: string;
  planCode: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
  card: { brand: string; lastFour: string } | null;
  nextPlanCode: string | null;
}

const subscriptionOf = (tenant: SeededTenant) =>
  server.request<SubscriptionBody>("GET", "/subscription", as(tenant));

/** A finished call of `minutes` minutes, metered as the gateway's finish does (through the service, in the tenant). */
async function useMinutes(tenant: SeededTenant, minutes: number, at: Date): Promise<void> {
  const { database, data } = server.api;
  const [conversation] = await database.db
    .insert(schema.conversations)
    .values({ tenantId: tenant.tenantId, status: "COMPLETED", startedAt: at })
    .returning({ id: schema.conversations.id });
  if (!conversation) throw new Error("conversation not created");
  await data.inTenant(tenant.tenantId, (db) =>
    debitCall(db, { conversationId: conversation.id, minutes, at }),
  );
}

describe("the catalogue", () => {
  it("serves the seeded plans and the pack offer to anyone", async () => {
    const plans = await server.request<{ plans: { code: string; priceInCents: number }[] }>("GET", "/plans");
    expect(plans.status).toBe(200);
    expect(plans.body.plans.map((p) => [p.code, p.priceInCents])).toEqual([
      ["pack250-monthly", 69700],
      ["pack500-monthly", 99700],
      ["pack1000-monthly", 149900],
    ]);
    const offer = await server.request("GET", "/minute-pack");
    expect(offer.body).toEqual({ pricePerMinuteInCents: 150, minMinutes: 50, maxMinutes: 1000 });
  });

  it("reads a catalogue edit without a deploy", async () => {
    await server.api.database.db
      .update(schema.plans)
      .set({ priceInCents: 59700 })
      .where(eq(schema.plans.code, "pack250-monthly"));
    const plans = await server.request<{ plans: { code: string; priceInCents: number }[] }>("GET", "/plans");
    expect(plans.body.plans[0]).toMatchObject({ code: "pack250-monthly", priceInCents: 59700 });
    await server.api.database.db
      .update(schema.plans)
      .set({ priceInCents: 69700 })
      .where(eq(schema.plans.code, "pack250-monthly"));
  });
});

describe("with Mercado Pago configured", () => {
  it("admits its card fields in the CSP (and only then), has no sandbox, starts a trial at once, refuses a raw card", async () => {
    const csp = (await server.app.request("/healthz")).headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("mercadopago");
    const paid = await createTestServer({
      config: {
        billing: {
          mercadopago: {
            accessToken: "APP_USR-0000000000",
            publicKey: "APP_USR-pk",
            automaticPayments: false,
            timeoutMs: 1000,
          },
          webhookSecret: "0123456789abcdef0123",
          trialMinutes: 60,
        },
      },
    });
    try {
      const res = await paid.app.request("/healthz");
      const directive = (name: string) =>
        res.headers.get("content-security-policy")?.match(new RegExp(`${name} ([^;]*)`))?.[1] ?? "";
      expect(directive("script-src")).toBe("'self' https://sdk.mercadopago.com");
      expect(directive("frame-src")).toBe("'self' https://*.mercadopago.com");
      expect(directive("connect-src")).toContain("https://api.mercadopago.com");
      // No sandbox with Mercado Pago: its page does not exist.
      expect((await paid.app.request(`/sandbox/checkout/${crypto.randomUUID()}`)).status).toBe(404);
      const settings = await paid.request("GET", "/trpc/billing.paymentSettings");
      expect(settings.body).toMatchObject({
        result: { data: { provider: "mercadopago", mercadoPagoPublicKey: "APP_USR-pk" } },
      });

      // The trial needs no payment now: it starts at once, without a card (decision 0023), back on the success page.
      const owner = await paid.api.seedTenant();
      const trial = await paid.request<Checkout>("POST", "/billing/trial-checkout", {
        as: owner.actor,
        body: { planCode: "pack250-monthly", ...customer },
      });
      expect(trial.status).toBe(200);
      const back = new URL(trial.body.checkoutUrl);
      expect(back.pathname).toBe("/payment/subscription/success");
      expect(back.searchParams.get("status")).toBe("approved");
      const sub = await paid.request<SubscriptionBody>("GET", "/subscription", { as: owner.actor });
      expect(sub.body).toMatchObject({ status: "TRIAL", card: null });

      // A raw card number never reaches Mercado Pago through us: refused with a 400 saying so, nothing saved.
      const raw = await paid.request<{ message: string }>("PUT", "/subscription/update-credit-card", {
        as: owner.actor,
        body: {
          creditCard: {
            holderName: "Ana",
            number: "4235 6477 2802 5682",
            expiryMonth: "11",
            expiryYear: "2031",
            ccv: "123",
          },
          creditCardHolderInfo: {
            name: "Ana Souza",
            email: "ana@clinica.test",
            cpfCnpj: CPF,
            postalCode: "01310-100",
            addressNumber: "10",
            phone: "11987654321",
          },
        },
      });
      expect([raw.status, raw.body.message]).toEqual([400, M.rawCardRefused]);
      const noToken = await paid.request<{ message: string }>("PUT", "/subscription/update-credit-card", {
        as: owner.actor,
        body: { cardToken: " " },
      });
      expect(noToken.status).toBe(400);
      expect(
        (await paid.request<SubscriptionBody>("GET", "/subscription", { as: owner.actor })).body.card,
      ).toBeNull();
    } finally {
      await paid.close();
    }
  });
});

describe("a new tenant", () => {
  it("has no subscription (404), no minutes, and an empty history", async () => {
    const tenant = await server.api.seedTenant();
    expect((await subscriptionOf(tenant)).status).toBe(404);
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 0 });
    const payments = await server.request("GET", "/subscription/payments", as(tenant));
    expect(payments.body).toEqual({ payments: [], hasMore: false, totalCount: 0 });
    expect((await server.request("GET", "/minute-pack/history", as(tenant))).body).toEqual([]);
    const data = await server.request<{ subscription: null; usage: unknown }>("GET", "/tenant", as(tenant));
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({
      subscription: null,
      minutePacks: [],
      usage: { usedMinutes: 0, totalMinutes: 0, extraMinutesAvailable: 0 },
    });
  });
});

describe("checkout validation", () => {
  it("refuses bad buyer data and packs off the offer with the spec's messages, creating nothing", async () => {
    const tenant = await server.api.seedTenant();
    const cases: [string, unknown, string][] = [
      [
        "/billing/trial-checkout",
        { ...customer, planCode: "pack500-monthly", customerCpfCnpj: BAD_CPF },
        M.cpfInvalid,
      ],
      [
        "/billing/trial-checkout",
        { ...customer, planCode: "pack500-monthly", customerCpfCnpj: "123" },
        M.cpfCnpjLength,
      ],
      [
        "/billing/trial-checkout",
        { ...customer, planCode: "pack500-monthly", customerPhone: "119" },
        M.phoneLength,
      ],
      [
        "/billing/trial-checkout",
        { ...customer, planCode: "pack500-monthly", customerPostalCode: "0131" },
        M.postalCodeLength,
      ],
      [
        "/billing/trial-checkout",
        { ...customer, planCode: "pack500-monthly", customerAddressNumber: " " },
        M.addressNumberRequired,
      ],
      ["/billing/trial-checkout", { ...customer }, M.planRequired],
      ["/billing/buy-checkout", { planCode: "nope" }, M.planNotFound],
      ["/minute-pack/checkout", { minutesToBuy: 75 }, M.minutesStep],
      ["/minute-pack/checkout", { minutesToBuy: 1050 }, M.minutesRange(50, 1000)],
      ["/minute-pack/checkout", { minutesToBuy: 1e300 }, M.minutesInteger],
      ["/minute-pack/checkout", { minutesToBuy: "cem" }, M.minutesInteger],
      ["/minute-pack/checkout", {}, M.minutesRequired],
    ];
    for (const [path, body, message] of cases) {
      const res = await server.request<{ message: string }>("POST", path, { ...as(tenant), body });
      expect([res.status, res.body.message], `${path} ${JSON.stringify(body)}`).toEqual([400, message]);
    }
    const payments = await server.request<{ totalCount: number }>(
      "GET",
      "/subscription/payments",
      as(tenant),
    );
    expect(payments.body.totalCount).toBe(0);
  });

  it("takes the buyer's data masked or as digits, and a valid CNPJ", async () => {
    const tenant = await server.api.seedTenant();
    await checkout(tenant, "/billing/buy-checkout", {
      planCode: "pack250-monthly",
      customerCpfCnpj: "11.222.333/0001-81",
      customerPhone: "1134567890",
      customerPostalCode: "01310100",
      customerAddressNumber: "12B",
    });
  });

  it("is the owner's: staff read the plan but cannot buy", async () => {
    const tenant = await server.api.seedTenant();
    const [staff] = await server.api.database.db
      .insert(schema.users)
      .values({ tenantId: tenant.tenantId, email: `staff-${tenant.tenantId}@clinica.test`, name: "Equipe" })
      .returning();
    if (!staff) throw new Error("staff not created");
    const actor: Actor = { ...tenant.actor, userId: staff.id, email: staff.email, name: staff.name };
    const res = await server.request<{ message: string }>("POST", "/minute-pack/checkout", {
      as: actor,
      body: { minutesToBuy: 100 },
    });
    expect([res.status, res.body.message]).toEqual([403, M.ownerOnly]);
    expect((await server.request("GET", "/minute-pack/history", { as: actor })).status).toBe(200);
  });
});

describe("the sandbox checkout page", () => {
  it("shows what is bought, its amount and the four buttons, and 404s an unknown checkout", async () => {
    const tenant = await server.api.seedTenant();
    const id = await checkout(tenant, "/minute-pack/checkout", { minutesToBuy: 250 });
    const page = await server.app.request(`/sandbox/checkout/${id}`, { headers: { accept: "text/html" } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Pack Avulso: 250 minutos");
    expect(html).toContain("R$&nbsp;375,00".replace("&nbsp;", "\u00a0"));
    for (const label of ["Aprovar pagamento", "Recusar pagamento", "Deixar pendente", "Expirar link"])
      expect(html).toContain(label);
    const missing = await server.app.request(`/sandbox/checkout/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
  });

  it("404s an id of 36 hex characters and hyphens that is no UUID, on the page and its buttons (issue #20)", async () => {
    for (const id of [
      "-".repeat(36),
      "0".repeat(36),
      "0123456789abcdef-0123456789abcdef-01",
      `${"a".repeat(35)}-`,
    ]) {
      expect((await server.app.request(`/sandbox/checkout/${id}`)).status, id).toBe(404);
      expect(
        (await server.app.request(`/sandbox/checkout/${id}/approve`, { method: "POST" })).status,
        id,
      ).toBe(404);
    }
  });
});

describe("a minute pack", () => {
  it("approved: back to the success page with the purchase's reference, minutes granted once, never expiring", async () => {
    const tenant = await server.api.seedTenant();
    const id = await checkout(tenant, "/minute-pack/checkout", { minutesToBuy: 100 });
    const back = await press(id, "approve");
    expect(back.pathname).toBe("/payment/minute-pack/success");
    expect(back.searchParams.get("status")).toBe("approved");
    const history = await server.request<{ id: string; status: string; minutes: number }[]>(
      "GET",
      "/minute-pack/history",
      as(tenant),
    );
    expect(history.body).toEqual([expect.objectContaining({ minutes: 100, status: "PAID" })]);
    expect(back.searchParams.get("external_reference")).toBe(history.body[0]?.id);
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 100 });
    // A year later the pack's minutes are still there.
    server.api.setNow(new Date(Date.now() + 365 * DAY));
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 100 });
  });

  it("refused: the cancel page, nothing granted, the payment FAILED in the history", async () => {
    const tenant = await server.api.seedTenant();
    const id = await checkout(tenant, "/minute-pack/checkout", { minutesToBuy: 50 });
    expect((await press(id, "refuse")).pathname).toBe("/payment/minute-pack/cancel");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 0 });
    const payments = await server.request<{ payments: { status: string; value: number }[] }>(
      "GET",
      "/subscription/payments",
      as(tenant),
    );
    expect(payments.body.payments).toEqual([expect.objectContaining({ status: "FAILED", value: 7500 })]);
  });

  it("left pending then approved from the same page: granted once; an expired link takes no payment", async () => {
    const tenant = await server.api.seedTenant();
    const id = await checkout(tenant, "/minute-pack/checkout", { minutesToBuy: 200 });
    expect((await press(id, "pending")).searchParams.get("status")).toBe("pending");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 0 });
    await press(id, "approve");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 200 });

    const other = await checkout(tenant, "/minute-pack/checkout", { minutesToBuy: 50 });
    expect((await press(other, "expire")).pathname).toBe("/payment/minute-pack/cancel");
    const after = await server.app.request(`/sandbox/checkout/${other}/approve`, { method: "POST" });
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe(`/sandbox/checkout/${other}`);
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 200 });
  });
});

describe("POST /webhooks/mercadopago", () => {
  const secret = () => server.api.config.billing.webhookSecret;

  async function deliver(dataId: string, signature?: { secret?: string; at?: Date; requestId?: string }) {
    const requestId = signature?.requestId ?? crypto.randomUUID();
    const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": requestId };
    if (signature)
      headers["x-signature"] = signWebhook({
        dataId,
        xRequestId: requestId,
        secret: signature.secret ?? secret(),
        now: signature.at ?? server.api.now(),
      });
    return server.app.request(`/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
      method: "POST",
      headers,
      body: JSON.stringify({ type: "payment", data: { id: dataId } }),
    });
  }

  /** A pack paid at the sandbox without notifying us: the state a lost or delayed notification leaves. */
  async function paidSilently(tenant: SeededTenant, minutes: number) {
    const id = await checkout(tenant, "/minute-pack/checkout", { minutesToBuy: minutes });
    const payment = await actOnSandboxCheckout(server.api.data, id, "approve");
    if (!payment) throw new Error("not paid");
    return payment.id;
  }

  it("answers 400 without its headers, 401 to a wrong or stale signature, and changes nothing", async () => {
    const tenant = await server.api.seedTenant();
    const paymentId = await paidSilently(tenant, 50);
    expect((await deliver(paymentId)).status).toBe(400);
    expect((await deliver(paymentId, { secret: "not-the-secret-at-all" })).status).toBe(401);
    const stale = new Date(server.api.now().getTime() - 10 * 60_000);
    expect((await deliver(paymentId, { at: stale })).status).toBe(401);
    // Tampered: signed for another payment id.
    const requestId = crypto.randomUUID();
    const forged = await server.app.request(`/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
      method: "POST",
      headers: {
        "x-request-id": requestId,
        "x-signature": signWebhook({
          dataId: "999",
          xRequestId: requestId,
          secret: secret(),
          now: server.api.now(),
        }),
      },
    });
    expect(forged.status).toBe(401);
    await server.jobs.runDue();
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 0 });
  });

  it("applies a valid notification once, however many times it is delivered", async () => {
    const tenant = await server.api.seedTenant();
    const paymentId = await paidSilently(tenant, 150);
    for (let i = 0; i < 5; i++) expect((await deliver(paymentId, {})).status).toBe(200);
    await server.jobs.runDue();
    for (let i = 0; i < 3; i++) expect((await deliver(paymentId, {})).status).toBe(200);
    await server.jobs.runDue();
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 150 });
    const grants = await server.api.database.db
      .select()
      .from(schema.minuteGrants)
      .where(eq(schema.minuteGrants.tenantId, tenant.tenantId));
    expect(grants).toHaveLength(1);
  });

  it("in any order: a stale 'pending' after the approval changes nothing (the payment is re-fetched)", async () => {
    const tenant = await server.api.seedTenant();
    const id = await checkout(tenant, "/minute-pack/checkout", { minutesToBuy: 50 });
    const pending = await actOnSandboxCheckout(server.api.data, id, "pending");
    const approved = await actOnSandboxCheckout(server.api.data, id, "approve");
    expect(pending?.id).toBe(approved?.id);
    // The approval's notification arrives first, the pending one (for the same payment) last.
    await deliver(approved?.id ?? "", {});
    await server.jobs.runDue();
    await deliver(pending?.id ?? "", {});
    await server.jobs.runDue();
    const history = await server.request<{ status: string }[]>("GET", "/minute-pack/history", as(tenant));
    expect(history.body.map((p) => p.status)).toEqual(["PAID"]);
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 50 });
  });

  it("acknowledges another tenant's or an unknown payment without touching anyone", async () => {
    expect((await deliver("424242", {})).status).toBe(200);
    await server.jobs.runDue();
    const [job] = await server.api.database.db
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.name, "billing.applyPayment")))
      .orderBy(schema.jobs.createdAt);
    expect(job).toBeDefined();
  });
});

describe("the subscription's life", () => {
  async function trial(tenant: SeededTenant, holderName = "APRO") {
    const id = await checkout(tenant, "/billing/trial-checkout", {
      planCode: "pack500-monthly",
      ...customer,
    });
    const page = await (await server.app.request(`/sandbox/checkout/${id}`)).text();
    expect(page).toContain("nada é cobrado hoje");
    const back = await press(id, "approve", {
      holderName,
      number: "4235 6477 2802 5682",
      expiryMonth: "11",
      expiryYear: "2030",
      ccv: "123",
    });
    expect(back.pathname).toBe("/payment/subscription/success");
  }

  /** Moves the clock and runs the renewal sweep and what it enqueues. */
  async function at(time: Date) {
    server.api.setNow(time);
    // The sweep is periodic per runner; a fresh due time each call.
    await server.jobs.enqueue("billing.sweep", {}, { singletonKey: "billing.sweep" });
    await server.jobs.runDue();
    await server.jobs.runDue();
  }

  it("trial (60 minutes, card saved) → active at the trial's end (charged) → cancelled: access to the cycle's end", async () => {
    const start = new Date("2030-03-04T12:00:00-03:00");
    server.api.setNow(start);
    const tenant = await server.api.seedTenant();
    await trial(tenant);
    let sub = await subscriptionOf(tenant);
    expect(sub.body).toMatchObject({
      status: "TRIAL",
      planCode: "pack500-monthly",
      card: { brand: "visa", lastFour: "5682" },
    });
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 60, minutePackMinutes: 0 });
    // A second trial is refused.
    const again = await server.request<{ message: string }>("POST", "/billing/trial-checkout", {
      ...as(tenant),
      body: { planCode: "pack250-monthly", ...customer },
    });
    expect([again.status, again.body.message]).toEqual([409, M.trialUsed]);

    await at(new Date(start.getTime() + 7 * DAY + 60_000));
    sub = await subscriptionOf(tenant);
    expect(sub.body.status).toBe("ACTIVE");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 500, minutePackMinutes: 0 });
    const end = new Date(sub.body.currentPeriodEnd);
    expect(end.getTime()).toBe(start.getTime() + 37 * DAY);

    const cancel = await server.request<SubscriptionBody>("PUT", "/subscription/cancel", {
      ...as(tenant),
      body: {},
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true });
    await at(new Date(end.getTime() - DAY));
    expect((await subscriptionOf(tenant)).body.status).toBe("ACTIVE");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 500, minutePackMinutes: 0 });
    await at(new Date(end.getTime() + 60_000));
    expect((await subscriptionOf(tenant)).body.status).toBe("CANCELED");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 0 });
    const payments = await server.request<{ payments: { status: string; value: number }[] }>(
      "GET",
      "/subscription/payments",
      as(tenant),
    );
    expect(payments.body.payments.map((p) => [p.status, p.value])).toEqual([
      ["CONFIRMED", 99700],
      ["CONFIRMED", 0],
    ]);
  });

  it("a refused renewal goes PAST_DUE and is retried; a new card recovers it", async () => {
    const start = new Date("2030-05-06T09:00:00-03:00");
    server.api.setNow(start);
    const tenant = await server.api.seedTenant();
    await trial(tenant, "OTHE");
    await at(new Date(start.getTime() + 7 * DAY + 60_000));
    let sub = await subscriptionOf(tenant);
    expect(sub.body.status).toBe("PAST_DUE");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 0 });
    // The retry a day later is refused again.
    await at(new Date(start.getTime() + 8 * DAY + 120_000));
    expect((await subscriptionOf(tenant)).body.status).toBe("PAST_DUE");
    const card = await server.request<SubscriptionBody>("PUT", "/subscription/update-credit-card", {
      ...as(tenant),
      body: {
        creditCard: {
          holderName: "APRO",
          number: "5031433215406351",
          expiryMonth: "12",
          expiryYear: "2031",
          ccv: "321",
        },
        creditCardHolderInfo: {
          name: "Ana Souza",
          email: "ana@clinica.test",
          cpfCnpj: CPF,
          postalCode: "01310-100",
          addressNumber: "10",
          phone: "11987654321",
        },
      },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.card).toEqual({ brand: expect.any(String), lastFour: "6351" });
    await at(new Date(start.getTime() + 8 * DAY + 180_000));
    sub = await subscriptionOf(tenant);
    expect(sub.body.status).toBe("ACTIVE");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 500, minutePackMinutes: 0 });
    const outbox = await server.api.database.db.select().from(schema.emailOutbox);
    expect(outbox.some((m) => m.subject === "Não conseguimos renovar seu plano")).toBe(true);
  });

  it("a renewal refused through the grace ends SUSPENDED; paying again reactivates it", async () => {
    const start = new Date("2030-07-01T09:00:00-03:00");
    server.api.setNow(start);
    const tenant = await server.api.seedTenant();
    await trial(tenant, "FUND");
    for (const day of [7, 8, 10, 12, 14, 15]) await at(new Date(start.getTime() + day * DAY + 60_000));
    expect((await subscriptionOf(tenant)).body.status).toBe("SUSPENDED");
    const refusedCharges = await server.request<{ payments: { status: string }[] }>(
      "GET",
      "/subscription/payments",
      { ...as(tenant), query: { status: "FAILED" } },
    );
    expect(refusedCharges.body.payments.length).toBeGreaterThanOrEqual(4);
    const id = await checkout(tenant, "/billing/buy-checkout", { planCode: "pack250-monthly" });
    await press(id, "approve");
    const sub = await subscriptionOf(tenant);
    expect(sub.body).toMatchObject({ status: "ACTIVE", planCode: "pack250-monthly" });
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 250, minutePackMinutes: 0 });
  });

  it("changes plan: an upgrade charges the difference and adds the minutes now; a downgrade waits for the renewal", async () => {
    const start = new Date("2030-09-02T10:00:00-03:00");
    server.api.setNow(start);
    const tenant = await server.api.seedTenant();
    await trial(tenant);
    await at(new Date(start.getTime() + 7 * DAY + 60_000));
    // Halfway through the cycle, which followed on from the trial's end.
    server.api.setNow(new Date(start.getTime() + 22 * DAY));
    const up = await server.request<{ availableMinutesAfterChange: number; subscription: SubscriptionBody }>(
      "PUT",
      "/subscription/change-plan",
      { ...as(tenant), body: { newPlanCode: "pack1000-monthly" } },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.availableMinutesAfterChange).toBe(1000);
    expect(up.body.subscription.planCode).toBe("pack1000-monthly");
    const down = await server.request<{
      availableMinutesAfterChange: number;
      subscription: SubscriptionBody;
    }>("PUT", "/subscription/change-plan", { ...as(tenant), body: { planCode: "pack250-monthly" } });
    expect(down.status).toBe(200);
    expect(down.body.subscription).toMatchObject({
      planCode: "pack1000-monthly",
      nextPlanCode: "pack250-monthly",
    });
    expect(down.body.availableMinutesAfterChange).toBe(1000);
    const payments = await server.request<{ payments: { value: number; description: string }[] }>(
      "GET",
      "/subscription/payments",
      as(tenant),
    );
    // (1499 - 997) × 15/30 of a cycle left.
    expect(payments.body.payments[0]?.value).toBe(25100);
    const same = await server.request<{ message: string }>("PUT", "/subscription/change-plan", {
      ...as(tenant),
      body: { newPlanCode: "pack1000-monthly" },
    });
    expect(same.status).toBe(200);
    expect((await subscriptionOf(tenant)).body.nextPlanCode).toBeNull();
  });
});

describe("the minutes ledger", () => {
  it("takes a call's usage from the cycle first, then from packs, and records usage past both", async () => {
    const start = new Date("2030-11-04T10:00:00-03:00");
    server.api.setNow(start);
    const tenant = await server.api.seedTenant();
    const trialId = await checkout(tenant, "/billing/trial-checkout", {
      planCode: "pack250-monthly",
      ...customer,
    });
    await press(trialId, "approve", {
      holderName: "APRO",
      number: "4235647728025682",
      expiryMonth: "11",
      expiryYear: "2030",
      ccv: "123",
    });
    const packId = await checkout(tenant, "/minute-pack/checkout", { minutesToBuy: 50 });
    await press(packId, "approve");
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 60, minutePackMinutes: 50 });
    await useMinutes(tenant, 45, new Date(start.getTime() + 60_000));
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 15, minutePackMinutes: 50 });
    await useMinutes(tenant, 20, new Date(start.getTime() + 120_000));
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 45 });
    await useMinutes(tenant, 60, new Date(start.getTime() + 180_000));
    expect(await remaining(tenant)).toEqual({ subscriptionMinutes: 0, minutePackMinutes: 0 });
    const debits = await server.api.database.db
      .select()
      .from(schema.minuteDebits)
      .where(eq(schema.minuteDebits.tenantId, tenant.tenantId));
    expect(debits.reduce((sum, d) => sum + d.minutes, 0)).toBe(125);
    expect(debits.filter((d) => d.grantId === null).map((d) => d.minutes)).toEqual([15]);
    // 80% and 95% of the trial's minutes were each e-mailed once.
    const alerts = await server.api.database.db
      .select()
      .from(schema.minuteAlerts)
      .where(eq(schema.minuteAlerts.tenantId, tenant.tenantId));
    expect(alerts.map((a) => a.threshold).sort()).toEqual([80, 95]);
    const usage = await server.request<{ usage: { usedMinutes: number; totalMinutes: number } }>(
      "GET",
      "/tenant",
      as(tenant),
    );
    expect(usage.body.usage).toMatchObject({ usedMinutes: 110, totalMinutes: 110, extraMinutesAvailable: 0 });
  });
});
