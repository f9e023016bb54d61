import { BILLING_MESSAGES, SUBSCRIPTION_STATUS_LABELS } from "@atende/shared/billing";
import { formatBrl, formatDate } from "@atende/shared/format";
import type { MinutePackOffer, Plan, Subscription, TenantData } from "@atende/shared/schemas/billing";
import { useMutation, useQuery } from "@tanstack/react-query";
import {
  CalendarClock,
  Check,
  CreditCard,
  FileText,
  Package,
  Repeat,
  ShoppingCart,
  XCircle,
} from "lucide-react";
import { createContext, useContext, useRef, useState } from "react";
import { toast } from "sonner";
import { type PlanUsage, planUsage } from "../../components/shell/plan-usage";
import { Spinner } from "../../components/spinner";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { PageHeader } from "../../components/ui/page-header";
import { ErrorState } from "../../components/ui/states";
import { useClaims } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { ChangePlanDialog } from "./change-plan-dialog";
import { offerOrFallback, packMinutes } from "./choices";
import { goToCheckout, refusalMessageOf, useReloadBilling } from "./feedback";
import { MinutePackSlider, PACK_FEATURES } from "./minute-pack-slider";
import { PaymentHistory } from "./payment-history";
import { PlanDetails, perCycle } from "./plan-details";
import { UpdateCardDialog } from "./update-card-dialog";
import { UsageBar } from "./usage-bars";

/** Subscriptions that still run (and so can be changed, cancelled, get a new card). */
const RUNNING: ReadonlySet<Subscription["status"]> = new Set(["ACTIVE", "TRIAL", "PAST_DUE", "SUSPENDED"]);

/**
 * Whether the acting user may buy, change and cancel (the owner, or a super-admin acting in the tenant): the server
 * refuses the others (BILLING_MESSAGES.ownerOnly), so their buttons are disabled and the page says why.
 */
const CanManage = createContext(true);

/**
 * /dashboard/gerenciar-plano (spec 000 §2): the current plan with its usage and actions, 'Contratar Novo Plano' with
 * the one-off pack and the plans, and the payment history. Without a subscription, the plans and the pack are offered
 * in its place (a subscription can start here as well as after the agent test).
 */
/** Decision 0050: the agent's confirmation calls are calls like any other. */
const CONFIRMATION_CALLS_NOTE =
  "As ligações de confirmação de agendamento feitas pelo agente consomem minutos do plano, como qualquer ligação. As mensagens de WhatsApp não consomem minutos.";

export function ManagePlanPage() {
  const trpc = useTRPC();
  const tenant = useQuery(trpc.tenant.get.queryOptions());
  const plans = useQuery(trpc.plans.list.queryOptions());
  const claims = useClaims();
  const me = useQuery(trpc.user.me.queryOptions());
  // Until the role is known (or if it cannot be read) the buttons stay usable: the server decides anyway.
  const canManage =
    Boolean(claims?.isSuperAdmin && claims.superAdminSelectedTenantId) ||
    !me.data ||
    me.data.role === "OWNER";
  const historyHeading = useRef<HTMLHeadingElement>(null);
  const [changeTo, setChangeTo] = useState<{ open: boolean; code: string | null }>({
    open: false,
    code: null,
  });

  function showHistory() {
    const heading = historyHeading.current;
    if (!heading) return;
    heading.scrollIntoView({ behavior: "smooth", block: "start" });
    heading.focus({ preventScroll: true });
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Gerenciar Plano" subtitle="Seu plano, seus minutos e seus pagamentos" />
      {tenant.isPending ? (
        <Spinner label="Carregando seu plano..." className="py-12" />
      ) : tenant.isError ? (
        <ErrorState message={BILLING_MESSAGES.tenantLoadFailure} onRetry={() => void tenant.refetch()} />
      ) : (
        <CanManage.Provider value={canManage}>
          <div className="flex flex-col gap-10">
            {!canManage && (
              <p role="note" className="rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900">
                {BILLING_MESSAGES.ownerOnly}
              </p>
            )}
            <CurrentPlan
              tenant={tenant.data}
              plans={plans.data?.plans}
              onShowHistory={showHistory}
              onChangePlan={(code) => setChangeTo({ open: true, code })}
            />
            <NewPlanSection
              subscription={tenant.data.subscription}
              plans={plans}
              onChangePlan={(code) => setChangeTo({ open: true, code })}
            />
            <PaymentHistory headingRef={historyHeading} />
            {tenant.data.subscription && (
              <ChangePlanDialog
                open={changeTo.open}
                onOpenChange={(open) => setChangeTo((current) => ({ ...current, open }))}
                plans={(plans.data?.plans ?? []).filter(
                  (plan) => plan.code !== tenant.data.subscription?.planCode,
                )}
                initialCode={changeTo.code}
                trial={tenant.data.subscription.status === "TRIAL"}
              />
            )}
          </div>
        </CanManage.Provider>
      )}
    </div>
  );
}

