import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { Brand } from "../brand";
import { navItemsFor } from "./nav-items";
import { NavList } from "./nav-list";
import { PlanUsageCard } from "./plan-usage-card";
import { SetupLinks } from "./setup-links";
import { SignOutButton } from "./sign-out-button";
import { useSidebarCollapsed } from "./use-sidebar-collapsed";

/** The desktop navigation (lg and up); below that the mobile top bar takes over. */
export function Sidebar({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <aside
      className={`sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 motion-reduce:transition-none lg:flex ${collapsed ? "w-20" : "w-64"}`}
    >
      <div
        className={`flex h-16 items-center border-b border-slate-100 px-4 ${collapsed ? "justify-center" : "justify-between"}`}
      >
        {!collapsed && <Brand />}
        <button
          type="button"
          onClick={() => setCollapsed(!collapsed)}
          aria-label={collapsed ? "Expandir menu" : "Recolher menu"}
          aria-expanded={!collapsed}
          className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <ToggleIcon aria-hidden="true" className="size-5" />
        </button>
      </div>
      <nav aria-label="Menu principal" className="flex-1 overflow-y-auto p-3">
        <NavList items={navItemsFor(isSuperAdmin)} collapsed={collapsed} />
        <SetupLinks collapsed={collapsed} />
      </nav>
      <div className="flex flex-col gap-2 border-t border-slate-100 p-3">
        <PlanUsageCard collapsed={collapsed} />
        <SignOutButton collapsed={collapsed} />
      </div>
    </aside>
  );
}
