import {
  Bot,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  CheckCircle2,
  Clock,
  FileAudio,
  HelpCircle,
  MessageSquareText,
  PhoneCall,
  PhoneForwarded,
  Settings2,
  Stethoscope,
  Volume2,
} from "lucide-react";
import type { ComponentType, ReactNode, SVGProps } from "react";
import { Island } from "./islands";
import { PricingCards } from "./pricing";
import type { PricingState } from "./pricing-state";
import { PublicFooter } from "./public-footer";
import { FEATURES } from "./site";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const FEATURE_ICONS: readonly Icon[] = [
  PhoneCall,
  HelpCircle,
  CalendarCheck,
  CalendarClock,
  CheckCircle2,
  CalendarX,
  MessageSquareText,
  FileAudio,
  Volume2,
];

/** spec 000 §2 "How it works": four cards. */
const STEPS: readonly { icon: Icon; title: string; text: string }[] = [
  {
    icon: Settings2,
    title: "Configuração rápida",
    text: "Cadastre locais, profissionais, serviços e agendas em um assistente passo a passo e teste o agente no navegador.",
  },
  {
    icon: Stethoscope,
    title: "Treinamento especializado",
    text: "O agente aprende com os dados do seu negócio: endereços, horários, preços, convênios e preparo de cada serviço.",
  },
  {
    icon: Clock,
    title: "Atendimento 24/7",
    text: "Atende todas as ligações a qualquer hora e transfere para a sua equipe quando o paciente pede.",
  },
  {
    icon: PhoneForwarded,
    title: "Integração simples",
    text: "Mantenha o seu número: basta desviar as ligações para o número do agente. Integradores usam a nossa API REST.",
  },
];

/** spec 000 §1: the benefits are marketing claims of the landing page, kept as claims. */
const BENEFITS = [
  "Até 70% de redução nos custos de atendimento",
  "Nenhuma ligação perdida, nem fora do horário comercial",
  "Menos faltas: consultas confirmadas e remarcadas pelo próprio paciente",
  "Vozes neurais realistas em português do Brasil",
  "Histórico com gravação e transcrição de cada ligação",
];

