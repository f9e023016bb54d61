import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Toaster } from "sonner";
import { createQueryClient } from "./lib/query-client";
import { createAppTRPCClient, TRPCProvider } from "./lib/trpc";
import { createAppRouter } from "./router";
import "./styles.css";

const queryClient = createQueryClient();
const trpcClient = createAppTRPCClient();
const router = createAppRouter(queryClient);

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
        {/* spec 000 §9: one toast at a time, 5000 ms, swiped away (sonner's threshold is 45 px, the spec's 50) */}
        <Toaster position="top-right" visibleToasts={1} duration={5000} richColors closeButton />
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
