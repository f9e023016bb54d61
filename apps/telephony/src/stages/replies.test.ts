// The replies stage as events in, events out: replies started, sentences queued, marks heard, the engine done, a
// barge-in, the end of the call in; heard sentences, the record's messages, turn timings and a reply done out. Real
// turn clocks; the agent-output stage's two answers (a first frame still queued, marks forgotten) are a double.
import { describe, expect, it } from "vitest";
import { TurnClock } from "../turn-timings";
import { Replies } from "./replies";

function stage() {
  const events: string[] = [];
  const queuedFirstFrames = new Set<TurnClock>();
  const replies = new Replies({
    waiting: (clock) => queuedFirstFrames.has(clock),
    forget: (marks) => events.push(`forget ${marks.join(",")}`),
    events: {
      heard: (text) => events.push(`heard ${text}`),
      message: (content) => events.push(`message ${content}`),
      timing: (clock) => {
        const t = clock.take();
        events.push(`timing ${t?.turn} interrupted=${t?.interrupted} bargeIn=${t?.bargeInMs}`);
      },
      flush: () => events.push("flush"),
      done: (reply) => events.push(`done ${reply.ending?.kind ?? "listen"}`),
    },
  });
  const clock = (turn: number) => new TurnClock(turn, "SPEECH", performance.now(), 700);
  return { events, replies, queuedFirstFrames, clock };
}

describe("the replies stage", () => {
  it("a reply is done once the engine finished and every sentence was heard; one message, one timing", () => {
    const { events, replies, clock } = stage();
    const reply = replies.start(clock(1));
    expect(replies.queued(reply, "Claro!", "m1")).toBe(true);
    expect(replies.queued(reply, "Tenho às oito horas.", "m2")).toBe(false);
    replies.finished(reply);
    expect(events).toEqual([]);
    expect(replies.speaking).toBe(true);
    // Marks come back in order: the second heard means the first was too.
    replies.markHeard("m2");
    expect(events).toEqual([
      "heard Claro!",
      "heard Tenho às oito horas.",
      "message Claro! Tenho às oito horas.",
      "timing 1 interrupted=false bargeIn=null",
      "flush",
      "done listen",
    ]);
    expect(replies.speaking).toBe(false);
    expect(replies.lastHeard).toBe("Tenho às oito horas.");
    replies.markHeard("m2");
    expect(events).toHaveLength(6);
  });

  it("a reply replaced while it still plays is heard out and recorded; only the newer one is done", () => {
    const { events, replies, clock } = stage();
    const first = replies.start(clock(1));
    replies.queued(first, "Primeira frase.", "a1");
    replies.finished(first);
    const second = replies.start(clock(2));
    // The replaced reply's turn is settled when it is replaced.
    expect(events).toEqual(["timing 1 interrupted=false bargeIn=null"]);
    replies.queued(second, "Segunda frase.", "b1");
    replies.markHeard("a1");
    expect(events.slice(1)).toEqual(["heard Primeira frase.", "message Primeira frase.", "flush"]);
    replies.finished(second);
    replies.markHeard("b1");
    expect(events.at(-1)).toBe("done listen");
  });

  it("a turn's timing waits for its first frame when it is queued behind earlier audio", () => {
    const { events, replies, queuedFirstFrames, clock } = stage();
    const turn = clock(3);
    const reply = replies.start(turn);
    replies.queued(reply, "Olá.", "m");
    replies.finished(reply);
    queuedFirstFrames.add(turn);
    replies.markHeard("m");
    expect(events.some((e) => e.startsWith("timing"))).toBe(false);
    replies.firstFrame(turn);
    expect(events.filter((e) => e.startsWith("timing"))).toEqual(["timing 3 interrupted=false bargeIn=null"]);
  });

  it("a barge-in cuts the speaking reply: its heard part recorded, the rest forgotten, its turn interrupted", () => {
    const { events, replies, clock } = stage();
    const reply = replies.start(clock(4), { ending: { kind: "end" } });
    replies.queued(reply, "Ouvida.", "h");
    replies.queued(reply, "Não ouvida.", "n");
    replies.markHeard("h");
    const cut = replies.interrupt(180);
    expect(cut.reply).toBe(reply);
    expect(cut.heard).toEqual(["Ouvida."]);
    expect(reply.controller.signal.aborted).toBe(true);
    expect(events.slice(1)).toEqual([
      "forget h,n",
      "message Ouvida.",
      "timing 4 interrupted=true bargeIn=180",
      "flush",
    ]);
    // The cut reply is never done (its ending, the end of the call, does not happen).
    replies.finished(reply);
    replies.markHeard("n");
    expect(events.some((e) => e.startsWith("done"))).toBe(false);
    expect(replies.current).toBeNull();
  });

  it("a barge-in while the reply is still being thought lets it go on", () => {
    const { events, replies, clock } = stage();
    const reply = replies.start(clock(5));
    expect(replies.interrupt(100)).toEqual({ reply: null, heard: [] });
    expect(reply.controller.signal.aborted).toBe(false);
    expect(replies.current).toBe(reply);
    expect(events).toEqual(["flush"]);
  });

  it("the end of the call records what was heard and marks a reply cut short as interrupted", () => {
    const { events, replies, clock } = stage();
    const reply = replies.start(clock(6));
    replies.queued(reply, "Começo.", "c");
    replies.queued(reply, "Fim.", "f");
    replies.markHeard("c");
    replies.close();
    expect(events.slice(1)).toEqual(["message Começo.", "timing 6 interrupted=true bargeIn=null"]);
    expect(reply.controller.signal.aborted).toBe(true);
  });
});
