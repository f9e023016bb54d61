import { LayoutDashboard, ReceiptText } from "lucide-react";
import { lazy, Suspense } from "react";
import type { ReturnParams } from "./confirmation";
import { PaymentResult, ResultAction } from "./result-layout";

export type PurchaseKind = "subscription" | "minute-pack";
export type SuccessState = "verifying" | "confirmed" | "processing";

// The polling needs the API (TanStack Query, tRPC): loaded only for a signed-in visitor, so the page itself stays
// as light as the other public pages.
const PaymentConfirmation = lazy(() => import("./payment-confirmation"));

/**
 * /payment/subscription/success and /payment/minute-pack/success (spec 000 §2, §4): 'Verificando Pagamento...' while
 * the purchase is checked, then confirmed or 'Pagamento Processando'. Without a session nothing can be checked: the
 * payment is shown as processing, which is what the provider's return alone tells.
 */
export function PaymentSuccessPage({
  kind,
  signedIn,
  params,
}: {
  kind: PurchaseKind;
  signedIn: boolean;
  params: ReturnParams;
}) {
  if (!signedIn) return <SuccessView kind={kind} state="processing" />;
  return (
    <Suspense fallback={<SuccessView kind={kind} state="verifying" />}>
      <PaymentConfirmation kind={kind} reference={params.externalReference}>
        {(state) => <SuccessView kind={kind} state={state} />}
      </PaymentConfirmation>
    </Suspense>
  );
}

export function SuccessView({ kind, state }: { kind: PurchaseKind; state: SuccessState }) {
  const action =
    kind === "subscription" ? (
      <ResultAction to="/dashboard">
        <LayoutDashboard aria-hidden="true" className="size-4" />
        Ir para o Dashboard
      </ResultAction>
    ) : (
      <ResultAction to="/dashboard/gerenciar-plano">
        <ReceiptText aria-hidden="true" className="size-4" />
        Ver Meu Plano
      </ResultAction>
    );

  if (state === "verifying")
    return (
      <PaymentResult tone="verifying" title="Verificando Pagamento...">
        <p>Estamos confirmando o seu pagamento com o provedor. Isso leva só alguns segundos.</p>
      </PaymentResult>
    );
  if (state === "confirmed")
    return kind === "subscription" ? (
      <PaymentResult tone="success" title="Assinatura Ativada!" actions={action}>
        <p>Seu pagamento foi confirmado e a sua assinatura está ativa.</p>
        <p className="mt-2">Seu agente já pode atender as ligações do seu negócio.</p>
      </PaymentResult>
    ) : (
      <PaymentResult tone="success" title="Compra Confirmada!" actions={action}>
        <p>Seu pagamento foi confirmado e os minutos foram adicionados à sua conta.</p>
        <p className="mt-2">Os minutos do Pack Avulso não expiram.</p>
      </PaymentResult>
    );
  return (
    <PaymentResult tone="processing" title="Pagamento Processando" actions={action}>
      <p>Seu pagamento está sendo processado pelo provedor.</p>
      <p className="mt-2">
        {kind === "subscription"
          ? "Sua assinatura estará ativa em alguns minutos."
          : "Os minutos serão adicionados à sua conta em alguns minutos."}
      </p>
    </PaymentResult>
  );
}
