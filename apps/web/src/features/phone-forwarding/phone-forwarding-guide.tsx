import { Link } from "@tanstack/react-router";
import { ArrowLeft, CalendarClock, LifeBuoy, PhoneForwarded, ShieldCheck, Smartphone } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Brand } from "../../components/brand";
import { Button } from "../../components/ui/button";
import { useClaims } from "../../lib/session";

/**
 * The standard GSM (3GPP TS 22.030) call-forwarding codes. Mobile lines of the Brazilian carriers follow them; how a
 * landline or a PABX forwards differs by carrier and plan, so for those the guide only says to ask the carrier.
 */
const GSM_CODES: readonly { code: string; when: string }[] = [
  { code: "**21*NÚMERO#", when: "Desviar todas as chamadas" },
  { code: "**67*NÚMERO#", when: "Desviar quando a linha estiver ocupada" },
  { code: "**61*NÚMERO#", when: "Desviar quando ninguém atender" },
  { code: "**62*NÚMERO#", when: "Desviar quando o aparelho estiver desligado ou fora de área" },
  { code: "##002#", when: "Cancelar todos os desvios" },
];

// The tRPC client is loaded only for a signed-in visitor (the public page's first load stays small; decision 0015).
const GuideWithAgentNumber = lazy(() => import("./guide-with-agent-number"));

/**
 * /redirecionamento-telefone (spec 000 §2 "Phone-forwarding guide"): public instructions; for a signed-in tenant
 * with a voice number, the codes carry that number.
 */
export function PhoneForwardingGuide() {
  const claims = useClaims();
  if (!claims) return <Guide agentNumber={null} />;
  return (
    <Suspense fallback={<Guide agentNumber={null} />}>
      <GuideWithAgentNumber />
    </Suspense>
  );
}

/** The guide; `agentNumber` (DDD and number, as a Brazilian mobile dials it) fills the codes when known. */
export function Guide({ agentNumber }: { agentNumber: string | null }) {
  return (
    <main className="min-h-dvh bg-gradient-to-br from-teal-50 via-white to-sky-50">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Brand />
          <Link
            to="/dashboard"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Voltar ao painel
          </Link>
        </div>

        <header>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            Redirecionamento de Telefone
          </h1>
          <p className="mt-2 text-slate-600">
            Para que o seu agente atenda as ligações, a linha do seu negócio precisa desviar as chamadas para
            o número do agente. O desvio é configurado na sua operadora; siga os passos abaixo.
          </p>
        </header>

        <ol className="flex flex-col gap-4">
          <Step number={1} icon={PhoneForwarded} title="Fale com a sua operadora">
            <p>
              Entre em contato com a operadora da linha do seu negócio e peça a ativação do desvio de chamadas
              (também chamado de “siga-me” ou transferência de chamadas) para o número do seu agente. Informe
              se a linha é fixa, móvel ou um PABX: cada tipo tem o seu procedimento, e alguns planos cobram
              pelo serviço ou pelas chamadas desviadas.
            </p>
            <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
              <p className="flex items-center gap-2 font-medium text-slate-900">
                <Smartphone aria-hidden="true" className="size-4 text-teal-700" />
                Linhas móveis: códigos padrão GSM
              </p>
              <p className="mt-1">
                Na maioria dos celulares, basta discar o código e tocar em ligar.{" "}
                {agentNumber
                  ? `Os códigos já trazem o número do seu agente com DDD (${agentNumber}).`
                  : "Troque NÚMERO pelo número do agente com DDD."}{" "}
                Se algum código não funcionar, confirme com a operadora.
              </p>
              <table className="mt-3 w-full text-left text-sm">
                <caption className="sr-only">Códigos de desvio de chamadas</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-1.5 pr-3 font-medium">
                      Código
                    </th>
                    <th scope="col" className="py-1.5 font-medium">
                      Quando
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {GSM_CODES.map(({ code, when }) => (
                    <tr key={code} className="border-b border-slate-100 last:border-0">
                      <td className="py-1.5 pr-3 align-top">
                        <code className="rounded bg-white px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-900">
                          {agentNumber ? code.replace("NÚMERO", agentNumber) : code}
                        </code>
                      </td>
                      <td className="py-1.5 align-top">{when}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Step>

          <Step number={2} icon={CalendarClock} title="Defina os horários">
            <p>
              Escolha quando o agente deve atender. Você pode desviar todas as chamadas, somente fora do
              horário de funcionamento, ou apenas quando a linha estiver ocupada ou ninguém atender, para que
              a equipe continue atendendo primeiro. Ative e desative o desvio conforme a rotina do seu
              negócio, ou peça à operadora um desvio programado por horário, quando o seu plano oferecer.
            </p>
          </Step>

          <Step number={3} icon={PhoneForwarded} title="Teste o redirecionamento">
            <p>
              De outro telefone, ligue para o número do seu negócio. O agente deve atender com a mensagem de
              boas-vindas configurada. Depois, confira a ligação em Atendimentos no painel. Teste cada
              situação de desvio que você ativou (ocupado, sem resposta, fora de área).
            </p>
          </Step>

          <Step number={4} icon={ShieldCheck} title="Acompanhe">
            <p>
              Consulte o histórico de atendimentos com frequência e repita o teste de tempos em tempos, e
              sempre que mudar de plano, de aparelho ou de operadora: mudanças na linha podem desfazer o
              desvio sem aviso.
            </p>
          </Step>
        </ol>

        <section
          aria-labelledby="suporte"
          className="flex flex-col items-start gap-3 rounded-xl border border-teal-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 id="suporte" className="font-semibold text-slate-900">
              Precisa de ajuda?
            </h2>
            <p className="text-sm text-slate-600">Nossa equipe ajuda você a configurar o desvio.</p>
          </div>
          <Button asChild>
            {/* spec 000 §2: the home page's contact section (anchor 'contato') is the product's support channel. */}
            <a href="/#contato">
              <LifeBuoy aria-hidden="true" />
              Falar com o suporte
            </a>
          </Button>
        </section>
      </div>
    </main>
  );
}

function Step({
  number,
  icon: Icon,
  title,
  children,
}: {
  number: number;
  icon: typeof PhoneForwarded;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-full bg-teal-700 font-semibold text-white"
      >
        {number}
      </span>
      <div className="min-w-0 text-sm text-slate-700">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Icon aria-hidden="true" className="size-4 text-teal-700" />
          <span>
            <span className="sr-only">Passo {number}: </span>
            {title}
          </span>
        </h2>
        <div className="mt-2">{children}</div>
      </div>
    </li>
  );
}