// ─── The current plan ────────────────────────────────────────────────────────────────────────────────────────────

function CurrentPlan({
  tenant,
  plans,
  onShowHistory,
  onChangePlan,
}: {
  tenant: TenantData;
  plans: Plan[] | undefined;
  onShowHistory: () => void;
  onChangePlan: (code: string | null) => void;
}) {
  const usage = planUsage(
    tenant,
    plans?.map((plan) => plan.code),
  );
  const subscription = tenant.subscription;
  const running = subscription && RUNNING.has(subscription.status) ? subscription : null;

  return (
    <section
      aria-labelledby="current-plan-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="current-plan-title" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Plano atual
      </h2>
      {running ? (
        <SubscriptionDetails
          subscription={running}
          usage={usage}
          plans={plans}
          onShowHistory={onShowHistory}
          onChangePlan={onChangePlan}
        />
      ) : (
        <NoSubscription ended={subscription} usage={usage} onShowHistory={onShowHistory} />
      )}
    </section>
  );
}

function SubscriptionDetails({
  subscription,
  usage,
  plans,
  onShowHistory,
  onChangePlan,
}: {
  subscription: Subscription;
  usage: PlanUsage;
  plans: Plan[] | undefined;
  onShowHistory: () => void;
  onChangePlan: (code: string | null) => void;
}) {
  const trpc = useTRPC();
  const reload = useReloadBilling();
  const canManage = useContext(CanManage);
  const [cardOpen, setCardOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const plan = plans?.find((candidate) => candidate.code === subscription.planCode);
  const nextPlan = subscription.nextPlanCode
    ? plans?.find((candidate) => candidate.code === subscription.nextPlanCode)
    : undefined;
  const otherPlans = (plans ?? []).filter((candidate) => candidate.code !== subscription.planCode);
  const changeable =
    (subscription.status === "ACTIVE" || subscription.status === "TRIAL") && !subscription.cancelAtPeriodEnd;
  const cancelable =
    (subscription.status === "ACTIVE" ||
      subscription.status === "TRIAL" ||
      subscription.status === "PAST_DUE") &&
    !subscription.cancelAtPeriodEnd;

  const cancel = useMutation(
    trpc.subscription.cancel.mutationOptions({
      onSuccess: async () => {
        toast.success(BILLING_MESSAGES.cancelSuccess);
        setCancelOpen(false);
        await reload();
      },
      onError: async (error) => {
        toast.error(BILLING_MESSAGES.cancelFailure, { description: refusalMessageOf(error) });
        setCancelOpen(false);
        await reload();
      },
    }),
  );

  return (
    <div className="mt-3 flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xl font-semibold break-words text-slate-900">{usage.title}</p>
            <Badge
              tone={subscription.status === "ACTIVE" || subscription.status === "TRIAL" ? "green" : "amber"}
            >
              {SUBSCRIPTION_STATUS_LABELS[subscription.status]}
            </Badge>
          </div>
          <p className="mt-1 text-slate-900">
            <span className="text-2xl font-semibold">{formatBrl(subscription.priceInCents)}</span>
            <span className="text-sm text-slate-600">{perCycle(plan ?? { billingCycle: "MONTHLY" })}</span>
          </p>
          <p className="text-sm text-slate-600">{subscription.monthlyMinutes} minutos por mês</p>
        </div>
        <dl className="grid gap-3 text-sm sm:min-w-60">
          <div>
            <dt className="flex items-center gap-2 text-slate-600">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-teal-700" />
              {subscription.status === "TRIAL"
                ? "Período gratuito até"
                : subscription.cancelAtPeriodEnd
                  ? "Ativo até"
                  : "Próxima renovação"}
            </dt>
            <dd className="pl-6 font-medium text-slate-900">
              {formatDate(
                subscription.status === "TRIAL" && subscription.trialEndsAt
                  ? subscription.trialEndsAt
                  : subscription.currentPeriodEnd,
              )}
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 text-slate-600">
              <CreditCard aria-hidden="true" className="size-4 shrink-0 text-teal-700" />
              Cartão
            </dt>
            <dd className="pl-6 font-medium text-slate-900">
              {subscription.card
                ? `${subscription.card.brand.toUpperCase()} •••• ${subscription.card.lastFour}`
                : "Nenhum cartão cadastrado"}
            </dd>
          </div>
        </dl>
      </div>

      <Notices subscription={subscription} nextPlan={nextPlan} />

      <div className="grid gap-4 sm:grid-cols-2">
        <UsageBar label="Minutos mensais" part={usage.monthly} />
        <UsageBar label="Minutos extras (Pack Avulso)" part={usage.extra} />
        <p className="text-sm text-slate-700 sm:col-span-2">
          Total restante:{" "}
          <strong className="font-semibold text-slate-900">{usage.overall.remaining} minutos</strong>
        </p>
        <p className="text-xs text-slate-600 sm:col-span-2">{CONFIRMATION_CALLS_NOTE}</p>
      </div>

      <div className="grid grid-cols-1 gap-2 border-t border-slate-100 pt-5 sm:flex sm:flex-wrap">
        <Button variant="secondary" disabled={!canManage} onClick={() => setCardOpen(true)}>
          <CreditCard aria-hidden="true" />
          Atualizar Cartão
        </Button>
        <Button variant="secondary" onClick={onShowHistory}>
          <FileText aria-hidden="true" />
          Ver Faturas
        </Button>
        <Button
          variant="secondary"
          disabled={!canManage || otherPlans.length === 0 || !changeable}
          onClick={() => onChangePlan(null)}
        >
          <Repeat aria-hidden="true" />
          Alterar Plano
        </Button>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          disabled={!canManage || !cancelable}
          onClick={() => setCancelOpen(true)}
        >
          <XCircle aria-hidden="true" />
          Cancelar Plano
        </Button>
      </div>

      <UpdateCardDialog open={cardOpen} onOpenChange={setCardOpen} />
      <ConfirmDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        title="Cancelar Plano"
        description={
          subscription.status === "PAST_DUE"
            ? "O plano será encerrado agora, sem novas cobranças. Seus dados continuam disponíveis."
            : `O plano não será renovado. O atendimento continua até ${formatDate(subscription.currentPeriodEnd)}, o fim do ciclo atual, sem reembolso.`
        }
        confirmLabel="Confirmar cancelamento"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({})}
      />
    </div>
  );
}

