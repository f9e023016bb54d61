import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Toaster } from "sonner";
import { createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

createRoot(container).render(
  <StrictMode>
    {/* TanStack Query and tRPC are provided by the routes that call the API (lib/api-provider.tsx). */}
    <RouterProvider router={router} />
    {/* spec 000 §9: one toast at a time, 5000 ms, swiped away (sonner's threshold is 45 px, the spec's 50) */}
    <Toaster position="top-right" visibleToasts={1} duration={5000} richColors closeButton />
  </StrictMode>,
);
