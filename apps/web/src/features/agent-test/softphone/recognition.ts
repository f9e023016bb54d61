// The caller's words from the browser's own speech recognition (Chrome, Edge, Safari: `webkitSpeechRecognition`),
// in pt-BR: interim hypotheses for the transcript, each final result for the agent. Absent in Firefox and in headless
// Chromium; the softphone's text box is the path that always works.

/** The part of the Web Speech API used here; TypeScript's DOM library does not declare it. */
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: RecognitionResult };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = globalThis as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

export function speechRecognitionAvailable(): boolean {
  return recognitionConstructor() !== undefined;
}

export interface CallerRecognition {
  /** Listening or not (mute); listening again starts a new session. */
  setListening(listening: boolean): void;
  dispose(): void;
}

/** Errors after which recognition cannot work in this browser session (no permission, no capture device, no pt-BR). */
const FATAL_ERRORS = new Set([
  "not-allowed",
  "service-not-allowed",
  "audio-capture",
  "language-not-supported",
]);
/** Sessions in a row that end in an error before recognising anything: the service is unreachable, stop trying. */
const MAX_FAILED_SESSIONS = 3;

/**
 * Starts recognising (when the browser can); null when it cannot. Chrome ends a continuous session after a silence
 * or a network hiccup: it is restarted for as long as the call wants to listen. A fatal error, or a few failed
 * sessions in a row (headless Chromium declares the API but has no capture for it: 'audio-capture'), stop it for
 * good and `onUnavailable` tells the page to rely on the text box.
 */
export function startCallerRecognition(handlers: {
  onInterim(text: string): void;
  onFinal(text: string): void;
  onUnavailable(): void;
}): CallerRecognition | null {
  const Constructor = recognitionConstructor();
  if (!Constructor) return null;
  const recognition = new Constructor();
  recognition.lang = "pt-BR";
  recognition.continuous = true;
  recognition.interimResults = true;
  let listening = true;
  let running = false;
  let stopped = false;
  let failed = false;
  let failedSessions = 0;
  let interimShown = false;

  recognition.onresult = (event) => {
    failedSessions = 0;
    let interim = "";
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i];
      const text = result?.[0]?.transcript.trim() ?? "";
      if (!result || !text) continue;
      if (result.isFinal) handlers.onFinal(text);
      else interim += `${interim ? " " : ""}${text}`;
    }
    if (interim || interimShown) handlers.onInterim(interim);
    interimShown = interim !== "";
  };
  recognition.onerror = (event) => {
    failed = true;
    if (FATAL_ERRORS.has(event.error)) giveUp();
  };
  recognition.onend = () => {
    running = false;
    if (interimShown) handlers.onInterim("");
    interimShown = false;
    if (failed) failedSessions++;
    failed = false;
    if (failedSessions >= MAX_FAILED_SESSIONS) giveUp();
    if (listening && !stopped) begin();
  };

  function giveUp() {
    if (stopped) return;
    stopped = true;
    handlers.onUnavailable();
  }

  function begin() {
    if (running) return;
    try {
      recognition.start();
      running = true;
    } catch {
      // Already starting (an `end` and a `setListening(true)` racing): the running session serves.
    }
  }
  begin();

  return {
    setListening(next) {
      listening = next;
      if (next && !stopped) begin();
      else if (!next && running) recognition.stop();
    },
    dispose() {
      listening = false;
      stopped = true;
      recognition.onresult = null;
      recognition.onend = null;
      recognition.onerror = null;
      recognition.abort();
    },
  };
}
