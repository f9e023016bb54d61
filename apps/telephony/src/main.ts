// Starts the telephony gateway (`npm start` runs it beside the server): the media-stream websocket on
// TELEPHONY_PORT, Claude or the offline engine (src/engine.ts, decision 0021), WebRTC VAD, recordings under
// DATA_DIR/recordings. Speech in and out are Google's with GOOGLE_APPLICATION_CREDENTIALS (decision 0020); without it,
// no recogniser (the softphone types) and eSpeak NG, which also speaks any sentence Google's voice fails.
import { join } from "node:path";
import speech from "@google-cloud/speech";
import tts from "@google-cloud/text-to-speech";
import pino from "pino";
import { createPacer } from "./audio/pacer";
import { createEspeakSynthesizer } from "./audio/tts";
import { createVad, Endpointer } from "./audio/vad";
import { StereoWavWriter } from "./audio/wav";
import { googleSpeechAccess, googleTtsAccess, parseGatewayEnv, trpcUrlOf } from "./config";
import { engineFromEnv } from "./engine";
import { startGateway } from "./gateway";
import { googleClientOptions } from "./providers/google-access";
import { createGoogleRecognizers } from "./providers/google-speech";
import { createGoogleSynthesizer } from "./providers/google-tts";
import { DEFAULT_TIMING } from "./session";

async function main() {
  const parsed = parseGatewayEnv(process.env);
  if (!parsed.success) {
    console.error(`Configuração inválida do gateway de telefonia:\n${parsed.error.message}`);
    process.exit(1);
  }
  const env = parsed.data;
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "telephony" } });
  const recordingsDir = join(env.DATA_DIR, "recordings");
  const { engine, name: engineName } = engineFromEnv(env, logger);
  const espeak = await createEspeakSynthesizer();
  const speechAccess = googleSpeechAccess(env);
  const ttsAccess = googleTtsAccess(env);
  const recognizers = speechAccess
    ? createGoogleRecognizers({
        client: new speech.v1.SpeechClient(googleClientOptions(speechAccess)),
        logger,
        model: env.GOOGLE_SPEECH_MODEL,
      })
    : null;
  const synthesizer = ttsAccess
    ? createGoogleSynthesizer({
        client: new tts.v1.TextToSpeechClient(googleClientOptions(ttsAccess)),
        fallback: espeak,
        logger,
      })
    : espeak;
  logger.info(
    { speechIn: speechAccess ? "google" : "typed text", speechOut: ttsAccess ? "google" : "espeak" },
    "speech providers",
  );
  const gateway = await startGateway({
    port: env.TELEPHONY_PORT,
    host: env.HOST,
    trpcUrl: trpcUrlOf(env),
    engine,
    synthesizer,
    createPacer: (hooks) => createPacer({ frameMs: 20, ...hooks }),
    createVad,
    createEndpointer: () => new Endpointer(),
    recognizers,
    openRecorder: (tenantId, callId) => StereoWavWriter.open(join(recordingsDir, tenantId, `${callId}.wav`)),
    logger,
    timing: DEFAULT_TIMING,
  });
  logger.info(
    `telephony gateway on ws://localhost:${gateway.address.port}/media-stream (agent: ${engineName})`,
  );
  const stop = async () => {
    await gateway.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

void main();