function Notices({ subscription, nextPlan }: { subscription: Subscription; nextPlan: Plan | undefined }) {
  const notices: { key: string; text: string }[] = [];
  if (subscription.cancelAtPeriodEnd)
    notices.push({
      key: "cancel",
      text: `Cancelamento agendado: o plano fica ativo até ${formatDate(subscription.currentPeriodEnd)} e não será renovado.`,
    });
  if (subscription.status === "PAST_DUE")
    notices.push({
      key: "past-due",
      text: `Pagamento pendente${subscription.pastDueSince ? ` desde ${formatDate(subscription.pastDueSince)}` : ""}: atualize o cartão para o atendimento não ser suspenso.`,
    });
  if (subscription.status === "SUSPENDED")
    notices.push({
      key: "suspended",
      text: "Plano suspenso por falta de pagamento: contrate um plano abaixo para reativar o atendimento.",
    });
  if (subscription.status === "TRIAL" && !subscription.card)
    notices.push({
      key: "trial-card",
      text: "Cadastre um cartão antes do fim do período gratuito para o plano continuar.",
    });
  if (subscription.nextPlanCode)
    notices.push({
      key: "next-plan",
      text: `A partir da próxima renovação: ${nextPlan?.name ?? subscription.nextPlanCode}.`,
    });
  if (notices.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {notices.map((notice) => (
        <li key={notice.key} className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {notice.text}
        </li>
      ))}
    </ul>
  );
}

