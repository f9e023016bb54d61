// The handoff stage as events in, events out (decision 0064): caller turns and silence prompts in, the silence
// prompts and turn-timings stages real (on a ManualClock and a number the test moves), a scripted engine and a
// speculation double; the transcript, the record, the not-heard reset and the agent's next turn out. No socket.
import type { AgentEvent, CallerInput } from "@atende/agent";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import type { TurnClock } from "../turn-timings";
import { Handoff } from "./handoff";
import { SilencePrompts } from "./silence-prompts";
import { TurnTimings } from "./timings";

function stage(options: { guessOn?: string } = {}) {
  const clock = new ManualClock();
  const log: string[] = [];
  const turns: Array<TurnClock | null> = [];
  let held = false;
  let open = true;
  const silence = new SilencePrompts({ clock, afterMs: 6_000, prompt: (n) => log.push(`prompt ${n}`) });
  const timings = new TurnTimings({ now: () => 1_000, events: { timing: () => {} } });
  const agent = {
    respond: async function* (input: CallerInput): AsyncIterable<AgentEvent> {
      yield { type: "say", text: `resposta a ${JSON.stringify(input)}` };
    },
  };
  const handoff = new Handoff({
    held: () => held,
    agent: () => (open ? agent : null),
    speculator: () => ({
      take: (input: CallerInput) =>
        input.kind === "speech" && input.text === options.guessOn
          ? {
              commit: async function* (): AsyncIterable<AgentEvent> {
                yield { type: "say", text: "resposta já pensada" };
              },
            }
          : null,
    }),
    silence,
    timings,
    events: {
      heard: () => log.push("heard"),
      transcript: (text) => log.push(`transcript ${text}`),
      record: (input) => log.push(`record ${input.kind}`),
      reply: (produce, turn) => {
        turns.push(turn);
        log.push("reply");
        replies.push(produce(new AbortController().signal));
      },
    },
  });
  const replies: Array<AsyncIterable<AgentEvent>> = [];
  const said = async () => {
    const texts: string[] = [];
    for (const reply of replies.splice(0))
      for await (const e of reply) if (e.type === "say") texts.push(e.text);
    return texts;
  };
  return {
    clock,
    log,
    turns,
    handoff,
    silence,
    said,
    hold: (on: boolean) => (held = on),
    close: () => (open = false),
  };
}

describe("the handoff stage", () => {
  it("a spoken turn: heard, the prompt stopped, its words to the transcript and the record, the engine's reply with the turn's clock", async () => {
    const { clock, log, turns, handoff, silence, said } = stage();
    silence.listen();
    handoff.turn({ kind: "speech", text: "quero marcar" }, { input: "SPEECH", endpointingMs: 600 }, 1_000);
    clock.advance(6_000);
    expect(log).toEqual(["heard", "transcript quero marcar", "record speech", "reply"]);
    expect(turns[0]?.take()).toMatchObject({ turn: 1, input: "SPEECH", endpointingMs: 600 });
    expect(await said()).toEqual(['resposta a {"kind":"speech","text":"quero marcar"}']);
  });

  it("keys and typed text are turns with no reset of the not-heard count and no transcript of keys", () => {
    const { log, handoff } = stage();
    handoff.turn({ kind: "dtmf", digits: "12" }, { input: "DTMF", endpointingMs: null }, 1_000);
    handoff.turn({ kind: "speech", text: "oi" }, { input: "TEXT", endpointingMs: null }, 1_000);
    expect(log).toEqual(["record dtmf", "reply", "transcript oi", "record speech", "reply"]);
  });

  it("a silence prompt is the agent's own turn, with no clock; a caller turn in between makes the next prompt the first", async () => {
    const { clock, log, turns, handoff, silence, said } = stage();
    handoff.silent(1, 1_000);
    expect(turns).toEqual([null]);
    expect(await said()).toEqual(['resposta a {"kind":"silence","prompts":1}']);
    silence.listen();
    clock.advance(6_000);
    silence.listen();
    clock.advance(6_000);
    handoff.turn({ kind: "speech", text: "sim" }, { input: "SPEECH", endpointingMs: 300 }, 1_000);
    silence.listen();
    clock.advance(6_000);
    expect(log.filter((l) => l.startsWith("prompt"))).toEqual(["prompt 1", "prompt 2", "prompt 1"]);
  });

  it("the speculative reply on the same words is committed instead of a new one (decision 0024)", async () => {
    const { handoff, said } = stage({ guessOn: "amanhã cedo" });
    handoff.turn({ kind: "speech", text: "amanhã cedo" }, { input: "SPEECH", endpointingMs: 300 }, 1_000);
    handoff.turn({ kind: "speech", text: "amanhã à tarde" }, { input: "SPEECH", endpointingMs: 300 }, 1_000);
    expect(await said()).toEqual([
      "resposta já pensada",
      'resposta a {"kind":"speech","text":"amanhã à tarde"}',
    ]);
  });

  it("while a staff member holds the call, a turn is written and not answered; before the call opens, nothing answers", () => {
    const { log, handoff, hold, close } = stage();
    hold(true);
    handoff.turn({ kind: "speech", text: "alô" }, { input: "SPEECH", endpointingMs: 300 }, 1_000);
    handoff.silent(1, 1_000);
    expect(log).toEqual(["heard", "transcript alô", "record speech"]);
    hold(false);
    close();
    handoff.silent(1, 1_000);
    expect(log).toHaveLength(3);
  });
});
