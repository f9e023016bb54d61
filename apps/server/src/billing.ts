// Payment notifications and the sandbox checkout page (ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md).
//
// `POST /webhooks/mercadopago` checks the signature (no headers: 400; a wrong or stale one: 401; nothing changes) and
// answers 200 at once: applying the payment is a job, which re-fetches the payment from the provider and applies its
// current state exactly once, whatever the order or the number of deliveries.
//
// `/sandbox/checkout/{id}` is the embedded provider's hosted checkout, rendered here (its amount and buttons are in the
// HTML). A button settles the payment at the sandbox, then delivers the notification Mercado Pago would send, signed
// with the webhook secret, through this very app's webhook route, and sends the browser back as Mercado Pago's
// redirects do (`payment_id`, `status`, `external_reference`). Absent in production and with Mercado Pago configured.
import {
  type ApiConfig,
  actOnSandboxCheckout,
  enqueuePaymentNotification,
  escapeHtml,
  findSandboxCheckout,
  isProduction,
  isValidWebhookSignature,
  type JobRunner,
  SANDBOX_ACTIONS,
  type SandboxAction,
  type SandboxCheckout,
  signWebhook,
} from "@atende/api";
import type { DataAccess } from "@atende/db";
import { formatBrl } from "@atende/shared/format";
import { CreditCardFields, BILLING_MESSAGES as M } from "@atende/shared/schemas/billing";
import { Hono } from "hono";
import type { Logger } from "pino";
import { body } from "./errors";

export interface BillingRoutesDeps {
  data: DataAccess;
  config: ApiConfig;
  logger: Logger;
  jobs: JobRunner;
  now: () => Date;
  /** This app's own fetch: the sandbox delivers its notifications through the real webhook route. */
  deliver: (request: Request) => Promise<Response>;
}

/** A payment id as Mercado Pago sends it: digits (or, for other topics, a short token). */
const NOTIFICATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createBillingRoutes(deps: BillingRoutesDeps): Hono {
  const app = new Hono();
  const { config } = deps;

  app.post("/webhooks/mercadopago", async (c) => {
    const dataId = c.req.query("data.id");
    const xSignature = c.req.header("x-signature");
    const xRequestId = c.req.header("x-request-id");
    if (!dataId || !xSignature || !xRequestId || !NOTIFICATION_ID.test(dataId))
      return c.json(body(M.webhookHeadersMissing), 400);
    const valid = isValidWebhookSignature({
      xSignature,
      xRequestId,
      dataId,
      secret: config.billing.webhookSecret,
      now: deps.now(),
    });
    if (!valid) return c.json(body(M.webhookSignatureInvalid), 401);
    // Only payments move our books; other topics (merchant orders, chargebacks' notices) are acknowledged.
    const type = c.req.query("type") ?? c.req.query("topic") ?? "payment";
    if (type === "payment") {
      await enqueuePaymentNotification(deps.jobs, dataId);
      deps.jobs.wake();
    }
    return c.json({ received: true }, 200);
  });

  if (isProduction(config) || config.billing.mercadopago) return app;

  app.get("/sandbox/checkout/:id", async (c) => {
    const found = await findSandboxCheckout(deps.data, c.req.param("id"));
    if (!found) return c.html(page("Checkout não encontrado", notFoundHtml()), 404);
    return c.html(checkoutPage(found.checkout, found.payment?.status ?? null));
  });

  app.post("/sandbox/checkout/:id/:action", async (c) => {
    const id = c.req.param("id");
    const action = c.req.param("action");
    if (!SANDBOX_ACTIONS.includes(action as SandboxAction)) return c.json(body("Ação inválida"), 404);
    const found = await findSandboxCheckout(deps.data, id);
    if (!found) return c.html(page("Checkout não encontrado", notFoundHtml()), 404);
    const { checkout } = found;

    let card: ReturnType<typeof CreditCardFields.parse> | undefined;
    if (action === "approve" && checkout.savesCardFor) {
      const form = await c.req.parseBody();
      const parsed = CreditCardFields.safeParse({
        holderName: form.holderName,
        number: form.number,
        expiryMonth: form.expiryMonth,
        expiryYear: form.expiryYear,
        ccv: form.ccv,
      });
      if (!parsed.success)
        return c.html(
          checkoutPage(checkout, found.payment?.status ?? null, parsed.error.issues[0]?.message),
          400,
        );
      card = parsed.data;
    }

    const payment = await actOnSandboxCheckout(deps.data, id, action as SandboxAction, card);
    if (!payment) return c.redirect(`/sandbox/checkout/${id}`, 303);
    await notify(deps, payment.id);
    // The buyer comes back as from Mercado Pago: where to, by what happened.
    const target =
      action === "approve"
        ? checkout.successUrl
        : action === "pending"
          ? checkout.pendingUrl
          : action === "expire"
            ? checkout.expiredUrl
            : checkout.failureUrl;
    const back = new URL(target);
    back.searchParams.set("payment_id", payment.id);
    back.searchParams.set("status", payment.status);
    back.searchParams.set("external_reference", checkout.externalReference);
    back.searchParams.set("preference_id", checkout.id);
    return c.redirect(back.toString(), 303);
  });

  return app;
}

/**
 * Delivers the notification Mercado Pago would send for `paymentId`, signed, through the real webhook route, then
 * runs the job it enqueued, so the buyer's browser comes back to a page that already sees the result.
 */
