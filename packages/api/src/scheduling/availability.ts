// Availabilities (spec 001 §2-§5, §7; docs/architecture.md, REST details): the recurring windows in which a
// professional attends at an establishment, their expansion into dated occurrences, and per-occurrence edits.
//
// Occurrence scopes (spec 001 §4 'Availability scopes'), on the occurrence of date D:
// - SINGLE writes an exception for D (cancel on MANUAL_DATES removes D from the dates instead).
// - FUTURE on WEEKLY/MONTHLY ends the series on D-1 and, for an edit, starts a new availability on D with the new
//   window (its period ending where the old one did; cancellations after D move with it, single-date edits after D
//   give way to the new window, as ALL does). FUTURE on MANUAL_DATES does the same to D and every later date. When
//   nothing would be left before D, the availability itself is edited (or deleted, for a cancel).
// - ALL edits the whole availability and drops earlier single-date edits (cancelled dates stay cancelled); a cancel
//   with ALL deletes it.
// Availabilities of a soft-deleted professional or establishment are treated as gone everywhere.
import { PG_UNIQUE_VIOLATION, pgErrorOf, readShape, schema, type TenantTx } from "@atende/db";
import { and, asc, eq, getTableColumns, gte, inArray, lte, ne, or, type SQL, sql } from "@atende/db/orm";
import type { DayOfWeek, OccurrenceScope } from "@atende/shared/enums";
import { DAYS_OF_WEEK } from "@atende/shared/enums";
import {
  type AvailabilityData,
  type AvailabilityRecord,
  type ExpandedOccurrence,
  AVAILABILITY_MESSAGES as M,
} from "@atende/shared/schemas/availabilities";
import {
  addDays,
  dateOf,
  dayNumber,
  formatMinutesOfDay,
  instantAt,
  isValidDate,
  minutesOfDay,
  monthRange,
  toWireInstant,
  toWireMinute,
} from "@atende/shared/time";
import { conflict, invalid, notFound } from "../errors";
import {
  type ExpandableException,
  expandAvailability,
  type Occurrence,
  occurrenceDays,
} from "./availability-expand";

export type { Occurrence } from "./availability-expand";
export { expandAvailability } from "./availability-expand";

const A = schema.availabilities;
const X = schema.availabilityExceptions;
const P = schema.professionals;
const E = schema.establishments;

type Row = typeof A.$inferSelect;
type ExceptionRow = typeof X.$inferSelect;
type Slot = { start: number; end: number };

export interface OccurrenceFilter {
  /** `yyyy-MM-dd`, included. */
  startDate: string;
  /** `yyyy-MM-dd`, included. */
  endDate: string;
  professionalId?: string | undefined;
  establishmentId?: string | undefined;
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** The professional and the establishment still exist (not soft-deleted). */
const live: SQL = sql`exists (select 1 from ${P} where ${P.id} = ${A.professionalId} and ${P.deletedAt} is null)
  and exists (select 1 from ${E} where ${E.id} = ${A.establishmentId} and ${E.deletedAt} is null)`;

/** Only the rows whose period or dates meet `[startDate, endDate]` (placeholders): expansion never sees the others. */
const intersecting = or(
  and(
    ne(A.patternType, "MANUAL_DATES"),
    lte(A.periodStart, sql.placeholder("endDate")),
    gte(A.periodEnd, sql.placeholder("startDate")),
  ),
  and(
    eq(A.patternType, "MANUAL_DATES"),
    sql`exists (select 1 from unnest(${A.dates}) as d(v)
      where d.v between ${sql.placeholder("startDate")}::date and ${sql.placeholder("endDate")}::date)`,
  ),
);

/**
 * The availabilities meeting the range, each with its exceptions in the range as a JSON array (null when none): one
 * query per combination of the two optional filters, its SQL built once (readShape, decision 0061).
 */
type OccurrenceRead = ReturnType<typeof occurrenceRead>;

function occurrenceRead(professional: boolean, establishment: boolean) {
  return readShape(`occurrences_${Number(professional)}${Number(establishment)}`, (db) =>
    db
      .select({
        ...getTableColumns(A),
        exceptions: sql<ExpandableException[] | string | null>`(select json_agg(json_build_object(
          'date', ${X.date}, 'cancelled', ${X.cancelled}, 'startTime', ${X.startTime}, 'endTime', ${X.endTime},
          'notes', ${X.notes}))
        from ${X} where ${X.availabilityId} = ${A.id}
          and ${X.date} between ${sql.placeholder("startDate")}::date and ${sql.placeholder("endDate")}::date)`,
      })
      .from(A)
      .where(
        and(
          intersecting,
          professional ? eq(A.professionalId, sql.placeholder("professionalId")) : undefined,
          establishment ? eq(A.establishmentId, sql.placeholder("establishmentId")) : undefined,
          live,
        ),
      ),
  );
}

/** By filter: none, the establishment, the professional, both. */
const occurrenceReads = [
  occurrenceRead(false, false),
  occurrenceRead(false, true),
  occurrenceRead(true, false),
  occurrenceRead(true, true),
];

function groupByAvailability<T extends { availabilityId: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.availabilityId);
    if (list) list.push(row);
    else map.set(row.availabilityId, [row]);
  }
  return map;
}

