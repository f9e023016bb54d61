// A local stand-in for Mercado Pago in tests (ARCHITECTURE.md "Billing": the SDK's base URL is fixed in its source, so
// its tests stub `globalThis.fetch` with a local fake of the endpoints used). It is a `fetch` function, not a server:
// the SDK calls the global `fetch` with https://api.mercadopago.com/… and this answers, so no port is needed.
//
// It serves exactly what the `mercadopago` adapter calls, in Mercado Pago's JSON shapes (ids, dates with -04:00,
// errors as `{ message, error, status, cause }`): Checkout Pro preferences, customers (search, create), a customer's
// cards, card tokens, payments (create, get). It checks `Authorization: Bearer <access token>` on every request (401
// otherwise), replays a POST whose X-Idempotency-Key it has already answered (Mercado Pago's idempotency: the same
// key is the same payment, never a second charge), records every request, and can be scripted: the next charge's
// outcome, the next answer of an endpoint (a 500, a 404, any body), a network failure, a request that never answers.
// Charges follow Mercado Pago's test-card convention by the holder's name (APRO approves, OTHE refuses, FUND lacks
// funds, CONT stays pending) unless `setNextChargeStatus` says otherwise.
import { randomBytes, randomUUID } from "node:crypto";
import { cardBrandOf } from "@atende/shared/documents";

export const MERCADOPAGO_API_ORIGIN = "https://api.mercadopago.com";

/** The endpoints the fake serves, as `METHOD /path` with `{id}` for a path parameter. */
export type FakeMercadoPagoRoute =
  | "POST /checkout/preferences"
  | "GET /v1/customers/search"
  | "POST /v1/customers"
  | "POST /v1/customers/{id}/cards"
  | "POST /v1/card_tokens"
  | "POST /v1/payments"
  | "GET /v1/payments/{id}";

export interface FakeMercadoPagoRequest {
  /** The endpoint it reached; null for a path the fake does not serve (answered 404). */
  route: FakeMercadoPagoRoute | null;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body; null without one. */
  body: unknown;
  /** Whether it carried `Authorization: Bearer <the fake's access token>` (the header itself is not kept). */
  authorized: boolean;
  idempotencyKey: string | null;
}

/** What the next request to a route gets instead of the fake's own answer. */
export type FakeMercadoPagoOutcome =
  /** An HTTP answer; without `body`, Mercado Pago's error body for the status. */
  | { kind: "status"; status: number; body?: unknown }
  /** `fetch` rejects, as when the connection fails; `message` becomes the cause's message. */
  | { kind: "network"; message?: string }
  /** No answer until the request is aborted (the SDK's timeout). */
  | { kind: "hang" };

export type FakeChargeStatus = "approved" | "pending" | "in_process" | "rejected" | "cancelled";

export interface FakeMercadoPagoCustomer {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  identification: { type: string | null; number: string | null };
  date_created: string;
  date_last_updated: string;
  live_mode: boolean;
}

/** A customer's saved card, as Mercado Pago answers it (GET/POST /v1/customers/{id}/cards). */
export interface FakeMercadoPagoCard {
  id: string;
  customer_id: string;
  expiration_month: number;
  expiration_year: number;
  first_six_digits: string;
  last_four_digits: string;
  payment_method: {
    id: string;
    name: string;
    payment_type_id: string;
    thumbnail: string;
    secure_thumbnail: string;
  };
  security_code: { length: number; card_location: string };
  issuer: { id: number; name: string };
  cardholder: { name: string; identification: { number: string | null; type: string | null } };
  date_created: string;
  date_last_updated: string;
  user_id: string;
  live_mode: boolean;
}

/** A Checkout Pro preference as created: what was sent plus Mercado Pago's own fields. */
export interface FakeMercadoPagoPreference {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  date_created: string;
  collector_id: number;
  /** The request body as received. */
  request: Record<string, unknown>;
}

