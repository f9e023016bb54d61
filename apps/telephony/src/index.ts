// The telephony gateway (ARCHITECTURE.md "Telephony gateway"): the websocket server, call sessions, the audio pipeline.
export { type Gateway, type GatewayOptions, startGateway } from "./gateway";
export type { SpeculationOutcome } from "./speculation";