/**
 * Occurrences of the tenant's availabilities (row-level security scopes `db`) whose date is in
 * [startDate, endDate], both included, after exceptions (cancelled dates removed, edited windows applied), sorted by
 * date then startMinute.
 */
export async function loadOccurrences(db: TenantTx, filter: OccurrenceFilter): Promise<Occurrence[]> {
  const { startDate, endDate } = filter;
  if (startDate > endDate) return [];
  // One round trip: each availability carries its exceptions in the range.
  const read = occurrenceReads[Number(!!filter.professionalId) * 2 + Number(!!filter.establishmentId)];
  const rows = await (read as OccurrenceRead)(db, {
    startDate,
    endDate,
    professionalId: filter.professionalId,
    establishmentId: filter.establishmentId,
  });
  if (rows.length === 0) return [];
  const out: Occurrence[] = [];
  for (const row of rows) {
    const exceptions: ExpandableException[] =
      typeof row.exceptions === "string" ? JSON.parse(row.exceptions) : (row.exceptions ?? []);
    for (const occurrence of expandAvailability(row, exceptions, startDate, endDate)) {
      out.push(occurrence);
    }
  }
  out.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.startMinute - b.startMinute || a.endMinute - b.endMinute,
  );
  return out;
}

/** Whether the professional has any availability at all (for 'Profissional não possui disponibilidades cadastradas…'). */
export async function hasAnyAvailability(db: TenantTx, professionalId: string): Promise<boolean> {
  const rows = await db
    .select({ id: A.id })
    .from(A)
    .where(and(eq(A.professionalId, professionalId), live))
    .limit(1);
  return rows.length > 0;
}

// ─── Wire shapes ─────────────────────────────────────────────────────────────────────────────────────────────────

const wireTime = (date: string, minutes: number) => toWireMinute(instantAt(date, minutes));
const dbTime = (minutes: number) => `${formatMinutesOfDay(minutes)}:00`;

function firstDateOf(row: Row): string {
  if (row.patternType === "MANUAL_DATES") return [...(row.dates ?? [])].sort()[0] ?? dateOf(row.createdAt);
  return row.periodStart ?? dateOf(row.createdAt);
}

function patternOf(row: Row): AvailabilityRecord["pattern"] {
  switch (row.patternType) {
    case "WEEKLY":
      return {
        type: "WEEKLY",
        daysOfWeek: (row.daysOfWeek ?? [])
          .map((day) => DAYS_OF_WEEK[day - 1])
          .filter((day): day is DayOfWeek => day !== undefined),
        period: { start: row.periodStart ?? "", end: row.periodEnd ?? "" },
      };
    case "MONTHLY":
      return {
        type: "MONTHLY",
        daysOfMonth: row.daysOfMonth ?? [],
        period: { start: row.periodStart ?? "", end: row.periodEnd ?? "" },
      };
    case "MANUAL_DATES":
      return { type: "MANUAL_DATES", dates: [...(row.dates ?? [])].sort() };
  }
}

