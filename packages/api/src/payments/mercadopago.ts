// The Mercado Pago adapter (ARCHITECTURE.md "Billing", the `mercadopago` adapter), on the official SDK. Hosted
// checkouts are Checkout Pro preferences (card, Pix, boleto); a card is saved through Customers and Cards from a token
// the browser's card fields made (the number never reaches us); a renewal charges the saved card without the buyer
// with a token made from the card's id, which Mercado Pago allows without the security code only when the application
// has "Pagamentos automáticos". Subscriptions are ours, not PreApproval (ARCHITECTURE.md "Billing", "Why
// subscriptions are ours"): this module only creates checkouts, saves cards, charges and reads payments.
//
// Two things of the SDK shape this module (ARCHITECTURE.md "Billing"):
// - It writes every call's `requestOptions` back into the MercadoPagoConfig it was built with (sdk-nodejs issue
//   #481), so an idempotency key given once would be sent again on every later POST through that config, and Mercado
//   Pago would answer the later charge with the first one's payment. Every call here builds its own config and client.
// - Its base URL is fixed in its source and it calls the global `fetch` with no way to hand it another
//   (dist/utils/restClient), so tests replace `globalThis.fetch` with a local fake (testing/mercadopago-fake.ts).
import { inspect } from "node:util";
import { toWireInstant } from "@atende/shared/time";
import {
  CardToken,
  Customer,
  CustomerCard,
  MercadoPagoError,
  MPBadRequestError,
  MPConnectionError,
  MPNotFoundError,
  Payment,
  Preference,
  MercadoPagoConfig as SdkConfig,
} from "mercadopago";
import type { MercadoPagoConfig } from "../config";
import type {
  CardToSave,
  ChargeRequest,
  CheckoutPayer,
  CheckoutRequest,
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentStatus,
  SavedCard,
} from "./provider";
import { PaymentProviderError } from "./provider";

type PreferenceBody = Parameters<Preference["create"]>[0]["body"];
type PreferencePayer = NonNullable<PreferenceBody["payer"]>;
type Identification = NonNullable<PreferencePayer["identification"]>;
type Phone = NonNullable<PreferencePayer["phone"]>;
type PaymentResponse = Awaited<ReturnType<Payment["get"]>>;

/** What the buyer's card statement and the checkout show as the seller. */
const STATEMENT_DESCRIPTOR = "ATENDE";

const PROVIDER_STATUSES: ReadonlySet<string> = new Set<ProviderPaymentStatus>([
  "approved",
  "authorized",
  "pending",
  "in_process",
  "in_mediation",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
]);
const isProviderStatus = (status: unknown): status is ProviderPaymentStatus =>
  typeof status === "string" && PROVIDER_STATUSES.has(status);

/** Our integer cents to Mercado Pago's amounts in BRL (R$ 697,00 is 697). */
const amountOf = (cents: number) => cents / 100;
const centsOf = (amount: number) => Math.round(amount * 100);
const digitsOf = (value: string | undefined) => value?.replace(/\D/g, "") ?? "";

/** CPF or CNPJ by the number of digits (the checkout form verified them); none when neither. */
function identificationOf(cpfCnpj: string | undefined): Identification | undefined {
  const digits = digitsOf(cpfCnpj);
  if (digits.length === 11) return { type: "CPF", number: digits };
  if (digits.length === 14) return { type: "CNPJ", number: digits };
  return undefined;
}

/** A Brazilian number (DDD and number, 10 or 11 digits; a leading 55 dropped) as area code and number. */
function phoneOf(phone: string | undefined): Phone | undefined {
  let digits = digitsOf(phone);
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length !== 10 && digits.length !== 11) return undefined;
  return { area_code: digits.slice(0, 2), number: digits.slice(2) };
}

/** Mercado Pago asks for first and last names apart. */
function namesOf(fullName: string): { first: string; last: string | undefined } {
  const [first = "", ...rest] = fullName.trim().split(/\s+/);
  return { first, last: rest.length > 0 ? rest.join(" ") : undefined };
}

