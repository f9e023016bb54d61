export { createPacer, type PacerOptions } from "./pacer";
export { resample } from "./resample";
export { createEspeakSynthesizer, createToneSynthesizer, createZeroLatencySynthesizer } from "./tts";
export { createVad, Endpointer, type EndpointerOptions } from "./vad";
export { readWav, StereoWavWriter, type WavContents } from "./wav";
