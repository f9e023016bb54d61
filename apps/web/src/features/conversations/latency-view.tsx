import {
  type ConversationLatency,
  LATENCY_LABELS as L,
  type TurnTiming,
} from "@atende/shared/schemas/conversations";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";

const numbers = new Intl.NumberFormat("pt-BR");
const ms = (value: number | null) => (value === null ? "—" : `${numbers.format(value)} ms`);

type StageKey = "endpointing" | "transcript" | "engine" | "tts" | "send";

/** The stages of a turn in the order they happen, each with its colour (decision 0022). */
const STAGES: readonly { key: StageKey; label: string; color: string }[] = [
  { key: "endpointing", label: L.endpointing, color: "bg-slate-400" },
  { key: "transcript", label: L.transcript, color: "bg-sky-500" },
  { key: "engine", label: L.engine, color: "bg-violet-500" },
  { key: "tts", label: L.tts, color: "bg-amber-500" },
  { key: "send", label: L.send, color: "bg-teal-600" },
];

/**
 * How long each stage took, from the cumulative times the gateway measured: a stage never reached (an interrupted
 * turn) counts as zero, and so does one that came before the previous stage was done.
 */
export function stageDurations(turn: TurnTiming): Record<StageKey, number> {
  const transcript = turn.transcriptMs ?? 0;
  const engine = turn.engineFirstMs ?? transcript;
  const tts = turn.ttsFirstByteMs ?? engine;
  const frame = turn.firstFrameMs ?? tts;
  return {
    endpointing: turn.endpointingMs ?? 0,
    transcript,
    engine: Math.max(0, engine - transcript),
    tts: Math.max(0, tts - engine),
    send: Math.max(0, frame - tts),
  };
}

/**
 * The call's latency view, like the voice platforms' (issue #9, deliverable 6): per caller turn a stacked bar of the
 * stages from the caller's last word to the agent's first sound, and the call's p50/p95 of that total.
 */
export function LatencyView({ latency }: { latency: ConversationLatency }) {
  if (latency.turns.length === 0) return <p className="text-sm text-slate-600">{L.empty}</p>;
  const widest = Math.max(
    1,
    ...latency.turns.map((turn) => Object.values(stageDurations(turn)).reduce((a, b) => a + b, 0)),
  );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-slate-600">{L.description}</p>
      <dl className="grid grid-cols-2 gap-2 text-center">
        <div className="flex flex-col-reverse rounded-lg bg-slate-50 px-2 py-3">
          <dt className="text-xs text-slate-600">{L.p50}</dt>
          <dd className="text-xl font-semibold text-slate-900">{ms(latency.p50Ms)}</dd>
        </div>
        <div className="flex flex-col-reverse rounded-lg bg-slate-50 px-2 py-3">
          <dt className="text-xs text-slate-600">{L.p95}</dt>
          <dd className="text-xl font-semibold text-slate-900">{ms(latency.p95Ms)}</dd>
        </div>
      </dl>
      <ul aria-label="Legenda das etapas" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {STAGES.map((stage) => (
          <li key={stage.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn("inline-block size-2.5 rounded-sm", stage.color)} />
            {stage.label}
          </li>
        ))}
      </ul>
      <ol aria-label="Tempos por turno" className="flex flex-col gap-3">
        {latency.turns.map((turn) => (
          <TurnBar key={turn.turn} turn={turn} widest={widest} />
        ))}
      </ol>
    </div>
  );
}

function TurnBar({ turn, widest }: { turn: TurnTiming; widest: number }) {
  const durations = stageDurations(turn);
  const description = STAGES.map((stage) => `${stage.label}: ${ms(durations[stage.key])}`).join("; ");
  const name = `${L.turn} ${turn.turn}`;
  return (
    <li aria-label={name} className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="flex items-center gap-2">
          <span className="font-medium text-slate-800">{name}</span>
          <span className="text-xs text-slate-600">{L.inputs[turn.input]}</span>
          {turn.interrupted && (
            <Badge tone="amber">
              {turn.bargeInMs === null ? L.interrupted : L.interruptedAfter(ms(turn.bargeInMs))}
            </Badge>
          )}
          {turn.backchannels > 0 && (
            <span className="text-xs text-slate-600" title={L.backchannelsHint}>
              {L.backchannels(turn.backchannels)}
            </span>
          )}
        </span>
        <span className="text-slate-800">
          {L.total}: <strong>{ms(turn.totalMs)}</strong>
        </span>
      </div>
      <div
        role="img"
        aria-label={`${name}: ${description}`}
        className="flex h-4 w-full overflow-hidden rounded bg-slate-100"
      >
        {STAGES.map((stage) =>
          durations[stage.key] > 0 ? (
            <span
              key={stage.key}
              title={`${stage.label}: ${ms(durations[stage.key])}`}
              className={cn("h-full", stage.color)}
              style={{ width: `${(durations[stage.key] / widest) * 100}%` }}
            />
          ) : null,
        )}
      </div>
    </li>
  );
}
