// The not-heard replies (decision 0032) as input in, events out: asked again, then transferred or ended.
import { describe, expect, it } from "vitest";
import { LostUtterances, MAX_LOST_UTTERANCES, NOT_HEARD_LINES, NotHeard, notHeardReply } from "./not-heard";

describe("a lost utterance's reply", () => {
  it("asks again until the limit, then transfers to the forwarding phone", () => {
    for (let lost = 1; lost < MAX_LOST_UTTERANCES; lost++)
      expect(notHeardReply(lost, "+5511999990000")).toEqual({
        events: [{ type: "say", text: NOT_HEARD_LINES.repeat }],
        givingUp: false,
        endsInError: false,
      });
    const last = notHeardReply(MAX_LOST_UTTERANCES, "+5511999990000");
    expect(last.givingUp).toBe(true);
    expect(last.endsInError).toBe(false);
    expect(last.events.map((e) => e.type)).toEqual(["say", "action", "transfer"]);
    expect(last.events[0]).toEqual({ type: "say", text: NOT_HEARD_LINES.transfer });
  });

  it("without a forwarding phone says goodbye and ends the call as an error", () => {
    const last = notHeardReply(MAX_LOST_UTTERANCES, null);
    expect(last).toMatchObject({ givingUp: true, endsInError: true });
    expect(last.events).toEqual([
      { type: "say", text: NOT_HEARD_LINES.goodbye },
      { type: "action", actionType: "CALL_ENDED", details: { reason: "recognizer" } },
      { type: "end" },
    ]);
  });
});

describe("lost utterances in a row", () => {
  it("counts them, starts again once the caller is heard, and answers nothing more once given up", () => {
    const lost = new LostUtterances();
    expect(lost.lost(null)).toMatchObject({ inARow: 1, givingUp: false });
    lost.heard();
    expect(lost.lost(null)).toMatchObject({ inARow: 1, givingUp: false });
    expect(lost.lost(null)).toMatchObject({ inARow: 2, givingUp: false });
    expect(lost.lost(null)).toMatchObject({ inARow: 3, givingUp: true, endsInError: true });
    expect(lost.lost(null)).toBeNull();
  });
});

describe("the not-heard stage", () => {
  function stage(forwardingPhone: string | null) {
    const log: string[] = [];
    let answering = true;
    const notHeard = new NotHeard({
      answering: () => answering,
      forwardingPhone,
      events: {
        lost: (error, inARow, givingUp) => log.push(`lost ${(error as Error).message} ${inARow} ${givingUp}`),
        endsInError: () => log.push("ends in error"),
        reply: (events) => log.push(`reply ${events.map((e) => e.type).join(" ")}`),
      },
    });
    return { notHeard, log, answer: (on: boolean) => (answering = on) };
  }

  it("asks again, and after the limit transfers; a caller heard in between starts the count again", () => {
    const { notHeard, log } = stage("+5511999990000");
    notHeard.lost(new Error("stt"));
    notHeard.heard();
    for (let i = 0; i < MAX_LOST_UTTERANCES + 1; i++) notHeard.lost(new Error("stt"));
    expect(log).toEqual([
      "lost stt 1 false",
      "reply say",
      "lost stt 1 false",
      "reply say",
      "lost stt 2 false",
      "reply say",
      "lost stt 3 true",
      "reply say action transfer",
    ]);
  });

  it("without a forwarding phone says goodbye and ends as an error; while not answering (a staff member holds) says nothing", () => {
    const { notHeard, log, answer } = stage(null);
    answer(false);
    notHeard.lost(new Error("stt"));
    expect(log).toEqual([]);
    answer(true);
    for (let i = 0; i < MAX_LOST_UTTERANCES; i++) notHeard.lost(new Error("stt"));
    expect(log.slice(-3)).toEqual(["lost stt 3 true", "ends in error", "reply say action end"]);
  });
});
