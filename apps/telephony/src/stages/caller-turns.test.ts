// The caller-turns stage as events in, events out (as Pipecat tests its processors): media frames, interim and final
// words, keys and typed text in; speech starts, barge-ins, backchannels, turns out. A ManualClock, the real endpointer,
// a detector double that calls a frame voiced when it is loud, a recogniser double; no socket, no server.
import { encodeMulaw } from "@atende/shared/mulaw";
import { FRAME_BYTES } from "@atende/shared/telephony";
import { describe, expect, it } from "vitest";
import { Endpointer } from "../audio/vad";
import { ManualClock } from "../clock";
import type { Recognizer, Vad } from "../pipeline";
import { CallerTurns, DEFAULT_TURN_OPTIONS } from "./caller-turns";

const loud = encodeMulaw(new Int16Array(FRAME_BYTES).fill(8000));
const quiet = encodeMulaw(new Int16Array(FRAME_BYTES));

/** A detector double: a loud frame is voiced. */
const vad: Vad = { isSpeech: (frame) => Math.abs(frame[0] ?? 0) > 1000, dispose() {} };

/** A recogniser double: its finals in order, asked at each end of utterance. */
function recogniser(finals: string[]): Recognizer {
  return { push() {}, endOfUtterance: async () => finals.shift() ?? "", close() {} };
}

