// Test support for every package's tests and the benchmarks (exported as `@atende/api/testing`): a real migrated
// database per test file with callers acting as a given user, and seeds written straight through the schema.

// The ledger's debit of a call, for tests of usage without a whole call through the gateway.
export { debitCall } from "../billing/minutes";
export * from "../calendar/testing/google-fake";
export { issueCallTicket } from "../calls/calls";
export { CALL_EVENTS_CHANNEL, CallEventHub, publishCallEvent } from "../live/events";
// Internals the free-slot benchmark times alone, without the queries around them.
export { loadOccurrences } from "../scheduling/availability";
export { type BusyRange, sweepFreeSlots } from "../scheduling/slots";
export * from "./api";
export * from "./catalogue-tenants";
export * from "./catalogues";
export * from "./conversations";
export * from "./s3-fake";
export * from "./scheduling";
export * from "./twilio-fake";
export * from "./whatsapp-fake";
