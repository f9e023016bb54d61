// Billing's background work on the job queue (docs/decisions/0023-billing.md): applying a notified payment, and the
// renewal sweep with one renewal job per due subscription. Each crosses tenants only to find the tenant (the system
// door's purposes `paymentWebhooks` and `tenantSweeps`), then works inside that tenant's transaction.
import { type DataAccess, schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { ApiConfig } from "../config";
import type { JobHandler, JobQueue, PeriodicJob } from "../jobs/runner";
import type { PaymentProvider } from "../payments/provider";
import { applyProviderPayment } from "./payment-effects";
import { dueSubscriptionsWhere, renewSubscription } from "./renewal";

export const BILLING_JOBS = {
  applyPayment: "billing.applyPayment",
  sweep: "billing.sweep",
  renew: "billing.renew",
} as const;

/** How often the renewal sweep looks for due subscriptions. */
export const RENEWAL_SWEEP_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BillingJobDeps {
  data: DataAccess;
  config: ApiConfig;
  provider: PaymentProvider;
  now: () => Date;
  /** Where the sweep enqueues the renewals. */
  queue: JobQueue;
}

/** A notified payment's job: one pending per payment, so a notification delivered ten times is applied once. */
export function enqueuePaymentNotification(
  queue: Pick<JobQueue, "enqueue">,
  paymentId: string,
): Promise<void> {
  return queue.enqueue(BILLING_JOBS.applyPayment, { paymentId }, { singletonKey: `payment:${paymentId}` });
}

export function billingJobs(deps: BillingJobDeps): {
  handlers: Record<string, JobHandler>;
  periodic: PeriodicJob[];
} {
  const billingDeps = () => ({ provider: deps.provider, config: deps.config, now: deps.now() });
  return {
    handlers: {
      async [BILLING_JOBS.applyPayment](payload) {
        const paymentId = String(payload.paymentId ?? "");
        // The notification is a hint: the payment's state is what the provider says now.
        const paid = await deps.provider.getPayment(paymentId);
        if (!paid) throw new Error(`the provider knows no payment ${paymentId} (yet)`);
        if (!UUID.test(paid.externalReference)) return; // not one of ours
        const [ours] = await deps.data
          .system("paymentWebhooks")
          .select({ tenantId: schema.payments.tenantId })
          .from(schema.payments)
          .where(eq(schema.payments.id, paid.externalReference));
        if (!ours) return;
        await deps.data.inTenant(ours.tenantId, (db) => applyProviderPayment(db, billingDeps(), paid));
      },
      async [BILLING_JOBS.sweep]() {
        const due = await deps.data
          .system("tenantSweeps")
          .select({ tenantId: schema.subscriptions.tenantId })
          .from(schema.subscriptions)
          .where(dueSubscriptionsWhere(deps.now()));
        for (const { tenantId } of due) {
          await deps.queue.enqueue(
            BILLING_JOBS.renew,
            { tenantId },
            { singletonKey: `renew:${tenantId}`, maxAttempts: 8 },
          );
        }
      },
      async [BILLING_JOBS.renew](payload) {
        await renewSubscription(deps.data, String(payload.tenantId ?? ""), billingDeps());
      },
    },
    periodic: [{ name: BILLING_JOBS.sweep, everyMs: RENEWAL_SWEEP_MS }],
  };
}
