// When the gateway starts the model on the caller's interim words, and what commits or drops the guess (decision
// 0024), on the session's inputs alone: interim transcripts, frames with their trailing silence, the turn's input.
import type { AgentEvent, Speculation } from "@atende/agent";
import { describe, expect, it } from "vitest";
import { SPECULATION_SILENCE_MS as S, type SpeculationOutcome, Speculator, wordsKey } from "./speculation";

async function* noEvents(): AsyncGenerator<AgentEvent> {}

/** An engine's guesses as a log: what was started, committed and cancelled, in order. */
function speculator(options: { declines?: boolean } = {}) {
  const log: string[] = [];
  const outcomes: SpeculationOutcome[] = [];
  const s = new Speculator({
    start(text): Speculation | null {
      log.push(`start ${text}`);
      if (options.declines) return null;
      return {
        commit() {
          log.push(`commit ${text}`);
          return noEvents();
        },
        cancel: () => log.push(`cancel ${text}`),
      };
    },
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  return { s, log, outcomes };
}

/** Frames of trailing silence from `fromMs` to `toMs` (the session's clock runs with the audio here). */
function silence(s: Speculator, fromMs: number, toMs: number, start = fromMs, idle = true) {
  for (let t = fromMs; t <= toMs; t += 20) s.frame(t - start, idle, t);
}

const signal = new AbortController().signal;

describe("the speculative start", () => {
  it("starts once the words have held still through the trailing silence, once", () => {
    const { s, log } = speculator();
    s.interim("pode confirmar", false, false, 0);
    silence(s, 0, S - 20);
    expect(log).toEqual([]);
    silence(s, S, S + 200, 0);
    expect(log).toEqual(["start pode confirmar"]);
  });

  it("waits for words that just changed to hold still, unless the recogniser finalised them", () => {
    const late = speculator();
    late.s.interim("pode confirmar", false, false, 100);
    silence(late.s, 100, 100 + S - 20, 0);
    expect(late.log).toEqual([]);
    silence(late.s, 100 + S, 100 + S, 0);
    expect(late.log).toEqual(["start pode confirmar"]);

    const settled = speculator();
    settled.s.interim("pode confirmar", true, false, 100);
    silence(settled.s, S, S, 0);
    expect(settled.log).toEqual(["start pode confirmar"]);
  });

  it("does not guess on unfinished words, nor while the agent has a reply in progress", () => {
    const unfinished = speculator();
    unfinished.s.interim("quero marcar para", true, true, 0);
    silence(unfinished.s, 0, 1_000);
    expect(unfinished.log).toEqual([]);

    const busy = speculator();
    busy.s.interim("pode confirmar", true, false, 0);
    silence(busy.s, 0, 1_000, 0, false);
    expect(busy.log).toEqual([]);
  });

  it("drops the guess when the caller speaks again or says more, and guesses again on the new words", () => {
    const { s, log, outcomes } = speculator();
    s.interim("quero marcar", true, false, 0);
    silence(s, S, S, 0);
    s.frame(0, true, S + 20); // voice again
    s.interim("quero marcar uma consulta", true, false, 400);
    silence(s, 400, 400 + S, 400);
    s.interim("quero marcar uma consulta na sexta", true, false, 800);
    expect(log).toEqual([
      "start quero marcar",
      "cancel quero marcar",
      "start quero marcar uma consulta",
      "cancel quero marcar uma consulta",
    ]);
    expect(outcomes).toEqual(["dropped", "dropped"]);
  });

  it("after the utterance ended, the guess waits for the final: the same words commit it, others drop it", async () => {
    const same = speculator();
    same.s.interim("Quero saber o preço.", true, false, 0);
    silence(same.s, S, S, 0);
    same.s.utteranceEnded();
    // The caller starts again before the final came in: the guess stays, it belongs to the ended utterance.
    same.s.frame(0, true, 400);
    same.s.interim("e", false, false, 420);
    same.s.take({ kind: "speech", text: "quero saber o preço" })?.commit(signal);
    expect(same.log).toEqual(["start Quero saber o preço.", "commit Quero saber o preço."]);
    expect(same.outcomes).toEqual(["committed"]);

    const other = speculator();
    other.s.interim("quero saber o preço", true, false, 0);
    silence(other.s, S, S, 0);
    other.s.utteranceEnded();
    expect(other.s.take({ kind: "speech", text: "quero saber o preço do exame" })).toBeNull();
    expect(other.log).toEqual(["start quero saber o preço", "cancel quero saber o preço"]);
  });

  it("keys, typed text and the call's end drop the guess; a guess taken for a reply that never started goes at the end", () => {
    const keys = speculator();
    keys.s.interim("meu cpf é", true, false, 0);
    silence(keys.s, S, S, 0);
    keys.s.drop();
    expect(keys.s.take({ kind: "dtmf", digits: "1" })).toBeNull();
    expect(keys.log).toEqual(["start meu cpf é", "cancel meu cpf é"]);

    const typed = speculator();
    typed.s.interim("pode confirmar", true, false, 0);
    silence(typed.s, S, S, 0);
    expect(typed.s.take({ kind: "speech", text: "não, espera" })).toBeNull();
    expect(typed.log).toEqual(["start pode confirmar", "cancel pode confirmar"]);

    const ending = speculator();
    ending.s.interim("pode confirmar", true, false, 0);
    silence(ending.s, S, S, 0);
    ending.s.utteranceEnded();
    expect(ending.s.take({ kind: "speech", text: "pode confirmar" })).not.toBeNull();
    ending.s.close();
    expect(ending.log).toEqual(["start pode confirmar", "cancel pode confirmar"]);
    expect(ending.outcomes).toEqual(["dropped"]);
  });

  it("does not ask again an engine that would not guess, until the words change", () => {
    const { s, log } = speculator({ declines: true });
    s.interim("pode confirmar", true, false, 0);
    silence(s, S, S + 200, 0);
    s.interim("pode confirmar sim", true, false, 300);
    silence(s, 300 + S, 300 + S + 200, 300 - S);
    expect(log).toEqual(["start pode confirmar", "start pode confirmar sim"]);
  });

  it("compares words, not their case, accents or punctuation", () => {
    expect(wordsKey("Quero saber o preço?")).toBe(wordsKey("quero saber o preco"));
    expect(wordsKey("às dez")).not.toBe(wordsKey("às dez e meia"));
  });
});
