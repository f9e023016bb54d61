import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Gauge } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { NO_PLAN, planUsage, planUsageView } from "./plan-usage";

/** The sidebar's and the drawer's plan card (spec 000 §2, §4), leading to /dashboard/gerenciar-plano. */
export function PlanUsageCard({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const trpc = useTRPC();
  const tenant = useQuery(trpc.tenant.get.queryOptions());
  // After the tenant's answer, so the public catalogue never shares a batch with the signed-in calls: a batch that
  // mixes them answers 207 on an expired token instead of the 401 the client refreshes on.
  const plans = useQuery({ ...trpc.plans.list.queryOptions(), enabled: tenant.isSuccess });
  const planCodes = plans.data?.plans.map((plan) => plan.code);
  const view = tenant.isSuccess ? planUsageView(planUsage(tenant.data, planCodes)) : NO_PLAN;

  if (collapsed)
    return (
      <Link
        to="/dashboard/gerenciar-plano"
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
      to="/dashboard/gerenciar-plano"
      onClick={onNavigate}
      aria-label={`${view.title}: ${view.usage}${view.note ? `, ${view.note}` : ""}. Gerenciar Plano`}
      data-testid="plan-usage-card"
      className="block rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm hover:border-teal-300 hover:bg-teal-50"
    >
      <span className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
          <Gauge aria-hidden="true" className="size-4 shrink-0 text-teal-700" />
          <span className="truncate">{view.title}</span>
        </span>
        <span className="shrink-0 text-xs text-slate-700">{view.usage}</span>
      </span>
      <span aria-hidden="true" className="mt-2 block h-1.5 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-teal-600" style={{ width: `${view.percent}%` }} />
      </span>
      {view.details.map((line) => (
        <span key={line} className="mt-1.5 block text-xs text-slate-600">
          {line}
        </span>
      ))}
      {view.note && <span className="mt-2 block text-xs text-slate-600">{view.note}</span>}
    </Link>
  );
}
