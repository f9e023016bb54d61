// Starts the telephony gateway (`npm start` runs it beside the server): the media-stream websocket on
// TELEPHONY_PORT, Claude or the offline engine (src/engine.ts), eSpeak NG for speech out, WebRTC VAD, recordings under DATA_DIR/recordings.
import { join } from "node:path";
import pino from "pino";
import { createPacer } from "./audio/pacer";
import { createEspeakSynthesizer } from "./audio/tts";
import { createVad, Endpointer } from "./audio/vad";
import { StereoWavWriter } from "./audio/wav";
import { gatewayEnv, trpcUrlOf } from "./config";
import { engineFromEnv } from "./engine";
import { startGateway } from "./gateway";
import { DEFAULT_TIMING } from "./session";

async function main() {
  const parsed = gatewayEnv.safeParse(process.env);
  if (!parsed.success) {
    console.error(`Configuração inválida do gateway de telefonia:\n${parsed.error.message}`);
    process.exit(1);
  }
  const env = parsed.data;
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "telephony" } });
  const recordingsDir = join(env.DATA_DIR, "recordings");
  const synthesizer = await createEspeakSynthesizer();
  const { engine, name: engineName } = engineFromEnv(env, logger);
  const gateway = await startGateway({
    port: env.TELEPHONY_PORT,
    host: env.HOST,
    trpcUrl: trpcUrlOf(env),
    engine,
    synthesizer,
    createPacer: (hooks) => createPacer({ frameMs: 20, ...hooks }),
    createVad,
    createEndpointer: () => new Endpointer(),
    recognizers: null,
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