function recordOf(row: Row, exceptions: ExceptionRow[]): AvailabilityRecord {
  const first = firstDateOf(row);
  return {
    id: row.id,
    tenantId: row.tenantId,
    professionalId: row.professionalId,
    establishmentId: row.establishmentId,
    pattern: patternOf(row),
    slot: {
      start: wireTime(first, minutesOfDay(row.startTime)),
      end: wireTime(first, minutesOfDay(row.endTime)),
    },
    notes: row.notes,
    exceptions: [...exceptions]
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      .map((x) => ({
        date: x.date,
        cancelled: x.cancelled,
        slot:
          !x.cancelled && x.startTime && x.endTime
            ? {
                start: wireTime(x.date, minutesOfDay(x.startTime)),
                end: wireTime(x.date, minutesOfDay(x.endTime)),
              }
            : null,
        notes: x.notes,
      })),
    createdAt: toWireInstant(row.createdAt),
  };
}

function toExpanded(occurrence: Occurrence): ExpandedOccurrence {
  return {
    id: occurrence.availabilityId,
    professionalId: occurrence.professionalId,
    establishmentId: occurrence.establishmentId,
    date: occurrence.date,
    slot: {
      start: wireTime(occurrence.date, occurrence.startMinute),
      end: wireTime(occurrence.date, occurrence.endMinute),
    },
    notes: occurrence.notes,
    patternType: occurrence.patternType,
  };
}

// ─── Queries behind the procedures ───────────────────────────────────────────────────────────────────────────────

export async function listAvailabilities(
  db: TenantTx,
  filter: { professionalId?: string | undefined; establishmentId?: string | undefined },
): Promise<AvailabilityRecord[]> {
  const rows = await db
    .select()
    .from(A)
    .where(
      and(
        filter.professionalId ? eq(A.professionalId, filter.professionalId) : undefined,
        filter.establishmentId ? eq(A.establishmentId, filter.establishmentId) : undefined,
        live,
      ),
    )
    .orderBy(asc(A.createdAt), asc(A.id));
  if (rows.length === 0) return [];
  const exceptions = await db
    .select()
    .from(X)
    .where(
      inArray(
        X.availabilityId,
        rows.map((row) => row.id),
      ),
    );
  const byAvailability = groupByAvailability(exceptions);
  return rows.map((row) => recordOf(row, byAvailability.get(row.id) ?? []));
}

/** The agenda's occurrences (spec 001 §4 'Agenda loading'): without dates, the current São Paulo month. */
export async function listExpanded(
  db: TenantTx,
  input: {
    startDate?: string | undefined;
    endDate?: string | undefined;
    professionalId?: string | undefined;
    establishmentId?: string | undefined;
  },
  now: Date,
): Promise<ExpandedOccurrence[]> {
  const anchor = input.startDate ?? input.endDate ?? dateOf(now);
  const startDate = input.startDate ?? monthRange(anchor).start;
  const endDate = input.endDate ?? monthRange(anchor).end;
  const occurrences = await loadOccurrences(db, {
    startDate,
    endDate,
    professionalId: input.professionalId,
    establishmentId: input.establishmentId,
  });
  return occurrences.map(toExpanded);
}

/**
 * Runs a write that may leave two identical availabilities (the database refuses them: the window constraint in
 * packages/db/src/schema/scheduling.ts); that answers 409 with the pt-BR message instead of a 500.
 */
async function oneWindow<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === PG_UNIQUE_VIOLATION && pg.constraint === schema.AVAILABILITY_WINDOW_UNIQUE) {
      conflict(M.duplicate);
    }
    throw error;
  }
}

