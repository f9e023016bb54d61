import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Gauge } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { NO_PLAN, planUsageView } from "./plan-usage";

/** Built by the billing work; until then the link shows the shell's 404 page. */
const MANAGE_PLAN: string = "/dashboard/gerenciar-plano";

/** The sidebar's and the drawer's plan card (spec 000 §2, §4), leading to /dashboard/gerenciar-plano. */
export function PlanUsageCard({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const trpc = useTRPC();
  const remaining = useQuery(trpc.tenant.remainingMinutes.queryOptions());
  const view = remaining.isSuccess ? planUsageView(remaining.data) : NO_PLAN;

  if (collapsed)
    return (
      <Link
        to={MANAGE_PLAN}
        title={`${view.title}: ${view.usage}`}
        onClick={onNavigate}
        className="flex justify-center rounded-lg px-3 py-2.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Gauge aria-hidden="true" className="size-5" />
        <span className="sr-only">
          {view.title}: {view.usage}
        </span>
      </Link>
    );

  return (
    <Link
      to={MANAGE_PLAN}
      onClick={onNavigate}
      className="block rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm hover:border-teal-300 hover:bg-teal-50"
    >
      <span className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-medium text-slate-900">
          <Gauge aria-hidden="true" className="size-4 text-teal-700" />
          {view.title}
        </span>
        <span className="text-xs text-slate-700">{view.usage}</span>
      </span>
      <span aria-hidden="true" className="mt-2 block h-1.5 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-teal-600" style={{ width: `${view.percent}%` }} />
      </span>
      {view.note && <span className="mt-2 block text-xs text-slate-600">{view.note}</span>}
    </Link>
  );
}
