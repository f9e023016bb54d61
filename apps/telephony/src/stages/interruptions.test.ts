// The held-out set of backchannels, noises and interruptions (testing/backchannels.json, decision 0036) run through
// the gateway's barge-in rule in the three modes a caller is heard in: with a recogniser, the browser softphone
// (voice activity, then its own recognition's text), typed text.
import { describe, expect, it } from "vitest";
import { Endpointer } from "../audio/vad";
import { type BargeInPolicy, heldOutSet, type Mode, run, score } from "../testing/backchannels";

/** The rule before decision 0036: 240 ms of voice while the agent speaks cuts it off; any words are a turn. */
function untuned(): BargeInPolicy {
  const endpointer = new Endpointer();
  return {
    frame: (voiced, atMs) => endpointer.push(voiced, atMs) === "speech-start",
    interim: () => false,
    final: () => ({ bargeIn: true, turn: true }),
  };
}

const items = heldOutSet();
const MODES: Mode[] = ["recogniser", "softphone", "typed"];

describe("the held-out set", () => {
  it("has backchannels, noises, interruptions and acknowledgements going on into words", () => {
    const kinds = new Set(items.map((i) => i.kind));
    expect([...kinds].sort()).toEqual(["ack-then-words", "backchannel", "interruption", "noise"]);
    for (const id of ["uhum", "aha-nasal", "ta", "sei", "certo", "isso", "aham", "hm", "nao-espera", "perai"])
      expect(items.map((i) => i.id)).toContain(id);
  });

  it.each(MODES)("before decision 0036 (%s): backchannels cut the agent off and become turns", (mode) => {
    const result = score(
      items.map((item) => run(untuned(), item, mode)),
      400,
    );
    console.info(`untuned, ${mode}: ${JSON.stringify(result)}`);
    expect(result.falseBargeIns.length + result.falseTurns.length).toBeGreaterThan(0);
  });
});
