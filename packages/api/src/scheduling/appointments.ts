// Appointments (spec 001 §3-§5, §7, §9; docs/architecture.md, Database and REST details): list, get, create, update,
// delete, confirm, the advisory availability check and the free-slot search. The booking rules live in
// ./booking.ts, shared by all of them.
//
// Snapshot: an appointment stores its services' names, durations and buffers as they were when it was booked, so
// a later edit of a service moves nothing. An update re-takes the snapshot (from the catalogue as it is now) only
// when it re-books: when the services, the time, the professional or the establishment change. Changing only the
// status, the observations or the client keeps it, and skips the window and future rules, so a past appointment
// can still be marked COMPLETED or NO_SHOW.
import { randomUUID } from "node:crypto";
import { PG_EXCLUSION_VIOLATION, pgErrorOf, schema, type TenantTx } from "@atende/db";
import { type AnyColumn, and, asc, eq, gte, inArray, isNull, lt, ne, sql } from "@atende/db/orm";
import { calendarConflictMessage } from "@atende/shared/calendar";
import type { AppointmentStatus } from "@atende/shared/enums";
import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentServiceItem,
  type AvailabilityCheckResult,
  type FreeSlot,
  SLOT_GRID_MINUTES,
} from "@atende/shared/schemas/appointments";
import { addDays, dateOf, instantAt, toWireInstant, toWireMinute } from "@atende/shared/time";
import { firstBusyOverlap } from "../calendar/events";
import { type CalendarBusy, NO_BUSY } from "../calendar/service";
import { conflict, invalid, notFound } from "../errors";
import { loadOccurrences } from "./availability";
import {
  assessBooking,
  conflictMessageOf,
  enforceBookable,
  findConflict,
  lockProfessionalSchedule,
  occupiedMinutesSql,
  overlapsRange,
  requireClient,
  together,
} from "./booking";
import { activeHoldsOverlapping, heldMessageOf, holdBusyRows, sortHolds, takeHold } from "./holds";
import { type BusyRange, type SlotWindow, sweepFreeSlots } from "./slots";

const A = schema.appointments;
const AS = schema.appointmentServices;
const M = APPOINTMENT_MESSAGES;
const PG_DEADLOCK_DETECTED = "40P01";

type AppointmentRow = typeof A.$inferSelect;

function toRecord(row: AppointmentRow, services: AppointmentServiceItem[]): Appointment {
  return {
    id: row.id,
    tenantId: row.tenantId,
    clientId: row.clientId,
    professionalId: row.professionalId,
    establishmentId: row.establishmentId,
    scheduledAt: toWireMinute(row.scheduledAt),
    endsAt: toWireMinute(row.endsAt),
    status: row.status,
    observations: row.observations,
    confirmedAt: row.confirmedAt ? toWireInstant(row.confirmedAt) : null,
    offeredServices: services,
    createdAt: toWireInstant(row.createdAt),
  };
}

const serviceColumns = {
  appointmentId: AS.appointmentId,
  offeredServiceId: AS.offeredServiceId,
  offeredServiceName: AS.offeredServiceName,
  duration: AS.duration,
  bufferDurationBefore: AS.bufferDurationBefore,
  bufferDurationAfter: AS.bufferDurationAfter,
};

function groupServices(
  rows: readonly (AppointmentServiceItem & { appointmentId: string })[],
): Map<string, AppointmentServiceItem[]> {
  const byAppointment = new Map<string, AppointmentServiceItem[]>();
  for (const { appointmentId, ...item } of rows) {
    const list = byAppointment.get(appointmentId);
    if (list) list.push(item);
    else byAppointment.set(appointmentId, [item]);
  }
  return byAppointment;
}

// ─── Reads ───────────────────────────────────────────────────────────────────────────────────────────────────────

export interface ListFilter {
  startDate: string;
  endDate: string;
  professionalId?: string | undefined;
  establishmentId?: string | undefined;
  clientId?: string | undefined;
}

/**
 * Appointments whose São Paulo date of scheduledAt is in [startDate, endDate] (both included), ordered by
 * scheduledAt: one query for the appointments, one for all their services (never one per row).
 */
