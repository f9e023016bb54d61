// One booking module (issue #21; docs/architecture.md, "The walk of a booking"; decisions 0007 and 0060): every
// door that books, moves, cancels or confirms an appointment (the dashboard's and the agent's procedures, the REST
// shims through them, a waitlist offer accepted, a WhatsApp reply) calls these operations, so there is one rule path.
// Each reads top to bottom:
//
//   lock     the professional's schedule (./write.ts), so the friendly checks see a concurrent winner, and
//   assess   the reads (./read.ts), all in one round trip led by the lock, judged by the pure rules (./assess.ts);
//   enforce  OUTSIDE_WINDOW → 400, CONFLICT → 409;
//   write    behind a savepoint, where the exclusion constraint has the last word (./write.ts);
//   after    in the same transaction: the waitlist hold the booking took, the confirmation's outcome, the freed
//            range. After commit (the procedure's `after` hooks, ../calendar-hooks.ts, ../waitlist-hooks.ts): the
//            calendar event's sync and the freed range's offer.
//
// Snapshot: an appointment stores its services' names, durations and buffers as they were when it was booked, so
// a later edit of a service moves nothing. An update re-takes the snapshot (from the catalogue as it is now) only
// when it re-books: when the services, the time, the professional or the establishment change. Changing only the
// status, the observations or the client keeps it, and skips the window and future rules, so a past appointment
// can still be marked COMPLETED or NO_SHOW.
import { schema, type TenantTx } from "@atende/db";
import { and, eq, ne, sql } from "@atende/db/orm";
import type { AppointmentStatus, ConfirmedVia } from "@atende/shared/enums";
import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AvailabilityCheckResult,
} from "@atende/shared/schemas/appointments";
import { toWireMinute } from "@atende/shared/time";
import { type CalendarBusy, NO_BUSY } from "../../calendar/service";
import { conflict, invalid, notFound } from "../../errors";
import { hasAnyAvailability } from "../availability";
import { settleConfirmation } from "../confirmation-outcomes";
import { holdTaking, takeHold } from "../holds";
import { assess, type BookingAssessment, enforceBookable, occupancyOf } from "./assess";
import { type BookingRequest, readBookingFacts, readOccupants, requireClient } from "./read";
import { getAppointment, loadAppointment, toRecord } from "./record";
import { insertAppointment, lockProfessionalSchedule, rewriteAppointment } from "./write";

const A = schema.appointments;
const M = APPOINTMENT_MESSAGES;

// ─── Assess ──────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Resolves the ids (400 naming the field when one is missing, deleted or another tenant's), snapshots the services
 * and judges the slot: OUTSIDE_WINDOW and CONFLICT block; NO_AVAILABILITY_HERE and NO_AVAILABILITY are warnings.
 */
export async function assessBooking(db: TenantTx, request: BookingRequest): Promise<BookingAssessment> {
  const assessment = assess(await readBookingFacts(db, request));
  // No window that day at any establishment: one more read tells whether the professional attends elsewhere.
  if (assessment.status === "NO_AVAILABILITY" && (await hasAnyAvailability(db, request.professionalId)))
    return { ...assessment, status: "NO_AVAILABILITY_HERE", message: M.noAvailabilityHere };
  return assessment;
}

export interface AvailabilityCheckRequest {
  professionalId: string;
  establishmentId: string;
  scheduledAt: Date;
  offeredServices: string[];
  appointmentId?: string | undefined;
}

/** spec 001 §5, Advisory availability check: the assessment alone, without a lock or a write. */
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

// ─── Create ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface AppointmentFields {
  clientId: string;
  professionalId: string;
  establishmentId: string;
  scheduledAt: Date;
  offeredServices: string[];
  observations: string | null;
}

function requireFuture(scheduledAt: Date, now: Date): void {
  if (scheduledAt.getTime() <= now.getTime()) invalid("scheduledAt", M.scheduledAtFuture);
}

/**
 * spec 001 §4: new appointments are SCHEDULED. The booking rules refuse OUTSIDE_WINDOW (400) and CONFLICT (409), the
 * professional's Google Calendar busy time (`calendarBusy`, read before the transaction) included. `holdId`: the
 * waitlist offer being accepted (../offers.ts), the one hold this booking passes over.
 */
export async function createAppointment(
  db: TenantTx,
  input: AppointmentFields,
  now: Date,
  calendarBusy: CalendarBusy = NO_BUSY,
  options: { holdId?: string } = {},
): Promise<Appointment> {
  requireFuture(input.scheduledAt, now);
  // The professional's schedule lock leads the assessment's round trip (`lockReferences`, ./read.ts).
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
  // Booked on the client's own waitlist hold: the offer is taken (decision 0046), in the insert's round trip.
  const { ownHold } = assessment;
  const row = await insertAppointment(
    db,
    {
      clientId: input.clientId,
      professionalId: input.professionalId,
      establishmentId: input.establishmentId,
      scheduledAt: input.scheduledAt,
      endsAt: assessment.endsAt,
      observations: input.observations,
    },
    assessment.services,
    ownHold
      ? (id) => holdTaking(db, ownHold.id, id, now, { audit: options.holdId === undefined })
      : undefined,
  );
  return toRecord(row, assessment.services);
}

