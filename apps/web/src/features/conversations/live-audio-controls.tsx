import type { LiveAudioMode } from "@atende/shared/schemas/live-calls";
import { useMutation } from "@tanstack/react-query";
import { Headphones, PhoneForwarded, Undo2, VolumeX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { serverMessageOf } from "../../lib/server-errors";
import { useClaims } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { LIVE_AUDIO_LOST, type LiveAudioPhase, LiveAudioSession } from "./live-audio";

const PHASE_LABELS: Readonly<Record<Exclude<LiveAudioPhase, "ended">, string>> = {
  connecting: "Conectando ao áudio…",
  listening: "Ouvindo a ligação",
  "handing-over": "O agente está passando a ligação…",
  taken: "Atendimento com a equipe",
};

/**
 * 'Ouvir' and 'Assumir' on a call in progress (issue #24; decision 0055): listening plays both sides in this browser;
 * taking over has the agent hand the call over, then the microphone speaks to the caller, who is heard here, until
 * 'Devolver ao agente'. A super-admin acting in the tenant is offered 'Ouvir' only. The server says no in pt-BR (the
 * call over); the gateway too (another taker).
 */
export function LiveAudioControls({ callId }: { callId: string }) {
  const trpc = useTRPC();
  const ticket = useMutation(trpc.conversations.liveAudioTicket.mutationOptions());
  const session = useRef<LiveAudioSession | null>(null);
  const [mode, setMode] = useState<LiveAudioMode | null>(null);
  const [phase, setPhase] = useState<LiveAudioPhase>("ended");
  const [error, setError] = useState<string | null>(null);
  const [microphone, setMicrophone] = useState<boolean | null>(null);
  // A super-admin acting in the tenant may listen, not take over (the server refuses it too).
  const claims = useClaims();
  const mayTakeOver = !(claims?.isSuperAdmin && claims.superAdminSelectedTenantId);

  // Leaving the call's detail stops hearing it (and a taker's leaving hands the call back).
  useEffect(() => () => session.current?.stop(), []);

  async function start(wanted: LiveAudioMode) {
    // Created inside the click: browsers let audio start only from a user gesture.
    const context = new AudioContext({ latencyHint: "interactive" });
    session.current?.stop();
    session.current = null;
    setError(null);
    setMicrophone(null);
    setMode(wanted);
    setPhase("connecting");
    let url: string;
    try {
      ({ url } = await ticket.mutateAsync({ callId, mode: wanted }));
    } catch (failure) {
      void context.close();
      setPhase("ended");
      setError(serverMessageOf(failure) ?? LIVE_AUDIO_LOST);
      return;
    }
    const started = new LiveAudioSession(context, wanted, {
      phase: (next) => {
        if (session.current === started) setPhase(next);
      },
      failed: (message) => {
        if (session.current !== started) return;
        setPhase("ended");
        setError(message);
      },
      microphone: (available) => {
        if (session.current === started) setMicrophone(available);
      },
    });
    session.current = started;
    started.start(url);
  }

  function stop() {
    session.current?.stop();
  }

  const active = phase !== "ended";
  return (
    <section aria-label="Áudio da ligação" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {!active && (
          <>
            <Button variant="secondary" size="sm" onClick={() => void start("listen")}>
              <Headphones aria-hidden="true" />
              Ouvir
            </Button>
            {mayTakeOver && (
              <Button size="sm" onClick={() => void start("takeover")}>
                <PhoneForwarded aria-hidden="true" />
                Assumir
              </Button>
            )}
          </>
        )}
        {active && mode === "listen" && (
          <Button variant="secondary" size="sm" onClick={stop}>
            <VolumeX aria-hidden="true" />
            Parar de ouvir
          </Button>
        )}
        {active && mode === "takeover" && (
          <Button size="sm" onClick={() => session.current?.handBack()} disabled={phase === "connecting"}>
            <Undo2 aria-hidden="true" />
            Devolver ao agente
          </Button>
        )}
        {active && (
          <span role="status" aria-label="Áudio" className="text-sm text-blue-800">
            {PHASE_LABELS[phase]}
          </span>
        )}
      </div>
      {active && mode === "takeover" && microphone === false && (
        <p className="text-sm text-amber-900">
          Microfone indisponível: permita o acesso ao microfone para falar com o cliente.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
