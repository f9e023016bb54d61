// What a booking reads (docs/architecture.md, "The walk of a booking"): the references and the services' snapshot,
// the day's availability, the appointment and the waitlist holds the range would meet, all sent in one round trip.
// The conflict query only produces the friendly message: the exclusion constraint `appointments_no_overlap` stays
// the arbiter of double booking (./write.ts).
import { schema, type TenantTx, together } from "@atende/db";
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from "@atende/db/orm";
import {
  APPOINTMENT_MESSAGES,
  type AppointmentServiceItem,
  serviceNotOfferedMessage,
} from "@atende/shared/schemas/appointments";
import { dateOf } from "@atende/shared/time";
import { TRPCError } from "@trpc/server";
import type { BusyEvent } from "../../calendar/events";
import { type Issue, IssuesError, invalid } from "../../errors";
import { occupiedMinutesSql } from "../../occupied-minutes";
import { loadOccurrences } from "../availability";
import { activeHoldsOverlapping, type HeldRange, type HoldOwner } from "../holds";
import type { BookingFacts, OccupiedRange } from "./assess";

const A = schema.appointments;
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
   * Booking for real (not the advisory check): the professional's schedule lock is taken first (./write.ts), then the
   * professional, establishment, client and services are read with FOR KEY SHARE, so a concurrent delete of one of
   * them (which locks it FOR UPDATE, then looks for future appointments) either waits for this booking and refuses
   * with 409, or commits first and this booking sees the record gone (decision 0005). Both locks go in the same round
   * trip as the reads, ahead of them (`readBookingFacts`).
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

/**
 * One round trip of reads: the ids with the snapshot (a 400 naming the field when one is missing), the day's
 * windows, and the first occupying appointment and the holds the range would overlap (its end computed in SQL from
 * the services, so those need not wait for the snapshot). With `lockReferences`, the professional's schedule lock
 * and the references' row locks lead the same round trip (docs/decisions/0062-booking-round-trips.md): the
 * statements are started in that order without a wait between them, postgres.js sends them pipelined on the
 * transaction's connection, and PostgreSQL runs them one after the other, so every read takes its snapshot once both
 * locks are held and sees every booking that committed before the lock was granted. The lock is thus held from this
 * round trip to the commit, never across an extra one of its own.
 */
export async function readBookingFacts(db: TenantTx, request: BookingRequest): Promise<BookingFacts> {
  const date = dateOf(request.scheduledAt);
  // Started before the reads below (each statement is handed to the connection in the order it is started).
  const locked = request.lockReferences ? lockForBooking(db, request) : undefined;
  const reads = together(
    resolveBookingRefs(db, request),
    loadOccurrences(db, { startDate: date, endDate: date, professionalId: request.professionalId }),
    findConflictFor(db, request),
    findHoldsFor(db, request),
  );
  // A failed lock fails the reads behind it ("current transaction is aborted"): its own error is the one thrown.
  const [, [services, occurrences, appointment, holds]] = await together(locked ?? Promise.resolve(), reads);
  return {
    establishmentId: request.establishmentId,
    scheduledAt: request.scheduledAt,
    services,
    occurrences,
    appointment,
    holds,
    holdOwner: request.holdOwner ?? {},
    calendarBusy: request.calendarBusy,
  };
}

/**
 * `[scheduled_at, ends_at)` overlaps `[start, end)`, written as the exclusion constraint's own expression so that
 * its GiST index (tenant, professional, range; partial on status <> 'CANCELED') answers the query.
 */
export function overlapsRange(start: Date | SQL, end: Date | SQL) {
  const bound = (value: Date | SQL) =>
    value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value;
  return sql`tstzrange(${A.scheduledAt}, ${A.endsAt}, '[)') && tstzrange(${bound(start)}, ${bound(end)}, '[)')`;
}

function firstOccupying(db: TenantTx, professionalId: string, overlap: SQL, excludeAppointmentId?: string) {
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
 * The professional's schedule lock (./write.ts, `lockProfessionalSchedule`): a transaction-scoped advisory lock on the
 * professional's id (the same key as `lockForBooking`'s). Not started until awaited.
 */
export function scheduleLock(db: TenantTx, professionalId: string) {
  return db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`schedule:${professionalId}`}, 0))`);
}

/**
 * The locks of a booking for real, in one statement: the professional's schedule (`scheduleLock`, ./write.ts), and FOR
 * KEY SHARE on the professional, establishment, client and services (`BookingRequest.lockReferences`). Started before
 * this returns, so the caller's reads started after it run after it, once it holds both.
 */
function lockForBooking(db: TenantTx, request: BookingRequest): Promise<unknown> {
  const P = schema.professionals;
  const E = schema.establishments;
  const C = schema.clients;
  const S = schema.offeredServices;
  const clientId = request.clientId ?? null;
  const idList = sql.join(
    [...new Set(request.offeredServiceIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  // Row locks must be taken before the existence checks read, so those see a delete they waited for.
  const locks = db.execute(sql`select
    pg_advisory_xact_lock(hashtextextended(${`schedule:${request.professionalId}`}, 0)),
    (select count(*) from (select 1 from ${P} where ${P.id} = ${request.professionalId} for key share) p),
    (select count(*) from (select 1 from ${E} where ${E.id} = ${request.establishmentId} for key share) e),
    (select count(*) from (select 1 from ${C} where ${C.id} = ${clientId}::uuid for key share) c),
    (select count(*) from (select 1 from ${S} where ${S.id} = any(array[${idList}]::uuid[]) for key share) s)`);
  // `await` or `Promise.resolve` would start a Drizzle query a microtask later, behind reads started meanwhile: its
  // `then` is called now (Drizzle hands the statement to postgres.js synchronously).
  return new Promise((resolve, reject) => locks.then(resolve, reject));
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

/**
 * What occupies `[start, end)` besides the appointment itself, for an appointment occupying its kept range again (a
 * CANCELED one restored, its snapshot unchanged): the appointment and the holds it would meet, in one round trip.
 */
export async function readOccupants(
  db: TenantTx,
  range: { professionalId: string; start: Date; end: Date; appointmentId: string },
  now: Date,
): Promise<{ appointment: OccupiedRange | undefined; holds: HeldRange[] }> {
  const [appointment, holds] = await together(
    findConflict(db, range.professionalId, range.start, range.end, range.appointmentId),
    activeHoldsOverlapping(db, range.professionalId, range.start, range.end, now),
  );
  return { appointment, holds };
}
