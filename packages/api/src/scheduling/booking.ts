// The booking rules (docs/architecture.md, Database: No double booking; booking rules mirror spec 001 §5's advisory
// check), in ONE place: appointment create and update, the advisory check, the REST shims (through the same
// procedures) and the voice agent's tools all go through `assessBooking`.
//
// The database stays the arbiter of double booking (exclusion constraint `appointments_no_overlap`): the conflict
// query here only produces the friendly message; a race between two bookings is settled by the constraint.
import { schema, type TenantTx } from "@atende/db";
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from "@atende/db/orm";
import { calendarConflictMessage } from "@atende/shared/calendar";
import {
  APPOINTMENT_MESSAGES,
  type AppointmentServiceItem,
  type AvailabilityCheckStatus,
  availableMessage,
  conflictMessage,
  outsideWindowMessage,
  serviceNotOfferedMessage,
} from "@atende/shared/schemas/appointments";
import { dateOf, instantAt, minutesOfDay, timeOfDayOf } from "@atende/shared/time";
import { TRPCError } from "@trpc/server";
import { type BusyEvent, firstBusyOverlap } from "../calendar/events";
import { conflict, type Issue, IssuesError, invalid } from "../errors";
import { occupiedMinutes, occupiedMinutesSql, type ServiceTimes } from "../occupied-minutes";
import { hasAnyAvailability, loadOccurrences } from "./availability";
import { activeHoldsOverlapping, type HeldRange, type HoldOwner, heldMessageOf, sortHolds } from "./holds";

const MINUTE_MS = 60_000;
const M = APPOINTMENT_MESSAGES;

export interface BookingRequest {
  professionalId: string;
  establishmentId: string;
  /** Whole minutes (the input schema drops seconds). */
  scheduledAt: Date;
  /** 1-10 offered-service ids, in the order the snapshot keeps. */
  offeredServiceIds: readonly string[];
  /** Checked (exists, not deleted) when given. */
  clientId?: string | undefined;
  /** The appointment being edited: it never conflicts with itself. */
  excludeAppointmentId?: string | undefined;
  /**
   * Booking for real (not the advisory check): the professional, establishment, client and services are read with
   * FOR KEY SHARE, so a concurrent delete of one of them (which locks it FOR UPDATE, then looks for future
   * appointments) either waits for this booking and refuses with 409, or commits first and this booking sees the
   * record gone (decision 0005).
   */
  lockReferences?: boolean;
  /**
   * The professional's busy time read from their Google Calendar before the transaction opened (decision 0029): it
   * counts as occupied, after our own appointments.
   */
  calendarBusy?: readonly BusyEvent[] | undefined;
  /** The clock: a waitlist hold occupies its range until its expiry, judged at this instant. */
  now: Date;
  /**
   * Whom the booking is for, so a waitlist hold for their own wish does not block it (docs/decisions/0046-waitlist.md):
   * every other ACTIVE, unexpired hold is occupied.
   */
  holdOwner?: HoldOwner | undefined;
}

export interface BookingAssessment {
  /** The services as they are now: the snapshot a booking stores. */
  services: AppointmentServiceItem[];
  /** Σ(duration + bufferDurationBefore + bufferDurationAfter), minutes (spec 001 §9). */
  totalMinutes: number;
  /** scheduledAt + total: the end of the half-open occupied range. */
  endsAt: Date;
  status: AvailabilityCheckStatus;
  message: string;
  /** The booking's own waitlist hold on the range (the offer it accepts), which it takes when it is written. */
  ownHold: HeldRange | undefined;
}

/**
 * Sends independent reads together and waits for all of them (postgres.js pipelines them on the transaction's
 * connection, one round trip; PGlite queues them). Each value is turned into a promise exactly once: a Drizzle
 * query runs again every time `then` is called on it. Every query finishes before the answer, so a refusal (a 400)
 * never leaves a sibling running on the transaction while it rolls back.
 */
/**
 * Serialises bookings of one professional for the rest of the transaction (a transaction-scoped advisory lock).
 * Without it, concurrent overlapping inserts wait on each other inside the exclusion constraint's check and
 * deadlock in chains (PostgreSQL breaks each after deadlock_timeout, 1 s), which collapsed throughput under a rush
 * of callers for the same professional. With it, the friendly pre-check always sees the winner; the constraint
 * stays the arbiter for every other writer.
 */
