// Billing's numbers (docs/decisions/0023-billing.md), on PGlite and on PostgreSQL: a minute pack bought through the
// sandbox end to end (checkout, the approve button, the signed notification through the real webhook route, the job
// that re-fetches and applies it); a storm of the same notification from concurrent senders (applied once: the grants
// are counted afterwards); and concurrent calls ending at once for one tenant, each debited from the ledger (the
// minutes debited must equal the minutes used, and no grant may be overdrawn).
import { createJobRunner, signWebhook } from "@atende/api";
import { accessTokenFor, debitCall, testConfig } from "@atende/api/testing";
import { dataAccess, schema, selectRows } from "@atende/db";
import { eq, sql } from "@atende/db/orm";
import { createApp } from "@atende/server";
import pino from "pino";
import { type BenchDatabase, ms, percentile, seedTenant } from "./lib";

const PURCHASES = 40;
const DELIVERIES = 500;
const SENDERS = 20;
const CALLS = 200;

export interface BillingRow {
  database: string;
  measure: string;
  n: string;
  p50: string;
  p95: string;
  throughput: string;
  check: string;
}

export async function benchBilling(handle: BenchDatabase): Promise<BillingRow[]> {
  const data = dataAccess(handle.db);
  const jobs = createJobRunner({ data, config: testConfig });
  const app = createApp({ data, config: testConfig, logger: pino({ level: "error" }), jobs });
  const { tenantId, actor } = await seedTenant(handle);
  const token = await accessTokenFor(actor, testConfig);
  const rows: BillingRow[] = [];
  const row = (measure: string, n: number, samples: number[], seconds: number, check: string) =>
    rows.push({
      database: handle.label,
      measure,
      n: String(n),
      p50: ms(percentile(samples, 0.5)),
      p95: ms(percentile(samples, 0.95)),
      throughput: `${(n / seconds).toFixed(0)}/s`,
      check,
    });

  // 1. A pack bought end to end.
  const purchase: number[] = [];
  let paymentId = "";
  const started = performance.now();
  for (let i = 0; i < PURCHASES; i++) {
    const t0 = performance.now();
    const res = await app.request("/minute-pack/checkout", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ minutesToBuy: 50 }),
    });
    const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
    const back = await app.request(`${new URL(checkoutUrl).pathname}/approve`, { method: "POST" });
    if (back.status !== 303) throw new Error(`approve answered ${back.status}: ${await back.text()}`);
    paymentId =
      new URL(back.headers.get("location") ?? "", testConfig.serverOrigin).searchParams.get("payment_id") ??
      "";
    purchase.push(performance.now() - t0);
  }
  const [granted] = await handle.db
    .select({ minutes: sql<number>`sum(${schema.minuteGrants.minutes})::int` })
    .from(schema.minuteGrants)
    .where(eq(schema.minuteGrants.tenantId, tenantId));
  row(
    "pack bought: checkout → approve → notification → applied",
    PURCHASES,
    purchase,
    (performance.now() - started) / 1000,
    `${granted?.minutes ?? 0} of ${PURCHASES * 50} min granted`,
  );

  // 2. The last payment's notification delivered again and again by concurrent senders.
  const deliveries: number[] = [];
  let next = 0;
  const stormStarted = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < DELIVERIES) {
        next++;
        const requestId = crypto.randomUUID();
        const t0 = performance.now();
        const res = await app.request(`/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
          method: "POST",
          headers: {
            "x-request-id": requestId,
            "x-signature": signWebhook({
              dataId: paymentId,
              xRequestId: requestId,
              secret: testConfig.billing.webhookSecret,
              now: new Date(),
            }),
          },
        });
        if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
        deliveries.push(performance.now() - t0);
      }
    }),
  );
  await jobs.runDue();
  const [grants] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.minuteGrants)
    .where(eq(schema.minuteGrants.tenantId, tenantId));
  row(
    `the same notification, ${SENDERS} senders`,
    DELIVERIES,
    deliveries,
    (performance.now() - stormStarted) / 1000,
    `${grants?.n ?? 0} grants (expected ${PURCHASES})`,
  );

  // 3. Calls ending at once: each debits 1-4 minutes.
  const conversations = await handle.db
    .insert(schema.conversations)
    .values(Array.from({ length: CALLS }, () => ({ tenantId, status: "COMPLETED" as const })))
    .returning({ id: schema.conversations.id });
  const debits: number[] = [];
  let used = 0;
  let k = 0;
  const callsStarted = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (k < conversations.length) {
        const conversation = conversations[k++];
        if (!conversation) break;
        const minutes = 1 + (k % 4);
        used += minutes;
        const t0 = performance.now();
        await data.inTenant(tenantId, (db) =>
          debitCall(db, { conversationId: conversation.id, minutes, at: new Date() }),
        );
        debits.push(performance.now() - t0);
      }
    }),
  );
  const [ledger] = await selectRows<{ debited: number; overdrawn: number }>(
    handle.db,
    sql`
    select
      (select coalesce(sum(minutes), 0)::int from minute_debits where tenant_id = ${tenantId}) as debited,
      (select count(*)::int from minute_grants g where g.tenant_id = ${tenantId}
        and g.minutes < (select coalesce(sum(d.minutes), 0) from minute_debits d where d.grant_id = g.id)) as overdrawn`,
  );
  row(
    `calls ending at once, ${SENDERS} at a time`,
    CALLS,
    debits,
    (performance.now() - callsStarted) / 1000,
    `${ledger?.debited} of ${used} min debited, ${ledger?.overdrawn} grants overdrawn`,
  );
  return rows;
}