// ─── Writing ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** The professional and the establishment must exist in this tenant (row-level security hides the others). */
async function assertReferences(db: TenantTx, data: AvailabilityData): Promise<void> {
  const [professional] = await db
    .select({ id: P.id })
    .from(P)
    .where(and(eq(P.id, data.professionalId), sql`${P.deletedAt} is null`));
  if (!professional) invalid("professionalId", M.professionalNotFound);
  const [establishment] = await db
    .select({ id: E.id })
    .from(E)
    .where(and(eq(E.id, data.establishmentId), sql`${E.deletedAt} is null`));
  if (!establishment) invalid("establishmentId", M.establishmentNotFound);
}

function patternColumns(pattern: AvailabilityData["pattern"]) {
  switch (pattern.type) {
    case "WEEKLY":
      return {
        patternType: "WEEKLY" as const,
        daysOfWeek: pattern.daysOfWeek.map((day) => DAYS_OF_WEEK.indexOf(day) + 1),
        daysOfMonth: null,
        periodStart: pattern.period.start,
        periodEnd: pattern.period.end,
        dates: null,
      };
    case "MONTHLY":
      return {
        patternType: "MONTHLY" as const,
        daysOfWeek: null,
        daysOfMonth: pattern.daysOfMonth,
        periodStart: pattern.period.start,
        periodEnd: pattern.period.end,
        dates: null,
      };
    case "MANUAL_DATES":
      return {
        patternType: "MANUAL_DATES" as const,
        daysOfWeek: null,
        daysOfMonth: null,
        periodStart: null,
        periodEnd: null,
        dates: pattern.dates,
      };
  }
}

/** Whether `date` is a date of the pattern (exceptions aside). */
function inPattern(row: Row, date: string): boolean {
  const day = dayNumber(date);
  return occurrenceDays(row, day, day).length > 0;
}

async function loadRow(db: TenantTx, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(A)
    .where(and(eq(A.id, id), live));
  if (!row) notFound(M.notFound);
  return row;
}

async function exceptionsOf(db: TenantTx, id: string): Promise<ExceptionRow[]> {
  return db.select().from(X).where(eq(X.availabilityId, id)).orderBy(asc(X.date));
}

async function recordById(db: TenantTx, id: string): Promise<AvailabilityRecord> {
  return recordOf(await loadRow(db, id), await exceptionsOf(db, id));
}

/** Stores the payload's per-date changes, keeping only dates of the pattern. */
async function insertExceptions(
  db: TenantTx,
  row: Row,
  exceptions: AvailabilityData["exceptions"],
): Promise<void> {
  const { tenantId } = db;
  const byDate = new Map(exceptions.filter((x) => inPattern(row, x.date)).map((x) => [x.date, x]));
  if (byDate.size === 0) return;
  await db.insert(X).values(
    [...byDate.values()].map((x) => ({
      tenantId,
      availabilityId: row.id,
      date: x.date,
      cancelled: x.cancelled,
      startTime: !x.cancelled && x.slot ? dbTime(x.slot.start) : null,
      endTime: !x.cancelled && x.slot ? dbTime(x.slot.end) : null,
      notes: x.cancelled ? null : x.notes,
    })),
  );
}

export async function createAvailability(db: TenantTx, data: AvailabilityData): Promise<AvailabilityRecord> {
  return oneWindow(async () => {
    const { tenantId } = db;
    await assertReferences(db, data);
    const [row] = await db
      .insert(A)
      .values({
        tenantId,
        professionalId: data.professionalId,
        establishmentId: data.establishmentId,
        ...patternColumns(data.pattern),
        startTime: dbTime(data.slot.start),
        endTime: dbTime(data.slot.end),
        notes: data.notes,
      })
      .returning();
    if (!row) throw new Error("availability insert returned nothing");
    await insertExceptions(db, row, data.exceptions);
    return recordById(db, row.id);
  });
}

/**
 * PUT: replaces every editable field with the payload's. A non-empty `exceptions` list replaces the stored
 * per-date changes; an empty or absent one keeps those whose date is still a date of the new pattern.
 */
