import { RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { toast } from "sonner";
import { PaymentResult, ResultAction } from "./result-layout";

/** A notice once per page load (StrictMode mounts twice; the id keeps it one toast). */
function useNoticeOnLoad(kind: "info" | "warning", id: string, text: string): void {
  useEffect(() => {
    toast[kind](text, { id });
  }, [kind, id, text]);
}

/** /payment/subscription/cancel (spec 000 §2): nothing was charged, the setup is kept; try again on the test page. */
export function SubscriptionCancelPage() {
  useNoticeOnLoad(
    "info",
    "payment-subscription-cancel",
    "Pagamento cancelado. Nenhuma cobrança foi realizada.",
  );
  return (
    <PaymentResult
      tone="canceled"
      title="Pagamento Cancelado"
      actions={
        <ResultAction to="/testar-agente">
          <RotateCcw aria-hidden="true" className="size-4" />
          Tentar Novamente
        </ResultAction>
      }
    >
      <p>O pagamento não foi concluído e nenhuma cobrança foi feita.</p>
      <p className="mt-2">
        Suas configurações foram salvas: você pode escolher um plano e tentar novamente quando quiser.
      </p>
    </PaymentResult>
  );
}

/** /payment/subscription/expired (spec 000 §2): links have a limited validity, for security. */
export function SubscriptionExpiredPage() {
  useNoticeOnLoad(
    "warning",
    "payment-subscription-expired",
    "O link de pagamento expirou. Gere um novo link para continuar.",
  );
  return (
    <PaymentResult
      tone="expired"
      title="Link de Pagamento Expirado"
      actions={
        <ResultAction to="/testar-agente">
          <RotateCcw aria-hidden="true" className="size-4" />
          Tentar Novamente
        </ResultAction>
      }
    >
      <p>Por segurança, os links de pagamento têm validade limitada.</p>
      <p className="mt-2">Nenhuma cobrança foi feita. Gere um novo link para concluir a sua assinatura.</p>
    </PaymentResult>
  );
}

/** /payment/minute-pack/cancel (spec 000 §2): nothing was charged and the minutes already bought remain. */
export function MinutePackCancelPage() {
  useNoticeOnLoad("info", "payment-minute-pack-cancel", "Compra cancelada. Nenhuma cobrança foi realizada.");
  return (
    <PaymentResult
      tone="canceled"
      title="Compra Cancelada"
      actions={
        <ResultAction to="/dashboard/gerenciar-plano">
          <RotateCcw aria-hidden="true" className="size-4" />
          Tentar Novamente
        </ResultAction>
      }
    >
      <p>A compra do Pack Avulso não foi concluída e nenhuma cobrança foi feita.</p>
      <p className="mt-2">Seus minutos atuais continuam disponíveis.</p>
    </PaymentResult>
  );
}
