import { BILLING_CONSTANTS, BILLING_MESSAGES } from "@atende/shared/billing";
import { maskCpfCnpj } from "@atende/shared/documents";
import { maskCep, maskPhone } from "@atende/shared/format";
import { type MinutePackOffer, type Plan, TrialCheckoutInput } from "@atende/shared/schemas/billing";
import type { z } from "@atende/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Check, CreditCard, Package, ShoppingCart, Sparkles } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type Path, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Spinner } from "../../components/spinner";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { applyServerIssues } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import {
  initialPlanChoice,
  MINUTE_PACK_CHOICE,
  offerOrFallback,
  packMinutes,
  readStoredPlanChoice,
  storePlanChoice,
} from "./choices";
import { goToCheckout, refusalMessageOf } from "./feedback";
import { MaskedInput } from "./masked-input";
import { MinutePackSlider, PACK_FEATURES } from "./minute-pack-slider";
import { PlanDetails, TRIAL_LINE } from "./plan-details";

type CheckoutInput = z.input<typeof TrialCheckoutInput>;
type Checkout = z.output<typeof TrialCheckoutInput>;

const FIELDS: readonly Path<CheckoutInput>[] = [
  "planCode",
  "customerCpfCnpj",
  "customerPhone",
  "customerPostalCode",
  "customerAddressNumber",
];

/**
 * The plan choice and checkout form of /testar-agente, shown after a successful test call (spec 001 §2, §4; spec 000
 * §5 "Checkout form"): a card per plan (the second selected by default, the choice kept in local storage) and the
 * 'minute-pack' choice with its slider; then the buyer's CPF/CNPJ, phone, CEP and address number. A plan starts the
 * 7-day trial ('Começar período gratuito') or is paid now; the pack is bought. Each leads to the checkout page.
 */
export function PlanCheckout() {
  const trpc = useTRPC();
  const plans = useQuery(trpc.plans.list.queryOptions());
  const offer = useQuery({ ...trpc.minutePacks.offer.queryOptions(), retry: false });
  if (plans.isPending || offer.isPending) return <Spinner label="Carregando planos..." className="py-8" />;
  return (
    <CheckoutForm
      plans={plans.data?.plans ?? []}
      plansFailed={plans.isError}
      offer={offerOrFallback(offer.data)}
    />
  );
}

