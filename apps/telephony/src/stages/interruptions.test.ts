// The held-out set of backchannels, noises and interruptions (testing/backchannels.json, decision 0036) run through
// the gateway's barge-in rule in the three modes a caller is heard in: with a recogniser, the browser softphone
// (voice activity, then its own recognition's text), typed text.
import { decodeMulaw } from "@atende/shared/mulaw";
import { FRAME_BYTES } from "@atende/shared/telephony";
import { beforeAll, describe, expect, it } from "vitest";
import { createVad, Endpointer } from "../audio/vad";
import {
  audioOf,
  type BargeInPolicy,
  heldOutSet,
  type Mode,
  run,
  score,
  TRAILING_SILENCE_MS,
} from "../testing/backchannels";
import { concat, silence } from "../testing/speech";
import { BargeInJudge, isBackchannel, wordsVerdict } from "./interruptions";

/** The rule before decision 0036: 240 ms of voice while the agent speaks cuts it off; any words are a turn. */
function untuned(): BargeInPolicy {
  const endpointer = new Endpointer();
  return {
    frame: (voiced, atMs) => endpointer.push(voiced, atMs) === "speech-start",
    interim: () => false,
    final: () => ({ bargeIn: true, turn: true }),
  };
}

/** The rule of decision 0036, wired as the session wires it: the judge over frames and interims, words judged whole. */
function judged(mode: Mode): BargeInPolicy {
  const endpointer = new Endpointer();
  const judge = new BargeInJudge(mode === "recogniser");
  return {
    frame(voiced, atMs) {
      const cut = judge.frame(voiced, atMs);
      if (endpointer.push(voiced, atMs) === "speech-end") judge.utteranceEnded();
      return cut;
    },
    interim: (text) => judge.interim(text),
    final(text, agentSpeaking) {
      const turn = wordsVerdict(text, agentSpeaking) === "turn";
      return { bargeIn: turn && agentSpeaking, turn };
    },
  };
}

/** Real barge-in within this long of the content's onset (issue #26 part 4). */
const BOUND_MS = 400;

const items = heldOutSet();
/** Each item's audio (and the silence after it) through the gateway's own detector, frame by frame. */
const detected = new Map<string, boolean[]>();

beforeAll(async () => {
  for (const item of items) {
    const vad = await createVad();
    const pcm = decodeMulaw(concat(audioOf(item), silence(TRAILING_SILENCE_MS)));
    const frames: boolean[] = [];
    for (let at = 0; at + FRAME_BYTES <= pcm.length; at += FRAME_BYTES)
      frames.push(vad.isSpeech(pcm.subarray(at, at + FRAME_BYTES)));
    vad.dispose();
    detected.set(item.id, frames);
  }
});
const MODES: Mode[] = ["recogniser", "softphone", "softphone-words", "typed"];

describe("the held-out set", () => {
  it("has backchannels, noises, interruptions and acknowledgements going on into words", () => {
    const kinds = new Set(items.map((i) => i.kind));
    expect([...kinds].sort()).toEqual(["ack-then-words", "backchannel", "interruption", "noise"]);
    for (const id of ["uhum", "aha-nasal", "ta", "sei", "certo", "isso", "aham", "hm", "nao-espera", "perai"])
      expect(items.map((i) => i.id)).toContain(id);
  });

  it.each(MODES)("before decision 0036 (%s): backchannels cut the agent off and become turns", (mode) => {
    const result = score(
      items.map((item) => run(untuned(), item, mode, detected.get(item.id))),
      BOUND_MS,
    );
    console.info(`untuned, ${mode}: ${JSON.stringify(result)}`);
    expect(result.falseBargeIns.length + result.falseTurns.length).toBeGreaterThan(0);
  });
});

describe("decision 0036 on the held-out set", () => {
  const outcomesOf = (mode: Mode) =>
    items.map((item) => run(judged(mode), item, mode, detected.get(item.id)));

  it.each(["recogniser", "softphone-words", "typed"] as const)(
    "%s: no backchannel or noise cuts the agent off or becomes a turn; every interruption cuts it off within 400 ms",
    (mode) => {
      const outcomes = outcomesOf(mode);
      const result = score(outcomes, BOUND_MS);
      console.info(`decision 0036, ${mode}: ${JSON.stringify(result)}`);
      expect(result).toMatchObject({ falseBargeIns: [], falseTurns: [], missed: [], late: [] });
      for (const o of outcomes.filter((o) => o.kind === "interruption" || o.kind === "ack-then-words"))
        expect(o.turn, o.id).toBe(true);
    },
  );

  it("softphone without its recognition's interim words (voice, then text): voice alone has limits", () => {
    const outcomes = outcomesOf("softphone");
    const result = score(outcomes, BOUND_MS);
    console.info(`decision 0036, softphone: ${JSON.stringify(result)}`);
    // Voice alone cannot tell every acknowledgement from an interruption within 400 ms (decision 0036): a 400 ms span
    // lets every one- and two-syllable acknowledgement and every noise go by, but not the longer 'sim, sim' and
    // 'entendi' (which then become turns, the agent being silent when their text comes); 'qual é o endereço?' is
    // unvoiced ('nd') just at 400 ms, and 'espera aí''s 'e' is lost in its 'sp', so its voice is a 'pera aí' no longer
    // than an acknowledgement: the softphone's text cuts the agent off once recognised.
    expect(result.falseBargeIns).toEqual(["sim-sim", "entendi"]);
    expect(result.falseTurns).toEqual(["sim-sim", "entendi"]);
    expect(result.missed).toEqual([]);
    expect(result.late).toEqual(["qual-endereco (420 ms)", "espera-ai (1540 ms)"]);
    for (const o of outcomes.filter((o) => o.kind === "interruption" || o.kind === "ack-then-words"))
      expect(o.turn, o.id).toBe(true);
  });

  it("while the agent is silent and waiting, 'isso' and 'certo' are turns", () => {
    for (const text of ["isso", "certo", "uhum", "tá bom"]) expect(wordsVerdict(text, false)).toBe("turn");
    for (const text of ["isso", "certo", "uhum", "tá bom", "Ahã.", "sim, sim"])
      expect(wordsVerdict(text, true)).toBe("backchannel");
  });

  it("an acknowledgement going on into words is content", () => {
    expect(isBackchannel("tá, mas eu queria")).toBe(false);
    expect(isBackchannel("não")).toBe(false);
    expect(isBackchannel("uhum uhum uhum uhum uhum")).toBe(false);
    const judge = new BargeInJudge(true);
    expect(judge.interim("tá")).toBe(false);
    expect(judge.interim("enten")).toBe(false);
    expect(judge.interim("tá mas")).toBe(true);
  });

  it("a client's first interim words switch its call from the voice rule to words", () => {
    // Voice only: 400 ms of it cuts the agent off.
    const voiceOnly = new BargeInJudge(false);
    const cutAt = (judge: BargeInJudge) => {
      for (let at = 20; at <= 1_000; at += 20) if (judge.frame(true, at)) return at;
      return null;
    };
    expect(cutAt(voiceOnly)).toBe(400);
    // The softphone's recognition said 'entendi' early in the voice: it holds past 400 ms.
    const withWords = new BargeInJudge(false);
    for (let at = 20; at <= 200; at += 20) expect(withWords.frame(true, at)).toBe(false);
    expect(withWords.interim("entendi")).toBe(false);
    expect(cutAt(withWords)).toBeNull();
  });
});
