// The WhatsApp Cloud API's webhook (docs/decisions/0050-confirmations.md), one callback URL per tenant:
// `GET /webhooks/whatsapp/{tenantId}` answers Meta's subscription check (the challenge when the verify token is the
// tenant's, else 403); `POST` checks X-Hub-Signature-256 over the raw body with the tenant's app secret (401 and
// nothing changed otherwise), acts on the client's replies (a booking or a move with the professional's Google
// Calendar busy time read first), queues what they asked for (a call, the next wish for a cancelled, moved or declined
// slot) and rewrites the calendar events of the appointments that changed, after the commit.
import {
  type ApiConfig,
  enqueueFreedSlots,
  enqueueSends,
  receiveWhatsapp,
  type Services,
  verifyWhatsappSubscription,
} from "@atende/api";
import type { DataAccess } from "@atende/db";
import { CONFIRMATION_MESSAGES } from "@atende/shared/schemas/confirmations";
import { Hono } from "hono";
import type { Logger } from "pino";
import { body } from "./errors";

interface Deps {
  data: DataAccess;
  config: ApiConfig;
  services: Services;
  logger: Logger;
  now: () => Date;
}

const INVALID_SIGNATURE = "Assinatura do WhatsApp inválida";

export function createWhatsappWebhooks(deps: Deps): Hono {
  const app = new Hono();

  app.get("/webhooks/whatsapp/:tenantId", async (c) => {
    const challenge = await verifyWhatsappSubscription(deps.data, c.req.param("tenantId"), c.req.query());
    return challenge === null ? c.json(body(INVALID_SIGNATURE), 403) : c.text(challenge, 200);
  });

  app.post("/webhooks/whatsapp/:tenantId", async (c) => {
    const tenantId = c.req.param("tenantId");
    const raw = await c.req.text();
    const outcome = await receiveWhatsapp(
      deps.data,
      deps.config,
      tenantId,
      raw,
      c.req.header("x-hub-signature-256"),
      deps.now(),
      deps.services.calendar,
    );
    if (outcome.status === 404) return c.json(body(CONFIRMATION_MESSAGES.whatsappNotConfigured), 404);
    if (outcome.status === 401) {
      deps.logger.warn({ tenantId }, "whatsapp webhook with a bad signature");
      return c.json(body(INVALID_SIGNATURE), 401);
    }
    await enqueueSends(deps.services.queue, outcome.enqueue);
    // A cancelled or moved appointment's range, a declined offer's: the next wish's (docs/decisions/0046-waitlist.md).
    await enqueueFreedSlots(deps.services.queue, tenantId, outcome.freed);
    const calendar = deps.services.calendar;
    for (const id of outcome.changed) {
      await calendar
        .appointmentChanged(
          { tenantId, inTenant: (fn) => deps.data.inTenant(tenantId, fn), now: deps.now() },
          id,
        )
        .catch((error: unknown) =>
          deps.logger.warn({ err: error, appointmentId: id }, "calendar not synced"),
        );
    }
    return c.json({ received: outcome.handled }, 200);
  });

  return app;
}
