// Free-slot search over 30 days for one professional with weekly availability (Mon-Fri 08:00-18:00) and 2,000
// appointments spread over the surrounding year: p50/p95 in-process (the procedure through a tRPC caller) and
// through HTTP (the real Hono app on an ephemeral port), plus the pure sweep alone for reference.

import {
  type BusyRange,
  insertClient,
  insertEstablishment,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
  loadOccurrences,
  sweepFreeSlots,
} from "@atende/api/testing";
import { type DatabaseHandle, dataAccess, schema } from "@atende/db";
import { sql } from "@atende/db/orm";
import { addDays, dateOf, instantAt, isoWeekday } from "@atende/shared/time";
import { type BenchDatabase, callerFor, ms, percentile, sample, seedTenant, serveHttp } from "./lib";

export const RUNS = 200;
const WARMUP = 20;
const APPOINTMENTS = 2_000;
const SEARCH_DAYS = 30;

/** A small deterministic PRNG (mulberry32), so every run seeds the same calendar. */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Scenario {
  tenantId: string;
  actor: Awaited<ReturnType<typeof seedTenant>>["actor"];
  professionalId: string;
  serviceId: string;
  startDate: string;
  endDate: string;
}

async function seedScenario(handle: DatabaseHandle): Promise<Scenario> {
  const db = handle.db;
  const { tenantId, actor } = await seedTenant(handle);
  const est = await insertEstablishment(db, tenantId, "Sede");
  const pro = await insertProfessional(db, tenantId, "Dra. Ana");
  const client = await insertClient(db, tenantId, "Maria Souza");
  const service = await insertService(db, tenantId, {
    name: "Consulta",
    duration: 30,
    professionals: [pro.id],
    establishments: [est.id],
  });
  const today = dateOf(new Date());
  await insertWeeklyAvailability(db, tenantId, {
    professionalId: pro.id,
    establishmentId: est.id,
    days: [1, 2, 3, 4, 5],
    periodStart: addDays(today, -200),
    periodEnd: addDays(today, 200),
    start: "08:00",
    end: "18:00",
  });

  // 2,000 half-hour appointments on distinct (weekday, half-hour) cells of the year around today.
  const cells: { date: string; minute: number }[] = [];
  for (let d = -182; d <= 182; d++) {
    const date = addDays(today, d);
    if (isoWeekday(date) > 5) continue;
    for (let minute = 8 * 60; minute < 18 * 60; minute += 30) cells.push({ date, minute });
  }
  const random = prng(20_300_304);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = cells[i];
    const b = cells[j];
    if (a && b) {
      cells[i] = b;
      cells[j] = a;
    }
  }
  const chosen = cells.slice(0, APPOINTMENTS);
  for (let i = 0; i < chosen.length; i += 500) {
    const batch = chosen.slice(i, i + 500).map(({ date, minute }) => ({
      tenantId,
      clientId: client.id,
      professionalId: pro.id,
      establishmentId: est.id,
      scheduledAt: instantAt(date, minute),
      endsAt: instantAt(date, minute + 30),
      status: "SCHEDULED" as const,
    }));
    const rows = await db.insert(schema.appointments).values(batch).returning({ id: schema.appointments.id });
    await db.insert(schema.appointmentServices).values(
      rows.map((row) => ({
        tenantId,
        appointmentId: row.id,
        position: 0,
        offeredServiceId: service.id,
        offeredServiceName: "Consulta",
        duration: 30,
        bufferDurationBefore: 0,
        bufferDurationAfter: 0,
      })),
    );
  }
  // Fresh statistics, as autovacuum would have them on a live database.
  await db.execute(sql`analyze`);
  return {
    tenantId,
    actor,
    professionalId: pro.id,
    serviceId: service.id,
    startDate: today,
    endDate: addDays(today, SEARCH_DAYS - 1),
  };
}

export interface FreeSlotRow {
  database: string;
  path: string;
  runs: number;
  p50: string;
  p95: string;
  slots: string;
}

export async function benchFreeSlots(handle: BenchDatabase): Promise<FreeSlotRow[]> {
  const s = await seedScenario(handle);
  const rows: FreeSlotRow[] = [];
  const input = {
    offeredServices: [s.serviceId],
    startDate: s.startDate,
    endDate: s.endDate,
    professionalId: s.professionalId,
  };

  // The sweep alone, on data loaded once (what remains when the queries are taken away).
  const now = new Date();
  const { windows, busy } = await dataAccess(handle.db).inTenant(s.tenantId, async (tx) => {
    const occurrences = await loadOccurrences(tx, { startDate: s.startDate, endDate: s.endDate });
    const appointments = await tx
      .select({ start: schema.appointments.scheduledAt, end: schema.appointments.endsAt })
      .from(schema.appointments);
    return {
      windows: occurrences,
      busy: appointments.map((a): BusyRange => ({ start: a.start.getTime(), end: a.end.getTime() })),
    };
  });
  let count = 0;
  const sweep = await sample(RUNS, WARMUP, async () => {
    count = sweepFreeSlots({
      windows,
      busyByProfessional: new Map([[s.professionalId, busy]]),
      totalMinutes: 30,
      now: now.getTime(),
      gridMinutes: 5,
    }).length;
  });
  rows.push({
    database: handle.label,
    path: "sweep only (no queries)",
    runs: RUNS,
    p50: ms(percentile(sweep, 0.5)),
    p95: ms(percentile(sweep, 0.95)),
    slots: String(count),
  });

  const caller = callerFor(handle, s.actor);
  const inProcess = await sample(RUNS, WARMUP, async () => {
    count = (await caller.appointments.freeSlots(input)).length;
  });
  rows.push({
    database: handle.label,
    path: "in-process (tRPC caller)",
    runs: RUNS,
    p50: ms(percentile(inProcess, 0.5)),
    p95: ms(percentile(inProcess, 0.95)),
    slots: String(count),
  });

  const http = await serveHttp(handle, s.actor);
  try {
    const url = new URL("/appointments/free-slots", http.baseUrl);
    url.search = new URLSearchParams({
      offeredServices: s.serviceId,
      startDate: s.startDate,
      endDate: s.endDate,
      professionalId: s.professionalId,
    }).toString();
    const headers = { authorization: `Bearer ${http.token}`, accept: "application/json" };
    const overHttp = await sample(RUNS, WARMUP, async () => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`free-slots answered ${res.status}: ${await res.text()}`);
      count = ((await res.json()) as unknown[]).length;
    });
    rows.push({
      database: handle.label,
      path: "HTTP GET /appointments/free-slots",
      runs: RUNS,
      p50: ms(percentile(overHttp, 0.5)),
      p95: ms(percentile(overHttp, 0.95)),
      slots: String(count),
    });
  } finally {
    await http.close();
  }
  return rows;
}
