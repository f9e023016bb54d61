export { type Clinic, type Harness, type HarnessOptions, startHarness } from "./harness";
export { SimulatedCall, type SimulatedCallOptions } from "./twilio-client";