export async function updateAvailability(
  db: TenantTx,
  id: string,
  data: AvailabilityData,
): Promise<AvailabilityRecord> {
  return oneWindow(async () => {
    await loadRow(db, id);
    await assertReferences(db, data);
    const [row] = await db
      .update(A)
      .set({
        professionalId: data.professionalId,
        establishmentId: data.establishmentId,
        ...patternColumns(data.pattern),
        startTime: dbTime(data.slot.start),
        endTime: dbTime(data.slot.end),
        notes: data.notes,
        updatedAt: sql`now()`,
      })
      .where(eq(A.id, id))
      .returning();
    if (!row) notFound(M.notFound);
    if (data.exceptions.length > 0) {
      await db.delete(X).where(eq(X.availabilityId, id));
      await insertExceptions(db, row, data.exceptions);
    } else {
      const stale = (await exceptionsOf(db, id)).filter((x) => !inPattern(row, x.date)).map((x) => x.date);
      if (stale.length > 0) await db.delete(X).where(and(eq(X.availabilityId, id), inArray(X.date, stale)));
    }
    return recordById(db, id);
  });
}

export async function deleteAvailability(db: TenantTx, id: string): Promise<void> {
  await loadRow(db, id);
  await db.delete(A).where(eq(A.id, id));
}

// ─── Occurrences ─────────────────────────────────────────────────────────────────────────────────────────────────

interface OccurrenceTarget {
  row: Row;
  exceptions: ExceptionRow[];
  date: string;
}

/** The availability and one of its current (not cancelled) occurrences, else 404. */
async function loadOccurrence(db: TenantTx, id: string, occurrenceId: string): Promise<OccurrenceTarget> {
  const row = await loadRow(db, id);
  const date = occurrenceId.trim();
  if (!isValidDate(date) || !inPattern(row, date)) notFound(M.occurrenceNotFound);
  const exceptions = await exceptionsOf(db, id);
  if (exceptions.some((x) => x.date === date && x.cancelled)) notFound(M.occurrenceNotFound);
  return { row, exceptions, date };
}

/** Whether any occurrence (after exceptions) remains strictly before `date`. */
function occursBefore(row: Row, exceptions: ExceptionRow[], date: string): boolean {
  const first = firstDateOf(row);
  if (first >= date) return false;
  return expandAvailability(row, exceptions, first, addDays(date, -1)).length > 0;
}

/** ALL: the whole availability takes the new window; single-date edits give way, cancellations stay. */
async function editAll(db: TenantTx, row: Row, slot: Slot, notes: string | null): Promise<void> {
  await db
    .update(A)
    .set({ startTime: dbTime(slot.start), endTime: dbTime(slot.end), notes, updatedAt: sql`now()` })
    .where(eq(A.id, row.id));
  await db.delete(X).where(and(eq(X.availabilityId, row.id), eq(X.cancelled, false)));
}

