import { BILLING_CYCLE_LABELS, POPULAR_PLAN_CODE, planTagline } from "@atende/shared/billing";
import { Check } from "lucide-react";
import { cx } from "./controls";
import { formatBrl } from "./format";
import type { PricingState } from "./pricing-state";
import { FEATURES } from "./site";

const ctaClass =
  "mt-6 inline-flex h-11 w-full items-center justify-center rounded-lg px-4 text-sm font-medium";

/**
 * spec 000 §2 "Pricing", §9: one card per plan of the catalogue (GET /plans), then the 'Pack Avulso' card. The links
 * are plain: /login is the single-page app's, a full navigation from the public pages.
 */
export function PricingCards({ pricing }: { pricing: PricingState }) {
  if (pricing.status === "error") {
    // spec 000 §2/§8: the error text in red in place of the section's cards.
    return (
      <p role="alert" className="text-center text-red-700">
        {pricing.message}
      </p>
    );
  }
  if (pricing.status === "loading") {
    return (
      <div
        className="grid gap-6 md:grid-cols-2 lg:grid-cols-4"
        role="status"
        aria-busy="true"
        aria-label="Carregando planos"
      >
        {[0, 1, 2, 3].map((i) => (
          <div key={i} aria-hidden="true" className="h-[36rem] animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {pricing.plans.map((plan) => {
        const popular = plan.code === POPULAR_PLAN_CODE;
        return (
          <li
            key={plan.code}
            className={cx(
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
            <a
              href="/login"
              className={cx(
                ctaClass,
                popular
                  ? "bg-teal-700 text-white hover:bg-teal-800"
                  : "border border-slate-300 text-slate-800 hover:bg-slate-50",
              )}
              aria-label={`Começar período gratuito do ${plan.name}`}
            >
              Começar período gratuito
            </a>
          </li>
        );
      })}
      <li className="flex flex-col rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6">
        <h3 className="text-lg font-semibold text-slate-900">Pack Avulso</h3>
        <p className="text-sm text-slate-600">minutos extras quando precisar</p>
        {/* Without the offer (it failed to load) the card keeps its terms and leaves the price out. */}
        {pricing.offer && (
          <>
            <p className="mt-4">
              <span className="text-3xl font-bold text-slate-900">
                {formatBrl(pricing.offer.pricePerMinuteInCents)}
              </span>
              <span className="text-slate-600">/minuto</span>
            </p>
            <p className="mt-1 text-sm font-medium text-slate-800">
              De {pricing.offer.minMinutes} a {pricing.offer.maxMinutes} minutos, de 50 em 50
            </p>
          </>
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
        <a
          href="/login"
          className={cx(ctaClass, "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
        >
          Comprar minutos
        </a>
      </li>
    </ul>
  );
}