export async function listAppointments(db: TenantTx, filter: ListFilter): Promise<Appointment[]> {
  const where = and(
    gte(A.scheduledAt, instantAt(filter.startDate, 0)),
    lt(A.scheduledAt, instantAt(addDays(filter.endDate, 1), 0)),
    filter.professionalId ? eq(A.professionalId, filter.professionalId) : undefined,
    filter.establishmentId ? eq(A.establishmentId, filter.establishmentId) : undefined,
    filter.clientId ? eq(A.clientId, filter.clientId) : undefined,
  );
  const rows = await db.select().from(A).where(where).orderBy(asc(A.scheduledAt), asc(A.id));
  if (rows.length === 0) return [];
  const services = await db
    .select(serviceColumns)
    .from(AS)
    .where(inArray(AS.appointmentId, db.select({ id: A.id }).from(A).where(where)))
    .orderBy(asc(AS.appointmentId), asc(AS.position));
  const byAppointment = groupServices(services);
  return rows.map((row) => toRecord(row, byAppointment.get(row.id) ?? []));
}

async function loadAppointment(
  db: TenantTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<{ row: AppointmentRow; services: AppointmentServiceItem[] }> {
  const select = db.select().from(A).where(eq(A.id, id)).limit(1);
  const [[row], services] = await together(
    // An update locks the row, so two edits of one appointment apply one after the other.
    options.lock ? select.for("update") : select,
    db.select(serviceColumns).from(AS).where(eq(AS.appointmentId, id)).orderBy(asc(AS.position)),
  );
  if (!row) notFound(M.appointmentNotFound);
  return { row, services: groupServices(services).get(id) ?? [] };
}

export async function getAppointment(db: TenantTx, id: string): Promise<Appointment> {
  const { row, services } = await loadAppointment(db, id);
  return toRecord(row, services);
}

// ─── Writes ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface AppointmentFields {
  clientId: string;
  professionalId: string;
  establishmentId: string;
  scheduledAt: Date;
  offeredServices: string[];
  observations: string | null;
}

/**
 * A range an appointment stopped occupying (a cancellation, a move elsewhere, a delete): the procedures hand these to
 * the waitlist's offer job once their transaction committed (docs/decisions/0046-waitlist.md).
 */
export interface FreedSlot {
  professionalId: string;
  establishmentId: string;
  start: Date;
  end: Date;
}

function requireFuture(scheduledAt: Date, now: Date): void {
  if (scheduledAt.getTime() <= now.getTime()) invalid("scheduledAt", M.scheduledAtFuture);
}

/**
 * Runs the write statements after a SAVEPOINT, all sent in one round trip (postgres.js pipelines what is sent in
 * one tick; `write` must start its statements without awaiting in between, e.g. with `together`; the savepoint is
 * released at commit). When the exclusion constraint refuses them (a race the friendly check could not see yet),
 * rolls back to the savepoint, which keeps the request's transaction usable, and answers the 409 with the range of
 * the appointment that won (a fresh query sees it: the constraint waited for it to commit), or the generic text if
 * none is visible. A deadlock between two concurrent conflicting writes is retried once: the retry waits for the
 * winner and meets the constraint.
 */
async function guardedWrite<T>(
  db: TenantTx,
  range: { professionalId: string; start: Date; end: Date; excludeId?: string },
  write: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      // The savepoint is started first; write()'s statements queue behind it in the same tick.
      const savepoint = Promise.resolve(db.execute(sql`savepoint appointment_write`));
      const [, written] = await together(savepoint, write());
      return written;
    } catch (error) {
      const code = pgErrorOf(error)?.code;
      if (code !== PG_EXCLUSION_VIOLATION && code !== PG_DEADLOCK_DETECTED) throw error;
      await db.execute(sql`rollback to savepoint appointment_write`);
      if (code === PG_DEADLOCK_DETECTED && attempt === 0) continue;
      const winner = await findConflict(db, range.professionalId, range.start, range.end, range.excludeId);
      conflict(winner ? conflictMessageOf(winner) : M.conflictGeneric);
    }
  }
}

function snapshotRows(tenantId: string, appointmentId: string, services: readonly AppointmentServiceItem[]) {
  return services.map((service, position) => ({ tenantId, appointmentId, position, ...service }));
}

/**
 * spec 001 §4: new appointments are SCHEDULED. The booking rules refuse OUTSIDE_WINDOW (400) and CONFLICT (409), the
 * professional's Google Calendar busy time (`calendarBusy`, read before the transaction) included.
 */
