import { BILLING_MESSAGES } from "@atende/shared/billing";
import { formatBrl } from "@atende/shared/format";
import type { Plan } from "@atende/shared/schemas/billing";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { useTRPC } from "../../lib/trpc";
import { refusalMessageOf, useReloadBilling } from "./feedback";
import { perCycle } from "./plan-details";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plans other than the current one. */
  plans: readonly Plan[];
  /** The plan chosen when the dialog opens (a plan card's 'Mudar para este plano'), else the first. */
  initialCode: string | null;
  /** During the trial the plan simply changes (decision 0023): nothing is charged now. */
  trial: boolean;
}

/** 'Alterar Plano' (spec 000 §2, §8): one of the other plans, then the server's answer as the spec's toast. */
export function ChangePlanDialog({ open, onOpenChange, plans, initialCode, trial }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Alterar Plano"
        description={
          trial
            ? "Durante o período gratuito o plano muda na hora, sem cobrança: a primeira cobrança já será do novo plano."
            : "Um plano maior vale na hora: a diferença dos dias restantes é cobrada no seu cartão e os minutos extras entram no ciclo atual. Um plano menor vale a partir da próxima renovação."
        }
      >
        {open && (
          <ChangePlanForm plans={plans} initialCode={initialCode} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ChangePlanForm({
  plans,
  initialCode,
  onDone,
}: {
  plans: readonly Plan[];
  initialCode: string | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const reload = useReloadBilling();
  const [selected, setSelected] = useState<string>(
    plans.find((plan) => plan.code === initialCode)?.code ?? plans[0]?.code ?? "",
  );
  const change = useMutation(
    trpc.subscription.changePlan.mutationOptions({
      onSuccess: async (result) => {
        toast.success(BILLING_MESSAGES.changeSuccess(result.availableMinutesAfterChange));
        onDone();
        await reload();
      },
      onError: async (error) => {
        toast.error(BILLING_MESSAGES.changeFailure, { description: refusalMessageOf(error) });
        await reload();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (selected) change.mutate({ newPlanCode: selected });
  }

  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend className="sr-only">Novo plano</legend>
        <div className="flex flex-col gap-2">
          {plans.map((plan) => (
            <label
              key={plan.code}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm transition-colors",
                selected === plan.code
                  ? "border-teal-600 bg-teal-50"
                  : "border-slate-200 hover:border-slate-300",
              )}
            >
              <input
                type="radio"
                name="newPlanCode"
                value={plan.code}
                checked={selected === plan.code}
                onChange={() => setSelected(plan.code)}
                className="size-4 accent-teal-700"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium text-slate-900">{plan.name}</span>
                <span className="text-slate-600">{plan.monthlyMinutes} minutos por mês</span>
              </span>
              <span className="shrink-0 text-right font-medium text-slate-900">
                {formatBrl(plan.priceInCents)}
                <span className="font-normal text-slate-600">{perCycle(plan)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={!selected || change.isPending}>
          {change.isPending ? "Alterando..." : "Alterar Plano"}
        </Button>
      </DialogFooter>
    </form>
  );
}
