// The agent-turns stage as events in, events out: the engine's events in (scripted generators), the replies stage
// real, the agent output's two entries a double that records what is queued; sentences queued with their marks, the
// record's writes, the agent's state and a reply's ending out. No socket.
import type { AgentEvent } from "@atende/agent";
import { describe, expect, it } from "vitest";
import { AgentTurns, type RecordEvent } from "./agent-turns";
import { Replies, type Reply } from "./replies";

function stage(
  synthesize: (text: string) => Promise<Uint8Array> = async () => new Uint8Array(160),
  silenced?: (reply: Reply) => boolean,
) {
  const log: string[] = [];
  const done: Reply[] = [];
  let ended = false;
  const replies = new Replies({
    waiting: () => false,
    forget: () => {},
    events: {
      heard: (text) => log.push(`heard ${text}`),
      message: () => {},
      timing: () => {},
      flush: () => {},
      done: (reply) => done.push(reply),
    },
  });
  const turns = new AgentTurns({
    replies,
    output: {
      synthesize: (text) => synthesize(text),
      enqueue: (_audio, mark) => log.push(`queued ${mark.replace(/-[a-z0-9]+$/, "")}`),
    },
    key: "call",
    voice: { voiceType: "FEMININE", voiceTone: "FRIENDLY" },
    ended: () => ended,
    ...(silenced ? { silenced } : {}),
    events: {
      thinking: () => log.push("thinking"),
      speaking: (text) => log.push(`speaking ${text}`),
      record: (event: RecordEvent) => log.push(`record ${event.type}`),
      engineFailed: (error) => log.push(`engine failed ${(error as Error).message}`),
      sentenceSkipped: (_error, sentence) => log.push(`skipped ${sentence}`),
    },
  });
  return { turns, replies, log, done, end: () => (ended = true) };
}

const script = (...events: AgentEvent[]) =>
  async function* (): AsyncIterable<AgentEvent> {
    yield* events;
  };

/** Lets the queued turns run. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
};

describe("the agent-turns stage", () => {
  it("speaks a say sentence by sentence, each queued with its mark; writes go to the record; the ending is kept", async () => {
    const { turns, replies, log, done } = stage();
    turns.run(
      script(
        { type: "say", text: "Claro! Tenho às oito horas." },
        { type: "action", actionType: "APPOINTMENT_CREATED", details: {} },
        { type: "end" },
      ),
    );
    await settle();
    expect(log).toEqual([
      "thinking",
      "speaking Claro!",
      "queued call-0",
      "speaking Tenho às oito horas.",
      "queued call-1",
      "record action",
    ]);
    // Heard out: the reply is done, with its ending.
    const reply = replies.current;
    if (!reply) throw new Error("expected a current reply");
    replies.markHeard(reply.utterances.at(-1)?.mark ?? "");
    expect(done.map((r) => r.ending)).toEqual([{ kind: "end" }]);
  });

  it("drops a silenced reply's sentences (a staff member holds the call) and keeps its writes; its own lines speak", async () => {
    const { turns, log } = stage(undefined, (reply) => !reply.own);
    turns.run(
      script(
        { type: "say", text: "Claro! Tenho às oito horas." },
        { type: "action", actionType: "APPOINTMENT_CREATED", details: {} },
      ),
    );
    turns.run(script({ type: "say", text: "Vou passar você para a nossa equipe." }), null, true);
    await settle();
    expect(log).toEqual([
      "thinking",
      "record action",
      "thinking",
      "speaking Vou passar você para a nossa equipe.",
      "queued call-0",
    ]);
  });

  it("runs turns one after another, never two engine turns at once; `pending` counts the waiting ones", async () => {
    const { turns, log } = stage();
    let release: () => void = () => {};
    const slow = new Promise<void>((r) => {
      release = r;
    });
    turns.run(async function* () {
      log.push("first: thinking");
      await slow;
      yield { type: "say", text: "Um momento." };
    });
    turns.run(async function* () {
      log.push("second: thinking");
      yield { type: "say", text: "Pronto." };
    });
    await settle();
    expect(turns.pending).toBe(1);
    expect(log).not.toContain("second: thinking");
    release();
    await settle();
    expect(turns.pending).toBe(0);
    expect(log.filter((l) => l.includes("thinking:") || l.endsWith(": thinking"))).toEqual([
      "first: thinking",
      "second: thinking",
    ]);
  });

  it("a sentence the voice fails on is skipped and the reply goes on; an engine failure ends the turn with what was said", async () => {
    const { turns, log } = stage(async (text) => {
      if (text.startsWith("Falha")) throw new Error("tts down");
      return new Uint8Array(160);
    });
    turns.run(async function* () {
      yield { type: "say", text: "Falha aqui. Depois isto." };
      throw new Error("engine down");
    });
    await settle();
    expect(log).toEqual([
      "thinking",
      "skipped Falha aqui.",
      "speaking Depois isto.",
      "queued call-0",
      "engine failed engine down",
    ]);
  });

  it("a cut turn stops: nothing more is spoken or written; a call that ended starts nothing", async () => {
    const { turns, replies, log, end } = stage();
    turns.run(async function* () {
      yield { type: "say", text: "Primeira frase." };
      replies.current?.controller.abort();
      yield { type: "say", text: "Segunda frase." };
      yield { type: "data", key: "x", value: "y" };
    });
    await settle();
    expect(log).toEqual(["thinking", "speaking Primeira frase.", "queued call-0"]);
    end();
    turns.run(script({ type: "say", text: "Olá?" }));
    await settle();
    expect(log).toHaveLength(3);
  });

  it("the cap's goodbye cuts in ahead of a turn still being thought, which is let go; heard out, it ends the call", async () => {
    const { turns, replies, log, done } = stage();
    let release: () => void = () => {};
    const slow = new Promise<void>((r) => {
      release = r;
    });
    turns.run(async function* () {
      await slow;
      yield { type: "say", text: "Tarde demais." };
    });
    await settle();
    const thought = replies.current;
    turns.cutIn("O tempo acabou. Até logo!", () => log.push("spoken"));
    await settle();
    expect(log).toEqual(["thinking", "speaking O tempo acabou. Até logo!", "queued call-0", "spoken"]);
    const goodbye = replies.current;
    if (!goodbye || goodbye === thought) throw new Error("expected the goodbye to be the current reply");
    expect(goodbye.own).toBe(true);
    // The engine's late words are not spoken: the reply they belong to is no longer the current one.
    release();
    await settle();
    expect(log).toHaveLength(4);
    expect(done).toEqual([]);
    replies.markHeard(goodbye.utterances[0]?.mark ?? "");
    expect(done.map((r) => r.ending)).toEqual([{ kind: "end" }]);
  });
});
