// The telephony gateway (docs/architecture.md "Voice pipeline"): the websocket server, call sessions, the audio pipeline.
export { type Gateway, type GatewayOptions, startGateway } from "./gateway";
export type { SpeculationOutcome } from "./speculation";
