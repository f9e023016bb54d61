import { createFileRoute } from "@tanstack/react-router";
import { FullPageSpinner } from "../../../components/spinner";
import { parseReturnParams } from "../../../features/payment/confirmation";
import { PaymentSuccessPage } from "../../../features/payment/success-page";
import { ensureSession } from "../../../lib/auth-client";

/** spec 000 §2: public; a signed-in visitor's session is used to confirm the payment (spec 000 §4). */
export const Route = createFileRoute("/payment/subscription/success")({
  validateSearch: parseReturnParams,
  beforeLoad: async () => ({ signedIn: await ensureSession() }),
  pendingComponent: () => <FullPageSpinner label="Verificando Pagamento..." />,
  pendingMs: 150,
  pendingMinMs: 300,
  component: function SubscriptionSuccess() {
    const { signedIn } = Route.useRouteContext();
    return <PaymentSuccessPage kind="subscription" signedIn={signedIn} params={Route.useSearch()} />;
  },
});