/**
 * Mercado Pago's date format, `yyyy-MM-ddTHH:mm:ss.SSS-03:00` (its preference reference; its API has refused dates
 * without the milliseconds), in São Paulo's offset.
 */
function mercadoPagoDate(instant: Date): string {
  const wire = toWireInstant(instant); // yyyy-MM-ddTHH:mm:ss-03:00
  const millis = String(instant.getUTCMilliseconds()).padStart(3, "0");
  return `${wire.slice(0, 19)}.${millis}${wire.slice(19)}`;
}

function preferencePayerOf(payer: CheckoutPayer): PreferencePayer {
  const names = namesOf(payer.name);
  const zip = digitsOf(payer.postalCode);
  const number = payer.addressNumber?.trim();
  const identification = identificationOf(payer.cpfCnpj);
  const phone = phoneOf(payer.phone);
  return {
    email: payer.email.trim(),
    name: names.first,
    ...(names.last ? { surname: names.last } : {}),
    ...(identification ? { identification } : {}),
    ...(phone ? { phone } : {}),
    ...(zip || number
      ? { address: { ...(zip ? { zip_code: zip } : {}), ...(number ? { street_number: number } : {}) } }
      : {}),
  };
}

/** A payment that lacks what every Mercado Pago payment carries is not one we can act on. */
function unreadable(what: string, details: unknown): PaymentProviderError {
  return new PaymentProviderError(`Mercado Pago answered ${what} we cannot read`, details);
}

function dateOf(value: string | undefined | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Mercado Pago's payment (GET /v1/payments/{id}, or a charge's answer) in the provider's terms. */
function providerPaymentOf(payment: PaymentResponse): ProviderPayment {
  const dateCreated = dateOf(payment.date_created);
  if (
    payment.id === undefined ||
    payment.id === null ||
    !isProviderStatus(payment.status) ||
    typeof payment.transaction_amount !== "number" ||
    !dateCreated
  )
    throw unreadable("a payment", { id: payment.id, status: payment.status });
  const net = payment.transaction_details?.net_received_amount;
  return {
    id: String(payment.id),
    status: payment.status,
    statusDetail: payment.status_detail ?? "",
    externalReference: payment.external_reference ?? "",
    amountInCents: centsOf(payment.transaction_amount),
    // Mercado Pago reports 0 until the money is credited: only an approved payment's net is what reaches us.
    netAmountInCents: payment.status === "approved" && typeof net === "number" ? centsOf(net) : null,
    paymentTypeId: payment.payment_type_id ?? "",
    dateCreated,
    dateApproved: dateOf(payment.date_approved),
    // A boleto's document is `external_resource_url`; a Pix's page is the point of interaction's `ticket_url`.
    documentUrl:
      payment.transaction_details?.external_resource_url ||
      payment.point_of_interaction?.transaction_data?.ticket_url ||
      null,
    // Cards are saved only through `saveCard` (the browser's token): a payment never saves one, and a Checkout Pro
    // payment's payer and card ids are the buyer's Mercado Pago wallet, not a customer of ours.
    savedCard: null,
  };
}

