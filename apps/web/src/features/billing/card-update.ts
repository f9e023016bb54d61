import { BILLING_MESSAGES } from "@atende/shared/billing";
import type { CreditCardFields, CreditCardHolderInfoFields } from "@atende/shared/schemas/billing";
import type { z } from "@atende/shared/zod";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTRPC } from "../../lib/trpc";
import { refusalMessageOf, useReloadBilling } from "./feedback";

/**
 * What `subscription.updateCreditCard` takes: the spec's card payload with the sandbox, a browser-made token with
 * Mercado Pago (ARCHITECTURE.md "Card data"). Spelled here because the input schema's `z.preprocess` leaves tRPC an
 * `unknown` input type: every call goes through `useUpdateCard`, which accepts only this.
 */
export type CardUpdatePayload =
  | {
      creditCard: z.input<typeof CreditCardFields>;
      creditCardHolderInfo: z.input<typeof CreditCardHolderInfoFields>;
    }
  | { cardToken: string; paymentMethodId?: string };

/** The card update with the spec's toasts (spec 000 §8); the data is reloaded either way (spec 000 §4). */
export function useUpdateCard(options: { onSuccess: () => void; onError?: (error: unknown) => void }) {
  const trpc = useTRPC();
  const reload = useReloadBilling();
  const mutation = useMutation(
    trpc.subscription.updateCreditCard.mutationOptions({
      onSuccess: async () => {
        toast.success(BILLING_MESSAGES.cardSuccess);
        options.onSuccess();
        await reload();
      },
      onError: (error) => {
        toast.error(BILLING_MESSAGES.cardFailure, { description: refusalMessageOf(error) });
        options.onError?.(error);
      },
    }),
  );
  return {
    update: (payload: CardUpdatePayload) => mutation.mutate(payload),
    pending: mutation.isPending,
  };
}
