// `npm run bench -- trips` (issue #22, decision 0062): what one booking costs the server, counted rather than timed,
// so the figure holds on a loaded machine. Bookings one at a time through the tRPC caller on a fresh PostgreSQL
// database (10 professionals, no two bookings on the same range), and per booking: the waits on PostgreSQL (each
// time the thread sent statements after an answer came back: a round trip), the statements sent, this thread's CPU
// time (the caller's own work included) and PostgreSQL's. A booking on the client's own waitlist hold (one statement
// more, in the insert's round trip) is not here: the fixture has no waitlist.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DatabaseHandle, selectRows } from "@atende/db";
import { sql } from "@atende/db/orm";
import { instantAt, toWireMinute } from "@atende/shared/time";
import { seedFixture } from "./booking";
import { callerFor, openPostgres, printTable } from "./lib";

const WARMUP = 60;
const RUNS = 300;

interface Counts {
  trips: number;
  statements: number;
}

/**
 * Counts round trips at postgres.js's queries: statements handed to the driver in one turn of the event loop go out
 * together (pipelined) and are one round trip; a statement sent in a later turn was sent after an answer came back
 * (answers arrive in turns of their own), so it is a wait of its own even when other answers are still due.
 */
async function countingDriver(): Promise<{ counts: Counts; reset(): void }> {
  const counts: Counts = { trips: 0, statements: 0 };
  // The ES module build is the one the app loads (import), so that is the one counted.
  const entry = fileURLToPath(import.meta.resolve("postgres"));
  const { Query } = (await import(join(dirname(entry), "query.js"))) as {
    Query: { prototype: { handle(): unknown } };
  };
  let turnOpen = false;
  const handle = Query.prototype.handle;
  Query.prototype.handle = function (this: { executed?: boolean }) {
    if (!this.executed) {
      counts.statements++;
      if (!turnOpen) {
        counts.trips++;
        turnOpen = true;
        setImmediate(() => {
          turnOpen = false;
        });
      }
    }
    return handle.call(this);
  };
  return {
    counts,
    reset() {
      counts.trips = 0;
      counts.statements = 0;
    },
  };
}

/**
 * CPU time (ms) of the PostgreSQL backends serving this database, from /proc (the server runs on this machine; clock
 * ticks of 10 ms, so read over hundreds of bookings); undefined when /proc cannot tell.
 */
async function backendsCpuMs(handle: DatabaseHandle): Promise<number | undefined> {
  const rows = await selectRows<{ pid: number }>(
    handle.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      // utime and stime are fields 14 and 15 of stat(5); after "pid (comm) " they are the 12th and 13th.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }
  return Number.isFinite(ticks) ? ticks * 10 : undefined;
}

export async function benchBookingTrips(): Promise<void> {
  const driver = await countingDriver();
  const handle = await openPostgres(10);
  try {
    const f = await seedFixture(handle, 10);
    let n = 0;
    // Distinct 45-minute ranges (a 35-minute service): professional by professional, day by day, 08:00-17:00.
    const book = async () => {
      const i = n++;
      const professionalId = f.professionals[i % f.professionals.length] ?? "";
      const slot = Math.floor(i / f.professionals.length);
      const date = f.weekdays[Math.floor(slot / 12) % f.weekdays.length] ?? "";
      const minute = 8 * 60 + 45 * (slot % 12);
      await callerFor(handle, f.actor).appointments.create({
        clientId: f.clientId,
        establishmentId: f.establishmentId,
        offeredServices: [f.serviceId],
        observations: null,
        professionalId,
        scheduledAt: toWireMinute(instantAt(date, minute)),
      });
    };
    for (let i = 0; i < WARMUP; i++) await book();
    const pgBefore = await backendsCpuMs(handle);
    driver.reset();
    const cpu = process.threadCpuUsage();
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) await book();
    const wall = performance.now() - started;
    const used = process.threadCpuUsage(cpu);
    const counted = { ...driver.counts };
    const pgAfter = await backendsCpuMs(handle);
    const pgMs = pgBefore !== undefined && pgAfter !== undefined ? (pgAfter - pgBefore) / RUNS : undefined;
    printTable(
      `One booking at a time on PostgreSQL through the tRPC caller (${RUNS} after ${WARMUP} warm-up; no calendar, no waitlist)`,
      ["measure", "per booking"],
      [
        ["round trips (waits on PostgreSQL)", (counted.trips / RUNS).toFixed(2)],
        ["statements sent", (counted.statements / RUNS).toFixed(2)],
        [
          "this thread's CPU (ms, the caller's work included)",
          ((used.user + used.system) / 1000 / RUNS).toFixed(2),
        ],
        [
          "PostgreSQL's CPU (ms, its backends on this database, /proc)",
          pgMs === undefined ? "-" : pgMs.toFixed(2),
        ],
        ["wall time (ms, the machine's load included)", (wall / RUNS).toFixed(2)],
      ],
    );
  } finally {
    await handle.close();
  }
}
