// Billing (spec 000 §3, §5, §7, §8; ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md): the checkout forms,
// the card update, the plan change and the answers of the billing calls. The web forms and the procedures validate
// with the same schemas, so a rule and its pt-BR message exist once.

import { BILLING_CONSTANTS, BILLING_MESSAGES } from "../billing";
import { isValidCardNumber, isValidCnpj, isValidCpf } from "../documents";
import {
  BILLING_CYCLES,
  BILLING_TYPES,
  MINUTE_PACK_STATUSES,
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
} from "../enums";
import { textCharacters, z } from "../zod";
import { wireInstant } from "./catalogue-fields";
import { VoiceAgentRecord } from "./voice-agent";

export {
  BILLING_CONSTANTS,
  BILLING_CYCLE_LABELS,
  BILLING_MESSAGES,
  BILLING_TYPE_LABELS,
  PAYMENT_STATUS_LABELS,
  POPULAR_PLAN_CODE,
  planTagline,
  SUBSCRIPTION_STATUS_LABELS,
} from "../billing";

const M = BILLING_MESSAGES;

// ─── Inputs ─────────────────────────────────────────────────────────────────────────────────────────────────────

const isMissing = (input: unknown) => input === undefined || input === null;

/** A field typed masked or as digits: its digits, or the `required` message when it is missing or blank. */
function digitsField(required: string, check: (digits: string) => string | undefined) {
  return z
    .union([z.string(), z.number()], { error: required })
    .transform((value) => String(value))
    .pipe(z.string().check(textCharacters()).max(40, required))
    .transform((value, ctx) => {
      const digits = value.replace(/\D/g, "");
      const problem = digits.length === 0 ? required : check(digits);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return digits;
    });
}

const cpfCnpjCheck = (lengthMessage: string) => (digits: string) => {
  if (digits.length === 11) return isValidCpf(digits) ? undefined : M.cpfInvalid;
  if (digits.length === 14) return isValidCnpj(digits) ? undefined : M.cnpjInvalid;
  return lengthMessage;
};
const phoneCheck = (digits: string) =>
  digits.length === 10 || digits.length === 11 ? undefined : M.phoneLength;
const postalCodeCheck = (digits: string) => (digits.length === 8 ? undefined : M.postalCodeLength);

function shortText(required: string, max = 20, message: string = M.addressNumberMax) {
  return z.string({ error: required }).trim().check(textCharacters()).min(1, required).max(max, message);
}

const planCode = z
  .string({ error: M.planRequired })
  .trim()
  .check(textCharacters())
  .min(1, M.planRequired)
  .max(60, M.planNotFound);

/** The buyer's data at checkout (spec 000 §3 "Billing checkout request"), masked or digits; stored as digits. */
export const CheckoutCustomerFields = {
  customerCpfCnpj: digitsField(M.cpfCnpjRequired, cpfCnpjCheck(M.cpfCnpjLength)),
  customerPhone: digitsField(M.phoneRequired, phoneCheck),
  customerPostalCode: digitsField(M.postalCodeRequired, postalCodeCheck),
  customerAddressNumber: shortText(M.addressNumberRequired),
};

export const CheckoutCustomer = z.object(CheckoutCustomerFields);
export type CheckoutCustomer = z.output<typeof CheckoutCustomer>;

/** `POST /billing/trial-checkout`: the plan and the buyer, all required (spec 000 §5 "Checkout form"). */
export const TrialCheckoutInput = z.object({ planCode, ...CheckoutCustomerFields });
export type TrialCheckoutInput = z.input<typeof TrialCheckoutInput>;

const optionalCustomer = {
  customerCpfCnpj: CheckoutCustomerFields.customerCpfCnpj.optional(),
  customerPhone: CheckoutCustomerFields.customerPhone.optional(),
  customerPostalCode: CheckoutCustomerFields.customerPostalCode.optional(),
  customerAddressNumber: CheckoutCustomerFields.customerAddressNumber.optional(),
};

/** `POST /billing/buy-checkout`: the plan code alone (one reading) or with the buyer's data (the other; spec 000 §3). */
export const BuyCheckoutInput = z.object({ planCode, ...optionalCustomer });
export type BuyCheckoutInput = z.input<typeof BuyCheckoutInput>;

