// The Mercado Pago adapter against the local fake of its endpoints (ARCHITECTURE.md "Billing": the SDK's base URL is
// fixed and it calls the global `fetch`, so the fake is installed as `globalThis.fetch` for each test).
import { inspect } from "node:util";
import { MercadoPagoError, MPServerError } from "mercadopago";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MercadoPagoConfig } from "../config";
import { mercadopagoProvider } from "./mercadopago";
import {
  billingTypeOf,
  type ChargeRequest,
  type CheckoutRequest,
  type PaymentProvider,
  PaymentProviderError,
  paymentStatusOf,
  type SavedCard,
} from "./provider";
import { createMercadoPagoFake, type MercadoPagoFake } from "./testing/mercadopago-fake";

const ACCESS_TOKEN = "APP_USR-4829104857361122-070312-5f0c1e9a7b3d2c4e6f8a0b1c2d3e4f5a-987654321";

let fake: MercadoPagoFake;
let config: MercadoPagoConfig;
let provider: PaymentProvider;

beforeEach(() => {
  fake = createMercadoPagoFake({ accessToken: ACCESS_TOKEN });
  vi.stubGlobal("fetch", fake.fetch);
  config = {
    accessToken: ACCESS_TOKEN,
    publicKey: "APP_USR-public-key",
    automaticPayments: true,
    timeoutMs: 5_000,
  };
  provider = mercadopagoProvider(config, { serverOrigin: "https://atende.test" });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  title: "Plano Profissional (30 dias)",
  amountInCents: 99_700,
  externalReference: "0b6f5c1e-3f0a-4a57-9a43-6f1d2b7c8e90",
  payer: {
    email: "Maria.Souza@Clinica.test",
    name: "Maria da Silva Souza",
    cpfCnpj: "52998224725",
    phone: "11987654321",
    postalCode: "01310100",
    addressNumber: "1578",
  },
  backUrls: {
    success: "https://atende.test/pagamento/sucesso",
    failure: "https://atende.test/pagamento/cancelado",
    pending: "https://atende.test/pagamento/pendente",
    expired: "https://atende.test/pagamento/expirado",
  },
  notificationUrl: "https://atende.test/webhooks/mercadopago",
  ...overrides,
});

const payer = { email: "Joao@Consultorio.test", name: "João Pereira", cpfCnpj: "11222333000181" };

async function savedCard(holderName = "APRO"): Promise<SavedCard> {
  return provider.saveCard(payer, { kind: "token", token: fake.browserCardToken({ holderName }) });
}

const chargeRequest = (card: SavedCard, overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  card,
  amountInCents: 69_700,
  description: "Plano Essencial: ciclo de 30 dias",
  externalReference: "7d1e2f3a-0000-4000-8000-000000000001",
  payerEmail: "joao@consultorio.test",
  idempotencyKey: "renewal-7d1e2f3a-cycle-2",
  notificationUrl: "https://atende.test/webhooks/mercadopago",
  ...overrides,
});

