import { formatBrl } from "@atende/shared/format";
import { BILLING_CYCLE_LABELS, POPULAR_PLAN_CODE, planTagline } from "@atende/shared/schemas/billing";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Check } from "lucide-react";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { useTRPC } from "../../lib/trpc";
import { FEATURES } from "./site";

const ctaClass =
  "mt-6 inline-flex h-11 w-full items-center justify-center rounded-lg px-4 text-sm font-medium";

/** spec 000 §2 "Pricing", §9: one card per plan of `plans.list`, then the 'Pack Avulso' card. */
export function PricingCards() {
  const trpc = useTRPC();
  const plans = useQuery(trpc.plans.list.queryOptions());
  const offer = useQuery(trpc.minutePacks.offer.queryOptions());

  if (plans.isError) {
    // spec 000 §2/§8: the error text, or 'Erro desconhecido', in red in place of the section's cards.
    return (
      <p role="alert" className="text-center text-red-700">
        {plans.error.message || "Erro desconhecido"}
      </p>
    );
  }
  if (plans.isPending) {
    return (
      <div
        className="grid gap-6 md:grid-cols-2 lg:grid-cols-4"
        role="status"
        aria-busy="true"
        aria-label="Carregando planos"
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[36rem] rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {plans.data.plans.map((plan) => {
        const popular = plan.code === POPULAR_PLAN_CODE;
        return (
          <li
            key={plan.code}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
              popular ? "border-teal-600 ring-2 ring-teal-600" : "border-slate-200",
            )}
          >
            {popular && (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-teal-700 px-3 py-1 text-xs font-bold tracking-wide text-white">
                POPULAR
              </span>
            )}
            <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
            <p className="text-sm text-slate-600">{planTagline(plan.code)}</p>
            <p className="mt-4">
              <span className="text-3xl font-bold text-slate-900">{formatBrl(plan.priceInCents)}</span>
              <span className="text-slate-600">/{BILLING_CYCLE_LABELS[plan.billingCycle]}</span>
            </p>
            <p className="mt-1 text-sm font-medium text-slate-800">{plan.monthlyMinutes} minutos por mês</p>
            <p className="mt-2 inline-flex w-fit rounded-full bg-teal-50 px-3 py-1 text-xs font-medium text-teal-800">
              7 dias de período gratuito
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
              {FEATURES.map((f) => (
                <li key={f.title} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
                  {f.title}
                </li>
              ))}
            </ul>
            <Link
              to="/login"
              className={cn(
                ctaClass,
                popular
                  ? "bg-teal-700 text-white hover:bg-teal-800"
                  : "border border-slate-300 text-slate-800 hover:bg-slate-50",
              )}
              aria-label={`Começar período gratuito do ${plan.name}`}
            >
              Começar período gratuito
            </Link>
          </li>
        );
      })}
      <li className="flex flex-col rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6">
        <h3 className="text-lg font-semibold text-slate-900">Pack Avulso</h3>
        <p className="text-sm text-slate-600">minutos extras quando precisar</p>
        {offer.data ? (
          <>
            <p className="mt-4">
              <span className="text-3xl font-bold text-slate-900">
                {formatBrl(offer.data.pricePerMinuteInCents)}
              </span>
              <span className="text-slate-600">/minuto</span>
            </p>
            <p className="mt-1 text-sm font-medium text-slate-800">
              De {offer.data.minMinutes} a {offer.data.maxMinutes} minutos, de 50 em 50
            </p>
          </>
        ) : (
          <Skeleton className="mt-4 h-14" />
        )}
        {/* spec 000 §9 "Pack Avulso". */}
        <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
          {["Pagamento único", "Os minutos não expiram", "Combina com qualquer plano"].map((item) => (
            <li key={item} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
              {item}
            </li>
          ))}
        </ul>
        <Link
          to="/login"
          className={cn(ctaClass, "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
        >
          Comprar minutos
        </Link>
      </li>
    </ul>
  );
}
