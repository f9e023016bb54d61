// Billing (spec 000 §3, §5, §7, §8; ARCHITECTURE.md "Billing"; docs/decisions/0023-billing.md): the checkout forms,
// the card update, the plan change and the answers of the billing calls. The web forms and the procedures validate
// with the same schemas, so a rule and its pt-BR message exist once.

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

export const BILLING_MESSAGES = {
  planRequired: "Selecione um plano para continuar",
  planNotFound: "Plano não encontrado",
  cpfCnpjRequired: "Por favor, informe seu CPF ou CNPJ",
  cpfCnpjLength: "CPF deve ter 11 dígitos ou CNPJ deve ter 14 dígitos",
  cpfInvalid: "CPF inválido: confira os dígitos",
  cnpjInvalid: "CNPJ inválido: confira os dígitos",
  phoneRequired: "Por favor, informe seu telefone",
  phoneLength: "Telefone deve ter 10 ou 11 dígitos",
  postalCodeRequired: "Por favor, informe seu CEP",
  postalCodeLength: "CEP deve ter 8 dígitos",
  addressNumberRequired: "Por favor, informe o número do endereço",
  addressNumberMax: "Número do endereço deve ter no máximo 20 caracteres",
  minutesRequired: "Informe a quantidade de minutos",
  minutesInteger: "A quantidade de minutos deve ser um número inteiro",
  minutesStep: "A quantidade de minutos deve ser múltipla de 50",
  minutesRange: (min: number, max: number) => `A quantidade de minutos deve estar entre ${min} e ${max}`,
  // The card update (spec 000 §5 "Card update").
  holderNameRequired: "Nome do portador é obrigatório",
  cardNumberRequired: "Número do cartão é obrigatório",
  cardNumberInvalid: "Número do cartão inválido",
  expiryMonthRequired: "Mês de vencimento é obrigatório",
  expiryMonthRange: "Mês deve estar entre 01 e 12",
  expiryYearRequired: "Ano de vencimento é obrigatório",
  expiryYearPast: "Ano de vencimento não pode ser anterior ao atual",
  expiryYearInvalid: "Ano de vencimento inválido",
  cardExpired: "Cartão vencido",
  ccvRequired: "CCV é obrigatório",
  ccvLength: "CCV deve ter 3 ou 4 dígitos",
  holderFullNameRequired: "Nome completo é obrigatório",
  emailRequired: "Email é obrigatório",
  emailInvalid: "Email deve ter um formato válido",
  holderCpfCnpjRequired: "CPF/CNPJ é obrigatório",
  holderPostalCodeRequired: "CEP é obrigatório",
  holderAddressNumberRequired: "Número do endereço é obrigatório",
  holderPhoneRequired: "Telefone é obrigatório",
  textTooLong: "Texto longo demais",
  cardTokenRequired:
    "Informe o token do cartão (cardToken) gerado no navegador pelos campos de cartão do Mercado Pago",
  rawCardRefused:
    "Com o Mercado Pago, o cartão é enviado como token (cardToken) gerado no navegador: o número do cartão não é aceito pelo servidor.",
  cardTokenUnsupported:
    "Esta instalação usa o ambiente de testes de pagamento: envie os dados do cartão (creditCard), não um cardToken.",
  // States and rules (decision 0023).
  ownerOnly: "Apenas o proprietário pode gerenciar o plano e os pagamentos.",
  subscriptionNotFound: "Nenhuma assinatura encontrada",
  trialUsed: "O período gratuito já foi utilizado nesta conta. Contrate um plano para continuar.",
  alreadySubscribed: "Esta conta já tem uma assinatura ativa. Para mudar de plano, use 'Alterar Plano'.",
  samePlan: "Este já é o seu plano atual",
  changeNotAllowed: "Só é possível alterar o plano de uma assinatura ativa ou em período gratuito",
  cancelNotAllowed: "Esta assinatura não pode ser cancelada: ela não está ativa",
  alreadyCanceling: "O cancelamento desta assinatura já foi solicitado",
  noCard: "Nenhum cartão cadastrado: atualize o cartão antes de alterar o plano",
  paymentRefused: "Pagamento recusado pelo emissor do cartão. Atualize o cartão e tente novamente.",
  providerUnavailable: "Não foi possível falar com o provedor de pagamentos. Tente novamente em instantes.",
  // Webhooks (ARCHITECTURE.md "Billing": without its headers a 400, a wrong signature a 401).
  webhookHeadersMissing: "Notificação sem assinatura (x-signature, x-request-id e data.id são obrigatórios)",
  webhookSignatureInvalid: "Assinatura da notificação inválida",
  // Spec 000 §8, shown by the web app.
  cancelSuccess: "Solicitação de cancelamento enviada com sucesso!",
  cancelFailure: "Erro ao cancelar plano. Tente novamente.",
  changeSuccess: (minutes: number) =>
    `Plano alterado com sucesso! Você agora tem ${minutes} minutos disponíveis.`,
  changeFailure: "Erro ao alterar plano. Tente novamente.",
  cardSuccess: "Cartão de crédito atualizado com sucesso!",
  cardFailure: "Erro ao atualizar cartão de crédito. Verifique os dados e tente novamente.",
  paymentsLoadFailure: "Erro ao carregar histórico de pagamentos. Tente novamente.",
  paymentsEmpty: "Nenhum pagamento encontrado",
  documentUnavailable: "Documento não disponível para download/visualização",
  checkoutStartFailure: "Erro ao iniciar processo de pagamento. Tente novamente.",
  buyFailure: "Erro ao processar compra do plano. Tente novamente.",
  checkoutFailure: "Erro ao criar checkout. Tente novamente.",
  packCheckoutFailure: "Erro ao criar checkout do minute pack. Tente novamente.",
  packOfferFailure: "Erro ao carregar informações do minute pack",
  packHistoryFailure: "Erro ao carregar histórico de minute packs",
  tenantLoadFailure: "Erro ao carregar dados do tenant",
  subscriptionLoadFailure: "Erro ao carregar dados da subscription",
  subscriptionConfirmed: "Pagamento confirmado! Sua assinatura foi ativada.",
  packConfirmed: "Pagamento confirmado! Seus minutos foram adicionados à sua conta.",
  confirmationTimeout:
    "Não foi possível confirmar o pagamento automaticamente. Verifique sua conta em alguns minutos.",
} as const;
const M = BILLING_MESSAGES;

