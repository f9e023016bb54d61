import { VOICE_TONE_LABELS, VOICE_TYPE_LABELS } from "@atende/shared/catalogue-constants";
import { hasActiveSubscription } from "@atende/shared/setup-state";
import { skipToken, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import {
  BadgeCheck,
  Bot,
  ClipboardList,
  LayoutDashboard,
  MapPin,
  PhoneCall,
  Settings2,
  Stethoscope,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { Brand } from "../../components/brand";
import { useRedirectWhenSignedOut } from "../../components/shell/use-redirect-when-signed-out";
import { Spinner } from "../../components/spinner";
import { Button } from "../../components/ui/button";
import { ErrorState } from "../../components/ui/states";
import { useTRPC } from "../../lib/trpc";
import { PlanCheckout } from "../billing/plan-checkout";
import { PhoneTestCall } from "./phone-test-call";
import { Softphone } from "./softphone/softphone";
import { establishmentLine, professionalLine, summariseServices } from "./summary";

const ALREADY_ACTIVE = "Você já possui serviços ativos. Redirecionando para o dashboard...";

/**
 * /testar-agente (spec 001 §2 "Agent test page"): what the agent will say and offer, and the test call itself, placed
 * from the browser (softphone/, issue #8) and, when the installation has Twilio, to the user's own phone (the spec's
 * phone field, phone-test-call.tsx; issue #25). After a call that ended
 * normally, the plan choice and the checkout form (features/billing/plan-checkout.tsx; spec 000 §5, spec 001 §4)
 * lead to the 7-day trial, a plan paid now or a minute pack.
 */
export function AgentTestPage() {
  // A session lost here (a sign-out in another tab) goes back to /login, like on the dashboard.
  useRedirectWhenSignedOut();
  const trpc = useTRPC();
  const navigate = useNavigate();
  // spec 001 §4: the plan choice appears only after a successful test call, and stays for the rest of the visit.
  const [tested, setTested] = useState(false);
  const setup = useQuery(trpc.tenant.setupState.queryOptions());
  const state = setup.data;
  const active = hasActiveSubscription(state?.subscriptionStatus);
  const ready = Boolean(state) && !active;

  // spec 000 §4: a failing agent load counts as no agent.
  const agent = useQuery({
    ...trpc.voiceAgent.get.queryOptions(ready && state?.voiceAgent.exists ? undefined : skipToken),
    retry: false,
  });
  const firstEstablishment = ready ? state?.establishments.firstId : null;
  const firstProfessional = ready ? state?.professionals.firstId : null;
  const establishment = useQuery({
    ...trpc.establishments.get.queryOptions(firstEstablishment ? { id: firstEstablishment } : skipToken),
    retry: false,
  });
  const professional = useQuery({
    ...trpc.professionals.get.queryOptions(firstProfessional ? { id: firstProfessional } : skipToken),
    retry: false,
  });
  // With Twilio, the spec's phone field beside the browser call (spec 001 §2); without, the browser call alone.
  const phoneCalls = useQuery({
    ...trpc.voiceAgent.phoneCalls.queryOptions(ready ? undefined : skipToken),
    retry: false,
  });
  const services = useQuery({
    ...trpc.offeredServices.list.queryOptions(ready ? undefined : skipToken),
    retry: false,
  });

  useEffect(() => {
    if (!active) return;
    toast.info(ALREADY_ACTIVE, { id: "agent-test-active" });
    void navigate({ to: "/dashboard", replace: true });
  }, [active, navigate]);

  if (setup.isError)
    return (
      <Frame>
        <ErrorState message="Erro ao carregar dados do tenant" onRetry={() => void setup.refetch()} />
      </Frame>
    );
  if (!state || active)
    return (
      <Frame>
        <Spinner label="Verificando status da assinatura..." className="py-16" />
      </Frame>
    );
  if (agent.isLoading || establishment.isLoading || professional.isLoading || services.isLoading)
    return (
      <Frame>
        <Spinner label="Carregando configurações..." className="py-16" />
      </Frame>
    );

  const voiceAgent = agent.data ?? null;
  const { shown, more } = summariseServices((services.data ?? []).map((service) => service.name));

  return (
    <Frame>
      <section
        aria-labelledby="summary-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
          Resumo da configuração
        </h2>
        <dl className="mt-5 grid gap-5 sm:grid-cols-2">
          <SummaryItem icon={Bot} term="Agente de voz">
            {voiceAgent ? (
              <>
                <p className="font-medium text-slate-900">{voiceAgent.name}</p>
                <p>
                  Voz {VOICE_TYPE_LABELS[voiceAgent.voiceType]} · Tom{" "}
                  {VOICE_TONE_LABELS[voiceAgent.voiceTone]}
                </p>
              </>
            ) : (
              <p>Agente não configurado</p>
            )}
          </SummaryItem>
          <SummaryItem icon={MapPin} term="Local de atendimento">
            <p>{establishmentLine(establishment.data)}</p>
          </SummaryItem>
          <SummaryItem icon={Stethoscope} term="Profissional">
            <p>{professionalLine(professional.data)}</p>
          </SummaryItem>
          <SummaryItem icon={ClipboardList} term="Serviços">
            {shown.length ? (
              <ul className="list-inside list-disc">
                {shown.map((name) => (
                  <li key={name} className="break-words">
                    {name}
                  </li>
                ))}
                {more && <li className="list-none text-slate-600">{more}</li>}
              </ul>
            ) : (
              <p>Nenhum serviço configurado</p>
            )}
          </SummaryItem>
          {voiceAgent && (
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium text-slate-600">Mensagem de boas-vindas</dt>
              <dd className="mt-1 rounded-lg bg-slate-50 px-4 py-3 text-sm break-words whitespace-pre-line text-slate-800 italic">
                “{voiceAgent.welcomeMessage}”
              </dd>
            </div>
          )}
        </dl>
      </section>

      <section
        aria-labelledby="call-title"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="call-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <PhoneCall aria-hidden="true" className="size-5 text-teal-700" />
          Ligação de teste
        </h2>
        <div className="mt-4">
          <Softphone onCompleted={() => setTested(true)} />
        </div>
        {phoneCalls.data?.available && (
          <div className="mt-6 border-t border-slate-200 pt-5">
            <PhoneTestCall onCompleted={() => setTested(true)} />
          </div>
        )}
        <div className="mt-6 flex flex-col gap-2 border-t border-slate-200 pt-5 sm:flex-row">
          <Button variant="secondary" asChild>
            <Link to="/configuracao-inicial">
              <Settings2 aria-hidden="true" />
              Ajustar configuração
            </Link>
          </Button>
          <Button asChild>
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden="true" />
              Ir para o dashboard
            </Link>
          </Button>
        </div>
      </section>

      {tested && (
        <section
          aria-labelledby="plans-title"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <h2 id="plans-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <BadgeCheck aria-hidden="true" className="size-5 text-teal-700" />
            Escolha seu plano
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-600">
            Gostou do atendimento? Ative o seu agente com um plano mensal ou compre minutos avulsos.
          </p>
          <PlanCheckout />
        </section>
      )}
    </Frame>
  );
}

function SummaryItem({
  icon: Icon,
  term,
  children,
}: {
  icon: typeof Bot;
  term: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-teal-700" />
        {term}
      </dt>
      <dd className="mt-1 pl-7 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4">
          <Brand />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">Testar agente</h1>
        {children}
      </main>
    </div>
  );
}
