// TanStack Query and tRPC for the pages that call the API. They are provided by those pages' routes, not by main.tsx,
// so the public pages' first load (the /login budget: 120 KB gzip, issue #7) carries neither the query cache nor
// the tRPC client. Every provider shares the one QueryClient and the one tRPC client, so the cache outlives a move
// between the dashboard, the wizard and the test page.
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "./query-client";
import { createAppTRPCClient, TRPCProvider } from "./trpc";

let clients:
  | { query: ReturnType<typeof createQueryClient>; trpc: ReturnType<typeof createAppTRPCClient> }
  | undefined;

export function ApiProvider({ children }: { children: ReactNode }) {
  clients ??= { query: createQueryClient(), trpc: createAppTRPCClient() };
  return (
    <QueryClientProvider client={clients.query}>
      <TRPCProvider trpcClient={clients.trpc} queryClient={clients.query}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
