/**
 * tRPC over the same authenticated client as the REST calls, so bearer, refresh and retry behave identically.
 * Typed by the server's router; no transformer (the wire carries plain JSON, dates as strings; docs/architecture.md).
 */
import type { AppRouter } from "@atende/api";
import { TRPC_MAX_BATCH_SIZE } from "@atende/shared/trpc";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { authFetch } from "./auth-client";
import { apiUrl } from "./env";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createAppTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        // Subscriptions (the live stream of calls, decision 0034) over Server-Sent Events: the EventSource sends no
        // header, so each carries a watch ticket in its input instead of the bearer token.
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({ url: apiUrl("/trpc") }),
        false: httpBatchLink({
          url: apiUrl("/trpc"),
          // The server refuses larger batches (400).
          maxItems: TRPC_MAX_BATCH_SIZE,
          // A 401 on a batch is answered by refreshing once and re-sending the same (string) body.
          fetch: (input, init) => authFetch(String(input), init as RequestInit | undefined),
        }),
      }),
    ],
  });
}
