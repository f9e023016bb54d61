import { BILLING_CONSTANTS, BILLING_MESSAGES } from "@atende/shared/billing";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { ApiProvider } from "../../lib/api-provider";
import { httpStatusOf } from "../../lib/server-errors";
import { useTRPCClient } from "../../lib/trpc";
import { packConfirmed, paidPackIds, subscriptionConfirmed } from "./confirmation";
import { pollForConfirmation } from "./polling";
import type { PurchaseKind, SuccessState } from "./success-page";

interface Props {
  kind: PurchaseKind;
  /** Our payment's id from the return URL (`external_reference`), when the provider gave it back. */
  reference: string | undefined;
  children: (state: SuccessState) => ReactNode;
}

/**
 * Polls the signed-in tenant's billing until the purchase is confirmed or the attempts run out (spec 000 §4), then
 * says so with the spec's notice. Loaded on demand by success-page.tsx, with the tRPC context it needs.
 */
function PaymentConfirmation({ kind, reference, children }: Props) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SuccessState>("verifying");

  useEffect(() => {
    let baseline: ReadonlySet<string> | null = null;
    let active = true;
    // The spec's fallback ('a PAID pack not in the first list') needs the list as it was when the page opened.
    if (kind === "minute-pack" && !reference) {
      client.minutePacks.history
        .query()
        .then((packs) => {
          if (active) baseline ??= paidPackIds(packs);
        })
        .catch(() => undefined);
    }

    const checkSubscription = async () => {
      const [subscription, payments] = await Promise.all([
        client.subscription.get.query().catch((error: unknown) => {
          // No subscription yet: not confirmed, and not a failure either.
          if (httpStatusOf(error) === 404) return null;
          throw error;
        }),
        reference
          ? client.subscription.payments
              .query({ offset: 0, limit: BILLING_CONSTANTS.paymentsPageSize })
              .then((page) => page.payments)
          : Promise.resolve(null),
      ]);
      return subscriptionConfirmed(subscription, payments, reference);
    };
    const checkPack = async () => {
      const packs = await client.minutePacks.history.query();
      if (!reference && baseline === null) {
        // The first list could not be read at load: this one stands for it.
        baseline = paidPackIds(packs);
        return false;
      }
      return packConfirmed(packs, reference, baseline);
    };

    const stop = pollForConfirmation({
      ...BILLING_CONSTANTS.poll,
      check: kind === "subscription" ? checkSubscription : checkPack,
      onDone: (outcome) => {
        if (outcome === "confirmed") {
          setState("confirmed");
          toast.success(
            kind === "subscription" ? BILLING_MESSAGES.subscriptionConfirmed : BILLING_MESSAGES.packConfirmed,
            { id: "payment-confirmation" },
          );
          // The dashboard's plan card and the plan page read the new minutes, not a cached count.
          void queryClient.invalidateQueries();
        } else {
          setState("processing");
          toast.warning(BILLING_MESSAGES.confirmationTimeout, { id: "payment-confirmation" });
        }
      },
    });
    return () => {
      active = false;
      stop();
    };
  }, [client, queryClient, kind, reference]);

  return children(state);
}

export default function PaymentConfirmationWithTRPC(props: Props) {
  return (
    <ApiProvider>
      <PaymentConfirmation {...props} />
    </ApiProvider>
  );
}
