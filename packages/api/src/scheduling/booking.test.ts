// The occupied time of an appointment is written once for TypeScript and once for SQL (spec 001 §9): the two must
// agree for any durations and buffers the schemas allow, or the friendly check and the slot search would disagree
// with the booking itself.
import { selectRows } from "@atende/db";
import { sql } from "@atende/db/orm";
import { createTestDatabase, type TestDatabase } from "@atende/db/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { occupiedMinutes, totalMinutesOf } from "./booking";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const service = fc.record({
  duration: fc.integer({ min: 5, max: 480 }),
  bufferDurationBefore: fc.integer({ min: 0, max: 120 }),
  bufferDurationAfter: fc.integer({ min: 0, max: 120 }),
});

describe("occupied minutes", () => {
  it("are the same in TypeScript and in the SQL function", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(service, { minLength: 1, maxLength: 10 }), async (services) => {
        const values = sql.join(
          services.map(
            (s, n) =>
              sql`(${n}::int, ${s.duration}::int, ${s.bufferDurationBefore}::int, ${s.bufferDurationAfter}::int)`,
          ),
          sql`, `,
        );
        const [row] = await selectRows<{ each: number[]; total: number }>(
          database.db,
          sql`select array_agg(occupied_minutes(d, b, a) order by n) as each, sum(occupied_minutes(d, b, a))::int as total
              from (values ${values}) as s(n, d, b, a)`,
        );
        expect(row?.each).toEqual(services.map(occupiedMinutes));
        expect(row?.total).toBe(totalMinutesOf(services));
      }),
      { numRuns: 50 },
    );
  });
});
