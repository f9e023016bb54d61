import {
  BILLING_CONSTANTS,
  BILLING_MESSAGES,
  BILLING_TYPE_LABELS,
  PAYMENT_STATUS_LABELS,
} from "@atende/shared/billing";
import type { PaymentStatus } from "@atende/shared/enums";
import { formatBrl, formatDate } from "@atende/shared/format";
import type { Payment } from "@atende/shared/schemas/billing";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, FileX } from "lucide-react";
import type { Ref } from "react";
import { Spinner } from "../../components/spinner";
import { Badge } from "../../components/ui/badge";
import { EmptyState, ErrorState } from "../../components/ui/states";
import { useTRPC } from "../../lib/trpc";

const STATUS_TONES: Record<PaymentStatus, "green" | "amber" | "neutral" | "blue"> = {
  PENDING: "amber",
  CONFIRMED: "green",
  RECEIVED: "green",
  OVERDUE: "amber",
  REFUNDED: "blue",
  CANCELED: "neutral",
  FAILED: "neutral",
};

/** The spec's first page of payments: limit 20, offset 0 (spec 000 §7, §9). */
export const PAYMENTS_QUERY = { offset: 0, limit: BILLING_CONSTANTS.paymentsPageSize } as const;

/**
 * The payment history of /dashboard/gerenciar-plano (spec 000 §2, §8): each payment's status, dates, value and billing
 * type, and its document (invoice or bank slip) in a new tab; a retry after a load error; a note when more exist.
 */
export function PaymentHistory({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const trpc = useTRPC();
  const payments = useQuery(trpc.subscription.payments.queryOptions(PAYMENTS_QUERY));

  return (
    <section aria-labelledby="payment-history-title" className="flex flex-col gap-4">
      <h2
        id="payment-history-title"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-20 text-lg font-semibold text-slate-900 outline-none"
      >
        Histórico de Pagamentos
      </h2>
      {payments.isPending ? (
        <Spinner label="Carregando pagamentos..." className="py-8" />
      ) : payments.isError ? (
        <ErrorState message={BILLING_MESSAGES.paymentsLoadFailure} onRetry={() => void payments.refetch()} />
      ) : payments.data.payments.length === 0 ? (
        <EmptyState message={BILLING_MESSAGES.paymentsEmpty} />
      ) : (
        <>
          <ul aria-label="Pagamentos" className="flex flex-col gap-3">
            {payments.data.payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </ul>
          {payments.data.hasMore && (
            <p className="text-sm text-slate-600">
              Exibindo os {payments.data.payments.length} pagamentos mais recentes de{" "}
              {payments.data.totalCount}.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  const document = payment.bankSlipUrl ?? payment.invoiceUrl;
  return (
    <li
      aria-label={payment.description}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-words text-slate-900">{payment.description}</p>
          <Badge tone={STATUS_TONES[payment.status]}>{PAYMENT_STATUS_LABELS[payment.status]}</Badge>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap">
          <Fact term="Criado em" value={formatDate(payment.dateCreated)} />
          {payment.dueDate && <Fact term="Vencimento" value={formatDate(payment.dueDate)} />}
          {payment.paymentDate && <Fact term="Pago em" value={formatDate(payment.paymentDate)} />}
          <Fact
            term="Forma de pagamento"
            value={payment.billingType ? BILLING_TYPE_LABELS[payment.billingType] : "—"}
          />
        </dl>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:items-end">
        <p className="text-lg font-semibold text-slate-900">{formatBrl(payment.value)}</p>
        {document ? (
          <a
            href={document}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-teal-700 hover:text-teal-900 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            {payment.bankSlipUrl ? "Ver boleto" : "Ver fatura"}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        ) : (
          <p className="flex items-center gap-1.5 text-xs text-slate-600 sm:max-w-48 sm:text-right">
            <FileX aria-hidden="true" className="size-3.5 shrink-0" />
            {BILLING_MESSAGES.documentUnavailable}
          </p>
        )}
      </div>
    </li>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="text-slate-800">{value}</dd>
    </div>
  );
}