function stage(options: { recognizer?: Recognizer | null; agentSpeaking?: boolean } = {}) {
  const clock = new ManualClock();
  const events: string[] = [];
  const state = { agentSpeaking: options.agentSpeaking ?? false };
  const turns = new CallerTurns({
    clock,
    vad,
    endpointer: new Endpointer(),
    recognizer: options.recognizer ?? null,
    speculator: null,
    options: DEFAULT_TURN_OPTIONS,
    context: { agentSpeaking: () => state.agentSpeaking, listeningIdle: () => true, lastHeard: () => null },
    events: {
      speechStarted: () => events.push("speech-start"),
      bargeIn: (latencyMs) => {
        events.push(`barge-in ${latencyMs ?? "-"}`);
        state.agentSpeaking = false;
      },
      pause: () => events.push("hold"),
      resume: () => events.push("go on"),
      interim: (text) => events.push(`interim ${text}`),
      turn: (input, end) =>
        events.push(
          `turn ${end.input} ${input.kind === "speech" ? input.text : input.digits} ${end.endpointingMs ?? "-"}`,
        ),
      backchannel: (text, spoken) => events.push(`backchannel ${text}${spoken ? "" : " (text)"}`),
      nothingSaid: () => events.push("nothing said"),
      lost: () => events.push("lost"),
    },
  });
  turns.agentState(state.agentSpeaking ? "speaking" : "listening");
  const frames = (ms: number, frame: Uint8Array) => {
    for (let i = 0; i < ms / 20; i++) turns.media(frame);
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { clock, events, state, turns, frames, settle };
}

describe("caller turns, without a recogniser (the softphone)", () => {
  it("while the agent listens, a short answer opens an utterance, which ends on silence", () => {
    const { events, frames } = stage();
    frames(200, loud);
    frames(800, quiet);
    expect(events).toEqual(["speech-start", "nothing said"]);
  });

  it("over the agent's speech, voice holds it at 240 ms and lets it go on when it stops short; voice going on cuts it off, its stop at the hold", () => {
    const { events, frames, state } = stage({ agentSpeaking: true });
    // Shorter than the hold: nothing at all (not even an utterance, over the agent's speech).
    frames(200, loud);
    frames(800, quiet);
    expect(events).toEqual([]);
    frames(400, loud);
    expect(events).toEqual(["hold", "speech-start"]);
    // 300 ms of silence: it was no interruption (this client sends no words after its voice).
    frames(280, quiet);
    expect(events).toEqual(["hold", "speech-start"]);
    frames(20, quiet);
    expect(events).toEqual(["hold", "speech-start", "go on"]);
    frames(600, quiet);
    expect(events.at(-1)).toBe("nothing said");
    expect(state.agentSpeaking).toBe(true);
    events.length = 0;
    frames(700, loud);
    // Held at 240 ms, cut off at 600 ms: the agent's audio stopped 240 ms after the voice's onset.
    expect(events).toEqual(["hold", "speech-start", "barge-in 240"]);
  });

  it("a client whose words follow its voice: the hold waits for them; an acknowledgement lets the agent go on, content cuts it off", () => {
    const { events, frames, turns, state } = stage({ agentSpeaking: true });
    turns.text("uhum");
    events.length = 0;
    frames(400, loud);
    frames(1_000, quiet);
    // Past the utterance's end, still held: its words are to come.
    expect(events).toEqual(["hold", "speech-start", "nothing said"]);
    turns.text("sim, sim");
    expect(events.slice(3)).toEqual(["go on", "backchannel sim, sim (text)"]);
    events.length = 0;
    frames(460, loud);
    frames(1_000, quiet);
    turns.text("peraí");
    expect(events).toEqual(["hold", "speech-start", "nothing said", "barge-in 240", "turn TEXT peraí -"]);
    expect(state.agentSpeaking).toBe(false);
  });

  it("a hold whose reply was heard out meanwhile lets go: the next reply never waits behind it", () => {
    const { events, frames, state } = stage({ agentSpeaking: true });
    frames(300, loud);
    expect(events).toEqual(["hold", "speech-start"]);
    state.agentSpeaking = false;
    frames(400, loud);
    expect(events).toEqual(["hold", "speech-start", "go on"]);
  });

  it("a hold whose words never come ends: in silence frames after `wordsWaitMs`, without frames on the clock", () => {
    const { events, frames, turns, clock } = stage({ agentSpeaking: true });
    turns.text("uhum");
    events.length = 0;
    frames(300, loud);
    frames(1_480, quiet);
    expect(events).not.toContain("go on");
    frames(20, quiet);
    expect(events.at(-1)).toBe("go on");
    events.length = 0;
    frames(300, loud);
    // The client stops sending frames: the clock lets the agent go on.
    clock.advance(DEFAULT_TURN_OPTIONS.bargeIn.minSpanMs + DEFAULT_TURN_OPTIONS.bargeIn.wordsWaitMs);
    expect(events).toContain("go on");
  });

  it("typed acknowledgements over the agent's speech are dropped; while it waits, 'isso' is a turn", () => {
    const { events, turns, state } = stage({ agentSpeaking: true });
    turns.text("tá");
    expect(events).toEqual(["backchannel tá (text)"]);
    turns.text("tá, mas eu queria outro dia");
    expect(events.slice(1)).toEqual(["barge-in -", "turn TEXT tá, mas eu queria outro dia -"]);
    expect(state.agentSpeaking).toBe(false);
    turns.text("isso");
    expect(events.at(-1)).toBe("turn TEXT isso -");
  });

  it("keys cut the agent off and form one input within the pause, on the injected clock", () => {
    const { events, turns, clock } = stage({ agentSpeaking: true });
    turns.digit("1");
    turns.digit("2");
    clock.advance(DEFAULT_TURN_OPTIONS.dtmfPauseMs - 1);
    expect(events).toEqual(["barge-in -", "barge-in -"]);
    clock.advance(1);
    expect(events.at(-1)).toBe("turn DTMF 12 -");
  });

  it("a client that stops sending frames mid-utterance still gets its utterance ended by the clock", () => {
    const { events, frames, clock } = stage();
    frames(300, loud);
    expect(events).toEqual(["speech-start"]);
    clock.advance(DEFAULT_TURN_OPTIONS.frameGapMs);
    expect(events).toEqual(["speech-start", "nothing said"]);
  });
});

describe("caller turns, with a recogniser", () => {
  it("'uhum' over the agent's speech is a backchannel; 'não, espera' cuts it off at its first word and is a turn", async () => {
    const { events, frames, turns, settle, state } = stage({
      agentSpeaking: true,
      recognizer: recogniser(["uhum", "não, espera"]),
    });
    frames(300, loud);
    turns.interim("uhum", false);
    frames(800, quiet);
    await settle();
    expect(events).toEqual(["speech-start", "interim uhum", "backchannel uhum"]);
    expect(state.agentSpeaking).toBe(true);
    events.length = 0;
    frames(240, loud);
    turns.interim("não", false);
    expect(events).toEqual(["speech-start", "interim não", "barge-in 240"]);
    frames(400, loud);
    frames(800, quiet);
    await settle();
    // Its last interim, 'não', is a whole answer: the short silence ended the turn (decision 0022).
    expect(events.at(-1)).toBe("turn SPEECH não, espera 280");
  });

  it("a recogniser failure is reported once the utterance ends", async () => {
    const failing: Recognizer = {
      push() {},
      endOfUtterance: () => Promise.reject(new Error("stream broke")),
      close() {},
    };
    const { events, frames, settle } = stage({ recognizer: failing });
    frames(200, loud);
    frames(800, quiet);
    await settle();
    expect(events).toEqual(["speech-start", "lost"]);
  });
});
