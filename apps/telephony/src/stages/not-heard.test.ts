// The not-heard replies (decision 0032) as input in, events out: asked again, then transferred or ended.
import { describe, expect, it } from "vitest";
import { LostUtterances, MAX_LOST_UTTERANCES, NOT_HEARD_LINES, notHeardReply } from "./not-heard";

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
