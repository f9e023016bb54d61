// The floor stage as events in, events out (decision 0064): the replies and silence prompts stages real, on a
// ManualClock; a barge-in, a reply heard out and listening in; the agent's state, the audio cleared or let go, the
// engine told what was heard, the silence prompt and a reply's ending out. No socket.
import type { AgentState } from "@atende/shared/telephony";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { Floor } from "./floor";
import { Replies, type Reply } from "./replies";
import { SilencePrompts } from "./silence-prompts";

function stage() {
  const clock = new ManualClock();
  const log: string[] = [];
  const states: AgentState[] = [];
  let held = false;
  let callerSpeaking = false;
  let pending = 0;
  let ended = false;
  const replies = new Replies({
    waiting: () => false,
    forget: () => {},
    events: { heard: () => {}, message: () => {}, timing: () => {}, flush: () => {}, done: () => {} },
  });
  const silence = new SilencePrompts({ clock, afterMs: 6_000, prompt: (n) => log.push(`prompt ${n}`) });
  const floor = new Floor({
    replies,
    silence,
    audio: { clear: () => log.push("clear"), resume: () => log.push("resume") },
    context: {
      ended: () => ended,
      held: () => held,
      callerSpeaking: () => callerSpeaking,
      pendingTurns: () => pending,
    },
    metrics: { bargeIn: (ms) => log.push(`barge-in ${ms}`) },
    events: {
      state: (state) => states.push(state),
      interrupted: (heard) => log.push(`interrupted after ${JSON.stringify(heard)}`),
      heldLineHeard: () => log.push("handed over"),
      end: () => log.push("end"),
      transfer: (to) => log.push(`transfer ${to}`),
    },
  });
  /** A reply of the engine's (or the agent's own) speaking `sentences`, the first `heard` of them heard. */
  const speaking = (sentences: string[], heard: number, own = false): Reply => {
    const reply = replies.start(null, { own });
    sentences.forEach((text, i) => {
      replies.queued(reply, text, `m-${i}`);
    });
    if (heard > 0) replies.markHeard(`m-${heard - 1}`);
    return reply;
  };
  return {
    clock,
    log,
    states,
    floor,
    replies,
    speaking,
    hold: (on: boolean) => (held = on),
    speak: (on: boolean) => (callerSpeaking = on),
    pend: (n: number) => (pending = n),
    end: () => (ended = true),
  };
}

describe("the floor stage", () => {
  it("says each change of the agent's state once", () => {
    const { floor, states } = stage();
    expect(floor.state).toBeNull();
    floor.set("thinking");
    floor.set("thinking");
    floor.set("speaking");
    expect(states).toEqual(["thinking", "speaking"]);
    expect(floor.state).toBe("speaking");
  });

  it("a barge-in over the engine's reply clears the audio, cuts the reply, tells the engine what was heard, listens", () => {
    const { floor, log, states, speaking, replies } = stage();
    const reply = speaking(["Tenho às oito.", "Ou às nove."], 1);
    floor.set("speaking");
    floor.bargeIn(320);
    expect(log).toEqual(["barge-in 320", "clear", 'interrupted after ["Tenho às oito."]']);
    expect(reply.controller.signal.aborted).toBe(true);
    expect(replies.current).toBeNull();
    expect(states).toEqual(["speaking", "listening"]);
  });

  it("a barge-in over nothing to hear does nothing; over the agent's own line the engine is not told", () => {
    const { floor, log, speaking } = stage();
    floor.bargeIn();
    expect(log).toEqual([]);
    speaking(["O tempo acabou."], 0, true);
    floor.bargeIn();
    expect(log).toEqual(["barge-in null", "clear"]);
  });

  it("listening lets a hold go and arms the silence prompt, unless the caller speaks, a staff member holds, or the call is over", () => {
    const { floor, log, states, clock, speak, hold, end } = stage();
    floor.listen();
    expect(states).toEqual(["listening"]);
    clock.advance(6_000);
    expect(log).toEqual(["resume", "prompt 1"]);
    speak(true);
    floor.listen();
    clock.advance(6_000);
    speak(false);
    hold(true);
    floor.listen();
    clock.advance(6_000);
    expect(log).toEqual(["resume", "prompt 1", "resume", "resume"]);
    hold(false);
    end();
    floor.listen();
    clock.advance(6_000);
    expect(log).toHaveLength(4);
  });

  it("a reply heard out listens (once no turn waits), or ends the call, or transfers it with no prompt after", () => {
    const { floor, log, clock, pend } = stage();
    const reply = (ending: Reply["ending"], own = false): Reply => ({
      controller: new AbortController(),
      utterances: [],
      finished: true,
      ending,
      clock: null,
      own,
    });
    pend(1);
    floor.replyDone(reply(null));
    expect(log).toEqual([]);
    pend(0);
    floor.replyDone(reply({ kind: "end" }));
    floor.replyDone(reply({ kind: "transfer", to: "+5511999990000" }));
    expect(log).toEqual(["end", "transfer +5511999990000"]);
    floor.listen();
    floor.replyDone(reply({ kind: "transfer", to: "+5511999990000" }));
    clock.advance(10_000);
    expect(log).not.toContain("prompt 1");
    floor.replyDone(reply(null));
    clock.advance(6_000);
    expect(log.at(-1)).toBe("prompt 1");
  });

  it("while a staff member holds the call, a reply heard out only listens; the agent's own line hands the call over", () => {
    const { floor, log, states, hold } = stage();
    hold(true);
    const own: Reply = {
      controller: new AbortController(),
      utterances: [],
      finished: true,
      ending: { kind: "end" },
      clock: null,
      own: true,
    };
    floor.replyDone({ ...own, own: false });
    floor.replyDone(own);
    expect(log).toEqual(["handed over"]);
    expect(states).toEqual(["listening"]);
  });
});