function Section({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // scroll-mt: the sticky bar (4rem) must not cover the heading an anchor scrolls to.
    <section
      id={id}
      aria-labelledby={`${id}-titulo`}
      className={`scroll-mt-16 py-16 sm:py-20 ${className ?? ""}`}
    >
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-titulo`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

/**
 * The landing page (spec 000 §2 "Landing page (/)"): shown to every visitor, signed in or not. The server renders it
 * per request with the catalogue it read (`pricing`); the browser hydrates its islands only (islands.tsx; decision
 * 0026). The demo call and the contact form call the REST routes with `fetch`.
 */
export function LandingPage({ pricing, year }: { pricing: PricingState; year?: number }) {
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Pular para o conteúdo
      </a>
      <Island name="header" />
      <main id="conteudo">
        <section
          id="inicio"
          aria-labelledby="inicio-titulo"
          className="scroll-mt-16 bg-gradient-to-b from-teal-50 to-white"
        >
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-2">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-teal-100 px-3 py-1 text-sm font-medium text-teal-900">
                <Bot aria-hidden="true" className="size-4" />
                Recepcionista com inteligência artificial
              </p>
              <h1
                id="inicio-titulo"
                className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl"
              >
                Seu telefone atendido 24 horas, com consultas agendadas por IA
              </h1>
              <p className="mt-6 text-lg text-slate-700">
                O Atende atende as ligações da sua clínica, consultório, hospital, estética ou pet shop em
                português do Brasil: tira dúvidas e agenda, remarca, confirma e cancela consultas direto na
                sua agenda.
              </p>
              <div className="mt-8 flex flex-col items-start gap-3 sm:flex-row sm:flex-wrap">
                <a
                  href="/login"
                  className="inline-flex h-12 items-center rounded-lg bg-teal-700 px-6 text-base font-medium text-white hover:bg-teal-800"
                >
                  Começar período gratuito
                </a>
                <Island name="demoCall" />
              </div>
              <p className="mt-4 text-sm text-slate-600">7 dias de período gratuito em qualquer plano.</p>
            </div>
            <div
              aria-hidden="true"
              className="hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-lg lg:block"
            >
              <p className="text-sm font-medium text-slate-500">Ligação em andamento</p>
              <div className="mt-4 space-y-3 text-sm">
                <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-none bg-teal-50 p-3 text-slate-800">
                  Olá! Aqui é a Sofia, da Clínica Centro. Como posso ajudar?
                </p>
                <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-tr-none bg-slate-100 p-3 text-slate-800">
                  Quero marcar uma consulta com a Dra. Ana na terça de manhã.
                </p>
                <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-none bg-teal-50 p-3 text-slate-800">
                  Tenho terça às 9h ou às 10h30. Qual prefere?
                </p>
              </div>
            </div>
          </div>
        </section>

        <Section
          id="como-funciona"
          title="Como funciona"
          intro="Em poucos minutos o seu agente está pronto para atender os seus pacientes e clientes."
        >
          <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ icon: StepIcon, title, text }, i) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="grid size-11 place-items-center rounded-xl bg-teal-100 text-teal-800">
                  <StepIcon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">
                  <span className="sr-only">Passo {i + 1}: </span>
                  {title}
                </h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-12 grid items-center gap-8 rounded-2xl bg-slate-900 p-8 text-white lg:grid-cols-2">
            <div>
              <h3 className="text-2xl font-semibold">Benefícios para o seu negócio</h3>
              <ul className="mt-4 space-y-3">
                {BENEFITS.map((b) => (
                  <li key={b} className="flex gap-3">
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-300" />
                    {b}
                  </li>
                ))}
              </ul>
            </div>
            <div className="lg:text-right">
              <p className="text-lg text-slate-200">Teste grátis por 7 dias, sem compromisso.</p>
              <a
                href="/login"
                className="mt-4 inline-flex h-12 items-center rounded-lg bg-white px-6 text-base font-medium text-slate-900 hover:bg-teal-50"
              >
                Começar agora
              </a>
            </div>
          </div>
        </Section>

        <Section
          id="recursos"
          title="Recursos"
          intro="Tudo o que uma recepção precisa para não perder nenhuma ligação."
          className="bg-slate-50"
        >
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f, i) => {
              const FeatureIcon = FEATURE_ICONS[i] ?? PhoneCall;
              return (
                <li key={f.title} className="rounded-2xl border border-slate-200 bg-white p-6">
                  <FeatureIcon aria-hidden="true" className="size-6 text-teal-700" />
                  <h3 className="mt-3 font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{f.description}</p>
                </li>
              );
            })}
          </ul>
        </Section>

        <Section
          id="precos"
          title="Preços"
          intro="Planos mensais por minutos de atendimento. Precisa de mais? Compre um Pack Avulso."
        >
          <PricingCards pricing={pricing} />
        </Section>

        <Section
          id="contato"
          title="Contato"
          intro="Fale com a nossa equipe: respondemos o quanto antes."
          className="bg-slate-50"
        >
          <div className="grid gap-10 lg:grid-cols-3">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 lg:col-span-2">
              <Island name="contact" />
            </div>
            <aside
              aria-labelledby="horarios-titulo"
              className="rounded-2xl border border-slate-200 bg-white p-6"
            >
              <h3 id="horarios-titulo" className="font-semibold text-slate-900">
                Horário de atendimento
              </h3>
              <dl className="mt-4 space-y-3 text-sm">
                <div>
                  <dt className="font-medium text-slate-800">Segunda a sexta</dt>
                  <dd className="text-slate-600">08:00 às 18:00</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-800">Sábado</dt>
                  <dd className="text-slate-600">09:00 às 12:00</dd>
                </div>
              </dl>
              <p className="mt-6 flex gap-2 rounded-lg bg-teal-50 p-3 text-sm text-teal-900">
                <Bot aria-hidden="true" className="size-5 shrink-0" />
                Nossos agentes de IA atendem 24 horas por dia, 7 dias por semana.
              </p>
            </aside>
          </div>
        </Section>
      </main>
      <PublicFooter onLanding year={year} />
    </>
  );
}