export function mercadopagoProvider(
  config: MercadoPagoConfig,
  // The same construction as the sandbox's; every address Mercado Pago needs (back URLs, notification URL) comes
  // absolute in the requests, so nothing here reads it.
  _options: { serverOrigin: string },
): PaymentProvider {
  /**
   * A config of its own for one SDK call (sdk-nodejs issue #481, above). No retries inside the SDK: its default is 3
   * with back-off from 1 s, so one call could last four times MERCADOPAGO_TIMEOUT_MS plus 7 s while a buyer or the
   * renewal job waits; a failed call is a PaymentProviderError that changes nothing, and the caller's retry (a
   * renewal again with the same idempotency key, a webhook delivered again) is safe.
   */
  const freshConfig = () =>
    new SdkConfig({ accessToken: config.accessToken, options: { timeout: config.timeoutMs, maxRetries: 0 } });

  /**
   * The SDK builds its errors from Mercado Pago's answer, never from our request (its CWE-209 note), so the access
   * token is not in them; checked all the same, since `details` end up in logs.
   */
  function redacted(error: unknown): unknown {
    if (!inspect(error, { depth: 8 }).includes(config.accessToken)) return error;
    return {
      redacted: "the error quoted the access token",
      name: error instanceof Error ? error.name : typeof error,
      status: error instanceof MercadoPagoError ? error.status : null,
    };
  }

  function providerErrorOf(operation: string, error: unknown, elapsedMs: number): PaymentProviderError {
    if (error instanceof PaymentProviderError) return error;
    const details = redacted(error);
    if (error instanceof MPConnectionError) {
      // The SDK aborts at `timeout` and reports it as a connection error; the elapsed time tells the two apart.
      return new PaymentProviderError(
        elapsedMs >= config.timeoutMs - 5
          ? `Mercado Pago did not answer the ${operation} within ${config.timeoutMs} ms`
          : `Mercado Pago could not be reached for the ${operation}`,
        details,
      );
    }
    if (error instanceof MercadoPagoError) {
      if (error.status === 401 || error.status === 403)
        return new PaymentProviderError(
          `Mercado Pago refused our access token for the ${operation} (HTTP ${error.status})`,
          details,
        );
      if (error.status >= 500)
        return new PaymentProviderError(
          `Mercado Pago failed the ${operation} (HTTP ${error.status})`,
          details,
        );
      return new PaymentProviderError(
        `Mercado Pago refused the ${operation} (HTTP ${error.status})`,
        details,
      );
    }
    return new PaymentProviderError(`Mercado Pago's answer to the ${operation} could not be read`, details);
  }

  /** One SDK call on its own config; any failure becomes a PaymentProviderError (the caller answers 502). */
  async function call<T>(operation: string, request: (sdk: SdkConfig) => Promise<T>): Promise<T> {
    const startedAt = performance.now();
    try {
      return await request(freshConfig());
    } catch (error) {
      throw providerErrorOf(operation, error, performance.now() - startedAt);
    }
  }

  async function findCustomer(email: string): Promise<string | undefined> {
    const page = await call("customer search", (sdk) => new Customer(sdk).search({ options: { email } }));
    return page.results?.find((customer) => customer.email?.toLowerCase() === email)?.id;
  }

  async function createCustomer(payer: CheckoutPayer, email: string): Promise<string> {
    const names = namesOf(payer.name);
    const identification = identificationOf(payer.cpfCnpj);
    try {
      const customer = await call("customer creation", (sdk) =>
        new Customer(sdk).create({
          body: {
            email,
            first_name: names.first,
            ...(names.last ? { last_name: names.last } : {}),
            ...(identification ? { identification } : {}),
          },
        }),
      );
      if (!customer.id) throw unreadable("a customer", { email: customer.email });
      return customer.id;
    } catch (error) {
      // Two registrations for one e-mail at once: Mercado Pago refuses the second ("the customer already exist"),
      // and the first one's customer is the one to use.
      if (error instanceof PaymentProviderError && error.details instanceof MPBadRequestError) {
        const existing = await findCustomer(email);
        if (existing) return existing;
      }
      throw error;
    }
  }

  return {
    name: "mercadopago",
    automaticPayments: config.automaticPayments,
    cardInput: "token",

    async createCheckout(request: CheckoutRequest) {
      if (request.registersCard)
        // Checkout Pro charges what it shows; it cannot save a card without charging it. The trial's card
        // registration with Mercado Pago goes through the card fields instead: the browser makes a token and the
        // billing service calls saveCard with it.
        throw new PaymentProviderError(
          "Mercado Pago's Checkout Pro cannot register a card without charging it: the trial's card registration " +
            "with Mercado Pago goes through the card fields (a card token for saveCard)",
        );
      const body: PreferenceBody = {
        items: [
          {
            id: request.externalReference,
            title: request.title,
            quantity: 1,
            unit_price: amountOf(request.amountInCents),
            currency_id: "BRL",
          },
        ],
        external_reference: request.externalReference,
        payer: preferencePayerOf(request.payer),
        // Mercado Pago has no "expired" return: a buyer who opens an expired link stays on its page.
        back_urls: {
          success: request.backUrls.success,
          failure: request.backUrls.failure,
          pending: request.backUrls.pending,
        },
        auto_return: "approved",
        notification_url: request.notificationUrl,
        statement_descriptor: STATEMENT_DESCRIPTOR,
        ...(request.expiresAt
          ? { expires: true, expiration_date_to: mercadoPagoDate(request.expiresAt) }
          : {}),
      };
      const preference = await call("checkout creation", (sdk) => new Preference(sdk).create({ body }));
      if (!preference.id || !preference.init_point) throw unreadable("a checkout", { id: preference.id });
      return { checkoutUrl: preference.init_point, providerRef: preference.id };
    },

    async saveCard(payer: CheckoutPayer, card: CardToSave): Promise<SavedCard> {
      if (card.kind !== "token")
        throw new PaymentProviderError(
          "Mercado Pago saves a card from the card fields' token; card details never reach our server",
        );
      // One customer per e-mail, as the sandbox keeps it; e-mails are compared lower-cased across the app.
      const email = payer.email.trim().toLowerCase();
      const customerId = (await findCustomer(email)) ?? (await createCustomer(payer, email));
      const saved = await call("card registration", (sdk) =>
        new CustomerCard(sdk).create({ customerId, body: { token: card.token } }),
      );
      if (!saved.id || !saved.last_four_digits || !saved.payment_method?.id)
        throw unreadable("a saved card", { id: saved.id });
      // Only brand and last four ever leave the adapter (ARCHITECTURE.md "Billing", Card data).
      return {
        customerId,
        cardId: saved.id,
        brand: saved.payment_method.id,
        lastFour: saved.last_four_digits,
      };
    },

    async chargeCard(request: ChargeRequest) {
      // Without "Pagamentos automáticos" Mercado Pago wants the security code, which we never have: each renewal is an
      // invoice instead (ARCHITECTURE.md "Billing"), and the billing service reads `automaticPayments` to choose.
      if (!config.automaticPayments)
        throw new PaymentProviderError(
          'charging a saved card without the buyer needs Mercado Pago\'s "Pagamentos automáticos" ' +
            "(MERCADOPAGO_AUTOMATIC_PAYMENTS)",
        );
      const token = await call("card token", (sdk) =>
        new CardToken(sdk).create({
          body: { card_id: request.card.cardId, customer_id: request.card.customerId },
        }),
      );
      const tokenId = token.id;
      if (!tokenId) throw unreadable("a card token", { cardId: token.card_id });
      const payment = await call("charge", (sdk) =>
        new Payment(sdk).create({
          body: {
            transaction_amount: amountOf(request.amountInCents),
            token: tokenId,
            installments: 1,
            ...(request.card.brand ? { payment_method_id: request.card.brand } : {}),
            payer: { type: "customer", id: request.card.customerId, email: request.payerEmail },
            external_reference: request.externalReference,
            description: request.description,
            notification_url: request.notificationUrl,
            statement_descriptor: STATEMENT_DESCRIPTOR,
          },
          // The caller's key, one per charge: a retry with it is answered with the first payment, never a second.
          requestOptions: { idempotencyKey: request.idempotencyKey },
        }),
      );
      return providerPaymentOf(payment);
    },

    async getPayment(id: string) {
      // Mercado Pago's payment ids are numbers; anything else (a webhook's junk) is no payment of ours.
      if (!/^\d{1,20}$/.test(id)) return null;
      const payment = await call("payment lookup", (sdk) =>
        new Payment(sdk).get({ id }).catch((error: unknown) => {
          if (error instanceof MPNotFoundError) return null;
          throw error;
        }),
      );
      return payment ? providerPaymentOf(payment) : null;
    },
  };
}
