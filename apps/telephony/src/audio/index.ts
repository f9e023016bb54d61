export { createPacer, type PacerOptions } from "./pacer";
export { resample } from "./resample";
export { SynthesisCache, synthesisKey } from "./synthesis-cache";
export {
  createSynthesisPool,
  defaultSynthesisWorkers,
  type SynthesisPool,
  type SynthesisPoolOptions,
} from "./synthesis-pool";
export {
  createEspeakRun,
  createEspeakSynthesizer,
  createToneSynthesizer,
  createZeroLatencySynthesizer,
} from "./tts";
export { createVad, Endpointer, type EndpointerOptions } from "./vad";
export { readWav, StereoWavWriter, type WavContents } from "./wav";
