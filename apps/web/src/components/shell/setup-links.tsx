import { Link } from "@tanstack/react-router";
import {
  ExternalLink,
  FlaskConical,
  ListChecks,
  type LucideIcon,
  PhoneForwarded,
  Settings,
} from "lucide-react";

interface SetupLink {
  label: string;
  to: string;
  icon: LucideIcon;
  /** The phone-forwarding guide opens in a new tab (spec 000 §2), so the dashboard stays where it was. */
  newTab?: boolean;
}

const LINKS: readonly SetupLink[] = [
  { label: "Testar agente", to: "/testar-agente", icon: FlaskConical },
  { label: "Configuração inicial", to: "/configuracao-inicial", icon: ListChecks },
  { label: "Configurações", to: "/dashboard/configuracoes", icon: Settings },
  {
    label: "Redirecionamento de chamadas",
    to: "/redirecionamento-telefone",
    icon: PhoneForwarded,
    newTab: true,
  },
];

const base =
  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900";

/** The shell's links to the setup pages (spec 000 §2 "Links from the shell to other pages"). */
export function SetupLinks({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <p
        className={
          collapsed ? "sr-only" : "px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
        }
      >
        Configuração
      </p>
      <ul className="flex flex-col gap-1">
        {LINKS.map((link) => {
          const content = (
            <>
              <link.icon aria-hidden="true" className="size-5 shrink-0" />
              <span className={collapsed ? "sr-only" : "min-w-0 leading-snug"}>{link.label}</span>
              {link.newTab && (
                <>
                  {!collapsed && <ExternalLink aria-hidden="true" className="ml-auto size-3.5 shrink-0" />}
                  <span className="sr-only"> (abre em nova aba)</span>
                </>
              )}
            </>
          );
          const className = `${base} ${collapsed ? "justify-center" : ""}`;
          return (
            <li key={link.to}>
              {link.newTab ? (
                <a
                  href={link.to}
                  target="_blank"
                  rel="noopener"
                  title={collapsed ? link.label : undefined}
                  className={className}
                >
                  {content}
                </a>
              ) : (
                <Link
                  to={link.to}
                  title={collapsed ? link.label : undefined}
                  onClick={onNavigate}
                  className={className}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
