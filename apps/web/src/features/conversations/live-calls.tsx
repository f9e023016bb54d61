import { formatPhone } from "@atende/shared/phone-format";
import {
  CALLBACK_MESSAGE_LABEL,
  type LiveCall,
  type LiveLine,
  type LiveTranscript,
  liveActivityLabel,
} from "@atende/shared/schemas/live-calls";
import { timeOfDayOf } from "@atende/shared/time";
import { Eye, Radio } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardHeader, CardTitle } from "../../components/ui/card";
import { CARD_GRID } from "../../components/ui/card-grid";
import { cn } from "../../lib/cn";
import { callerName } from "./conversation-labels";
import { LiveAudioControls } from "./live-audio-controls";
import { useLiveCalls } from "./use-live-calls";

/** The seconds since `startedAt`, ticking once a second. */
function useElapsedSeconds(startedAt: string): number {
  const start = new Date(startedAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - start) / 1000));
}

/** '4:05' (minutes and seconds), or '1:02:03' past an hour. */
export function formatLiveDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * 'Em andamento' (issue #24): the calls in progress at the top of 'Atendimentos', each with its caller, number, live
 * duration and what the agent is doing, updated as the server streams them. Nothing shows while no call is in progress.
 */
export function LiveCallsSection({ onOpen }: { onOpen: (id: string) => void }) {
  const live = useLiveCalls();
  const calls = live?.calls ?? [];
  if (calls.length === 0) return null;
  return (
    <section
      aria-labelledby="chamadas-em-andamento"
      className="mb-4 rounded-xl border border-blue-200 bg-blue-50/40 p-4 sm:p-5"
    >
      <h2
        id="chamadas-em-andamento"
        className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <Radio aria-hidden="true" className="size-5 text-blue-700" />
        Em andamento
      </h2>
      <ul className={CARD_GRID} aria-label="Chamadas em andamento">
        {calls.map((call) => (
          <li key={call.id} className="min-w-0">
            <LiveCallCard call={call} onOpen={() => onOpen(call.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LiveCallCard({ call, onOpen }: { call: LiveCall; onOpen: () => void }) {
  const name = callerName(call);
  const elapsed = useElapsedSeconds(call.startedAt);
  return (
    <Card aria-label={`Em andamento: ${name}`} className="h-full">
      <CardHeader>
        <CardTitle>{name}</CardTitle>
        <Badge tone="blue">Em Andamento</Badge>
      </CardHeader>
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        {call.phoneNumber && (
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Telefone:</dt>
            <dd>{formatPhone(call.phoneNumber)}</dd>
          </div>
        )}
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Duração:</dt>
          <dd>
            <time dateTime={`PT${elapsed}S`}>{formatLiveDuration(elapsed)}</time>
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Agente:</dt>
          <dd data-testid="live-activity">{liveActivityLabel(call.activity)}</dd>
        </div>
      </dl>
      {call.isTest && (
        <div>
          <Badge tone="amber">Teste</Badge>
        </div>
      )}
      <div className="mt-auto pt-1">
        <Button variant="secondary" size="sm" onClick={onOpen} aria-label={`Acompanhar ${name}`}>
          <Eye aria-hidden="true" />
          Acompanhar
        </Button>
      </div>
    </Card>
  );
}

const LINE_NAMES: Readonly<Record<LiveLine["kind"], string>> = {
  AGENT: "IA",
  CALLER: "Cliente",
  SYSTEM: "Agente",
  ACTION: "Ação",
};

/**
 * The transcript of a call in progress, as it happens (issue #24): the caller's and the agent's turns, and the
 * agent's tools and actions as pt-BR lines ('Consultando horários livres…', 'Agendamento criado').
 */
export function LiveTranscriptView({ callId }: { callId: string }) {
  const live = useLiveCalls(callId);
  const transcript = live?.transcript ?? null;
  if (!transcript) return <p className="text-sm text-slate-600">Conectando à chamada…</p>;
  return (
    <>
      {transcript.status === "ACTIVE" && <LiveAudioControls callId={callId} />}
      <TranscriptLines transcript={transcript} />
    </>
  );
}

function TranscriptLines({ transcript }: { transcript: LiveTranscript }) {
  const active = transcript.status === "ACTIVE";
  return (
    <section aria-labelledby="transcricao-ao-vivo" className="flex min-w-0 flex-col gap-2">
      <h3 id="transcricao-ao-vivo" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {active ? "Transcrição ao vivo" : "Transcrição"}
        {active && (
          <span role="status" aria-label="Agente" className="font-normal text-blue-800">
            {liveActivityLabel(transcript.activity)}
          </span>
        )}
      </h3>
      <ol
        aria-label="Transcrição ao vivo"
        aria-live="polite"
        className="flex max-h-80 flex-col gap-2 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3"
      >
        {transcript.lines.length === 0 && (
          <li className="text-sm text-slate-600">Aguardando a primeira fala…</li>
        )}
        {transcript.lines.map((line, index) => (
          <li
            // A transcript only grows, in order.
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only, ordered list
            key={index}
            data-kind={line.kind}
            className={cn(
              "rounded-lg px-3 py-1.5 text-sm",
              line.kind === "AGENT" && "self-start bg-teal-700 text-white",
              line.kind === "CALLER" && "self-end border border-slate-200 bg-white text-slate-800",
              (line.kind === "SYSTEM" || line.kind === "ACTION") &&
                "self-center bg-slate-200 text-slate-700 italic",
            )}
          >
            <span className="sr-only">{LINE_NAMES[line.kind]}: </span>
            {line.text}
            <time
              dateTime={line.timestamp}
              className={cn("ml-2 text-xs", line.kind === "AGENT" ? "text-teal-50" : "text-slate-600")}
            >
              {timeOfDayOf(new Date(line.timestamp))}
            </time>
          </li>
        ))}
      </ol>
      {!active && <p className="text-sm text-slate-600">A chamada terminou.</p>}
      {transcript.callbackMessage && <CallbackMessage message={transcript.callbackMessage} />}
    </section>
  );
}

/** 'Recado para retornar': what a caller left when the transfer found nobody. */
export function CallbackMessage({ message }: { message: string }) {
  return (
    <section
      aria-label={CALLBACK_MESSAGE_LABEL}
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <h3 className="font-semibold">{CALLBACK_MESSAGE_LABEL}</h3>
      <p className="mt-1 break-words whitespace-pre-line">{message}</p>
    </section>
  );
}