export async function createAppointment(
  db: TenantTx,
  input: AppointmentFields,
  now: Date,
  calendarBusy: CalendarBusy = NO_BUSY,
  options: { holdId?: string } = {},
): Promise<Appointment> {
  const { tenantId } = db;
  requireFuture(input.scheduledAt, now);
  await lockProfessionalSchedule(db, input.professionalId);
  const assessment = await assessBooking(db, {
    professionalId: input.professionalId,
    establishmentId: input.establishmentId,
    scheduledAt: input.scheduledAt,
    offeredServiceIds: input.offeredServices,
    clientId: input.clientId,
    lockReferences: true,
    calendarBusy: calendarBusy.get(input.professionalId),
    now,
    holdOwner: { clientId: input.clientId, holdId: options.holdId },
  });
  enforceBookable(assessment);
  const range = { professionalId: input.professionalId, start: input.scheduledAt, end: assessment.endsAt };
  // The id is made here so the appointment and its snapshot go out together, in one round trip.
  const id = randomUUID();
  const row = await guardedWrite(db, range, async () => {
    const [[inserted]] = await together(
      db
        .insert(A)
        .values({
          id,
          tenantId,
          clientId: input.clientId,
          professionalId: input.professionalId,
          establishmentId: input.establishmentId,
          scheduledAt: input.scheduledAt,
          endsAt: assessment.endsAt,
          status: "SCHEDULED",
          observations: input.observations,
        })
        .returning(),
      db.insert(AS).values(snapshotRows(tenantId, id, assessment.services)),
    );
    if (!inserted) throw new Error("appointment insert returned nothing");
    return inserted;
  });
  // Booked on the patient's own waitlist hold: the offer is taken (decision 0046).
  if (assessment.ownHold)
    await takeHold(db, assessment.ownHold.id, row.id, now, { audit: options.holdId === undefined });
  return toRecord(row, assessment.services);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * PUT: replaces the editable fields. The future rule applies only when scheduledAt changes; the window and conflict
 * rules (and a fresh snapshot) only when the booking itself changes (services, time, professional, establishment). An
 * appointment coming back from CANCELED occupies its range again, so it meets the conflict rule.
 */
export async function updateAppointment(
  db: TenantTx,
  id: string,
  input: AppointmentFields & { status: AppointmentStatus },
  now: Date,
  calendarBusy: CalendarBusy = NO_BUSY,
  freed: FreedSlot[] = [],
): Promise<Appointment> {
  const { tenantId } = db;
  const { row: existing, services: existingServices } = await loadAppointment(db, id, { lock: true });
  const timeChanged = input.scheduledAt.getTime() !== existing.scheduledAt.getTime();
  if (timeChanged) requireFuture(input.scheduledAt, now);
  const rebook =
    timeChanged ||
    input.professionalId !== existing.professionalId ||
    input.establishmentId !== existing.establishmentId ||
    !sameList(
      input.offeredServices,
      existingServices.map((s) => s.offeredServiceId),
    );
  const clientChanged = input.clientId !== existing.clientId;
  const occupies = input.status !== "CANCELED";

  let services = existingServices;
  let endsAt = existing.endsAt;
  let ownHold: string | undefined;
  if (rebook) {
    await lockProfessionalSchedule(db, input.professionalId);
    const assessment = await assessBooking(db, {
      professionalId: input.professionalId,
      establishmentId: input.establishmentId,
      scheduledAt: input.scheduledAt,
      offeredServiceIds: input.offeredServices,
      clientId: clientChanged ? input.clientId : undefined,
      excludeAppointmentId: id,
      lockReferences: true,
      calendarBusy: calendarBusy.get(input.professionalId),
      now,
      holdOwner: { clientId: input.clientId },
    });
    if (occupies) enforceBookable(assessment);
    services = assessment.services;
    endsAt = assessment.endsAt;
    if (occupies) ownHold = assessment.ownHold?.id;
  } else {
    if (clientChanged) await requireClient(db, input.clientId);
    if (occupies && existing.status === "CANCELED") {
      // Occupying again: under the professional's lock, as any booking, so a waitlist hold made meanwhile is seen.
      await lockProfessionalSchedule(db, input.professionalId);
      const [existingConflict, holds] = await together(
        findConflict(db, input.professionalId, input.scheduledAt, endsAt, id),
        activeHoldsOverlapping(db, input.professionalId, input.scheduledAt, endsAt, now),
      );
      if (existingConflict) conflict(conflictMessageOf(existingConflict));
      const { blocking, own } = sortHolds(holds, { clientId: input.clientId });
      if (blocking) conflict(heldMessageOf(blocking));
      ownHold = own?.id;
      const busy = firstBusyOverlap(calendarBusy.get(input.professionalId), input.scheduledAt, endsAt);
      if (busy) conflict(calendarConflictMessage(busy.start, busy.end));
    }
  }

  const range = {
    professionalId: input.professionalId,
    start: input.scheduledAt,
    end: endsAt,
    excludeId: id,
  };
  const row = await guardedWrite(db, range, async () => {
    const update = db
      .update(A)
      .set({
        clientId: input.clientId,
        professionalId: input.professionalId,
        establishmentId: input.establishmentId,
        scheduledAt: input.scheduledAt,
        endsAt,
        status: input.status,
        observations: input.observations,
        updatedAt: sql`now()`,
      })
      .where(eq(A.id, id))
      .returning();
    // The row is locked (loadAppointment), so the snapshot can be replaced in the same round trip.
    const [[updated]] = rebook
      ? await together(
          update,
          db.delete(AS).where(eq(AS.appointmentId, id)),
          db.insert(AS).values(snapshotRows(tenantId, id, services)),
        )
      : [await update];
    if (!updated) notFound(M.appointmentNotFound);
    return updated;
  });
  if (ownHold) await takeHold(db, ownHold, id, now);
  // What the appointment occupied and no longer does: cancelled, or moved to another time or professional.
  const occupied = existing.status !== "CANCELED";
  const moved =
    timeChanged ||
    input.professionalId !== existing.professionalId ||
    endsAt.getTime() < existing.endsAt.getTime();
  if (occupied && (!occupies || moved)) {
    freed.push({
      professionalId: existing.professionalId,
      establishmentId: existing.establishmentId,
      start: existing.scheduledAt,
      end: existing.endsAt,
    });
  }
  return toRecord(row, services);
}

export async function deleteAppointment(db: TenantTx, id: string, freed: FreedSlot[] = []): Promise<void> {
  const deleted = await db.delete(A).where(eq(A.id, id)).returning();
  const [row] = deleted;
  if (!row) notFound(M.appointmentNotFound);
  if (row.status !== "CANCELED") {
    freed.push({
      professionalId: row.professionalId,
      establishmentId: row.establishmentId,
      start: row.scheduledAt,
      end: row.endsAt,
    });
  }
}

/** Sets confirmedAt (the first confirmation is kept); a cancelled appointment cannot be confirmed (409). */
export async function confirmAppointment(db: TenantTx, id: string, now: Date): Promise<Appointment> {
  const [updated] = await db
    .update(A)
    .set({
      confirmedAt: sql`coalesce(${A.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(A.id, id), ne(A.status, "CANCELED")))
    .returning({ id: A.id });
  if (!updated) {
    await loadAppointment(db, id); // 404 when it does not exist
    conflict(M.cannotConfirmCanceled);
  }
  return getAppointment(db, id);
}

// ─── Advisory check and free slots ───────────────────────────────────────────────────────────────────────────────

export interface AvailabilityCheckRequest {
  professionalId: string;
  establishmentId: string;
  scheduledAt: Date;
  offeredServices: string[];
  appointmentId?: string | undefined;
}

/** spec 001 §5, Advisory availability check, with the booking rules' one implementation. */
export async function checkAvailability(
  db: TenantTx,
  input: AvailabilityCheckRequest,
  now: Date,
  calendarBusy: CalendarBusy = NO_BUSY,
): Promise<AvailabilityCheckResult> {
  const assessment = await assessBooking(db, {
    professionalId: input.professionalId,
    establishmentId: input.establishmentId,
    scheduledAt: input.scheduledAt,
    offeredServiceIds: input.offeredServices,
    excludeAppointmentId: input.appointmentId,
    calendarBusy: calendarBusy.get(input.professionalId),
    now,
  });
  return { status: assessment.status, message: assessment.message, endsAt: toWireMinute(assessment.endsAt) };
}

export interface FreeSlotsRequest {
  offeredServices: string[];
  startDate: string;
  endDate: string;
  professionalId?: string | undefined;
  establishmentId?: string | undefined;
}

/**
 * Free slots for the services over [startDate, endDate]: candidates are the professionals offering ALL the services
 * at an establishment offering them all (the booking rule), windows are their availability occurrences there, and a
 * start is kept when the occupied range fits the window and overlaps no occupying appointment of the professional at
 * any establishment. Four queries whatever the range (services with their links, availabilities, exceptions,
 * appointments), sent together, then one merge sweep (./slots.ts). A filter naming an unknown professional or
 * establishment finds nothing. The professionals' Google Calendar busy time (`calendarBusy`, read before the
 * transaction) is occupied too.
 */
export async function searchFreeSlots(
  db: TenantTx,
  input: FreeSlotsRequest,
  now: Date,
  calendarBusy: CalendarBusy = NO_BUSY,
): Promise<FreeSlot[]> {
  const S = schema.offeredServices;
  const SP = schema.offeredServiceProfessionals;
  const SE = schema.offeredServiceEstablishments;
  const P = schema.professionals;
  const E = schema.establishments;
  const ids = [...new Set(input.offeredServices)];
  // Nothing before today can be booked.
  const startDate = [input.startDate, dateOf(now)].sort()[1] ?? input.startDate;
  const rangeStart = instantAt(startDate, 0);
  const rangeEnd = instantAt(addDays(input.endDate, 1), 0);
  const empty = startDate > input.endDate;

  // Every read is independent of the others, so they go out together (one round trip on PostgreSQL, where
  // postgres.js pipelines them): the services, who offers them where, the windows, the occupied ranges of the
  // professionals offering them (any establishment).
  // The professionals whose occupied ranges matter: the one asked for, else those performing the services.
  const ofCandidates = (column: AnyColumn) =>
    input.professionalId
      ? eq(column, input.professionalId)
      : inArray(
          column,
          db.selectDistinct({ id: SP.professionalId }).from(SP).where(inArray(SP.offeredServiceId, ids)),
        );
  const [catalogue, occurrences, busyRows] = await together(
    // One query for the services (S: their occupied minutes) and who offers them (P) where (E).
    db
      .select({
        kind: sql<string>`'S'`,
        serviceId: S.id,
        refId: S.id,
        minutes: occupiedMinutesSql(),
      })
      .from(S)
      .where(and(inArray(S.id, ids), isNull(S.deletedAt)))
      .unionAll(
        db
          .select({
            kind: sql<string>`'P'`,
            serviceId: SP.offeredServiceId,
            refId: SP.professionalId,
            minutes: sql<number>`0`,
          })
          .from(SP)
          .innerJoin(P, and(eq(P.id, SP.professionalId), isNull(P.deletedAt)))
          .where(
            and(
              inArray(SP.offeredServiceId, ids),
              input.professionalId ? eq(SP.professionalId, input.professionalId) : undefined,
            ),
          ),
      )
      .unionAll(
        db
          .select({
            kind: sql<string>`'E'`,
            serviceId: SE.offeredServiceId,
            refId: SE.establishmentId,
            minutes: sql<number>`0`,
          })
          .from(SE)
          .innerJoin(E, and(eq(E.id, SE.establishmentId), isNull(E.deletedAt)))
          .where(
            and(
              inArray(SE.offeredServiceId, ids),
              input.establishmentId ? eq(SE.establishmentId, input.establishmentId) : undefined,
            ),
          ),
      ),
    empty
      ? Promise.resolve([])
      : loadOccurrences(db, {
          startDate,
          endDate: input.endDate,
          professionalId: input.professionalId,
          establishmentId: input.establishmentId,
        }),
    empty
      ? Promise.resolve([])
      : db
          .select({ professionalId: A.professionalId, start: A.scheduledAt, end: A.endsAt })
          .from(A)
          .where(
            and(
              ofCandidates(A.professionalId),
              ne(A.status, "CANCELED"),
              overlapsRange(rangeStart, rangeEnd),
            ),
          )
          // Waitlist holds occupy their ranges until they expire (decision 0046): in the same statement.
          .unionAll(holdBusyRows(db, ofCandidates, rangeStart, rangeEnd, now)),
  );
  const minutesOf = new Map<string, number>();
  const coverage = new Map<string, number>();
  for (const row of catalogue) {
    if (row.kind === "S") minutesOf.set(row.serviceId, Number(row.minutes));
    else coverage.set(`${row.kind}:${row.refId}`, (coverage.get(`${row.kind}:${row.refId}`) ?? 0) + 1);
  }
  if (minutesOf.size !== ids.length) invalid("offeredServices", M.serviceNotFound);
  // A service listed twice counts twice, as it does in a booking.
  const totalMinutes = input.offeredServices.reduce((sum, id) => sum + (minutesOf.get(id) ?? 0), 0);
  const offersAll = (kind: "P" | "E", id: string) => coverage.get(`${kind}:${id}`) === ids.length;
  const windows: SlotWindow[] = occurrences.filter(
    (o) => offersAll("P", o.professionalId) && offersAll("E", o.establishmentId),
  );
  if (windows.length === 0) return [];

  const busyByProfessional = new Map<string, BusyRange[]>();
  for (const [professionalId, events] of calendarBusy) {
    busyByProfessional.set(
      professionalId,
      events.map((event) => ({ start: event.start.getTime(), end: event.end.getTime() })),
    );
  }
  for (const row of busyRows) {
    const range = { start: row.start.getTime(), end: row.end.getTime() };
    const list = busyByProfessional.get(row.professionalId);
    if (list) list.push(range);
    else busyByProfessional.set(row.professionalId, [range]);
  }
  return sweepFreeSlots({
    windows,
    busyByProfessional,
    totalMinutes,
    now: now.getTime(),
    gridMinutes: SLOT_GRID_MINUTES,
  });
}