/** A payment as GET /v1/payments/{id} answers it (the fields Mercado Pago always sends; null where it sends null). */
export interface FakeMercadoPagoPayment {
  id: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  money_release_date: string | null;
  operation_type: string;
  payment_method_id: string;
  payment_type_id: string;
  status: string;
  status_detail: string;
  currency_id: string;
  description: string | null;
  live_mode: boolean;
  collector_id: number;
  payer: {
    id: string | null;
    type: string | null;
    email: string | null;
    identification: { type: string | null; number: string | null };
  };
  metadata: Record<string, unknown>;
  external_reference: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  installments: number;
  transaction_details: {
    net_received_amount: number;
    total_paid_amount: number;
    installment_amount: number;
    overpaid_amount: number;
    external_resource_url: string | null;
    financial_institution: string | null;
    payment_method_reference_id: string | null;
  };
  fee_details: { type: string; amount: number; fee_payer: string }[];
  captured: boolean;
  binary_mode: boolean;
  statement_descriptor: string | null;
  notification_url: string | null;
  /** The card, for card payments: with `id` only when it is a customer's saved card. */
  card: {
    id: string | null;
    first_six_digits: string;
    last_four_digits: string;
    expiration_month: number;
    expiration_year: number;
    cardholder: { name: string; identification: { number: string | null; type: string | null } };
  } | null;
  point_of_interaction: {
    type: string;
    business_info: { unit: string; sub_unit: string };
    transaction_data?: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
}

/** The card the browser's card fields would tokenise (Mercado Pago's test cards by default). */
export interface FakeCardInput {
  number?: string;
  /** Mercado Pago's test convention: APRO approves, OTHE refuses, FUND lacks funds, CONT stays pending. */
  holderName?: string;
  expiryMonth?: number;
  expiryYear?: number;
  /** Debit instead of credit. */
  debit?: boolean;
}

export interface MercadoPagoFake {
  readonly accessToken: string;
  /** Install with `vi.stubGlobal("fetch", fake.fetch)`: the SDK calls the global `fetch`. */
  readonly fetch: typeof globalThis.fetch;
  readonly requests: FakeMercadoPagoRequest[];
  readonly preferences: Map<string, FakeMercadoPagoPreference>;
  readonly customers: Map<string, FakeMercadoPagoCustomer>;
  readonly cards: Map<string, FakeMercadoPagoCard>;
  /** By id as a string. */
  readonly payments: Map<string, FakeMercadoPagoPayment>;
  /** The requests that reached one endpoint, oldest first. */
  requestsTo(route: FakeMercadoPagoRoute): FakeMercadoPagoRequest[];
  /** What Mercado Pago's card fields give the browser for this card: a one-use card token. */
  browserCardToken(card?: FakeCardInput): string;
  /** A customer that already exists at Mercado Pago (found by e-mail). */
  addCustomer(email: string, fields?: { firstName?: string; lastName?: string }): FakeMercadoPagoCustomer;
  /** The outcome of the next new charge (POST /v1/payments), whatever the card. */
  setNextChargeStatus(status: FakeChargeStatus, statusDetail?: string): void;
  /** The next request to `route` fails: a 500 by default, or the outcome given. Queued: one call, one failure. */
  failNext(route: FakeMercadoPagoRoute, outcome?: FakeMercadoPagoOutcome): void;
  /** A buyer paying a preference at Checkout Pro: the payment Mercado Pago would then report. */
  payPreference(
    preferenceId: string,
    payment: { method: "card" | "pix" | "boleto"; status?: FakeChargeStatus; statusDetail?: string },
  ): FakeMercadoPagoPayment;
}

interface TokenRecord {
  card: Required<FakeCardInput>;
  /** Set for a token made from a saved card (POST /v1/card_tokens with card_id). */
  savedCardId: string | null;
  customerId: string | null;
  used: boolean;
}

interface Answer {
  status: number;
  body: unknown;
}

const COLLECTOR_ID = 1_234_567_890;
const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  master: "Mastercard",
  amex: "American Express",
  elo: "Elo",
  hipercard: "Hipercard",
};
const DEFAULT_DETAIL: Record<FakeChargeStatus, string> = {
  approved: "accredited",
  pending: "pending_waiting_payment",
  in_process: "pending_contingency",
  rejected: "cc_rejected_other_reason",
  cancelled: "expired",
};
/** Mercado Pago's test cardholder names and what a charge to them does. */
const TEST_HOLDERS: Record<string, { status: FakeChargeStatus; detail: string }> = {
  APRO: { status: "approved", detail: "accredited" },
  OTHE: { status: "rejected", detail: "cc_rejected_other_reason" },
  FUND: { status: "rejected", detail: "cc_rejected_insufficient_amount" },
  CONT: { status: "in_process", detail: "pending_contingency" },
};
/** Mercado Pago's fees in the fake (card, Pix/boleto), as fractions of the amount. */
const CARD_FEE = 0.0499;
const CASH_FEE = 0.0099;