export async function editOccurrence(
  db: TenantTx,
  input: { id: string; occurrenceId: string; slot: Slot; notes: string | null; scope: OccurrenceScope },
): Promise<AvailabilityRecord> {
  return oneWindow(async () => {
    const { tenantId } = db;
    const { row, exceptions, date } = await loadOccurrence(db, input.id, input.occurrenceId);
    const { slot, notes } = input;
    if (input.scope === "SINGLE") {
      const values = { startTime: dbTime(slot.start), endTime: dbTime(slot.end), notes, cancelled: false };
      await db
        .insert(X)
        .values({ tenantId, availabilityId: row.id, date, ...values })
        .onConflictDoUpdate({ target: [X.tenantId, X.availabilityId, X.date], set: values });
      return recordById(db, row.id);
    }
    if (input.scope === "ALL" || !occursBefore(row, exceptions, date)) {
      // FUTURE from the first remaining occurrence is the whole availability.
      await editAll(db, row, slot, notes);
      return recordById(db, row.id);
    }
    // FUTURE: the old availability keeps what lies before `date`, a new one takes `date` onwards.
    const movedCancellations = exceptions.filter((x) => x.date > date && x.cancelled).map((x) => x.date);
    let carried: Omit<
      typeof A.$inferInsert,
      "tenantId" | "professionalId" | "establishmentId" | "startTime" | "endTime"
    >;
    if (row.patternType === "MANUAL_DATES") {
      const dates = row.dates ?? [];
      await db
        .update(A)
        .set({ dates: dates.filter((d) => d < date), updatedAt: sql`now()` })
        .where(eq(A.id, row.id));
      // A cancelled later date is simply not carried over.
      const later = dates.filter((d) => d >= date && !movedCancellations.includes(d));
      carried = patternColumns({ type: "MANUAL_DATES", dates: later });
    } else {
      await db
        .update(A)
        .set({ periodEnd: addDays(date, -1), updatedAt: sql`now()` })
        .where(eq(A.id, row.id));
      carried = {
        patternType: row.patternType,
        daysOfWeek: row.daysOfWeek,
        daysOfMonth: row.daysOfMonth,
        periodStart: date,
        periodEnd: row.periodEnd ?? date,
        dates: null,
      };
    }
    await db.delete(X).where(and(eq(X.availabilityId, row.id), gte(X.date, date)));
    const [created] = await db
      .insert(A)
      .values({
        tenantId,
        professionalId: row.professionalId,
        establishmentId: row.establishmentId,
        ...carried,
        startTime: dbTime(slot.start),
        endTime: dbTime(slot.end),
        notes,
      })
      .returning();
    if (!created) throw new Error("availability insert returned nothing");
    if (row.patternType !== "MANUAL_DATES" && movedCancellations.length > 0) {
      await db
        .insert(X)
        .values(
          movedCancellations.map((d) => ({ tenantId, availabilityId: created.id, date: d, cancelled: true })),
        );
    }
    return recordById(db, created.id);
  });
}

/** Cancels occurrences; answers the availability as it now is, or null when none is left of it. */
export async function cancelOccurrence(
  db: TenantTx,
  input: { id: string; occurrenceId: string; scope: OccurrenceScope },
): Promise<AvailabilityRecord | null> {
  return oneWindow(async () => {
    const { tenantId } = db;
    const { row, exceptions, date } = await loadOccurrence(db, input.id, input.occurrenceId);
    const remove = async () => {
      await db.delete(A).where(eq(A.id, row.id));
      return null;
    };
    if (input.scope === "ALL") return remove();
    if (input.scope === "SINGLE") {
      if (row.patternType === "MANUAL_DATES") {
        const dates = (row.dates ?? []).filter((d) => d !== date);
        if (dates.length === 0) return remove();
        await db.update(A).set({ dates, updatedAt: sql`now()` }).where(eq(A.id, row.id));
        await db.delete(X).where(and(eq(X.availabilityId, row.id), eq(X.date, date)));
        return recordById(db, row.id);
      }
      const values = { cancelled: true, startTime: null, endTime: null, notes: null };
      await db
        .insert(X)
        .values({ tenantId, availabilityId: row.id, date, ...values })
        .onConflictDoUpdate({ target: [X.tenantId, X.availabilityId, X.date], set: values });
      return recordById(db, row.id);
    }
    // FUTURE: this date and every later one.
    if (!occursBefore(row, exceptions, date)) return remove();
    if (row.patternType === "MANUAL_DATES") {
      await db
        .update(A)
        .set({ dates: (row.dates ?? []).filter((d) => d < date), updatedAt: sql`now()` })
        .where(eq(A.id, row.id));
    } else {
      await db
        .update(A)
        .set({ periodEnd: addDays(date, -1), updatedAt: sql`now()` })
        .where(eq(A.id, row.id));
    }
    await db.delete(X).where(and(eq(X.availabilityId, row.id), gte(X.date, date)));
    return recordById(db, row.id);
  });
}
