import { formatPhone } from "@atende/shared/phone-format";
import type { VoiceAgent } from "@atende/shared/schemas/voice-agent";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Bot, CalendarCheck, PanelRightClose, PanelRightOpen } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { VoiceAgentForm } from "../../features/voice-agent/voice-agent-form";
import { useTRPC } from "../../lib/trpc";
import { Spinner } from "../spinner";
import { Button } from "../ui/button";
import { Sheet, SheetContent, SheetTrigger } from "../ui/sheet";
import { LARGE_SCREEN, useMediaQuery, WIDE_SCREEN } from "./use-media-query";
import { useSidebarCollapsed } from "./use-sidebar-collapsed";

const TITLE = "Configurações do agente";

/** The number callers dial, once one was assigned from the Twilio account (docs/decisions/0019-twilio.md). */
function VoiceNumberNotice() {
  const trpc = useTRPC();
  const number = useQuery(trpc.tenant.voiceNumber.queryOptions());
  if (!number.data) return null;
  const voiceNumber = number.data.voiceNumber;
  return (
    <p className="mb-4 rounded-lg bg-teal-50 px-3 py-2 text-xs text-teal-900">
      {voiceNumber ? (
        <>
          Número do agente: <strong>{formatPhone(voiceNumber)}</strong>. Desvie para ele as ligações do seu
          negócio.
        </>
      ) : (
        "O agente ainda não tem um número de telefone; enquanto isso, teste-o pelo navegador."
      )}
    </p>
  );
}

/**
 * The voice agent's settings beside every dashboard page (spec 000 §2 "Agent settings panel", §4 "Agent settings"):
 * a right-hand column on wide screens (1536 px and up), collapsible (w-12 versus w-72, sharing the shell's
 * remembered collapse state); on laptops (1024-1535 px) a w-12 column whose button opens the settings in a drawer
 * over the page, so the panel never squeezes the agenda (docs/decisions/0040-layout-by-container.md); and a button
 * in the top bar opening a bottom sheet on small screens.
 */
export function AgentSettingsPanel() {
  const large = useMediaQuery(LARGE_SCREEN);
  const wide = useMediaQuery(WIDE_SCREEN);
  return wide ? <SidePanel /> : large ? <DrawerPanel /> : <MobilePanel />;
}

function DrawerPanel() {
  const [open, setOpen] = useState(false);
  return (
    <aside
      aria-label={TITLE}
      className="sticky top-0 flex h-dvh w-12 shrink-0 flex-col items-center border-l border-slate-200 bg-white"
    >
      <Sheet open={open} onOpenChange={setOpen}>
        <div className="flex h-16 shrink-0 items-center">
          <SheetTrigger
            aria-label={TITLE}
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <PanelRightOpen aria-hidden="true" className="size-5" />
          </SheetTrigger>
        </div>
        <Bot aria-hidden="true" className="mt-3 size-5 text-teal-700" />
        <SheetContent side="right" title={TITLE} closeLabel="Fechar configurações do agente" className="w-96">
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-3 pb-6">
            <AgentSettings />
          </div>
        </SheetContent>
      </Sheet>
    </aside>
  );
}

function SidePanel() {
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const Toggle = collapsed ? PanelRightOpen : PanelRightClose;
  return (
    <aside
      aria-label={TITLE}
      className={`sticky top-0 flex h-dvh shrink-0 flex-col border-l border-slate-200 bg-white transition-[width] duration-200 motion-reduce:transition-none ${collapsed ? "w-12" : "w-72"}`}
    >
      <div
        className={`flex h-16 shrink-0 items-center border-b border-slate-100 ${collapsed ? "justify-center" : "justify-between pr-2 pl-4"}`}
      >
        {!collapsed && <h2 className="text-sm font-semibold text-slate-900">{TITLE}</h2>}
        <button
          type="button"
          onClick={() => setCollapsed(!collapsed)}
          aria-label={collapsed ? "Expandir configurações do agente" : "Recolher configurações do agente"}
          aria-expanded={!collapsed}
          className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <Toggle aria-hidden="true" className="size-5" />
        </button>
      </div>
      {collapsed ? (
        <div className="flex justify-center pt-3">
          <Bot aria-hidden="true" className="size-5 text-teal-700" />
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
          <AgentSettings />
        </div>
      )}
    </aside>
  );
}

function MobilePanel() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        aria-label={TITLE}
        // In the top bar, beside the menu button (mobile-nav.tsx), not floating over the page: a floating button
        // covered the agenda's CPF filter and the plan's minutes at 375 px (issue #25).
        className="fixed top-2 right-16 z-40 grid size-10 place-items-center rounded-full bg-teal-700 text-white hover:bg-teal-800"
      >
        <Bot aria-hidden="true" className="size-5" />
      </SheetTrigger>
      <SheetContent side="bottom" title={TITLE} closeLabel="Fechar configurações do agente">
        <div className="min-h-0 overflow-y-auto px-4 pt-3 pb-6">
          <AgentSettings />
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** Loads the agent (a failing load counts as no agent: spec 000 §4), then creates or updates it. */
function AgentSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The setup state says whether there is an agent at all, so a new account is not answered a 404 on every page;
  // when it cannot be read, the agent is asked for anyway.
  const setup = useQuery(trpc.tenant.setupState.queryOptions());
  const ask = !setup.isPending && setup.data?.voiceAgent.exists !== false;
  const agent = useQuery({ ...trpc.voiceAgent.get.queryOptions(ask ? undefined : skipToken), retry: false });

  if (setup.isPending || agent.isLoading) return <Spinner label="Carregando agente..." className="py-10" />;
  const current: VoiceAgent | null = agent.data ?? null;

  return (
    <>
      <VoiceNumberNotice />
      {!current && (
        <p className="mb-4 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
          Nenhum agente configurado ainda: salve para criá-lo.
        </p>
      )}
      <VoiceAgentForm
        key={current?.id ?? "new"}
        agent={current}
        chooseAgentType={false}
        withForwarding
        onSaved={async () => {
          // spec 000 §4: after a save the agent is reloaded (and whatever reads the setup state with it); the
          // success is said once the panel shows what was saved.
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.voiceAgent.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.tenant.setupState.queryKey() }),
          ]);
          // A new toast each time (an earlier error's is dismissed): reusing one id made a second save within the
          // first toast's exit animation update a toast on its way out, so the second success was never seen.
          toast.dismiss("agent-settings");
          toast.success("Configurações salvas", {
            description: "As configurações do agente foram atualizadas com sucesso.",
          });
        }}
        onFailed={() =>
          toast.error("Erro ao salvar", {
            id: "agent-settings",
            description: "Não foi possível salvar as configurações. Tente novamente.",
          })
        }
        className="flex flex-col gap-4 [&_.grid]:grid-cols-1"
        actions={({ pending }) => (
          <Button type="submit" disabled={pending} className="w-full">
            {pending ? "Salvando..." : "Salvar"}
          </Button>
        )}
      />
      {/* The agent's confirmations of the appointments (docs/decisions/0050-confirmations.md). */}
      <Link
        to="/dashboard/agente/confirmacoes"
        className="mt-4 flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-teal-800 hover:bg-teal-50"
      >
        <CalendarCheck aria-hidden="true" className="size-4" />
        Confirmações de agendamento
      </Link>
    </>
  );
}
