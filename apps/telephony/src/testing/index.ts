export { acceleratedClock, type Clock, ManualClock, systemClock } from "../clock";
export { LiveAudio, type LivePeer } from "../stages/live-audio";
export { type GoogleAdapters, type GoogleFakes, googleAdaptersFor, startGoogleFakes } from "./google";
export {
  GoogleSpeechFake,
  type GoogleSpeechFakeOptions,
  type SpeechStreamSeen,
  type StreamingConfigSeen,
} from "./google-speech-fake";
export {
  GoogleTtsFake,
  type GoogleTtsFakeOptions,
  mulawWav,
  type SynthesizeRequestSeen,
} from "./google-tts-fake";
export {
  type Clinic,
  type Harness,
  type HarnessOptions,
  openBrowserCall,
  startHarness,
  TEST_CLOCK_SPEED,
  testGatewayOptions,
} from "./harness";
export { SimulatedCall, type SimulatedCallOptions } from "./twilio-client";
