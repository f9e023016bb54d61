// Booking throughput against the local PostgreSQL with 20 concurrent clients: bookings per second, request
// latency (p50/p95) and, afterwards, the overlapping pairs counted with a SQL self-join (must be 0). Two loads:
// "spread" (10 professionals, random 5-minute starts over the next weeks: mostly accepted) and "contended" (every
// client on one professional and one morning: mostly refused, the exclusion constraint settling the races).
import {
  insertClient,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
} from "@atende/api/testing";
import type { DatabaseHandle } from "@atende/db";
import { sql } from "@atende/db/orm";
import { addDays, dateOf, instantAt, isoWeekday, toWireMinute } from "@atende/shared/time";
import { TRPCError } from "@trpc/server";
import { prng } from "./free-slots";
import { type BenchDatabase, callerFor, ms, percentile, seedTenant, serveHttp } from "./lib";

export const CLIENTS = 20;
const DURATION_MS = 5_000;

interface Fixture {
  actor: Awaited<ReturnType<typeof seedTenant>>["actor"];
  establishmentId: string;
  clientId: string;
  serviceId: string;
  professionals: string[];
  weekdays: string[];
}

export async function seedFixture(handle: DatabaseHandle, professionals: number): Promise<Fixture> {
  const db = handle.db;
  const { tenantId, actor } = await seedTenant(handle);
  const est = await insertEstablishment(db, tenantId, "Sede");
  const client = await insertClient(db, tenantId, "Maria Souza");
  const pros = [];
  for (let i = 1; i <= professionals; i++)
    pros.push(await insertProfessional(db, tenantId, `Profissional ${i}`));
  const service = await insertService(db, tenantId, {
    name: "Consulta",
    duration: 30,
    after: 5,
    professionals: pros.map((p) => p.id),
    establishments: [est.id],
  });
  const today = dateOf(new Date());
  for (const pro of pros) {
    await insertWeeklyAvailability(db, tenantId, {
      professionalId: pro.id,
      establishmentId: est.id,
      days: [1, 2, 3, 4, 5],
      periodStart: today,
      periodEnd: addDays(today, 120),
      start: "08:00",
      end: "18:00",
    });
  }
  const weekdays: string[] = [];
  for (let d = 1; weekdays.length < 40; d++) {
    const date = addDays(today, d);
    if (isoWeekday(date) <= 5) weekdays.push(date);
  }
  return {
    actor,
    establishmentId: est.id,
    clientId: client.id,
    serviceId: service.id,
    professionals: pros.map((p) => p.id),
    weekdays,
  };
}

type Outcome = "created" | "conflict" | "other";

interface LoadResult {
  latencies: number[];
  outcomes: Record<Outcome, number>;
  seconds: number;
  others: string[];
}

/** CLIENTS loops, each sending one booking at a time for DURATION_MS. */
async function runLoad(book: (random: () => number) => Promise<Outcome | string>): Promise<LoadResult> {
  const latencies: number[] = [];
  const outcomes: Record<Outcome, number> = { created: 0, conflict: 0, other: 0 };
  const others: string[] = [];
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, worker) => {
      const random = prng(1_000 + worker);
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const outcome = await book(random);
        latencies.push(performance.now() - t0);
        if (outcome === "created" || outcome === "conflict") outcomes[outcome]++;
        else {
          outcomes.other++;
          if (others.length < 3) others.push(outcome);
        }
      }
    }),
  );
  return { latencies, outcomes, seconds: (performance.now() - started) / 1000, others };
}

export async function countOverlaps(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.db
    .select({ overlaps: sql<number>`count(*)::int` })
    .from(
      sql`appointments a join appointments b
        on a.tenant_id = b.tenant_id and a.professional_id = b.professional_id and a.id < b.id
       and tstzrange(a.scheduled_at, a.ends_at, '[)') && tstzrange(b.scheduled_at, b.ends_at, '[)')`,
    )
    .where(sql`a.status <> 'CANCELED' and b.status <> 'CANCELED'`);
  return row?.overlaps ?? Number.NaN;
}

export interface BookingRow {
  load: string;
  path: string;
  requests: string;
  created: string;
  conflicts: string;
  errors: string;
  bookingsPerSecond: string;
  requestsPerSecond: string;
  p50: string;
  p95: string;
  overlaps: string;
}

type Pick = (f: Fixture, random: () => number) => { professionalId: string; scheduledAt: string };

const spread: Pick = (f, random) => {
  const date = f.weekdays[Math.floor(random() * f.weekdays.length)] ?? f.weekdays[0] ?? "";
  const minute = 8 * 60 + 5 * Math.floor(random() * ((17 * 60 + 25 - 8 * 60) / 5 + 1));
  return {
    professionalId: f.professionals[Math.floor(random() * f.professionals.length)] ?? "",
    scheduledAt: toWireMinute(instantAt(date, minute)),
  };
};

const contended: Pick = (f, random) => {
  const date = f.weekdays[0] ?? "";
  const minute = 9 * 60 + 5 * Math.floor(random() * 24); // 09:00-10:55, one professional
  return { professionalId: f.professionals[0] ?? "", scheduledAt: toWireMinute(instantAt(date, minute)) };
};

export async function benchBooking(handle: BenchDatabase): Promise<BookingRow[]> {
  const rows: BookingRow[] = [];
  const loads: [string, number, Pick][] = [
    ["spread (10 professionals)", 10, spread],
    ["contended (1 professional, 2 h)", 1, contended],
  ];
  for (const [load, professionals, pick] of loads) {
    for (const path of ["in-process (tRPC caller)", "HTTP POST /appointments"] as const) {
      const f = await seedFixture(handle, professionals);
      const body = (random: () => number) => ({
        clientId: f.clientId,
        establishmentId: f.establishmentId,
        offeredServices: [f.serviceId],
        observations: null,
        ...pick(f, random),
      });
      let result: LoadResult;
      if (path === "in-process (tRPC caller)") {
        result = await runLoad(async (random) => {
          try {
            await callerFor(handle, f.actor).appointments.create(body(random));
            return "created";
          } catch (error) {
            if (error instanceof TRPCError && error.code === "CONFLICT") return "conflict";
            return error instanceof Error ? error.message : String(error);
          }
        });
      } else {
        const http = await serveHttp(handle, f.actor);
        const url = new URL("/appointments", http.baseUrl);
        const headers = {
          authorization: `Bearer ${http.token}`,
          "content-type": "application/json",
          accept: "application/json",
        };
        try {
          result = await runLoad(async (random) => {
            const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body(random)) });
            const text = await res.text();
            if (res.status === 201) return "created";
            if (res.status === 409) return "conflict";
            return `${res.status} ${text}`;
          });
        } finally {
          await http.close();
        }
      }
      const requests = result.latencies.length;
      rows.push({
        load,
        path,
        requests: String(requests),
        created: String(result.outcomes.created),
        conflicts: String(result.outcomes.conflict),
        errors: result.outcomes.other ? `${result.outcomes.other} (${result.others.join("; ")})` : "0",
        bookingsPerSecond: (result.outcomes.created / result.seconds).toFixed(0),
        requestsPerSecond: (requests / result.seconds).toFixed(0),
        p50: ms(percentile(result.latencies, 0.5)),
        p95: ms(percentile(result.latencies, 0.95)),
        overlaps: String(await countOverlaps(handle)),
      });
    }
  }
  return rows;
}