/** `POST /minute-pack/checkout`: a multiple of 50 (the offer's bounds are the server's, from the catalogue). */
export const MinutePackCheckoutInput = z.object({
  minutesToBuy: z
    .preprocess(
      // A query string or form sends digits as text; anything else is judged as it came.
      (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
      z.number({ error: (issue) => (isMissing(issue.input) ? M.minutesRequired : M.minutesInteger) }),
    )
    .pipe(
      z
        .number()
        .int(M.minutesInteger)
        .min(1, M.minutesStep)
        .max(1_000_000, M.minutesStep)
        .refine((n) => n % BILLING_CONSTANTS.packStep === 0, M.minutesStep),
    ),
  ...optionalCustomer,
});
export type MinutePackCheckoutInput = z.input<typeof MinutePackCheckoutInput>;

/** `PUT /subscription/change-plan`: `newPlanCode` in one reading, `planCode` in the other (spec 000 §3). */
export const ChangePlanInput = z
  .object({ newPlanCode: planCode.optional(), planCode: planCode.optional() })
  .transform((value, ctx) => {
    const code = value.newPlanCode ?? value.planCode;
    if (!code) {
      ctx.addIssue({ code: "custom", message: M.planRequired, path: ["newPlanCode"] });
      return z.NEVER;
    }
    return { planCode: code };
  });
export type ChangePlanInput = z.input<typeof ChangePlanInput>;

const twoOrFourDigitYear = (value: string) => {
  const n = Number(value);
  return value.length === 2 ? 2000 + n : n;
};

/** The card (spec 000 §3, §5): brand and last four are all the server ever keeps of it. */
export const CreditCardFields = z.object({
  holderName: shortText(M.holderNameRequired, 100, M.textTooLong),
  number: z
    .string({ error: M.cardNumberRequired })
    .check(textCharacters())
    .max(40, M.cardNumberInvalid)
    .transform((value) => value.replace(/[\s.-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, M.cardNumberRequired)
        .refine((digits) => /^\d+$/.test(digits) && isValidCardNumber(digits), M.cardNumberInvalid),
    ),
  expiryMonth: z
    .union([z.string(), z.number()], { error: M.expiryMonthRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .check(textCharacters())
        .min(1, M.expiryMonthRequired)
        .max(2, M.expiryMonthRange)
        .regex(/^\d+$/, M.expiryMonthRange)
        .transform(Number)
        .pipe(z.number().int().min(1, M.expiryMonthRange).max(12, M.expiryMonthRange)),
    ),
  expiryYear: z
    .union([z.string(), z.number()], { error: M.expiryYearRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .check(textCharacters())
        .min(1, M.expiryYearRequired)
        .regex(/^(\d{2}|\d{4})$/, M.expiryYearInvalid)
        .transform(twoOrFourDigitYear)
        .pipe(
          z
            .number()
            .int()
            .refine((year) => year >= new Date().getUTCFullYear(), M.expiryYearPast)
            .refine((year) => year <= new Date().getUTCFullYear() + 30, M.expiryYearInvalid),
        ),
    ),
  ccv: z
    .union([z.string(), z.number()], { error: M.ccvRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .check(textCharacters())
        .min(1, M.ccvRequired)
        .regex(/^\d{3,4}$/, M.ccvLength),
    ),
});

export const CreditCardHolderInfoFields = z.object({
  name: shortText(M.holderFullNameRequired, 100, M.textTooLong),
  email: shortText(M.emailRequired, 254, M.emailInvalid).refine(
    (value) => /^[^\s@]+@[^\s@]+$/.test(value),
    M.emailInvalid,
  ),
  cpfCnpj: digitsField(M.holderCpfCnpjRequired, cpfCnpjCheck(M.cpfCnpjLength)),
  postalCode: digitsField(M.holderPostalCodeRequired, postalCodeCheck),
  addressNumber: shortText(M.holderAddressNumberRequired),
  addressComplement: z.string().trim().check(textCharacters()).max(100, M.textTooLong).nullish(),
  phone: digitsField(M.holderPhoneRequired, phoneCheck),
  mobilePhone: z
    .union([z.string(), z.number()])
    .transform((value) => String(value))
    .pipe(
      z
        .string()
        .check(textCharacters())
        .transform((value) => value.replace(/\D/g, ""))
        .refine((digits) => digits === "" || phoneCheck(digits) === undefined, M.phoneLength),
    )
    .nullish(),
});

/**
 * `PUT /subscription/update-credit-card`: the spec's payload (`creditCard` and `creditCardHolderInfo`) with the
 * sandbox; a browser-made `cardToken` with Mercado Pago, where a raw card number is refused (the service decides,
 * since it knows the provider). Without a token both objects are required, so their fields say what is missing.
 */
export const UpdateCreditCardInput = z
  .object({
    cardToken: z.string().trim().check(textCharacters()).min(1, M.cardTokenRequired).max(200).optional(),
    /** Mercado Pago's payment method of the token (e.g. `visa`), as its card form reports it. */
    paymentMethodId: z.string().trim().check(textCharacters()).max(40).optional(),
    creditCard: CreditCardFields.optional(),
    creditCardHolderInfo: CreditCardHolderInfoFields.optional(),
  })
  .superRefine((value, ctx) => {
    // Without a token both objects are required: an absent one says what each of its fields misses.
    if (value.cardToken !== undefined) return;
    const parts = [
      ["creditCard", value.creditCard, CreditCardFields],
      ["creditCardHolderInfo", value.creditCardHolderInfo, CreditCardHolderInfoFields],
    ] as const;
    for (const [key, part, schema] of parts) {
      if (part !== undefined) continue;
      for (const issue of schema.safeParse({}).error?.issues ?? [])
        ctx.addIssue({ code: "custom", message: issue.message, path: [key, ...issue.path] });
    }
  });
export type UpdateCreditCardInput = z.input<typeof UpdateCreditCardInput>;
export type UpdateCreditCard = z.output<typeof UpdateCreditCardInput>;

/** `GET /subscription/payments` (spec 000 §7): the page asks limit 20, offset 0. */
/** A whole number from a query string (or JSON), checked as text first like every other string. */
function queryInt(message: string, min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ error: message })
      .check(textCharacters())
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
  );
}

export const PaymentsQueryInput = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: "Status de pagamento inválido" }).optional(),
  offset: queryInt("offset deve ser um número inteiro entre 0 e 1000000", 0, 1_000_000).optional().default(0),
  limit: queryInt("limit deve ser um número inteiro entre 1 e 100", 1, 100)
    .optional()
    .default(BILLING_CONSTANTS.paymentsPageSize),
});
export type PaymentsQueryInput = z.input<typeof PaymentsQueryInput>;

