// The providers' fakes of the providers bench, in a worker thread of their own: in production Google and Anthropic
// run on their own machines, so their fakes' work (gRPC and HTTP serving, energy detection, audio rendering) must not
// be counted as the gateway's. The main thread sends the transcripts the callers will say.
import { parentPort, workerData } from "node:worker_threads";
import { startFakeMessagesApi } from "@atende/agent/llm/testing";
import { GoogleSpeechFake, GoogleTtsFake } from "@atende/telephony/testing";

export interface ProviderFakesInput {
  apiKey: string;
  sttFinalAfterSpeechMs: number;
  modelFirstTokenMs: number;
  ttsFirstByteMs: number;
  deltaDelayMs: number;
}

export interface ProviderFakesReady {
  speechEndpoint: string;
  ttsEndpoint: string;
  modelUrl: string;
}

/**
 * Every answer differs (a room number from the request's index), so the voice's cache of lines said before never
 * answers for the provider; the first sentence keeps one length, so its streaming time is the same in every turn.
 */
export const firstSentence = (n: number) =>
  `A clínica fica na Rua das Flores, número cem, sala ${String(n % 10_000).padStart(4, "0")}.`;

if (parentPort) {
  const port = parentPort;
  const input = workerData as ProviderFakesInput;
  // Google's final `sttFinalAfterSpeechMs` after the speech ends: its own end of segment after 100 ms of quiet.
  const [speech, tts, model] = await Promise.all([
    GoogleSpeechFake.start({ segmentEndSilenceMs: 100, finalAfterMs: input.sttFinalAfterSpeechMs - 100 }),
    GoogleTtsFake.start({ firstByteMs: input.ttsFirstByteMs, msPerCharacter: 60 }),
    startFakeMessagesApi({
      apiKey: input.apiKey,
      script: (_request, index) => ({
        blocks: [{ type: "text", text: `${firstSentence(index)} Posso ajudar em mais alguma coisa?` }],
      }),
      firstTokenDelayMs: input.modelFirstTokenMs,
      deltaDelayMs: input.deltaDelayMs,
    }),
  ]);
  const ready: ProviderFakesReady = {
    speechEndpoint: speech.endpoint,
    ttsEndpoint: tts.endpoint,
    modelUrl: model.url,
  };
  port.postMessage(ready);
  port.on("message", (message: { script: string[] } | "close") => {
    if (message === "close") {
      void Promise.all([speech.close(), tts.close(), model.close()]).then(() => port.postMessage("closed"));
    } else {
      speech.script(...message.script);
    }
  });
}
