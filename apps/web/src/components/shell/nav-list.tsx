import { Link } from "@tanstack/react-router";
import type { NavItem } from "./nav-items";

interface NavListProps {
  items: readonly NavItem[];
  /** Icons only, with the label kept for screen readers and as a tooltip. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

const base =
  "group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-slate-900";

/** An item whose path holds another item's (Agendas and its Lista de Espera) is active on its own path only. */
const exactFor = (item: NavItem, items: readonly NavItem[]) =>
  item.to === "/dashboard" || items.some((other) => other.to.startsWith(`${item.to}/`));

export function NavList({ items, collapsed = false, onNavigate }: NavListProps) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            title={collapsed ? item.label : undefined}
            onClick={onNavigate}
            activeOptions={{ exact: exactFor(item, items) }}
            className={`${base} ${collapsed ? "justify-center" : ""}`}
            activeProps={{ className: "bg-teal-50 text-teal-800 hover:bg-teal-50", "aria-current": "page" }}
            inactiveProps={{ className: "text-slate-600" }}
          >
            <item.icon aria-hidden="true" className="size-5 shrink-0" />
            <span className={collapsed ? "sr-only" : "truncate"}>{item.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
