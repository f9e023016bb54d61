// Billing's texts and constants (spec 000 §4, §5, §8, §9; docs/decisions/0023-billing.md), without zod: the public
// pages (pricing, payment results) import these and nothing of the schemas. `schemas/billing` re-exports them.
import type { BILLING_CYCLES, BILLING_TYPES, PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from "./enums";

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
