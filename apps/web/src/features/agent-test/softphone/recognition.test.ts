import { afterEach, describe, expect, it } from "vitest";
import { speechRecognitionAvailable, startCallerRecognition } from "./recognition";

/**
 * A stand-in for the browser's `webkitSpeechRecognition` (Node has none): it records starts and stops and lets the
 * test play the events Chrome fires.
 */
class BrowserRecognition {
  static instances: BrowserRecognition[] = [];
  lang = "";
  continuous = false;
  interimResults = false;
  onresult: ((event: unknown) => void) | null = null;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  starts = 0;
  stops = 0;
  aborted = false;
  constructor() {
    BrowserRecognition.instances.push(this);
  }
  start() {
    this.starts++;
  }
  stop() {
    this.stops++;
  }
  abort() {
    this.aborted = true;
  }
  /** Chrome's results: all of the session so far, from `resultIndex` on changed. */
  results(resultIndex: number, results: [text: string, isFinal: boolean][]) {
    this.onresult?.({
      resultIndex,
      results: results.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal })),
    });
  }
}

const scope = globalThis as { webkitSpeechRecognition?: unknown };

function start() {
  const heard = { interim: [] as string[], final: [] as string[], unavailable: 0 };
  const recognition = startCallerRecognition({
    onInterim: (text) => heard.interim.push(text),
    onFinal: (text) => heard.final.push(text),
    onUnavailable: () => heard.unavailable++,
  });
  const browser = BrowserRecognition.instances.at(-1);
  if (!recognition || !browser) throw new Error("recognition did not start");
  return { recognition, browser, heard };
}

afterEach(() => {
  delete scope.webkitSpeechRecognition;
  BrowserRecognition.instances = [];
});

describe("the caller's speech recognised by the browser", () => {
  it("is absent where the browser has no recognition (the text box remains)", () => {
    expect(speechRecognitionAvailable()).toBe(false);
    expect(startCallerRecognition({ onInterim() {}, onFinal() {}, onUnavailable() {} })).toBeNull();
  });

  it("listens continuously in pt-BR, shows interim words and hands over each final result once", () => {
    scope.webkitSpeechRecognition = BrowserRecognition;
    const { browser, heard } = start();
    expect(browser).toMatchObject({ lang: "pt-BR", continuous: true, interimResults: true, starts: 1 });
    browser.results(0, [["quero", false]]);
    browser.results(0, [["quero marcar", false]]);
    browser.results(0, [["quero marcar uma consulta", true]]);
    browser.results(1, [
      ["quero marcar uma consulta", true],
      ["amanhã", false],
    ]);
    expect(heard.final).toEqual(["quero marcar uma consulta"]);
    expect(heard.interim).toEqual(["quero", "quero marcar", "", "amanhã"]);
  });

  it("starts again when Chrome ends a session, and not while muted", () => {
    scope.webkitSpeechRecognition = BrowserRecognition;
    const { recognition, browser } = start();
    browser.onend?.();
    expect(browser.starts).toBe(2);
    recognition.setListening(false);
    expect(browser.stops).toBe(1);
    browser.onend?.();
    expect(browser.starts).toBe(2);
    recognition.setListening(true);
    expect(browser.starts).toBe(3);
    recognition.dispose();
    expect(browser.aborted).toBe(true);
  });

  it("gives up on a fatal error (headless Chromium: 'audio-capture') and says so once", () => {
    scope.webkitSpeechRecognition = BrowserRecognition;
    const { browser, heard } = start();
    browser.onerror?.({ error: "audio-capture" });
    browser.onend?.();
    expect(heard.unavailable).toBe(1);
    expect(browser.starts).toBe(1);
  });

  it("gives up after three sessions in a row fail without a word, but not when words came between", () => {
    scope.webkitSpeechRecognition = BrowserRecognition;
    const { browser, heard } = start();
    for (let i = 0; i < 2; i++) {
      browser.onerror?.({ error: "network" });
      browser.onend?.();
    }
    browser.results(0, [["sim", true]]);
    browser.onerror?.({ error: "network" });
    browser.onend?.();
    expect(heard.unavailable).toBe(0);
    for (let i = 0; i < 2; i++) {
      browser.onerror?.({ error: "network" });
      browser.onend?.();
    }
    expect(heard.unavailable).toBe(1);
    expect(browser.starts).toBe(5);
  });
});