// ─── Constants (spec 000 §4, §9) ────────────────────────────────────────────────────────────────────────────────

export const BILLING_CONSTANTS = {
  /** A cycle lasts 30 days (spec 000 §9). */
  cycleDays: 30,
  /** The free trial (spec 000 §9 '7 dias de período gratuito'). */
  trialDays: 7,
  /** Minute pack slider step (spec 000 §5). */
  packStep: 50,
  /** The management page's fallbacks when the offer fails to load (spec 000 §5). */
  packFallback: { minMinutes: 50, maxMinutes: 1000, pricePerMinuteInCents: 150 },
  /** Payment history page size (spec 000 §9). */
  paymentsPageSize: 20,
  /** Payment confirmation polling (spec 000 §4): first check, then every, at most attempts. */
  poll: { firstMs: 2000, everyMs: 5000, attempts: 24 },
  /** The usage e-mails, in percent of the cycle's minutes. */
  usageAlerts: [80, 95],
} as const;

export const BILLING_CYCLE_LABELS: Readonly<Record<(typeof BILLING_CYCLES)[number], string>> = {
  MONTHLY: "mês",
  YEARLY: "ano",
};

/** spec 000 §9: the pricing cards' taglines by plan code. */
export function planTagline(code: string): string {
  if (code === "pack250-monthly") return "para quem está crescendo!";
  if (code === "pack500-monthly") return "para quem tem uma boa procura!";
  if (code === "pack1000-monthly") return "para quem tem alta demanda!";
  return "Plano mensal";
}

export const POPULAR_PLAN_CODE = "pack500-monthly";

export const SUBSCRIPTION_STATUS_LABELS: Readonly<Record<(typeof SUBSCRIPTION_STATUSES)[number], string>> = {
  TRIAL: "Período gratuito",
  ACTIVE: "Ativa",
  PAST_DUE: "Pagamento pendente",
  SUSPENDED: "Suspensa",
  CANCELED: "Cancelada",
  EXPIRED: "Expirada",
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<(typeof PAYMENT_STATUSES)[number], string>> = {
  PENDING: "Pendente",
  CONFIRMED: "Confirmado",
  RECEIVED: "Recebido",
  OVERDUE: "Vencido",
  REFUNDED: "Estornado",
  CANCELED: "Cancelado",
  FAILED: "Recusado",
};

export const BILLING_TYPE_LABELS: Readonly<Record<(typeof BILLING_TYPES)[number], string>> = {
  CREDIT_CARD: "Cartão de crédito",
  DEBIT_CARD: "Cartão de débito",
  PIX: "Pix",
  BOLETO: "Boleto",
};

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
export const UpdateCreditCardInput = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const body = raw as Record<string, unknown>;
    if (body.cardToken !== undefined && body.cardToken !== null) return body;
    return {
      ...body,
      creditCard: body.creditCard ?? {},
      creditCardHolderInfo: body.creditCardHolderInfo ?? {},
    };
  },
  z.object({
    cardToken: z.string().trim().check(textCharacters()).min(1, M.cardTokenRequired).max(200).optional(),
    /** Mercado Pago's payment method of the token (e.g. `visa`), as its card form reports it. */
    paymentMethodId: z.string().trim().check(textCharacters()).max(40).optional(),
    creditCard: CreditCardFields.optional(),
    creditCardHolderInfo: CreditCardHolderInfoFields.optional(),
  }),
);
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
