import { WIZARD_MESSAGES } from "@atende/shared/catalogue-constants";
import type { SetupState } from "@atende/shared/schemas/tenant";
import { hasActiveSubscription, type WizardStep } from "@atende/shared/setup-state";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Check, CircleCheck, LayoutDashboard } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { Brand } from "../../components/brand";
import { useRedirectWhenSignedOut } from "../../components/shell/use-redirect-when-signed-out";
import { Spinner } from "../../components/spinner";
import { Button } from "../../components/ui/button";
import { ErrorState } from "../../components/ui/states";
import { cn } from "../../lib/cn";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { VoiceAgentForm } from "../voice-agent/voice-agent-form";
import { EstablishmentStep, OfferedServiceStep, ProfessionalStep } from "./catalogue-steps";
import {
  blockedSaveReason,
  isStepComplete,
  nextAfterSave,
  type StepCompletion,
  stepTitle,
  WIZARD_STEPS,
} from "./wizard-steps";

/** spec 001 §9: "Wizard redirect delay about 1.5 to 2 seconds". */
export const WIZARD_REDIRECT_DELAY_MS = 1800;

const COMPLETED = "Configuração inicial concluída! Redirecionando para testar seu agente...";
const ALREADY_ACTIVE = "Você já possui serviços ativos. Redirecionando para o dashboard...";

function completionOf(state: SetupState): StepCompletion {
  return {
    voiceAgent: state.voiceAgent.exists,
    establishment: state.establishments.count > 0,
    professional: state.professionals.count > 0,
    offeredService: state.offeredServices.count > 0,
  };
}

/** The initial configuration wizard (spec 001 §2, §4 "Wizard", §8 "Wizard"). */
export function SetupWizard() {
  // A session lost here (a sign-out in another tab) goes back to /login, like on the dashboard.
  useRedirectWhenSignedOut();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setup = useQuery(trpc.tenant.setupState.queryOptions());
  const state = setup.data;
  const active = hasActiveSubscription(state?.subscriptionStatus);

  // The records each step updates: the agent and the first (oldest) record of each catalogue.
  const agent = useQuery({
    ...trpc.voiceAgent.get.queryOptions(state?.voiceAgent.exists ? undefined : skipToken),
    retry: false,
  });
  const firstEstablishment = state?.establishments.firstId;
  const firstProfessional = state?.professionals.firstId;
  const firstService = state?.offeredServices.firstId;
  const establishment = useQuery(
    trpc.establishments.get.queryOptions(firstEstablishment ? { id: firstEstablishment } : skipToken),
  );
  const professional = useQuery(
    trpc.professionals.get.queryOptions(firstProfessional ? { id: firstProfessional } : skipToken),
  );
  const service = useQuery(
    trpc.offeredServices.get.queryOptions(firstService ? { id: firstService } : skipToken),
  );

  const [step, setStep] = useState<WizardStep | null>(null);
  const [finished, setFinished] = useState(false);

  // spec 001 §4: the starting step is chosen once, after loading.
  useEffect(() => {
    if (state && step === null) setStep(state.wizardStep);
  }, [state, step]);

  useEffect(() => {
    if (!active) return;
    toast.info(ALREADY_ACTIVE, { id: "wizard-already-active" });
    void navigate({ to: "/dashboard", replace: true });
  }, [active, navigate]);

  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(
      () => void navigate({ href: "/testar-agente", replace: true }),
      WIZARD_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [finished, navigate]);

  if (setup.isError) {
    return (
      <WizardFrame>
        <ErrorState message="Erro ao carregar dados do tenant" onRetry={() => void setup.refetch()} />
      </WizardFrame>
    );
  }
  if (!state || step === null || active) {
    return (
      <WizardFrame>
        <Spinner label="Carregando configurações..." className="py-16" />
      </WizardFrame>
    );
  }

  const done = completionOf(state);
  const title = stepTitle(step);

  async function saved(savedStep: WizardStep) {
    // The catalogues and the agent changed: every screen showing them reloads.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.voiceAgent.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.establishments.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.professionals.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.offeredServices.pathKey() }),
    ]);
    const fresh = await queryClient.fetchQuery({ ...trpc.tenant.setupState.queryOptions(), staleTime: 0 });
    const next = nextAfterSave(savedStep, completionOf(fresh));
    if (next === "done") {
      // Said on the page itself (a status), which stays until the redirect.
      toast.dismiss("wizard");
      setFinished(true);
      return;
    }
    toast.success(`${stepTitle(savedStep)} salvo com sucesso!`, { id: "wizard" });
    setStep(next);
  }
  const failed = (error: unknown) =>
    toast.error(`Erro ao salvar ${title}. Tente novamente.`, {
      id: "wizard",
      description: serverMessageOf(error),
    });
  const invalid = () => toast.error(WIZARD_MESSAGES.incomplete, { id: "wizard" });

  const recordLoading =
    (step === 1 && agent.isLoading) ||
    (step === 2 && establishment.isLoading) ||
    (step === 3 && professional.isLoading) ||
    (step === 4 && service.isLoading);
  const blocked = blockedSaveReason(step, done);

  const actions = ({ pending }: { pending: boolean }) => (
    <WizardFooter
      step={step}
      pending={pending}
      blocked={blocked}
      onPrevious={() => setStep((step - 1) as WizardStep)}
    />
  );
  const common = { onSaved: () => saved(step), onFailed: failed, onInvalid: invalid, actions };

  let form: ReactNode;
  if (recordLoading) form = <Spinner label="Carregando configurações..." className="py-10" />;
  else if (step === 1)
    form = (
      <VoiceAgentForm
        key={agent.data?.id ?? "new"}
        agent={agent.data ?? null}
        chooseAgentType
        withForwarding={false}
        {...common}
      />
    );
  else if (step === 2)
    form = (
      <EstablishmentStep
        key={establishment.data?.id ?? "new"}
        record={establishment.data ?? null}
        {...common}
      />
    );
  else if (step === 3)
    form = (
      <ProfessionalStep key={professional.data?.id ?? "new"} record={professional.data ?? null} {...common} />
    );
  else
    form = (
      <OfferedServiceStep
        key={service.data?.id ?? "new"}
        record={service.data ?? null}
        establishmentId={state.establishments.firstId}
        professionalId={state.professionals.firstId}
        {...common}
      />
    );

  return (
    <WizardFrame>
      <Stepper current={step} done={done} disabled={finished} onSelect={setStep} />
      <section
        aria-labelledby="wizard-step-title"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        {finished ? (
          <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
            <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
            <h2 id="wizard-step-title" className="text-lg font-semibold text-slate-900">
              {COMPLETED}
            </h2>
          </div>
        ) : (
          <>
            <h2 id="wizard-step-title" className="text-lg font-semibold text-slate-900">
              {step}. {title}
            </h2>
            <p className="mt-1 mb-5 text-sm text-slate-600">
              Campos marcados com <span className="text-red-700">*</span> são obrigatórios.
            </p>
            {blocked && (
              <p role="alert" className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
                {blocked}
              </p>
            )}
            {form}
          </>
        )}
      </section>
    </WizardFrame>
  );
}

function WizardFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4">
          <Brand />
          <Link
            to="/dashboard"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <LayoutDashboard aria-hidden="true" className="size-4" />
            Ir para o dashboard
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Configuração inicial</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">
          Configure seu agente de voz, seu local de atendimento, um profissional e um serviço para testar seu
          atendente.
        </p>
        {children}
      </main>
    </div>
  );
}

function Stepper({
  current,
  done,
  disabled,
  onSelect,
}: {
  current: WizardStep;
  done: StepCompletion;
  disabled: boolean;
  onSelect: (step: WizardStep) => void;
}) {
  return (
    <nav aria-label="Etapas da configuração">
      <ol className="grid grid-cols-4 gap-2">
        {WIZARD_STEPS.map(({ step, title }) => {
          const complete = isStepComplete(step, done);
          const isCurrent = step === current;
          return (
            <li key={step} className="min-w-0">
              <button
                type="button"
                onClick={() => onSelect(step)}
                disabled={disabled}
                aria-current={isCurrent ? "step" : undefined}
                className={cn(
                  "flex w-full flex-col items-center gap-1.5 rounded-lg p-1.5 text-center text-xs font-medium sm:text-sm",
                  isCurrent ? "text-teal-800" : "text-slate-600 hover:text-slate-900",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "grid size-8 place-items-center rounded-full border-2 text-sm",
                    complete
                      ? "border-emerald-600 bg-emerald-600 text-white"
                      : isCurrent
                        ? "border-teal-700 text-teal-800"
                        : "border-slate-300 text-slate-600",
                  )}
                >
                  {complete ? <Check className="size-4" /> : step}
                </span>
                <span className="leading-tight">{title}</span>
                {complete && <span className="sr-only">(concluído)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function WizardFooter({
  step,
  pending,
  blocked,
  onPrevious,
}: {
  step: WizardStep;
  pending: boolean;
  blocked: string | null;
  onPrevious: () => void;
}) {
  const label = pending ? "Salvando..." : step === 4 ? "Finalizar" : "Salvar e Continuar";
  return (
    <div className="mt-4 flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
      <Button variant="secondary" onClick={onPrevious} disabled={step === 1 || pending}>
        <ArrowLeft aria-hidden="true" />
        Anterior
      </Button>
      {blocked ? (
        // spec 001 §4: step 4 is saved only once steps 2 and 3 are complete; the button says why not.
        <Button onClick={() => toast.error(blocked, { id: "wizard" })}>{label}</Button>
      ) : (
        <Button type="submit" disabled={pending}>
          {label}
        </Button>
      )}
    </div>
  );
}
