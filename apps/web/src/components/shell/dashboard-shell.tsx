import { Outlet } from "@tanstack/react-router";
import { useClaims } from "../../lib/session";
import { TooltipProvider } from "../ui/tooltip";
import { AgentSettingsPanel } from "./agent-settings-panel";
import { MobileNav } from "./mobile-nav";
import { Sidebar } from "./sidebar";
import { SuperAdminBanner } from "./super-admin-banner";
import { useRedirectWhenSignedOut } from "./use-redirect-when-signed-out";

/** The layout of every /dashboard page (spec 000 §2 'Dashboard shell'). */
export function DashboardShell() {
  const claims = useClaims();
  useRedirectWhenSignedOut();
  const isSuperAdmin = claims?.isSuperAdmin ?? false;
  const selectedTenantId = claims?.superAdminSelectedTenantId ?? null;

  // The tooltip provider lives here, not in main.tsx, so the public pages load no Radix code.
  return (
    <TooltipProvider delayDuration={300}>
      <div className="min-h-dvh bg-slate-50 lg:flex">
        <a
          href="#conteudo"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Pular para o conteúdo
        </a>
        <Sidebar isSuperAdmin={isSuperAdmin} />
        <div className="flex min-w-0 flex-1 flex-col">
          <MobileNav isSuperAdmin={isSuperAdmin} />
          {selectedTenantId && <SuperAdminBanner selectedTenantId={selectedTenantId} />}
          <main
            id="conteudo"
            tabIndex={-1}
            className="flex-1 px-4 py-6 outline-none sm:px-6 lg:py-10 xl:px-10"
          >
            <Outlet />
          </main>
        </div>
        <AgentSettingsPanel />
      </div>
    </TooltipProvider>
  );
}
