// The media-stream protocol of the telephony gateway (ARCHITECTURE.md "Telephony gateway"): Twilio Media Streams'
// bidirectional websocket, plus the softphone's typed speech (`text`) in, and `transcript` and `agent-state` out.
// Declared once: the gateway parses what arrives with these schemas, the softphone and the test clients build what
// they send from the same types.
import { z } from "zod";

/** 20 ms of 8 kHz mu-law: one media frame. */
export const FRAME_MS = 20;
export const SAMPLE_RATE = 8000;
export const FRAME_BYTES = (SAMPLE_RATE * FRAME_MS) / 1000;

/** A text field of the protocol: bounded so a hostile client cannot make the gateway hold megabytes per message. */
const short = (max: number) => z.string().max(max);

export const ConnectedEvent = z.object({ event: z.literal("connected"), protocol: short(50).optional() });

export const StartEvent = z.object({
  event: z.literal("start"),
  sequenceNumber: z.union([z.string(), z.number()]).optional(),
  streamSid: short(100).optional(),
  start: z.object({
    streamSid: short(100).optional(),
    accountSid: short(100).optional(),
    callSid: short(100).optional(),
    tracks: z.array(short(20)).optional(),
    mediaFormat: z
      .object({ encoding: short(50), sampleRate: z.number(), channels: z.number() })
      .partial()
      .optional(),
    /** Twilio's `<Parameter>`s; ours carry `token` (the call ticket), `from`, and `now` (the test clock). */
    customParameters: z.record(short(100), short(4000)).optional(),
  }),
});

export const MediaEvent = z.object({
  event: z.literal("media"),
  streamSid: short(100).optional(),
  media: z.object({
    track: short(20).optional(),
    chunk: z.union([z.string(), z.number()]).optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
    /** Base64 mu-law, 8 kHz; Twilio sends 20 ms frames (160 bytes), we accept up to 1 s per message. */
    payload: short(11_000),
  }),
});

export const MarkEvent = z.object({
  event: z.literal("mark"),
  streamSid: short(100).optional(),
  mark: z.object({ name: short(200) }),
});

export const DtmfEvent = z.object({
  event: z.literal("dtmf"),
  streamSid: short(100).optional(),
  dtmf: z.object({ track: short(20).optional(), digit: short(1) }),
});

export const StopEvent = z.object({ event: z.literal("stop"), streamSid: short(100).optional() });

/**
 * The softphone's typed or recognised speech (the embedded default of speech-to-text). With `interim`, a hypothesis
 * of its own recognition while the caller still speaks: judged for barge-in (an acknowledgement or words), never a
 * turn (docs/decisions/0036-backchannels.md).
 */
export const TextEvent = z.object({
  event: z.literal("text"),
  streamSid: short(100).optional(),
  text: short(2000),
  interim: z.boolean().optional(),
});

export const InboundEvent = z.discriminatedUnion("event", [
  ConnectedEvent,
  StartEvent,
  MediaEvent,
  MarkEvent,
  DtmfEvent,
  StopEvent,
  TextEvent,
]);
export type InboundEvent = z.infer<typeof InboundEvent>;

export const AGENT_STATES = ["listening", "thinking", "speaking"] as const;
export type AgentState = (typeof AGENT_STATES)[number];

/** What the gateway sends. */
export type OutboundEvent =
  | { event: "media"; streamSid: string; media: { payload: string } }
  | { event: "mark"; streamSid: string; mark: { name: string } }
  | { event: "clear"; streamSid: string }
  | { event: "transcript"; streamSid: string; role: "agent" | "caller"; text: string; final: boolean }
  | { event: "agent-state"; streamSid: string; state: AgentState };