// ─── Outputs ────────────────────────────────────────────────────────────────────────────────────────────────────

export const PlanRecord = z.object({
  code: z.string(),
  name: z.string(),
  priceInCents: z.number().int(),
  monthlyMinutes: z.number().int(),
  billingCycle: z.enum(BILLING_CYCLES),
});
export type Plan = z.output<typeof PlanRecord>;

export const PlansOutput = z.object({ plans: z.array(PlanRecord) });

export const MinutePackOffer = z.object({
  pricePerMinuteInCents: z.number().int(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
});
export type MinutePackOffer = z.output<typeof MinutePackOffer>;

export const MinutePackPurchase = z.object({
  id: z.string(),
  minutes: z.number().int(),
  priceInCents: z.number().int(),
  status: z.enum(MINUTE_PACK_STATUSES),
  createdAt: wireInstant,
  paidAt: wireInstant.nullable(),
});
export type MinutePackPurchase = z.output<typeof MinutePackPurchase>;

export const CheckoutOutput = z.object({ checkoutUrl: z.string() });

export const SubscriptionRecord = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  planCode: z.string(),
  planName: z.string(),
  monthlyMinutes: z.number().int(),
  priceInCents: z.number().int(),
  currentPeriodStart: wireInstant,
  currentPeriodEnd: wireInstant,
  trialEndsAt: wireInstant.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for the next renewal. */
  nextPlanCode: z.string().nullable(),
  card: z.object({ brand: z.string(), lastFour: z.string() }).nullable(),
  pastDueSince: wireInstant.nullable(),
});
export type Subscription = z.output<typeof SubscriptionRecord>;

export const ChangePlanOutput = z.object({
  availableMinutesAfterChange: z.number().int(),
  subscription: SubscriptionRecord,
});

export const PaymentRecord = z.object({
  id: z.string(),
  description: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  dateCreated: wireInstant,
  dueDate: z.string().nullable(),
  paymentDate: wireInstant.nullable(),
  billingType: z.enum(BILLING_TYPES).nullable(),
  /** Cents (docs/architecture.md: money is integer cents). */
  value: z.number().int(),
  netValue: z.number().int().nullable(),
  invoiceUrl: z.string().nullable(),
  bankSlipUrl: z.string().nullable(),
  externalReference: z.string(),
});
export type Payment = z.output<typeof PaymentRecord>;

export const PaymentsPage = z.object({
  payments: z.array(PaymentRecord),
  hasMore: z.boolean(),
  totalCount: z.number().int(),
});

/** spec 000 §3 "Usage": the cycle's minutes and the packs', for the plan usage card. */
export const UsageRecord = z.object({
  planName: z.string().nullable(),
  usedMinutes: z.number().int(),
  totalMinutes: z.number().int(),
  extraMinutesAvailable: z.number().int(),
});

/** `GET /tenant` (spec 000 §3 "Tenant data"). */
export const TenantData = z.object({
  id: z.string(),
  name: z.string(),
  voiceNumber: z.string().nullable(),
  voiceAgent: VoiceAgentRecord.nullable(),
  subscription: SubscriptionRecord.nullable(),
  minutePacks: z.array(MinutePackPurchase),
  remainingMinutes: z.object({
    subscriptionMinutes: z.number().int(),
    minutePackMinutes: z.number().int(),
  }),
  /** The cycle's and the packs' totals (granted), so the usage card computes used = total - remaining. */
  totals: z.object({ subscriptionMinutes: z.number().int(), minutePackMinutes: z.number().int() }),
  usage: UsageRecord,
});
export type TenantData = z.output<typeof TenantData>;