export async function lockProfessionalSchedule(db: TenantTx, professionalId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`schedule:${professionalId}`}, 0))`);
}

export function together<A, B>(a: PromiseLike<A>, b: PromiseLike<B>): Promise<[A, B]>;
export function together<A, B, C>(
  a: PromiseLike<A>,
  b: PromiseLike<B>,
  c: PromiseLike<C>,
): Promise<[A, B, C]>;
export function together<A, B, C, D>(
  a: PromiseLike<A>,
  b: PromiseLike<B>,
  c: PromiseLike<C>,
  d: PromiseLike<D>,
): Promise<[A, B, C, D]>;
export async function together(...values: PromiseLike<unknown>[]): Promise<unknown[]> {
  const started = values.map((value) => Promise.resolve(value));
  await Promise.allSettled(started);
  return Promise.all(started);
}

export { occupiedMinutes, occupiedMinutesSql };

/** What an appointment of these services occupies: Σ occupiedMinutes (spec 001 §9). */
export function totalMinutesOf(services: readonly ServiceTimes[]): number {
  let total = 0;
  for (const service of services) total += occupiedMinutes(service);
  return total;
}

/** Minutes since São Paulo midnight of `date` of an instant (may exceed 1440 for a range crossing midnight). */
function minuteOfDate(date: string, instant: Date): number {
  return Math.round((instant.getTime() - instantAt(date, 0).getTime()) / MINUTE_MS);
}

/** Minutes since midnight of an instant's São Paulo wall-clock time (for messages). */
export function wallMinute(instant: Date): number {
  return minutesOfDay(timeOfDayOf(instant));
}

export interface Window {
  startMinute: number;
  endMinute: number;
}

/**
 * The window outcome (pure): the occupied range `[start, end)` (minutes of the day) must fit ONE window entirely
 * (outside the window means any part of the occupied range outside it). Returns undefined when it
 * fits, else the window to name in the message: the one holding the start, or else the nearest.
 */
export function windowMiss(windows: readonly Window[], start: number, end: number): Window | undefined {
  if (windows.length === 0) return undefined;
  let nearest: Window | undefined;
  let nearestDistance = Number.POSITIVE_INFINITY;
  for (const w of windows) {
    if (w.startMinute <= start && end <= w.endMinute) return undefined;
    const distance =
      start >= w.startMinute && start < w.endMinute
        ? -1
        : Math.min(Math.abs(start - w.startMinute), Math.abs(start - w.endMinute));
    if (distance < nearestDistance) {
      nearest = w;
      nearestDistance = distance;
    }
  }
  return nearest;
}

/**
 * Resolves the ids (400 naming the field when one is missing, deleted or another tenant's), snapshots the services
 * and evaluates the slot: OUTSIDE_WINDOW and CONFLICT block; NO_AVAILABILITY_HERE and NO_AVAILABILITY are warnings.
 */
export async function assessBooking(db: TenantTx, request: BookingRequest): Promise<BookingAssessment> {
  const { scheduledAt } = request;
  const date = dateOf(scheduledAt);
  // One round trip of reads: the ids with the snapshot, the day's windows, and the first occupying appointment
  // the range would overlap (its end computed in SQL from the services, so it need not wait for the snapshot).
  const [services, occurrences, existing, holds] = await together(
    resolveBookingRefs(db, request),
    loadOccurrences(db, { startDate: date, endDate: date, professionalId: request.professionalId }),
    findConflictFor(db, request),
    findHoldsFor(db, request),
  );
  const { blocking: held, own: ownHold } = sortHolds(holds, request.holdOwner ?? {});
  const totalMinutes = totalMinutesOf(services);
  const endsAt = new Date(scheduledAt.getTime() + totalMinutes * MINUTE_MS);
  const start = minuteOfDate(date, scheduledAt);
  const end = start + totalMinutes;
  const outcome = (status: AvailabilityCheckStatus, message: string): BookingAssessment => ({
    services,
    totalMinutes,
    endsAt,
    status,
    message,
    ownHold,
  });

  const here = occurrences.filter((o) => o.establishmentId === request.establishmentId);
  const miss = windowMiss(here, start, end);
  if (miss) return outcome("OUTSIDE_WINDOW", outsideWindowMessage(miss.startMinute, miss.endMinute));
  if (existing) return outcome("CONFLICT", conflictMessageOf(existing));
  if (held) return outcome("CONFLICT", heldMessageOf(held));
  const busy = firstBusyOverlap(request.calendarBusy, scheduledAt, endsAt);
  if (busy) return outcome("CONFLICT", calendarConflictMessage(busy.start, busy.end));
  if (here.length === 0) {
    // An occurrence elsewhere that day proves the professional has availabilities; otherwise ask.
    const hasOther = occurrences.length > 0 || (await hasAnyAvailability(db, request.professionalId));
    return hasOther
      ? outcome("NO_AVAILABILITY_HERE", M.noAvailabilityHere)
      : outcome("NO_AVAILABILITY", M.noAvailability);
  }
  return outcome("AVAILABLE", availableMessage(wallMinute(endsAt)));
}

/** Refuses the blocking outcomes: OUTSIDE_WINDOW is a 400 on `scheduledAt`, CONFLICT a 409. */
export function enforceBookable(assessment: BookingAssessment): void {
  if (assessment.status === "OUTSIDE_WINDOW") invalid("scheduledAt", assessment.message);
  if (assessment.status === "CONFLICT") conflict(assessment.message);
}

export interface OccupiedRange {
  scheduledAt: Date;
  endsAt: Date;
}

export function conflictMessageOf(existing: OccupiedRange): string {
  return conflictMessage(wallMinute(existing.scheduledAt), wallMinute(existing.endsAt));
}

/**
 * `[scheduled_at, ends_at)` overlaps `[start, end)`, written as the exclusion constraint's own expression so that
 * its GiST index (tenant, professional, range; partial on status <> 'CANCELED') answers the query.
 */
export function overlapsRange(start: Date | SQL, end: Date | SQL) {
  const A = schema.appointments;
  const bound = (value: Date | SQL) =>
    value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value;
  return sql`tstzrange(${A.scheduledAt}, ${A.endsAt}, '[)') && tstzrange(${bound(start)}, ${bound(end)}, '[)')`;
}

function firstOccupying(db: TenantTx, professionalId: string, overlap: SQL, excludeAppointmentId?: string) {
  const A = schema.appointments;
  return db
    .select({ scheduledAt: A.scheduledAt, endsAt: A.endsAt })
    .from(A)
    .where(
      and(
        eq(A.professionalId, professionalId),
        ne(A.status, "CANCELED"),
        overlap,
        excludeAppointmentId ? ne(A.id, excludeAppointmentId) : undefined,
      ),
    )
    .orderBy(asc(A.scheduledAt))
    .limit(1);
}

/** The requested range `[start, end)` in SQL, its end being scheduledAt + the services' total. */
function requestedRange(request: BookingRequest): { start: SQL; end: SQL } {
  const S = schema.offeredServices;
  // Each listed id counts once per listing, as in the snapshot.
  const ids = sql.join(
    request.offeredServiceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const minutes = sql`(select coalesce(sum(${occupiedMinutesSql()}), 0)
    from unnest(array[${ids}]::uuid[]) as requested(id) join ${S} on ${S.id} = requested.id)`;
  const start = sql`${request.scheduledAt.toISOString()}::timestamptz`;
  return { start, end: sql`${start} + ${minutes} * interval '1 minute'` };
}

/** The waitlist holds a booking request's range meets (docs/decisions/0046-waitlist.md). */
function findHoldsFor(db: TenantTx, request: BookingRequest): Promise<HeldRange[]> {
  const { start, end } = requestedRange(request);
  return activeHoldsOverlapping(db, request.professionalId, start, end, request.now);
}

/** The conflict a booking request would meet, its end being scheduledAt + the services' total (in SQL). */
async function findConflictFor(db: TenantTx, request: BookingRequest): Promise<OccupiedRange | undefined> {
  const { start, end } = requestedRange(request);
  const [row] = await firstOccupying(
    db,
    request.professionalId,
    overlapsRange(start, end),
    request.excludeAppointmentId,
  );
  return row;
}

/** The earliest occupying appointment of the professional (any establishment) overlapping `[start, end)`. */
export async function findConflict(
  db: TenantTx,
  professionalId: string,
  start: Date,
  end: Date,
  excludeAppointmentId?: string,
): Promise<OccupiedRange | undefined> {
  const [row] = await firstOccupying(db, professionalId, overlapsRange(start, end), excludeAppointmentId);
  return row;
}

function badRequest(issues: Issue[]): never {
  throw new TRPCError({
    code: "BAD_REQUEST",
    message: issues[0]?.message ?? "Entrada inválida",
    cause: new IssuesError(issues),
  });
}

/**
 * Professional, establishment (and client when given) must exist in the tenant and not be deleted (row-level security
 * hides another tenant's rows, so theirs read as missing); every service must exist and be offered by that
 * professional at that establishment. One query. Answers the service snapshot in the requested order.
 */
export async function resolveBookingRefs(
  db: TenantTx,
  request: BookingRequest,
): Promise<AppointmentServiceItem[]> {
  const P = schema.professionals;
  const E = schema.establishments;
  const C = schema.clients;
  const S = schema.offeredServices;
  const SP = schema.offeredServiceProfessionals;
  const SE = schema.offeredServiceEstablishments;
  const clientId = request.clientId ?? null;
  const ids = [...new Set(request.offeredServiceIds)];
  if (request.lockReferences) {
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    // Row locks must be taken before the existence checks below read, so those see any delete they waited for.
    await db.execute(sql`select
      (select count(*) from (select 1 from ${P} where ${P.id} = ${request.professionalId} for key share) p),
      (select count(*) from (select 1 from ${E} where ${E.id} = ${request.establishmentId} for key share) e),
      (select count(*) from (select 1 from ${C} where ${C.id} = ${clientId}::uuid for key share) c),
      (select count(*) from (select 1 from ${S} where ${S.id} = any(array[${idList}]::uuid[]) for key share) s)`);
  }
  // One row per service found (or a single row without one), each carrying the three existence checks. Drizzle
  // answers the left-joined `service` as null when no service matched.
  const joined = await db
    .select({
      professional: sql<boolean>`exists (select 1 from ${P} where ${P.id} = ${request.professionalId} and ${P.deletedAt} is null)`,
      establishment: sql<boolean>`exists (select 1 from ${E} where ${E.id} = ${request.establishmentId} and ${E.deletedAt} is null)`,
      client: sql<boolean>`(${clientId}::uuid is null or exists (select 1 from ${C} where ${C.id} = ${clientId}::uuid and ${C.deletedAt} is null))`,
      service: {
        id: S.id,
        name: S.name,
        duration: S.duration,
        bufferDurationBefore: S.bufferDurationBefore,
        bufferDurationAfter: S.bufferDurationAfter,
        byProfessional: sql<boolean>`exists (select 1 from ${SP} where ${SP.offeredServiceId} = ${S.id} and ${SP.professionalId} = ${request.professionalId})`,
        atEstablishment: sql<boolean>`exists (select 1 from ${SE} where ${SE.offeredServiceId} = ${S.id} and ${SE.establishmentId} = ${request.establishmentId})`,
      },
    })
    .from(sql`(select 1) as one`)
    .leftJoin(S, and(inArray(S.id, ids), isNull(S.deletedAt)));
  const refs = joined[0];
  const rows = joined.flatMap((row) => (row.service ? [row.service] : []));
  const issues: Issue[] = [];
  if (request.clientId !== undefined && !refs?.client)
    issues.push({ path: "clientId", message: M.clientNotFound });
  if (!refs?.professional) issues.push({ path: "professionalId", message: M.professionalNotFound });
  if (!refs?.establishment) issues.push({ path: "establishmentId", message: M.establishmentNotFound });

  const byId = new Map(rows.map((row) => [row.id, row]));
  if (ids.some((id) => !byId.has(id))) {
    issues.push({ path: "offeredServices", message: M.serviceNotFound });
  } else if (refs?.professional && refs.establishment) {
    for (const row of rows) {
      if (!row.byProfessional || !row.atEstablishment) {
        issues.push({ path: "offeredServices", message: serviceNotOfferedMessage(row.name) });
        break;
      }
    }
  }
  if (issues.length > 0) badRequest(issues);

  return request.offeredServiceIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`service ${id} resolved above`);
    return {
      offeredServiceId: row.id,
      offeredServiceName: row.name,
      duration: row.duration,
      bufferDurationBefore: row.bufferDurationBefore,
      bufferDurationAfter: row.bufferDurationAfter,
    };
  });
}

/** Whether the client exists in the tenant and is not deleted (an update that changes only the client). */
export async function requireClient(db: TenantTx, clientId: string): Promise<void> {
  const C = schema.clients;
  const [row] = await db
    .select({ id: C.id })
    .from(C)
    .where(and(eq(C.id, clientId), isNull(C.deletedAt)))
    .limit(1);
  if (!row) invalid("clientId", M.clientNotFound);
}