// ─── Update: re-book, cancel, restore, edit ──────────────────────────────────────────────────────────────────────

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

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * PUT: replaces the editable fields. The future rule applies only when scheduledAt changes; the window and conflict
 * rules (and a fresh snapshot) only when the booking itself changes (services, time, professional, establishment). An
 * appointment coming back from CANCELED occupies its range again, so it meets the conflict rule. A move or a
 * cancellation pushes the range it freed into `freed`.
 */
export async function updateAppointment(
  db: TenantTx,
  id: string,
  input: AppointmentFields & { status: AppointmentStatus },
  now: Date,
  calendarBusy: CalendarBusy = NO_BUSY,
  freed: FreedSlot[] = [],
): Promise<Appointment> {
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
  const busy = calendarBusy.get(input.professionalId);

  let services = existingServices;
  let endsAt = existing.endsAt;
  let ownHold: string | undefined;
  if (rebook) {
    // Re-booking: the whole rule path, as a create (a cancellation only takes the new snapshot); the schedule lock
    // leads the assessment's round trip.
    const assessment = await assessBooking(db, {
      professionalId: input.professionalId,
      establishmentId: input.establishmentId,
      scheduledAt: input.scheduledAt,
      offeredServiceIds: input.offeredServices,
      clientId: clientChanged ? input.clientId : undefined,
      excludeAppointmentId: id,
      lockReferences: true,
      calendarBusy: busy,
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
      // Restored with its kept snapshot: the conflict rule only (the window was met when it was booked), under the
      // professional's lock as every booking, so a waitlist hold made meanwhile is seen.
      await lockProfessionalSchedule(db, input.professionalId);
      const range = {
        professionalId: input.professionalId,
        start: input.scheduledAt,
        end: endsAt,
        appointmentId: id,
      };
      const occupants = await readOccupants(db, range, now);
      const occupancy = occupancyOf(
        { ...occupants, holdOwner: { clientId: input.clientId }, calendarBusy: busy },
        input.scheduledAt,
        endsAt,
      );
      if (occupancy.conflict) conflict(occupancy.conflict);
      ownHold = occupancy.ownHold?.id;
    }
  }

  const row = await rewriteAppointment(
    db,
    id,
    {
      clientId: input.clientId,
      professionalId: input.professionalId,
      establishmentId: input.establishmentId,
      scheduledAt: input.scheduledAt,
      endsAt,
      status: input.status,
      observations: input.observations,
    },
    // The row is locked (loadAppointment), so the snapshot can be replaced in the same round trip.
    rebook ? services : undefined,
  );
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
  // A confirmation that went out for the old date learns what the client did (docs/decisions/0050-confirmations.md).
  if (input.status === "CANCELED" && existing.status !== "CANCELED")
    await settleConfirmation(db, existing, "CANCELLED", now);
  else if (timeChanged && occupies) await settleConfirmation(db, existing, "RESCHEDULED", now);
  return toRecord(row, services);
}

// ─── Delete ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** Removes the appointment (its snapshot goes with it); an occupying one pushes its range into `freed`. */
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

// ─── Confirm ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Sets confirmedAt and how it came (`via`; the first confirmation is kept); a cancelled appointment cannot be
 * confirmed (409). A confirmation sent for its date takes the outcome CONFIRMED.
 */
export async function confirmAppointment(
  db: TenantTx,
  id: string,
  now: Date,
  via: ConfirmedVia = "TEAM",
): Promise<Appointment> {
  const [updated] = await db
    .update(A)
    .set({
      confirmedAt: sql`coalesce(${A.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      confirmedVia: sql`case when ${A.confirmedAt} is null then ${via}::confirmed_via else ${A.confirmedVia} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(A.id, id), ne(A.status, "CANCELED")))
    .returning({ id: A.id, scheduledAt: A.scheduledAt });
  if (!updated) {
    await loadAppointment(db, id); // 404 when it does not exist
    conflict(M.cannotConfirmCanceled);
  }
  await settleConfirmation(db, updated, "CONFIRMED", now);
  return getAppointment(db, id);
}

// ─── What offers.ts and waitlist.ts (edited in parallel) and two tests import from `./booking` ──────────────────

export { together } from "@atende/db";
export { occupiedMinutes } from "../../occupied-minutes";
export { type BookingAssessment, totalMinutesOf, windowMiss } from "./assess";
export type { BookingRequest } from "./read";
export { lockProfessionalSchedule } from "./write";
