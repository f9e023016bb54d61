// The minutes an offered service occupies, in TypeScript and in SQL (spec 001 §9). Below every domain: the booking
// rule (scheduling/booking/) and the calendar service's count of occupied minutes (calendar/service.ts) both read it
// (docs/decisions/0049-domain-folders.md).
import { schema } from "@atende/db";
import { type SQL, sql } from "@atende/db/orm";

export interface ServiceTimes {
  duration: number;
  bufferDurationBefore: number;
  bufferDurationAfter: number;
}

/**
 * The minutes one service occupies: its duration and both buffers (spec 001 §9). Its SQL twin is the
 * `occupied_minutes` function (migration 0003), used through `occupiedMinutesSql`; a test holds them equal.
 */
export function occupiedMinutes(service: ServiceTimes): number {
  return service.duration + service.bufferDurationBefore + service.bufferDurationAfter;
}

/** The SQL twin of `occupiedMinutes` over the offered services' columns. */
export function occupiedMinutesSql(): SQL<number> {
  const S = schema.offeredServices;
  return sql<number>`occupied_minutes(${S.duration}, ${S.bufferDurationBefore}, ${S.bufferDurationAfter})`;
}
