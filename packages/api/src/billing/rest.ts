// Billing at the spec's paths (spec 000 §7; ARCHITECTURE.md "Billing", Wire details). The checkouts answer 200
// `{checkoutUrl}` (they create no resource the caller addresses), the PUTs answer the subscription.

import { type RestRoute, restGroup } from "../rest";
import { billingRouter, minutePacksRouter, plansRouter, subscriptionRouter } from "./billing.router";

const route = restGroup("Planos e pagamentos");

export const billingRoutes: RestRoute[] = [
  route("GET", "/plans", plansRouter.list, {
    summary: "Planos à venda (`{plans}`): código, nome, preço em centavos, minutos por mês e ciclo",
    public: true,
  }),
  route("GET", "/minute-pack", minutePacksRouter.offer, {
    summary: "Oferta do Pack Avulso: preço por minuto em centavos e limites de minutos (passo de 50)",
    public: true,
  }),
  route("POST", "/minute-pack/checkout", minutePacksRouter.checkout, {
    summary:
      "Checkout de um Pack Avulso (`minutesToBuy`, múltiplo de 50 dentro dos limites da oferta; dados do comprador opcionais) → `{checkoutUrl}`",
    status: 200,
  }),
  route("GET", "/minute-pack/history", minutePacksRouter.history, {
    summary: "Compras de Pack Avulso da conta, mais recentes primeiro (status PAID quando pagas)",
  }),
  route("POST", "/billing/trial-checkout", billingRouter.trialCheckout, {
    summary:
      "Período gratuito de 7 dias de um plano, uma vez por conta: plano e dados do comprador (CPF/CNPJ com dígitos verificadores, telefone, CEP, número) → `{checkoutUrl}`",
    status: 200,
  }),
  route("POST", "/billing/buy-checkout", billingRouter.buyCheckout, {
    summary:
      "Checkout de um ciclo de 30 dias de um plano (`planCode`, com ou sem os dados do comprador) → `{checkoutUrl}`",
    status: 200,
  }),
  route("GET", "/subscription", subscriptionRouter.get, {
    summary: "Assinatura da conta (404 quando não há)",
  }),
  route("PUT", "/subscription/cancel", subscriptionRouter.cancel, {
    summary: "Cancela a renovação: o acesso continua até o fim do ciclo pago, sem reembolso",
  }),
  route("PUT", "/subscription/change-plan", subscriptionRouter.changePlan, {
    summary:
      "Muda de plano (`newPlanCode` ou `planCode`): upgrade cobra a diferença proporcional e soma os minutos já; downgrade vale na renovação → `{availableMinutesAfterChange, subscription}`",
  }),
  route("PUT", "/subscription/update-credit-card", subscriptionRouter.updateCreditCard, {
    summary:
      "Atualiza o cartão: `creditCard` e `creditCardHolderInfo` no ambiente de testes; `cardToken` (campos de cartão do Mercado Pago) com o Mercado Pago, que recusa o número do cartão. Só a bandeira e os 4 últimos dígitos são guardados",
  }),
  route("GET", "/subscription/payments", subscriptionRouter.payments, {
    summary:
      "Pagamentos da conta, mais recentes primeiro (`status`, `offset`, `limit`) → `{payments, hasMore, totalCount}`",
  }),
];
