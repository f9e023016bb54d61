import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CheckCircle2, Mic, MicOff, Phone, PhoneOff, RotateCcw, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { serverMessageOf } from "../../../lib/server-errors";
import { useTRPC } from "../../../lib/trpc";
import { SoftphoneCall } from "./call";
import type { AgentState } from "./protocol";
import { emptyTranscript, transcriptReducer } from "./transcript";

export const CONNECT_FAILED = "Não foi possível conectar ao agente. Tente novamente.";

const STATE_LABELS: Record<AgentState, string> = {
  listening: "Ouvindo",
  thinking: "Pensando",
  speaking: "Falando",
};

type Phase =
  | { kind: "idle" }
  | { kind: "connecting" }
  | { kind: "active"; callId: string }
  | { kind: "ended"; callId: string }
  | { kind: "failed"; message: string };

/**
 * The browser softphone of /testar-agente (spec 001 §2 "Agent test page", issue #8): a test call to the tenant's
 * agent through the telephony gateway, spoken (microphone, the browser's recognition) or typed, with the live
 * transcript; then 'Teste concluído!' and 'Testar Novamente'. `onCompleted` hears of every call that ended normally
 * (hung up by the agent or the caller, not a failure): the test page then offers the plans.
 */
export function Softphone({ onCompleted }: { onCompleted?: () => void } = {}) {
  const trpc = useTRPC();
  const ticket = useMutation(trpc.voiceAgent.browserCall.mutationOptions());
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [transcript, dispatch] = useReducer(transcriptReducer, emptyTranscript);
  const [agentState, setAgentState] = useState<AgentState | null>(null);
  const [microphone, setMicrophone] = useState<boolean | null>(null);
  const [recognition, setRecognition] = useState(false);
  const [muted, setMuted] = useState(false);
  const [draft, setDraft] = useState("");
  const call = useRef<SoftphoneCall | null>(null);
  const stateLabelId = useId();
  const logRef = useRef<HTMLDivElement>(null);

  // The newest words in view, as in a chat.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the bubbles change, reads only the ref
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [transcript.bubbles]);

  // Leaving the page hangs up.
  useEffect(() => () => call.current?.dispose(), []);

  async function start() {
    // Created inside the click: browsers let audio start only from a user gesture.
    const context = new AudioContext({ latencyHint: "interactive" });
    call.current?.dispose();
    call.current = null;
    dispatch({ type: "reset" });
    setAgentState(null);
    setMicrophone(null);
    setRecognition(false);
    setMuted(false);
    setDraft("");
    setPhase({ kind: "connecting" });
    let result: Awaited<ReturnType<typeof ticket.mutateAsync>>;
    try {
      result = await ticket.mutateAsync(undefined);
    } catch (error) {
      void context.close();
      // The server's own words for a refusal (the daily limit's 429, no agent yet), else the connection failure.
      setPhase({ kind: "failed", message: serverMessageOf(error) ?? CONNECT_FAILED });
      return;
    }
    const { callId } = result.customParameters;
    const current = new SoftphoneCall(context, {
      transcript: dispatch,
      agentState: setAgentState,
      microphone: setMicrophone,
      recognition: setRecognition,
      connected: () => setPhase({ kind: "active", callId }),
      ended: (end) => {
        if (call.current !== current) return;
        call.current = null;
        setAgentState(null);
        if (end.kind === "completed") {
          setPhase({ kind: "ended", callId });
          onCompleted?.();
        } else setPhase({ kind: "failed", message: CONNECT_FAILED });
      },
    });
    call.current = current;
    await current.start(result);
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (call.current?.say(draft)) setDraft("");
  }

  function toggleMute() {
    const next = !muted;
    setMuted(next);
    call.current?.setMuted(next);
  }

  const live = phase.kind === "active";
  const showTranscript = live || phase.kind === "ended" || transcript.bubbles.length > 0;

  return (
    <div className="flex flex-col gap-4">
      {phase.kind === "idle" && (
        <p className="text-sm text-slate-600">
          Converse com o seu agente pelo navegador, como um paciente faria ao ligar. Permita o microfone para
          falar, ou digite o que você diria.
        </p>
      )}

      {/* Shown on the card, where the call was asked for (announced at once), rather than as a passing toast. */}
      {phase.kind === "failed" && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          {phase.message}
        </p>
      )}

      {(phase.kind === "idle" || phase.kind === "connecting" || phase.kind === "failed") && (
        <div>
          <Button onClick={() => void start()} disabled={phase.kind === "connecting"}>
            <Phone aria-hidden="true" />
            {phase.kind === "connecting" ? "Conectando..." : "Ligar pelo navegador"}
          </Button>
        </div>
      )}

      {live && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span id={stateLabelId}>Agente</span>
          <Badge
            role="status"
            aria-labelledby={stateLabelId}
            tone={agentState === "speaking" ? "teal" : agentState === "thinking" ? "amber" : "blue"}
          >
            {agentState ? STATE_LABELS[agentState] : "Conectando..."}
          </Badge>
        </div>
      )}

      {live && microphone === false && (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Microfone indisponível: a ligação segue só com texto. Digite abaixo o que você diria ao agente.
        </p>
      )}
      {live && microphone === true && !recognition && (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          Este navegador não transcreve a sua fala: digite abaixo o que você diria ao agente.
        </p>
      )}

      {showTranscript && (
        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll area must take focus so a keyboard can scroll it
          tabIndex={0}
          aria-label="Transcrição da ligação"
          className="flex max-h-96 min-h-24 flex-col gap-2 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-teal-600"
        >
          {transcript.bubbles.length === 0 && (
            <p className="text-sm text-slate-500">{live ? "Aguardando o agente..." : "Nada foi dito."}</p>
          )}
          {transcript.bubbles.map((bubble) => (
            <p
              key={bubble.id}
              data-speaker={bubble.role}
              data-final={bubble.final}
              className={cn(
                "max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words",
                bubble.role === "agent"
                  ? "self-start rounded-bl-sm bg-white text-slate-900 shadow-sm"
                  : "self-end rounded-br-sm bg-teal-700 text-white",
                // Not final yet: greyed (an unheard sentence, words still being recognised).
                !bubble.final &&
                  (bubble.role === "agent"
                    ? "text-slate-600 italic"
                    : "border border-dashed border-teal-700 bg-teal-50 text-teal-900 italic"),
              )}
            >
              <span className="sr-only">{bubble.role === "agent" ? "Agente: " : "Você: "}</span>
              {bubble.text}
            </p>
          ))}
        </div>
      )}

      {live && (
        <>
          <form onSubmit={send} className="flex gap-2">
            <Input
              aria-label="Digite o que você diria ao agente"
              placeholder="Digite o que você diria ao agente"
              value={draft}
              maxLength={2000}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit" size="icon" aria-label="Enviar" disabled={!draft.trim()}>
              <Send aria-hidden="true" />
            </Button>
          </form>
          <div className="flex flex-col gap-2 sm:flex-row">
            {microphone && (
              <Button variant="secondary" onClick={toggleMute}>
                {muted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
                {muted ? "Ativar microfone" : "Silenciar microfone"}
              </Button>
            )}
            <Button variant="danger" onClick={() => call.current?.hangUp()}>
              <PhoneOff aria-hidden="true" />
              Desligar
            </Button>
          </div>
        </>
      )}

      {phase.kind === "ended" && (
        <div className="flex flex-col gap-3 rounded-lg bg-emerald-50 px-4 py-4">
          <p role="status" className="flex items-center gap-2 font-semibold text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Teste concluído!
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => void start()}>
              <RotateCcw aria-hidden="true" />
              Testar Novamente
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/dashboard/atendimentos/$id" params={{ id: phase.callId }}>
                Ver o atendimento
              </Link>
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