async function notify(deps: BillingRoutesDeps, paymentId: string): Promise<void> {
  const xRequestId = crypto.randomUUID();
  const url = new URL("/webhooks/mercadopago", deps.config.serverOrigin);
  url.searchParams.set("data.id", paymentId);
  url.searchParams.set("type", "payment");
  const response = await deps.deliver(
    new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-request-id": xRequestId,
        "x-signature": signWebhook({
          dataId: paymentId,
          xRequestId,
          secret: deps.config.billing.webhookSecret,
          now: deps.now(),
        }),
      },
      body: JSON.stringify({
        action: "payment.updated",
        api_version: "v1",
        data: { id: paymentId },
        type: "payment",
        live_mode: false,
        date_created: deps.now().toISOString(),
      }),
    }),
  );
  if (response.status !== 200) deps.logger.error({ status: response.status }, "sandbox notification refused");
  await deps.jobs.runDue();
}

// ─── The page ───────────────────────────────────────────────────────────────────────────────────────────────────

const STATUS_TEXT: Record<string, string> = {
  approved: "Pagamento aprovado.",
  pending: "Pagamento pendente: aprove-o ou expire o link quando quiser.",
  rejected: "Pagamento recusado. Você pode tentar de novo.",
  cancelled: "Link expirado: este checkout não aceita mais pagamentos.",
};

function checkoutPage(checkout: SandboxCheckout, status: string | null, error?: string): string {
  const closed = checkout.expired || status === "approved";
  const registersCard = checkout.savesCardFor !== null;
  const button = (action: SandboxAction, label: string, kind: string, form?: string) =>
    `<button type="submit" class="${kind}" formaction="/sandbox/checkout/${escapeHtml(checkout.id)}/${action}"${form ?? ""}>${label}</button>`;
  const cardFields = registersCard
    ? `<fieldset>
        <legend>Cartão para as renovações</legend>
        <p class="hint">Cartão de teste. O nome do titular decide as cobranças futuras, como nos cartões de teste do
        Mercado Pago: <strong>OTHE</strong> recusa, <strong>FUND</strong> recusa por saldo insuficiente; qualquer outro aprova.</p>
        <label>Nome do titular <input name="holderName" value="APRO" maxlength="100" autocomplete="off"></label>
        <label>Número do cartão <input name="number" value="4235 6477 2802 5682" inputmode="numeric" maxlength="23" autocomplete="off"></label>
        <div class="row">
          <label>Mês <input name="expiryMonth" value="11" inputmode="numeric" maxlength="2"></label>
          <label>Ano <input name="expiryYear" value="2030" inputmode="numeric" maxlength="4"></label>
          <label>CCV <input name="ccv" value="123" inputmode="numeric" maxlength="4"></label>
        </div>
      </fieldset>`
    : "";
  const amount = registersCard
    ? `${formatBrl(checkout.amountInCents)} hoje`
    : formatBrl(checkout.amountInCents);
  const actions = closed
    ? ""
    : `<form method="post" action="/sandbox/checkout/${escapeHtml(checkout.id)}/approve">
        ${cardFields}
        <div class="buttons">
          ${button("approve", "Aprovar pagamento", "primary")}
          ${status === "pending" ? "" : button("refuse", "Recusar pagamento", "secondary", " formnovalidate")}
          ${status === "pending" ? "" : button("pending", "Deixar pendente", "secondary", " formnovalidate")}
          ${button("expire", "Expirar link", "secondary", " formnovalidate")}
        </div>
      </form>`;
  return page(
    "Checkout de teste",
    `<p class="badge">Ambiente de testes de pagamento: nenhum dinheiro é cobrado</p>
    <h1>Checkout de teste</h1>
    <dl>
      <dt>O que está sendo pago</dt><dd>${escapeHtml(checkout.title)}</dd>
      <dt>Valor</dt><dd class="amount">${escapeHtml(amount)}</dd>
    </dl>
    ${status ? `<p class="status" role="status">${escapeHtml(STATUS_TEXT[status] ?? status)}</p>` : ""}
    ${checkout.expired && !status ? `<p class="status" role="status">${STATUS_TEXT.cancelled}</p>` : ""}
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
    ${actions}`,
  );
}

function notFoundHtml(): string {
  return `<h1>Checkout não encontrado</h1><p>Este link de pagamento não existe. Volte ao site e tente de novo.</p><p><a href="/">Voltar para o site</a></p>`;
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Atende</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6fb; color: #1c2333; margin: 0; padding: 24px 16px; }
  main { max-width: 480px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.4rem; margin: 0 0 16px; }
  .badge { display: inline-block; background: #fff4d6; color: #7a5200; border-radius: 999px; padding: 4px 12px; font-size: .8rem; margin: 0 0 12px; }
  dl { margin: 0 0 16px; } dt { font-size: .8rem; color: #5b6477; } dd { margin: 0 0 12px; font-weight: 600; }
  .amount { font-size: 1.6rem; }
  fieldset { border: 1px solid #d8dce6; border-radius: 8px; padding: 12px; margin: 0 0 16px; }
  legend { font-weight: 600; padding: 0 4px; } .hint { font-size: .8rem; color: #5b6477; margin: 0 0 8px; }
  label { display: block; font-size: .85rem; margin: 0 0 8px; }
  input { display: block; width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #c4c9d4; border-radius: 6px; font-size: 1rem; margin-top: 4px; }
  .row { display: flex; gap: 8px; } .row label { flex: 1; }
  .buttons { display: grid; gap: 8px; }
  button { font-size: 1rem; padding: 12px; border-radius: 8px; border: 1px solid #2f5bea; cursor: pointer; }
  .primary { background: #2f5bea; color: #fff; } .secondary { background: #fff; color: #2f5bea; }
  .status { background: #eef2ff; padding: 8px 12px; border-radius: 8px; } .error { background: #fde8e8; color: #9b1c1c; padding: 8px 12px; border-radius: 8px; }
</style>
</head>
<body><main>${content}</main></body>
</html>`;
}