const ERROR_NAMES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  429: "too_many_requests",
  500: "internal_server_error",
  502: "bad_gateway",
  503: "service_unavailable",
};

/** Mercado Pago's error body. */
function mpError(
  status: number,
  message: string,
  cause: { code: string | number; description: string }[] = [],
) {
  return { message, error: ERROR_NAMES[status] ?? "error", status, cause };
}

/** Mercado Pago's timestamps: milliseconds and its own offset (-04:00). */
function mpDate(instant: Date): string {
  const shifted = new Date(instant.getTime() - 4 * 60 * 60 * 1000);
  return `${shifted.toISOString().slice(0, 23)}-04:00`;
}

/** Mercado Pago's payment_method id of a card number: its test Mastercard (5031 4332 1540 6351) lies outside the
 * ranges `cardBrandOf` knows. */
function brandOf(number: string): string {
  const brand = number.startsWith("503143") ? "master" : cardBrandOf(number);
  if (!(brand in BRAND_NAMES))
    throw new Error(`the Mercado Pago fake knows no card brand for ${number.slice(0, 6)}…`);
  return brand;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const digitsOf = (value: string) => value.replace(/\D/g, "");
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const stringOf = (value: unknown): string | null => (typeof value === "string" ? value : null);

export function createMercadoPagoFake(options: { accessToken: string }): MercadoPagoFake {
  const { accessToken } = options;
  const requests: FakeMercadoPagoRequest[] = [];
  const preferences = new Map<string, FakeMercadoPagoPreference>();
  const customers = new Map<string, FakeMercadoPagoCustomer>();
  const cards = new Map<string, FakeMercadoPagoCard>();
  const payments = new Map<string, FakeMercadoPagoPayment>();
  const tokens = new Map<string, TokenRecord>();
  const scripted = new Map<FakeMercadoPagoRoute, FakeMercadoPagoOutcome[]>();
  /** Answers already given, by route and idempotency key. */
  const answered = new Map<string, Answer>();
  let nextCharge: { status: FakeChargeStatus; detail: string } | null = null;
  let nextPaymentId = 1_319_400_001;
  let nextCardId = 1_700_000_000_001;

  const newCustomerId = () => `${COLLECTOR_ID + 1}-${randomBytes(7).toString("hex")}`;

  function addCustomer(email: string, fields: { firstName?: string; lastName?: string } = {}) {
    const now = mpDate(new Date());
    const customer: FakeMercadoPagoCustomer = {
      id: newCustomerId(),
      email: email.toLowerCase(),
      first_name: fields.firstName ?? null,
      last_name: fields.lastName ?? null,
      identification: { type: null, number: null },
      date_created: now,
      date_last_updated: now,
      live_mode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function browserCardToken(input: FakeCardInput = {}): string {
    const card: Required<FakeCardInput> = {
      number: digitsOf(input.number ?? "5031433215406351"),
      holderName: input.holderName ?? "APRO",
      expiryMonth: input.expiryMonth ?? 11,
      expiryYear: input.expiryYear ?? 2030,
      debit: input.debit ?? false,
    };
    brandOf(card.number); // Mercado Pago's card fields refuse a number of no brand it knows.
    const id = randomBytes(16).toString("hex");
    tokens.set(id, { card, savedCardId: null, customerId: null, used: false });
    return id;
  }

  function paymentMethodOf(card: Required<FakeCardInput>) {
    const brand = brandOf(card.number);
    const id = card.debit ? `deb${brand}` : brand;
    return {
      id,
      name: BRAND_NAMES[brand] ?? brand,
      payment_type_id: card.debit ? "debit_card" : "credit_card",
      thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${id}.gif`,
      secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${id}.gif`,
    };
  }

  function newPayment(fields: {
    amount: number;
    status: FakeChargeStatus;
    detail: string;
    paymentMethodId: string;
    paymentTypeId: string;
    externalReference: string | null;
    description: string | null;
    notificationUrl: string | null;
    statementDescriptor: string | null;
    installments: number;
    payer: FakeMercadoPagoPayment["payer"];
    card: FakeMercadoPagoPayment["card"];
    pointOfInteraction: FakeMercadoPagoPayment["point_of_interaction"];
    documentUrl: string | null;
  }): FakeMercadoPagoPayment {
    const now = mpDate(new Date());
    const approved = fields.status === "approved";
    const fee = round2(fields.amount * (fields.paymentTypeId.endsWith("_card") ? CARD_FEE : CASH_FEE));
    const payment: FakeMercadoPagoPayment = {
      id: nextPaymentId++,
      date_created: now,
      date_approved: approved ? now : null,
      date_last_updated: now,
      money_release_date: approved ? now : null,
      operation_type: "regular_payment",
      payment_method_id: fields.paymentMethodId,
      payment_type_id: fields.paymentTypeId,
      status: fields.status,
      status_detail: fields.detail,
      currency_id: "BRL",
      description: fields.description,
      live_mode: false,
      collector_id: COLLECTOR_ID,
      payer: fields.payer,
      metadata: {},
      external_reference: fields.externalReference,
      transaction_amount: fields.amount,
      transaction_amount_refunded: 0,
      installments: fields.installments,
      transaction_details: {
        // Mercado Pago reports 0 until the money is credited.
        net_received_amount: approved ? round2(fields.amount - fee) : 0,
        total_paid_amount: fields.amount,
        installment_amount: round2(fields.amount / fields.installments),
        overpaid_amount: 0,
        external_resource_url: fields.documentUrl,
        financial_institution: null,
        payment_method_reference_id: null,
      },
      fee_details: approved ? [{ type: "mercadopago_fee", amount: fee, fee_payer: "collector" }] : [],
      captured: true,
      binary_mode: false,
      statement_descriptor: fields.statementDescriptor,
      notification_url: fields.notificationUrl,
      card: fields.card,
      point_of_interaction: fields.pointOfInteraction,
    };
    payments.set(String(payment.id), payment);
    return payment;
  }

  const onlinePayments = { unit: "online_payments", sub_unit: "default" };

  function payPreference(
    preferenceId: string,
    paid: { method: "card" | "pix" | "boleto"; status?: FakeChargeStatus; statusDetail?: string },
  ): FakeMercadoPagoPayment {
    const preference = preferences.get(preferenceId);
    if (!preference) throw new Error(`the Mercado Pago fake has no preference ${preferenceId}`);
    const items = Array.isArray(preference.request.items) ? preference.request.items : [];
    const amount = round2(
      items.reduce<number>(
        (sum, item) =>
          isRecord(item) && typeof item.unit_price === "number" && typeof item.quantity === "number"
            ? sum + item.unit_price * item.quantity
            : sum,
        0,
      ),
    );
    const status = paid.status ?? (paid.method === "boleto" ? "pending" : "approved");
    const payer = isRecord(preference.request.payer) ? preference.request.payer : {};
    const ticket = (id: number, method: string) =>
      `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=${COLLECTOR_ID + 2}&payment_method_id=${method}&payment_id=${id}&payment_method_reference_id=${randomBytes(5).toString("hex")}`;
    const paymentId = nextPaymentId;
    const method =
      paid.method === "card"
        ? { id: "master", type: "credit_card" }
        : paid.method === "pix"
          ? { id: "pix", type: "bank_transfer" }
          : { id: "bolbradesco", type: "ticket" };
    return newPayment({
      amount,
      status,
      detail: paid.statusDetail ?? DEFAULT_DETAIL[status],
      paymentMethodId: method.id,
      paymentTypeId: method.type,
      externalReference: stringOf(preference.request.external_reference),
      description: null,
      notificationUrl: stringOf(preference.request.notification_url),
      statementDescriptor: stringOf(preference.request.statement_descriptor),
      installments: 1,
      // A Checkout Pro buyer is a Mercado Pago user (a numeric id), not one of our customers.
      payer: {
        id: String(COLLECTOR_ID + 3),
        type: null,
        email: stringOf(payer.email),
        identification: { type: null, number: null },
      },
      // The card a buyer typed at Checkout Pro is nobody's saved card: no id.
      card:
        paid.method === "card"
          ? {
              id: null,
              first_six_digits: "503143",
              last_four_digits: "6351",
              expiration_month: 11,
              expiration_year: 2030,
              cardholder: { name: "APRO", identification: { number: null, type: null } },
            }
          : null,
      pointOfInteraction:
        paid.method === "pix"
          ? {
              type: "CHECKOUT",
              business_info: onlinePayments,
              transaction_data: {
                qr_code: `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865802BR`,
                qr_code_base64: Buffer.from("qr").toString("base64"),
                ticket_url: ticket(paymentId, "pix"),
              },
            }
          : { type: "CHECKOUT", business_info: onlinePayments },
      documentUrl: paid.method === "boleto" ? ticket(paymentId, "bolbradesco") : null,
    });
  }

  /** The route a request reaches, with its path parameter. */
  function routeOf(method: string, path: string): { route: FakeMercadoPagoRoute; id: string | null } | null {
    // The SDK posts preferences to `/checkout/preferences/` (trailing slash); Mercado Pago takes both.
    if (method === "POST" && (path === "/checkout/preferences" || path === "/checkout/preferences/"))
      return { route: "POST /checkout/preferences", id: null };
    if (method === "GET" && path === "/v1/customers/search")
      return { route: "GET /v1/customers/search", id: null };
    if (method === "POST" && path === "/v1/customers") return { route: "POST /v1/customers", id: null };
    if (method === "POST" && path === "/v1/card_tokens") return { route: "POST /v1/card_tokens", id: null };
    if (method === "POST" && path === "/v1/payments") return { route: "POST /v1/payments", id: null };
    const cardsPath = /^\/v1\/customers\/([^/]+)\/cards$/.exec(path);
    if (method === "POST" && cardsPath?.[1])
      return { route: "POST /v1/customers/{id}/cards", id: decodeURIComponent(cardsPath[1]) };
    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === "GET" && paymentPath?.[1])
      return { route: "GET /v1/payments/{id}", id: decodeURIComponent(paymentPath[1]) };
    return null;
  }

  function createPreference(body: Record<string, unknown>): Answer {
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0)
      return { status: 400, body: mpError(400, "items needed") };
    for (const item of items) {
      if (!isRecord(item) || typeof item.title !== "string" || item.title === "")
        return { status: 400, body: mpError(400, "title needed") };
      if (typeof item.quantity !== "number" || !Number.isInteger(item.quantity) || item.quantity < 1)
        return { status: 400, body: mpError(400, "quantity must be a positive integer") };
      if (typeof item.unit_price !== "number" || item.unit_price <= 0)
        return { status: 400, body: mpError(400, "unit_price invalid") };
      if (item.currency_id !== undefined && item.currency_id !== "BRL")
        return { status: 400, body: mpError(400, "currency_id invalid") };
    }
    const backUrls = isRecord(body.back_urls) ? body.back_urls : {};
    if (body.auto_return !== undefined && typeof backUrls.success !== "string")
      return {
        status: 400,
        body: {
          ...mpError(400, "auto_return invalid. back_url.success must be defined"),
          error: "invalid_auto_return",
        },
      };
    if (body.notification_url !== undefined && !URL.canParse(String(body.notification_url)))
      return { status: 400, body: mpError(400, "notification_url attribute must be url valid") };
    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const preference: FakeMercadoPagoPreference = {
      id,
      init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
      date_created: mpDate(new Date()),
      collector_id: COLLECTOR_ID,
      request: body,
    };
    preferences.set(id, preference);
    return {
      status: 201,
      body: {
        ...body,
        id,
        init_point: preference.init_point,
        sandbox_init_point: preference.sandbox_init_point,
        date_created: preference.date_created,
        collector_id: COLLECTOR_ID,
        client_id: "6295877106812064",
        site_id: "MLB",
        operation_type: "regular_payment",
      },
    };
  }

  function searchCustomers(query: Record<string, string>): Answer {
    const email = query.email?.toLowerCase();
    const results = [...customers.values()].filter((c) => email === undefined || c.email === email);
    return { status: 200, body: { paging: { limit: 10, offset: 0, total: results.length }, results } };
  }

  function createCustomer(body: Record<string, unknown>): Answer {
    const email = stringOf(body.email)?.toLowerCase();
    if (!email?.includes("@"))
      return {
        status: 400,
        body: mpError(400, "invalid email", [{ code: "100", description: "invalid email" }]),
      };
    if ([...customers.values()].some((c) => c.email === email))
      return {
        status: 400,
        body: mpError(400, "the customer already exist", [
          { code: "101", description: "the customer already exist" },
        ]),
      };
    const identification = isRecord(body.identification) ? body.identification : {};
    const type = stringOf(identification.type);
    const number = stringOf(identification.number);
    if (
      type !== null &&
      !((type === "CPF" && number?.length === 11) || (type === "CNPJ" && number?.length === 14))
    )
      return {
        status: 400,
        body: mpError(400, "invalid identification", [
          { code: "214", description: "invalid identification" },
        ]),
      };
    const customer = addCustomer(email, {
      ...(stringOf(body.first_name) ? { firstName: String(body.first_name) } : {}),
      ...(stringOf(body.last_name) ? { lastName: String(body.last_name) } : {}),
    });
    customer.identification = { type, number };
    return { status: 201, body: customer };
  }

  function createCard(customerId: string, body: Record<string, unknown>): Answer {
    const customer = customers.get(customerId);
    if (!customer)
      return {
        status: 404,
        body: mpError(404, "not found", [{ code: "100", description: "the customer doesn't exist" }]),
      };
    const token = tokens.get(stringOf(body.token) ?? "");
    if (!token || token.used || token.savedCardId !== null)
      return {
        status: 400,
        body: mpError(400, "Card Token not found", [{ code: 2006, description: "Card Token not found" }]),
      };
    token.used = true;
    const now = mpDate(new Date());
    const card: FakeMercadoPagoCard = {
      id: String(nextCardId++),
      customer_id: customer.id,
      expiration_month: token.card.expiryMonth,
      expiration_year: token.card.expiryYear,
      first_six_digits: token.card.number.slice(0, 6),
      last_four_digits: token.card.number.slice(-4),
      payment_method: paymentMethodOf(token.card),
      security_code: { length: 3, card_location: "back" },
      issuer: { id: 24, name: BRAND_NAMES[brandOf(token.card.number)] ?? "Issuer" },
      cardholder: { name: token.card.holderName, identification: { number: null, type: null } },
      date_created: now,
      date_last_updated: now,
      user_id: customer.id.split("-")[0] ?? "",
      live_mode: false,
    };
    cards.set(card.id, card);
    return { status: 201, body: card };
  }

  /** A token from a saved card (server side, with the access token): no security code, "Pagamentos automáticos". */
  function createCardToken(body: Record<string, unknown>): Answer {
    const card = cards.get(stringOf(body.card_id) ?? "");
    if (!card || card.customer_id !== body.customer_id)
      return {
        status: 404,
        body: mpError(404, "card not found", [{ code: "E301", description: "card not found" }]),
      };
    const id = randomBytes(16).toString("hex");
    const holder = card.cardholder.name;
    const now = new Date();
    tokens.set(id, {
      card: {
        number: `${card.first_six_digits}000000${card.last_four_digits}`,
        holderName: holder,
        expiryMonth: card.expiration_month,
        expiryYear: card.expiration_year,
        debit: card.payment_method.payment_type_id === "debit_card",
      },
      savedCardId: card.id,
      customerId: card.customer_id,
      used: false,
    });
    return {
      status: 201,
      body: {
        id,
        card_id: card.id,
        first_six_digits: card.first_six_digits,
        last_four_digits: card.last_four_digits,
        expiration_month: card.expiration_month,
        expiration_year: card.expiration_year,
        cardholder: card.cardholder,
        status: "active",
        date_created: mpDate(now),
        date_last_updated: mpDate(now),
        date_due: mpDate(new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000)),
        luhn_validation: true,
        live_mode: false,
        require_esc: false,
        card_number_length: 16,
        security_code_length: 3,
      },
    };
  }

  function createPayment(body: Record<string, unknown>): Answer {
    const amount = body.transaction_amount;
    if (typeof amount !== "number" || amount <= 0 || round2(amount) !== amount)
      return {
        status: 400,
        body: mpError(400, "Invalid transaction_amount", [
          { code: 4037, description: "Invalid transaction_amount" },
        ]),
      };
    const installments = body.installments;
    if (typeof installments !== "number" || !Number.isInteger(installments) || installments < 1)
      return {
        status: 400,
        body: mpError(400, "Invalid installments", [{ code: 3011, description: "Invalid installments" }]),
      };
    const token = tokens.get(stringOf(body.token) ?? "");
    if (!token || token.used)
      return {
        status: 400,
        body: mpError(400, "Card Token not found", [{ code: 2006, description: "Card Token not found" }]),
      };
    const payer = isRecord(body.payer) ? body.payer : {};
    if (payer.type === "customer" && payer.id !== token.customerId)
      return {
        status: 400,
        body: mpError(400, "Invalid users involved", [{ code: 2034, description: "Invalid users involved" }]),
      };
    if (stringOf(payer.email) === null && payer.type !== "customer")
      return {
        status: 400,
        body: mpError(400, "payer.email must be a valid email", [
          { code: 4050, description: "payer.email must be a valid email" },
        ]),
      };
    const method = paymentMethodOf(token.card);
    if (body.payment_method_id !== undefined && body.payment_method_id !== method.id)
      return {
        status: 400,
        body: mpError(400, "diff_param_bins", [{ code: 10102, description: "diff_param_bins" }]),
      };
    token.used = true;
    const outcome = nextCharge ??
      TEST_HOLDERS[token.card.holderName.trim().toUpperCase()] ?? {
        status: "approved" as const,
        detail: "accredited",
      };
    nextCharge = null;
    const payment = newPayment({
      amount,
      status: outcome.status,
      detail: outcome.detail,
      paymentMethodId: method.id,
      paymentTypeId: method.payment_type_id,
      externalReference: stringOf(body.external_reference),
      description: stringOf(body.description),
      notificationUrl: stringOf(body.notification_url),
      statementDescriptor: stringOf(body.statement_descriptor),
      installments,
      payer: {
        id: token.customerId,
        type: stringOf(payer.type),
        email: stringOf(payer.email),
        identification: { type: null, number: null },
      },
      card: {
        id: token.savedCardId,
        first_six_digits: token.card.number.slice(0, 6),
        last_four_digits: token.card.number.slice(-4),
        expiration_month: token.card.expiryMonth,
        expiration_year: token.card.expiryYear,
        cardholder: { name: token.card.holderName, identification: { number: null, type: null } },
      },
      pointOfInteraction: { type: "UNSPECIFIED", business_info: onlinePayments },
      documentUrl: null,
    });
    return { status: 201, body: payment };
  }

  function answer(
    route: FakeMercadoPagoRoute,
    id: string | null,
    query: Record<string, string>,
    body: unknown,
  ): Answer {
    const json = isRecord(body) ? body : {};
    switch (route) {
      case "POST /checkout/preferences":
        return createPreference(json);
      case "GET /v1/customers/search":
        return searchCustomers(query);
      case "POST /v1/customers":
        return createCustomer(json);
      case "POST /v1/customers/{id}/cards":
        return createCard(id ?? "", json);
      case "POST /v1/card_tokens":
        return createCardToken(json);
      case "POST /v1/payments":
        return createPayment(json);
      case "GET /v1/payments/{id}": {
        const payment = payments.get(id ?? "");
        return payment
          ? { status: 200, body: payment }
          : {
              status: 404,
              body: mpError(404, "Payment not found", [{ code: 2000, description: "Payment not found" }]),
            };
      }
    }
  }

  const respond = ({ status, body }: Answer) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json;charset=UTF-8", "x-request-id": randomUUID() },
    });

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== MERCADOPAGO_API_ORIGIN)
      throw new TypeError(`the Mercado Pago fake was asked for ${url.origin}, which it does not serve`);
    const text = await request.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return respond({ status: 400, body: mpError(400, "invalid JSON body") });
    }
    const matched = routeOf(request.method, url.pathname);
    const idempotencyKey = request.headers.get("x-idempotency-key");
    requests.push({
      route: matched?.route ?? null,
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorized: request.headers.get("authorization") === `Bearer ${accessToken}`,
      idempotencyKey,
    });
    if (request.headers.get("authorization") !== `Bearer ${accessToken}`)
      return respond({ status: 401, body: mpError(401, "invalid access token") });
    if (!matched) return respond({ status: 404, body: mpError(404, "resource not found") });

    const outcome = scripted.get(matched.route)?.shift();
    if (outcome?.kind === "network")
      throw new TypeError("fetch failed", { cause: new Error(outcome.message ?? "connect ECONNRESET") });
    if (outcome?.kind === "hang") {
      // The caller's own signal: the SDK aborts it at its timeout.
      const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
      return new Promise<Response>((_, reject) => {
        if (!signal) return;
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      });
    }
    if (outcome?.kind === "status")
      return respond({
        status: outcome.status,
        body: outcome.body ?? mpError(outcome.status, ERROR_NAMES[outcome.status] ?? "error"),
      });

    if (matched.route === "POST /v1/payments" && !idempotencyKey)
      return respond({ status: 400, body: mpError(400, "Header X-Idempotency-Key can't be null") });
    // Mercado Pago's idempotency: a POST with a key it has answered gets that answer again, and nothing happens twice.
    const replayKey =
      request.method === "POST" && idempotencyKey ? `${matched.route} ${idempotencyKey}` : null;
    const replay = replayKey ? answered.get(replayKey) : undefined;
    if (replay) return respond(replay);
    const result = answer(matched.route, matched.id, Object.fromEntries(url.searchParams), body);
    if (replayKey && result.status < 300) answered.set(replayKey, result);
    return respond(result);
  };

  return {
    accessToken,
    fetch,
    requests,
    preferences,
    customers,
    cards,
    payments,
    requestsTo: (route) => requests.filter((r) => r.route === route),
    browserCardToken,
    addCustomer,
    setNextChargeStatus(status, statusDetail) {
      nextCharge = { status, detail: statusDetail ?? DEFAULT_DETAIL[status] };
    },
    failNext(route, outcome = { kind: "status", status: 500 }) {
      const queue = scripted.get(route) ?? [];
      queue.push(outcome);
      scripted.set(route, queue);
    },
    payPreference,
  };
}
