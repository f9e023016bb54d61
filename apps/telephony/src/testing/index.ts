export {
  type Clinic,
  type Harness,
  type HarnessOptions,
  startHarness,
  testGatewayOptions,
} from "./harness";
export { SimulatedCall, type SimulatedCallOptions } from "./twilio-client";
