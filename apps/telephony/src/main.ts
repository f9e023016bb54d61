// Starts the telephony gateway (`npm start` runs it beside the server): the media-stream websocket on
// TELEPHONY_PORT, Claude or the offline engine (src/engine.ts, decision 0021), WebRTC VAD, recordings under
// DATA_DIR/recordings. Speech in and out are Google's with GOOGLE_APPLICATION_CREDENTIALS (decision 0020); without it,
// no recogniser (the softphone types) and eSpeak NG, which also speaks any sentence Google's voice fails.
// First: traces, when on, must be set up before anything they instrument is loaded (./tracing.ts).
import "./tracing";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createRecordingStore, s3SettingsOf } from "@atende/api/recordings";
import speech from "@google-cloud/speech";
import tts from "@google-cloud/text-to-speech";
import pino from "pino";
import { createPacer } from "./audio/pacer";
import { createSynthesisPool, defaultSynthesisWorkers } from "./audio/synthesis-pool";
import { createVad, Endpointer } from "./audio/vad";
import { StereoWavWriter } from "./audio/wav";
import {
  gatewayEnvProblems,
  googleSpeechAccess,
  googleTtsAccess,
  parseGatewayEnv,
  trpcUrlOf,
} from "./config";
import { engineFromEnv } from "./engine";
import { startGateway } from "./gateway";
import { googleClientOptions } from "./providers/google-access";
import { createGoogleRecognizers } from "./providers/google-speech";
import { createGoogleSynthesizer } from "./providers/google-tts";
import { RecordingUploader, uploadingRecorder } from "./recording-upload";
import { DEFAULT_TIMING } from "./session";
import { stopTracing } from "./tracing";

async function main() {
  const parsed = parseGatewayEnv(process.env);
  if (!parsed.success) {
    const problems = gatewayEnvProblems(parsed.error);
    console.error(
      `Configuração inválida do gateway de telefonia:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
  const env = parsed.data;
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "telephony" } });
  const recordingsDir = join(env.DATA_DIR, "recordings");
  // With S3 (decision 0030): recorded here while the call runs, uploaded when it ends. The files an earlier run left
  // are listed before any call starts (a file still being written is never among them) and uploaded once listening.
  const s3 = s3SettingsOf(env);
  const uploader = s3
    ? new RecordingUploader({
        store: createRecordingStore({ recordingsDir, s3 }),
        dir: recordingsDir,
        logger,
      })
    : null;
  const leftovers = uploader ? await uploader.leftovers() : [];
  logger.info({ recordings: s3 ? `s3://${s3.bucket}` : recordingsDir }, "recordings");
  const { engine, name: engineName } = engineFromEnv(env, logger);
  // eSpeak NG in worker threads, never on the thread that paces the calls' audio (decision 0037); a voice that cannot
  // start stops the gateway here, as before.
  const espeak = createSynthesisPool({
    size: env.SYNTHESIS_WORKERS ?? defaultSynthesisWorkers(availableParallelism()),
    cacheBytes: env.SYNTHESIS_CACHE_MB * 2 ** 20,
    nice: env.SYNTHESIS_NICE,
    logger,
  });
  await espeak.ready();
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
    {
      speechIn: speechAccess ? "google" : "typed text",
      speechOut: ttsAccess ? "google" : "espeak",
      synthesisWorkers: espeak.workers,
    },
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
    openRecorder: (tenantId, callId) => {
      const key = `${tenantId}/${callId}.wav`;
      const recorder = StereoWavWriter.open(join(recordingsDir, key));
      return uploader ? uploadingRecorder(recorder, key, uploader) : recorder;
    },
    logger,
    timing: DEFAULT_TIMING,
    metricsToken: env.METRICS_TOKEN,
  });
  logger.info(
    `telephony gateway on ws://localhost:${gateway.address.port}/media-stream (agent: ${engineName})`,
  );
  if (uploader) void uploader.uploadAll(leftovers);
  // The graceful stop (docs/decisions/0027-production-deployment.md): new calls refused, the calls in progress go on
  // to their end for up to CALL_DRAIN_TIMEOUT_MS; a second signal ends them at once (recorded as hang-ups).
  let draining = false;
  const stop = async (signal: string) => {
    if (draining) {
      logger.warn({ signal, calls: gateway.activeCalls }, "second signal: ending the calls in progress now");
      await gateway.close();
    } else {
      draining = true;
      logger.info(
        { signal, calls: gateway.activeCalls, timeoutMs: env.CALL_DRAIN_TIMEOUT_MS },
        "shutting down: new calls refused, calls in progress go on to their end",
      );
      const started = performance.now();
      const { cut } = await gateway.drain(env.CALL_DRAIN_TIMEOUT_MS);
      const durationMs = Math.round(performance.now() - started);
      if (cut > 0)
        logger.warn({ cut, durationMs }, "calls still going at CALL_DRAIN_TIMEOUT_MS were cut short");
      else logger.info({ durationMs }, "stopped");
    }
    // Uploads still waiting for a retry stay on disk; the next start uploads them.
    uploader?.close();
    await stopTracing();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

void main();
