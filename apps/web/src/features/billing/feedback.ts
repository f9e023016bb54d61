import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { httpStatusOf, serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";

/**
 * The server's own pt-BR words for a refusal the buyer can act on (a 4xx: 'CPF inválido: confira os dígitos', the trial
 * already used, a plan already active), else undefined: a failure of ours or of the network keeps the spec's text.
 */
export function refusalMessageOf(error: unknown): string | undefined {
  const status = httpStatusOf(error);
  if (status === undefined || status < 400 || status >= 500) return undefined;
  return serverMessageOf(error);
}

/** Leaves for a checkout page (the provider's, or the sandbox's), replacing nothing in history. */
export function goToCheckout(checkoutUrl: string): void {
  window.location.assign(checkoutUrl);
}

/** After a subscription action or a purchase (spec 000 §4): the tenant, its subscription, payments and packs again. */
export function useReloadBilling(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.tenant.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.subscription.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.minutePacks.history.pathKey() }),
    ]);
  }, [queryClient, trpc]);
}