function NoSubscription({
  ended,
  usage,
  onShowHistory,
}: {
  ended: Subscription | null;
  usage: PlanUsage;
  onShowHistory: () => void;
}) {
  return (
    <div className="mt-3 flex flex-col gap-5">
      <div>
        <p className="text-xl font-semibold text-slate-900">
          {ended
            ? `${ended.planName}: ${SUBSCRIPTION_STATUS_LABELS[ended.status].toLowerCase()}`
            : "Nenhum plano ativo"}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Escolha um plano ou compre um Pack Avulso abaixo para o seu agente atender as ligações.
        </p>
      </div>
      {usage.kind === "packs" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <UsageBar label="Minutos do Pack Avulso" part={usage.extra} />
          <p className="text-sm text-slate-700 sm:self-end">
            Total restante:{" "}
            <strong className="font-semibold text-slate-900">{usage.overall.remaining} minutos</strong>
          </p>
        </div>
      )}
      <div>
        <Button variant="secondary" onClick={onShowHistory}>
          <FileText aria-hidden="true" />
          Ver Faturas
        </Button>
      </div>
    </div>
  );
}

// ─── 'Contratar Novo Plano' ──────────────────────────────────────────────────────────────────────────────────────

function NewPlanSection({
  subscription,
  plans,
  onChangePlan,
}: {
  subscription: Subscription | null;
  plans: {
    isPending: boolean;
    isError: boolean;
    data?: { plans: Plan[] } | undefined;
    refetch: () => unknown;
  };
  onChangePlan: (code: string) => void;
}) {
  // A paid plan that runs and renews: the other plans are a change of plan, not a new purchase.
  const paidAndRenewing = subscription?.status === "ACTIVE" && !subscription.cancelAtPeriodEnd;
  return (
    <section aria-labelledby="new-plan-title" className="flex flex-col gap-4">
      <div>
        <h2 id="new-plan-title" className="text-lg font-semibold text-slate-900">
          Contratar Novo Plano
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Minutos avulsos que não expiram, ou um plano mensal com renovação automática.
        </p>
      </div>
      {/* Sized by the space the page has (the shell's sidebar and agent panel take a varying share). */}
      <div className="@container">
        <div className="grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3">
          <MinutePackCard />
          {plans.isPending ? (
            <Spinner label="Carregando planos..." className="py-8 @xl:col-span-2 @4xl:col-span-3" />
          ) : plans.isError || !plans.data ? (
            <div className="@xl:col-span-2 @4xl:col-span-3">
              <ErrorState message="Erro ao carregar planos" onRetry={() => void plans.refetch()} />
            </div>
          ) : (
            plans.data.plans.map((plan) => (
              <PlanCard
                key={plan.code}
                plan={plan}
                current={
                  subscription?.planCode === plan.code &&
                  subscription.status !== "CANCELED" &&
                  subscription.status !== "EXPIRED"
                }
                paidAndRenewing={paidAndRenewing}
                onChangePlan={onChangePlan}
              />
            ))
          )}
        </div>
      </div>
    </section>
  );
}