describe("the Mercado Pago provider", () => {
  it("declares token card input and automatic payments as configured", () => {
    expect(provider).toMatchObject({ name: "mercadopago", cardInput: "token", automaticPayments: true });
    const invoicing = mercadopagoProvider(
      { ...config, automaticPayments: false },
      { serverOrigin: "https://a.test" },
    );
    expect(invoicing.automaticPayments).toBe(false);
  });

  describe("createCheckout", () => {
    it("creates a Checkout Pro preference and answers its init_point", async () => {
      const expiresAt = new Date("2026-03-10T15:30:00.250Z");
      const result = await provider.createCheckout(checkoutRequest({ expiresAt }));

      const [sent] = fake.requestsTo("POST /checkout/preferences");
      expect(sent?.authorized).toBe(true);
      expect(sent?.body).toEqual({
        items: [
          {
            id: "0b6f5c1e-3f0a-4a57-9a43-6f1d2b7c8e90",
            title: "Plano Profissional (30 dias)",
            quantity: 1,
            unit_price: 997,
            currency_id: "BRL",
          },
        ],
        external_reference: "0b6f5c1e-3f0a-4a57-9a43-6f1d2b7c8e90",
        payer: {
          email: "Maria.Souza@Clinica.test",
          name: "Maria",
          surname: "da Silva Souza",
          identification: { type: "CPF", number: "52998224725" },
          phone: { area_code: "11", number: "987654321" },
          address: { zip_code: "01310100", street_number: "1578" },
        },
        // No "expired": Mercado Pago has no such return.
        back_urls: {
          success: "https://atende.test/pagamento/sucesso",
          failure: "https://atende.test/pagamento/cancelado",
          pending: "https://atende.test/pagamento/pendente",
        },
        auto_return: "approved",
        notification_url: "https://atende.test/webhooks/mercadopago",
        statement_descriptor: "ATENDE",
        expires: true,
        // São Paulo time with milliseconds, the format Mercado Pago documents.
        expiration_date_to: "2026-03-10T12:30:00.250-03:00",
      });
      const preference = fake.preferences.get(result.providerRef);
      expect(preference).toBeDefined();
      expect(result.checkoutUrl).toBe(preference?.init_point);
      expect(result.checkoutUrl).toMatch(
        /^https:\/\/www\.mercadopago\.com\.br\/checkout\/v1\/redirect\?pref_id=/,
      );
    });

    it("sends a CNPJ as CNPJ, cents as BRL decimals, and leaves out what the buyer did not give", async () => {
      await provider.createCheckout(
        checkoutRequest({
          amountInCents: 1_990,
          payer: { email: "financeiro@empresa.test", name: "Empresa", cpfCnpj: "11.222.333/0001-81" },
        }),
      );
      const body = fake.requestsTo("POST /checkout/preferences")[0]?.body;
      expect(body).toMatchObject({
        items: [{ unit_price: 19.9, quantity: 1, currency_id: "BRL" }],
        payer: {
          email: "financeiro@empresa.test",
          name: "Empresa",
          identification: { type: "CNPJ", number: "11222333000181" },
        },
      });
      expect(body).not.toHaveProperty("payer.phone");
      expect(body).not.toHaveProperty("payer.address");
      expect(body).not.toHaveProperty("payer.surname");
      expect(body).not.toHaveProperty("expires");
      expect(body).not.toHaveProperty("expiration_date_to");
    });

    it("refuses a card registration: with Mercado Pago the trial's card goes through the card fields", async () => {
      const failure = provider.createCheckout(checkoutRequest({ registersCard: true }));
      await expect(failure).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(failure).rejects.toThrow(/card fields/);
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe("saveCard", () => {
    it("creates the customer when the e-mail has none and saves the card under it", async () => {
      const token = fake.browserCardToken({ number: "5031 4332 1540 6351" });
      const saved = await provider.saveCard(payer, { kind: "token", token });

      expect(fake.requests.map((r) => r.route)).toEqual([
        "GET /v1/customers/search",
        "POST /v1/customers",
        "POST /v1/customers/{id}/cards",
      ]);
      expect(fake.requestsTo("GET /v1/customers/search")[0]?.query).toEqual({
        email: "joao@consultorio.test",
      });
      expect(fake.requestsTo("POST /v1/customers")[0]?.body).toEqual({
        email: "joao@consultorio.test",
        first_name: "João",
        last_name: "Pereira",
        identification: { type: "CNPJ", number: "11222333000181" },
      });
      expect(fake.requestsTo("POST /v1/customers/{id}/cards")[0]?.body).toEqual({ token });
      const [customer] = [...fake.customers.values()];
      const [card] = [...fake.cards.values()];
      // Exactly these four: no first six digits, expiry or holder leave the adapter.
      expect(saved).toEqual({
        customerId: customer?.id,
        cardId: card?.id,
        brand: "master",
        lastFour: "6351",
      });
      expect(card?.customer_id).toBe(customer?.id);
    });

    it("finds the customer an e-mail already has and creates none", async () => {
      const existing = fake.addCustomer("joao@consultorio.test", { firstName: "João" });
      const saved = await provider.saveCard(payer, {
        kind: "token",
        token: fake.browserCardToken({ number: "4235647728025682" }),
      });
      expect(fake.requestsTo("POST /v1/customers")).toHaveLength(0);
      expect(fake.customers.size).toBe(1);
      expect(saved).toMatchObject({ customerId: existing.id, brand: "visa", lastFour: "5682" });
    });

    it("uses the customer another registration created in between (Mercado Pago refuses a second one)", async () => {
      const existing = fake.addCustomer("joao@consultorio.test");
      // The first search misses it, as when both registrations searched before either created.
      fake.failNext("GET /v1/customers/search", {
        kind: "status",
        status: 200,
        body: { paging: { limit: 10, offset: 0, total: 0 }, results: [] },
      });
      const saved = await provider.saveCard(payer, { kind: "token", token: fake.browserCardToken() });
      expect(fake.requests.map((r) => r.route)).toEqual([
        "GET /v1/customers/search",
        "POST /v1/customers",
        "GET /v1/customers/search",
        "POST /v1/customers/{id}/cards",
      ]);
      expect(saved.customerId).toBe(existing.id);
    });

    it("refuses card details", async () => {
      const failure = provider.saveCard(payer, {
        kind: "details",
        card: {
          holderName: "APRO",
          number: "5031433215406351",
          expiryMonth: 11,
          expiryYear: 2030,
          ccv: "123",
        },
      });
      await expect(failure).rejects.toBeInstanceOf(PaymentProviderError);
      expect(fake.requests).toHaveLength(0);
    });

    it("reports a token Mercado Pago does not know", async () => {
      const failure = provider.saveCard(payer, { kind: "token", token: "not-a-token" });
      await expect(failure).rejects.toThrow("Mercado Pago refused the card registration (HTTP 400)");
    });
  });

  describe("chargeCard", () => {
    it("charges the saved card through a card-id token, as the customer, with the caller's idempotency key", async () => {
      const card = await savedCard();
      const payment = await provider.chargeCard(chargeRequest(card));

      const [tokenRequest] = fake.requestsTo("POST /v1/card_tokens");
      expect(tokenRequest?.body).toEqual({ card_id: card.cardId, customer_id: card.customerId });
      const [paymentRequest] = fake.requestsTo("POST /v1/payments");
      expect(paymentRequest?.idempotencyKey).toBe("renewal-7d1e2f3a-cycle-2");
      expect(paymentRequest?.body).toEqual({
        transaction_amount: 697,
        token: expect.stringMatching(/^[0-9a-f]{32}$/),
        installments: 1,
        payment_method_id: "master",
        payer: { type: "customer", id: card.customerId, email: "joao@consultorio.test" },
        external_reference: "7d1e2f3a-0000-4000-8000-000000000001",
        description: "Plano Essencial: ciclo de 30 dias",
        notification_url: "https://atende.test/webhooks/mercadopago",
        statement_descriptor: "ATENDE",
      });

      const stored = fake.payments.get(payment.id);
      expect(stored).toBeDefined();
      expect(payment).toEqual({
        id: String(stored?.id),
        status: "approved",
        statusDetail: "accredited",
        externalReference: "7d1e2f3a-0000-4000-8000-000000000001",
        amountInCents: 69_700,
        netAmountInCents: Math.round((stored?.transaction_details.net_received_amount ?? 0) * 100),
        paymentTypeId: "credit_card",
        dateCreated: new Date(stored?.date_created ?? ""),
        dateApproved: new Date(stored?.date_approved ?? ""),
        documentUrl: null,
        // Cards are saved by saveCard alone: a payment never reports one.
        savedCard: null,
      });
      expect(payment.netAmountInCents).toBeLessThan(69_700);
      expect(paymentStatusOf(payment)).toBe("CONFIRMED");
    });

    it("sends each charge's own key, and a fresh key on every other POST (no key carried over, sdk-nodejs #481)", async () => {
      const card = await savedCard();
      const first = await provider.chargeCard(chargeRequest(card, { idempotencyKey: "cycle-2" }));
      const second = await provider.chargeCard(
        chargeRequest(card, {
          idempotencyKey: "cycle-3",
          externalReference: "7d1e2f3a-0000-4000-8000-000000000002",
        }),
      );
      expect(second.id).not.toBe(first.id);
      expect(second.status).toBe("approved");
      expect(fake.requestsTo("POST /v1/payments").map((r) => r.idempotencyKey)).toEqual([
        "cycle-2",
        "cycle-3",
      ]);
      const otherKeys = fake.requests
        .filter((r) => r.method === "POST" && r.route !== "POST /v1/payments")
        .map((r) => r.idempotencyKey);
      expect(otherKeys).toHaveLength(4); // customer, card, two card tokens
      expect(new Set(otherKeys).size).toBe(4);
      for (const key of otherKeys) expect(["cycle-2", "cycle-3", null]).not.toContain(key);
      expect(fake.payments.size).toBe(2);
    });

    it("charges once when the same key comes twice (a retried renewal)", async () => {
      const card = await savedCard();
      const first = await provider.chargeCard(chargeRequest(card));
      const retried = await provider.chargeCard(chargeRequest(card));
      expect(retried.id).toBe(first.id);
      expect(fake.requestsTo("POST /v1/payments")).toHaveLength(2);
      expect(fake.payments.size).toBe(1);
    });

    it("maps a refused charge to rejected (FAILED), with no net amount", async () => {
      const card = await savedCard();
      fake.setNextChargeStatus("rejected", "cc_rejected_insufficient_amount");
      const payment = await provider.chargeCard(chargeRequest(card));
      expect(payment).toMatchObject({
        status: "rejected",
        statusDetail: "cc_rejected_insufficient_amount",
        netAmountInCents: null,
        dateApproved: null,
      });
      expect(paymentStatusOf(payment)).toBe("FAILED");
    });

    it("follows Mercado Pago's test cardholders (OTHE is refused)", async () => {
      const card = await savedCard("OTHE");
      const payment = await provider.chargeCard(chargeRequest(card));
      expect(payment).toMatchObject({ status: "rejected", statusDetail: "cc_rejected_other_reason" });
    });

    it("refuses to charge without the buyer when the application lacks automatic payments", async () => {
      const card = await savedCard();
      const requestsBefore = fake.requests.length;
      const invoicing = mercadopagoProvider(
        { ...config, automaticPayments: false },
        { serverOrigin: "https://a.test" },
      );
      await expect(invoicing.chargeCard(chargeRequest(card))).rejects.toThrow(/Pagamentos automáticos/);
      expect(fake.requests).toHaveLength(requestsBefore);
    });
  });

  describe("getPayment", () => {
    it("maps an approved card payment from Checkout Pro to CONFIRMED, with no saved card", async () => {
      const { providerRef } = await provider.createCheckout(checkoutRequest());
      const paid = fake.payPreference(providerRef, { method: "card" });
      const payment = await provider.getPayment(String(paid.id));
      expect(payment).toMatchObject({
        id: String(paid.id),
        status: "approved",
        externalReference: "0b6f5c1e-3f0a-4a57-9a43-6f1d2b7c8e90",
        amountInCents: 99_700,
        paymentTypeId: "credit_card",
        documentUrl: null,
        savedCard: null,
      });
      // Mercado Pago's -04:00 timestamps read as instants.
      expect(payment?.dateCreated.getTime()).toBe(Date.parse(paid.date_created));
      expect(paid.date_created).toMatch(/-04:00$/);
      expect(payment && paymentStatusOf(payment)).toBe("CONFIRMED");
      expect(fake.requestsTo("GET /v1/payments/{id}")[0]?.authorized).toBe(true);
    });

    it("maps an approved Pix to RECEIVED, with its page as the document", async () => {
      const { providerRef } = await provider.createCheckout(checkoutRequest({ amountInCents: 15_000 }));
      const paid = fake.payPreference(providerRef, { method: "pix" });
      const payment = await provider.getPayment(String(paid.id));
      expect(payment).toMatchObject({
        status: "approved",
        paymentTypeId: "bank_transfer",
        amountInCents: 15_000,
      });
      expect(payment?.documentUrl).toBe(paid.point_of_interaction.transaction_data?.ticket_url);
      expect(payment?.documentUrl).toMatch(/^https:\/\/www\.mercadopago\.com\.br\/payments\/\d+\/ticket/);
      expect(payment?.netAmountInCents).toBe(Math.round(paid.transaction_details.net_received_amount * 100));
      expect(payment && paymentStatusOf(payment)).toBe("RECEIVED");
      expect(payment && billingTypeOf(payment.paymentTypeId)).toBe("PIX");
    });

    it("maps a boleto waiting for payment to PENDING, with its document", async () => {
      const { providerRef } = await provider.createCheckout(checkoutRequest());
      const paid = fake.payPreference(providerRef, { method: "boleto" });
      const payment = await provider.getPayment(String(paid.id));
      expect(payment).toMatchObject({ status: "pending", paymentTypeId: "ticket", netAmountInCents: null });
      expect(payment?.documentUrl).toBe(paid.transaction_details.external_resource_url);
      expect(payment?.documentUrl).toBeTruthy();
      expect(payment && paymentStatusOf(payment)).toBe("PENDING");
    });

    it("answers null for a payment Mercado Pago does not know", async () => {
      await expect(provider.getPayment("1319400999")).resolves.toBeNull();
      const card = await savedCard();
      const charged = await provider.chargeCard(chargeRequest(card));
      fake.failNext("GET /v1/payments/{id}", { kind: "status", status: 404 });
      await expect(provider.getPayment(charged.id)).resolves.toBeNull();
      // The next lookup finds it: the null was the 404, not the id.
      await expect(provider.getPayment(charged.id)).resolves.toMatchObject({ id: charged.id });
    });

    it("answers null for an id that is no Mercado Pago payment id, without asking", async () => {
      await expect(provider.getPayment("../v1/customers")).resolves.toBeNull();
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe("failures", () => {
    const leaks = (error: PaymentProviderError) =>
      [
        error.message,
        String(error.details),
        JSON.stringify(error.details),
        inspect(error.details, { depth: 10 }),
      ].some((text) => text.includes(ACCESS_TOKEN));

    it("turns a 500 into a PaymentProviderError after one attempt, with the SDK's error as details", async () => {
      fake.failNext("GET /v1/payments/{id}");
      const error = await provider.getPayment("1319400001").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      const failure = error as PaymentProviderError;
      expect(failure.message).toBe("Mercado Pago failed the payment lookup (HTTP 500)");
      expect(failure.details).toBeInstanceOf(MPServerError);
      expect((failure.details as MercadoPagoError).status).toBe(500);
      expect(leaks(failure)).toBe(false);
      // No retries inside the SDK: the caller decides (a second attempt would have found a 404 → null).
      expect(fake.requests).toHaveLength(1);
    });

    it("turns a network failure into a PaymentProviderError, and never passes the token on in details", async () => {
      // A transport that quotes the request's Authorization header in its error.
      fake.failNext("POST /checkout/preferences", {
        kind: "network",
        message: `proxy refused Bearer ${ACCESS_TOKEN}`,
      });
      const error = await provider.createCheckout(checkoutRequest()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      const failure = error as PaymentProviderError;
      expect(failure.message).toBe("Mercado Pago could not be reached for the checkout creation");
      expect(failure.details).toBeDefined();
      expect(leaks(failure)).toBe(false);

      fake.failNext("POST /checkout/preferences", { kind: "network" });
      const plain = (await provider
        .createCheckout(checkoutRequest())
        .catch((e: unknown) => e)) as PaymentProviderError;
      expect(plain).toBeInstanceOf(PaymentProviderError);
      expect(plain.details).toBeInstanceOf(MercadoPagoError);
      expect(leaks(plain)).toBe(false);
    });

    it("gives up at MERCADOPAGO_TIMEOUT_MS", async () => {
      const quick = mercadopagoProvider(
        { ...config, timeoutMs: 150 },
        { serverOrigin: "https://atende.test" },
      );
      const card = await savedCard();
      fake.failNext("POST /v1/payments", { kind: "hang" });
      const startedAt = Date.now();
      const failure = quick.chargeCard(chargeRequest(card));
      await expect(failure).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(failure).rejects.toThrow("Mercado Pago did not answer the charge within 150 ms");
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      expect(fake.payments.size).toBe(0);
    });

    it("turns a wrong access token into a PaymentProviderError", async () => {
      const wrong = mercadopagoProvider(
        {
          ...config,
          accessToken: "APP_USR-0000000000000000-000000-00000000000000000000000000000000-000000000",
        },
        { serverOrigin: "https://atende.test" },
      );
      const error = (await wrong
        .createCheckout(checkoutRequest())
        .catch((e: unknown) => e)) as PaymentProviderError;
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error.message).toBe(
        "Mercado Pago refused our access token for the checkout creation (HTTP 401)",
      );
      expect(fake.requests.map((r) => r.authorized)).toEqual([false]);
      expect(fake.preferences.size).toBe(0);
      expect(error.message).not.toContain("APP_USR-0000");
    });
  });
});
