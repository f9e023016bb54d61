// A gateway in a process of its own, for the crash tests (src/faults-process.test.ts): the test starts it with tsx,
// reads its port from the first line it prints, and kills it with SIGKILL mid-call, so nothing of the normal end
// (the finish, the last record writes) ever runs. Settings come from the environment: FAULTS_TRPC_URL,
// FAULTS_RECORDINGS_DIR, FAULTS_HEARTBEAT_MS.
import { join } from "node:path";
import { createOfflineEngine } from "@atende/agent";
import pino from "pino";
import { createPacer } from "../audio/pacer";
import { createToneSynthesizer } from "../audio/tts";
import { createVad, Endpointer } from "../audio/vad";
import { StereoWavWriter } from "../audio/wav";
import { startGateway } from "../gateway";
import { DEFAULT_TIMING } from "../session";

const trpcUrl = process.env.FAULTS_TRPC_URL ?? "";
const recordingsDir = process.env.FAULTS_RECORDINGS_DIR ?? "";
const gateway = await startGateway({
  port: 0,
  host: "127.0.0.1",
  trpcUrl,
  engine: createOfflineEngine(),
  synthesizer: createToneSynthesizer(4),
  createPacer: (hooks) => createPacer({ frameMs: 20, ...hooks }),
  createVad,
  createEndpointer: () => new Endpointer(),
  recognizers: null,
  openRecorder: (tenantId, callId) => StereoWavWriter.open(join(recordingsDir, tenantId, `${callId}.wav`)),
  logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
  timing: {
    ...DEFAULT_TIMING,
    heartbeatMs: Number(process.env.FAULTS_HEARTBEAT_MS ?? DEFAULT_TIMING.heartbeatMs),
  },
});
process.stdout.write(`${JSON.stringify({ port: gateway.address.port })}\n`);