function PlanCard({
  plan,
  current,
  paidAndRenewing,
  onChangePlan,
}: {
  plan: Plan;
  current: boolean;
  paidAndRenewing: boolean;
  onChangePlan: (code: string) => void;
}) {
  const trpc = useTRPC();
  const buy = useMutation(
    trpc.billing.buyCheckout.mutationOptions({
      onSuccess: ({ checkoutUrl }) => goToCheckout(checkoutUrl),
      onError: (error) => toast.error(BILLING_MESSAGES.buyFailure, { description: refusalMessageOf(error) }),
    }),
  );
  const canManage = useContext(CanManage);
  const isCurrentPaid = current && paidAndRenewing;
  return (
    <article
      aria-label={plan.name}
      className={
        isCurrentPaid
          ? "flex flex-col gap-4 rounded-xl border-2 border-teal-600 bg-teal-50/40 p-4 sm:p-5"
          : "flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      }
    >
      {current && (
        <Badge tone="green" className="self-start">
          Plano atual
        </Badge>
      )}
      <PlanDetails plan={plan} />
      <div className="mt-auto">
        {isCurrentPaid ? (
          <Button className="w-full" disabled>
            Plano atual
          </Button>
        ) : paidAndRenewing ? (
          <Button
            variant="secondary"
            className="w-full"
            disabled={!canManage}
            onClick={() => onChangePlan(plan.code)}
          >
            <Repeat aria-hidden="true" />
            Mudar para este plano
          </Button>
        ) : (
          <Button
            className="w-full"
            disabled={!canManage || buy.isPending || buy.isSuccess}
            onClick={() => buy.mutate({ planCode: plan.code })}
            aria-label={`${current ? "Assinar agora" : "Contratar"} ${plan.name}`}
          >
            <ShoppingCart aria-hidden="true" />
            {buy.isPending || buy.isSuccess ? "Redirecionando..." : current ? "Assinar agora" : "Contratar"}
          </Button>
        )}
      </div>
    </article>
  );
}

function MinutePackCard() {
  const trpc = useTRPC();
  const offerQuery = useQuery({ ...trpc.minutePacks.offer.queryOptions(), retry: false });
  const offer: MinutePackOffer = offerOrFallback(offerQuery.data);
  const [chosen, setChosen] = useState<number | null>(null);
  const minutes = packMinutes(chosen ?? offer.minMinutes, offer);
  const checkout = useMutation(
    trpc.minutePacks.checkout.mutationOptions({
      onSuccess: ({ checkoutUrl }) => goToCheckout(checkoutUrl),
      onError: (error) =>
        toast.error(BILLING_MESSAGES.packCheckoutFailure, { description: refusalMessageOf(error) }),
    }),
  );
  const canManage = useContext(CanManage);
  const leaving = checkout.isPending || checkout.isSuccess;
  return (
    <article
      aria-labelledby="pack-title"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 @xl:col-span-2 @xl:grid-cols-2 @xl:gap-8 @4xl:col-span-3"
    >
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <Package aria-hidden="true" className="size-5 text-teal-700" />
          <h3 id="pack-title" className="text-base font-semibold text-slate-900">
            Pack Avulso
          </h3>
        </div>
        <p className="text-sm text-slate-600">
          Minutos extras para quando o plano não basta, ou para usar o agente sem mensalidade.
        </p>
        <ul className="flex flex-col gap-1 text-sm text-slate-700">
          {PACK_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-4">
        {offerQuery.isPending ? (
          <Spinner label="Carregando oferta..." className="py-4" />
        ) : (
          <MinutePackSlider offer={offer} value={minutes} onChange={setChosen} disabled={leaving} />
        )}
        <Button
          className="w-full"
          disabled={!canManage || offerQuery.isPending || leaving}
          onClick={() => checkout.mutate({ minutesToBuy: minutes })}
        >
          <ShoppingCart aria-hidden="true" />
          {leaving ? "Redirecionando..." : "Comprar minutos"}
        </Button>
      </div>
    </article>
  );
}
