// The subscription's e-mails to the tenant's owners (pt-BR, through the outbox): one per change of its life
// (./lifecycle.ts) that the owners must hear of, and the invoices. The minutes' alerts are ./minutes.ts's.
import { formatBrl, formatDate } from "@atende/shared/format";
import { startOfDay } from "@atende/shared/time";

export interface OwnerEmail {
  subject: string;
  text: string;
}

/** How long a subscription stays PAST_DUE before it is SUSPENDED. */
export const PAST_DUE_GRACE_DAYS = 7;

/** `PUT /subscription/cancel`: at once (past due), or at the end of the paid cycle (or of the trial). */
export function cancellationReceived(endsNow: boolean, periodEnd: Date): OwnerEmail {
  return {
    subject: "Cancelamento do plano recebido",
    text: endsNow
      ? "Seu plano foi cancelado. Seus dados continuam disponíveis; contrate um plano quando quiser voltar."
      : `Seu plano não será renovado. O atendimento continua até ${formatDate(periodEnd)}, o fim do ciclo já pago.`,
  };
}

/** The cancelled cycle ended (CANCELED). */
export const PLAN_ENDED: OwnerEmail = {
  subject: "Seu plano foi encerrado",
  text: "O ciclo pago terminou e, como você pediu, o plano não foi renovado. Seus dados continuam disponíveis; contrate um plano quando quiser voltar.",
};

/** The trial ended without a card (EXPIRED). */
export const TRIAL_ENDED: OwnerEmail = {
  subject: "Seu período gratuito terminou",
  text: "O período gratuito terminou sem um cartão cadastrado. Contrate um plano em Gerenciar Plano para o agente voltar a atender.",
};

/** The past-due grace ran out (SUSPENDED). */
export const PLAN_SUSPENDED: OwnerEmail = {
  subject: "Seu plano foi suspenso",
  text: "Não recebemos o pagamento do seu plano. O agente passou a informar aos clientes que o atendimento está indisponível e a transferir as ligações para o seu telefone de encaminhamento. Seus dados continuam disponíveis: pague em Gerenciar Plano para reativar.",
};

/** A renewal charge was refused (PAST_DUE); `card` is ' (Visa final 1234)' or empty. */
export function renewalRefused(card: string, retryDays: number): OwnerEmail {
  return {
    subject: "Não conseguimos renovar seu plano",
    text: `A cobrança da renovação no seu cartão${card} foi recusada. Tentaremos de novo em ${retryDays} dia(s). Para não ter o atendimento suspenso, atualize o cartão em Gerenciar Plano.`,
  };
}

/** A renewal's invoice (no card that can be charged without the buyer), or its reminder. */
export function invoice(
  payment: { description: string; valueInCents: number; dueDate: string | null; checkoutUrl: string | null },
  reminder: boolean,
): OwnerEmail {
  const due = payment.dueDate ? formatDate(startOfDay(payment.dueDate)) : "breve";
  return {
    subject: reminder ? "Lembrete: fatura do seu plano em aberto" : "Fatura do seu plano",
    text: `${payment.description}: ${formatBrl(payment.valueInCents)}, vencimento em ${due}.\n\nPague pelo link: ${payment.checkoutUrl}\n\nSem o pagamento, o atendimento é suspenso ${PAST_DUE_GRACE_DAYS} dias após o fim do ciclo.`,
  };
}