function CheckoutForm({
  plans,
  plansFailed,
  offer,
}: {
  plans: Plan[];
  plansFailed: boolean;
  offer: MinutePackOffer;
}) {
  const trpc = useTRPC();
  const form = useForm<CheckoutInput, unknown, Checkout>({
    resolver: zodResolver(TrialCheckoutInput),
    defaultValues: {
      planCode: initialPlanChoice(
        plans.map((plan) => plan.code),
        readStoredPlanChoice(),
      ),
      customerCpfCnpj: "",
      customerPhone: "",
      customerPostalCode: "",
      customerAddressNumber: "",
    },
  });
  const { control, formState, handleSubmit, register, setError, watch } = form;
  const errors = formState.errors;
  const choice = watch("planCode");
  const isPack = choice === MINUTE_PACK_CHOICE;
  const [minutes, setMinutes] = useState(offer.minMinutes);

  const onError = (fallback: string) => (error: unknown) => {
    applyServerIssues(error, FIELDS, setError);
    toast.error(refusalMessageOf(error) ?? fallback);
  };
  const leave = ({ checkoutUrl }: { checkoutUrl: string }) => goToCheckout(checkoutUrl);
  const trial = useMutation(
    trpc.billing.trialCheckout.mutationOptions({
      onSuccess: leave,
      onError: onError(BILLING_MESSAGES.checkoutStartFailure),
    }),
  );
  const buy = useMutation(
    trpc.billing.buyCheckout.mutationOptions({
      onSuccess: leave,
      onError: onError(BILLING_MESSAGES.checkoutStartFailure),
    }),
  );
  const pack = useMutation(
    trpc.minutePacks.checkout.mutationOptions({
      onSuccess: leave,
      onError: onError(BILLING_MESSAGES.packCheckoutFailure),
    }),
  );
  const busy = [trial, buy, pack].some((mutation) => mutation.isPending || mutation.isSuccess);

  const customerOf = (values: Checkout) => ({
    customerCpfCnpj: values.customerCpfCnpj,
    customerPhone: values.customerPhone,
    customerPostalCode: values.customerPostalCode,
    customerAddressNumber: values.customerAddressNumber,
  });
  const startTrialOrPack = handleSubmit((values) => {
    if (values.planCode === MINUTE_PACK_CHOICE)
      pack.mutate({ minutesToBuy: packMinutes(minutes, offer), ...customerOf(values) });
    else trial.mutate(values);
  });
  const payNow = handleSubmit((values) => buy.mutate(values));
  const planField = register("planCode", {
    onChange: (event) => storePlanChoice(String(event.target.value)),
  });

  return (
    <form noValidate onSubmit={startTrialOrPack} className="flex flex-col gap-6">
      <fieldset aria-describedby={errors.planCode ? "plan-choice-error" : undefined}>
        <legend className="sr-only">Plano</legend>
        {plansFailed && (
          <p role="alert" className="mb-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
            Erro ao carregar planos. O Pack Avulso continua disponível.
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          {plans.map((plan) => (
            <ChoiceCard key={plan.code} value={plan.code} field={planField} id={`plan-${plan.code}`}>
              <PlanDetails plan={plan} trial headingId={`plan-${plan.code}-title`} />
            </ChoiceCard>
          ))}
          <ChoiceCard value={MINUTE_PACK_CHOICE} field={planField} id="plan-minute-pack">
            <div className="flex flex-col gap-2">
              <h3
                id="plan-minute-pack-title"
                className="flex items-center gap-2 text-base font-semibold text-slate-900"
              >
                <Package aria-hidden="true" className="size-5 text-teal-700" />
                Pack Avulso
              </h3>
              <p className="text-sm text-slate-600">Minutos avulsos, sem mensalidade.</p>
              <ul className="flex flex-col gap-1 text-sm text-slate-700">
                {PACK_FEATURES.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            </div>
          </ChoiceCard>
        </div>
        {errors.planCode?.message && (
          <p id="plan-choice-error" className="mt-2 text-xs text-red-700">
            {errors.planCode.message}
          </p>
        )}
      </fieldset>

      {isPack && (
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <MinutePackSlider offer={offer} value={minutes} onChange={setMinutes} disabled={busy} />
        </div>
      )}

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-base font-semibold text-slate-900">Dados para pagamento</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="CPF ou CNPJ" required error={errors.customerCpfCnpj?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="customerCpfCnpj"
                mask={maskCpfCnpj}
                inputMode="numeric"
                placeholder="000.000.000-00"
                maxLength={18}
              />
            )}
          </Field>
          <Field label="Telefone" required error={errors.customerPhone?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="customerPhone"
                mask={maskPhone}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="(00) 00000-0000"
                maxLength={15}
              />
            )}
          </Field>
          <Field label="CEP" required error={errors.customerPostalCode?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="customerPostalCode"
                mask={maskCep}
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="00000-000"
                maxLength={9}
              />
            )}
          </Field>
          <Field label="Número do endereço" required error={errors.customerAddressNumber?.message}>
            {(aria) => <Input {...aria} maxLength={20} {...register("customerAddressNumber")} />}
          </Field>
        </div>
      </fieldset>

      {isPack ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={busy}>
            <ShoppingCart aria-hidden="true" />
            {busy ? "Redirecionando..." : "Comprar minutos"}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={busy}>
              <Sparkles aria-hidden="true" />
              {trial.isPending || trial.isSuccess ? "Redirecionando..." : "Começar período gratuito"}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void payNow()}>
              <CreditCard aria-hidden="true" />
              {buy.isPending || buy.isSuccess ? "Redirecionando..." : "Assinar e pagar agora"}
            </Button>
          </div>
          <p className="text-xs text-slate-600">
            {TRIAL_LINE}: nada é cobrado hoje, o cartão é cadastrado no checkout e a primeira cobrança
            acontece depois de {BILLING_CONSTANTS.trialDays} dias. Cancele quando quiser.
          </p>
        </div>
      )}
    </form>
  );
}

/**
 * A plan (or the pack) as a selectable card: the radio is named by the card's title (`{id}-title`, inside
 * `children`) and described by the rest of the card.
 */
function ChoiceCard({
  value,
  field,
  id,
  children,
}: {
  value: string;
  field: UseFormRegisterReturn<"planCode">;
  id: string;
  children: ReactNode;
}) {
  return (
    <label className="relative flex cursor-pointer gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-slate-300 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50/50 has-[:checked]:ring-1 has-[:checked]:ring-teal-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600">
      <input
        type="radio"
        value={value}
        aria-labelledby={`${id}-title`}
        aria-describedby={id}
        className="mt-1 size-4 shrink-0 accent-teal-700 focus-visible:outline-none"
        {...field}
      />
      <div id={id} className="min-w-0 flex-1">
        {children}
      </div>
    </label>
  );
}
