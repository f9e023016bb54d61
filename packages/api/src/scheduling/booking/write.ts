// The booking's writes (docs/decisions/0007-appointments.md): the professional's schedule lock taken before the
// rules read, and the statements themselves behind a savepoint, where the exclusion constraint
// `appointments_no_overlap` has the last word on double booking.
import { randomUUID } from "node:crypto";
import { PG_EXCLUSION_VIOLATION, pgErrorOf, schema, type TenantTx, together } from "@atende/db";
import { eq, sql } from "@atende/db/orm";
import type { AppointmentStatus } from "@atende/shared/enums";
import { APPOINTMENT_MESSAGES, type AppointmentServiceItem } from "@atende/shared/schemas/appointments";
import { conflict, notFound } from "../../errors";
import { conflictMessageOf } from "./assess";
import { findConflict, scheduleLock } from "./read";
import type { AppointmentRow } from "./record";

const A = schema.appointments;
const AS = schema.appointmentServices;
const M = APPOINTMENT_MESSAGES;
const PG_DEADLOCK_DETECTED = "40P01";

/**
 * Serialises bookings of one professional for the rest of the transaction (a transaction-scoped advisory lock).
 * Without it, concurrent overlapping inserts wait on each other inside the exclusion constraint's check and
 * deadlock in chains (PostgreSQL breaks each after deadlock_timeout, 1 s), which collapsed throughput under a rush
 * of callers for the same professional. With it, the friendly pre-check always sees the winner; the constraint
 * stays the arbiter for every other writer.
 */
export async function lockProfessionalSchedule(db: TenantTx, professionalId: string): Promise<void> {
  await scheduleLock(db, professionalId);
}

/** The range a write makes the appointment occupy, for the 409 that names the appointment that won a race. */
export interface WrittenRange {
  professionalId: string;
  start: Date;
  end: Date;
  /** The appointment being rewritten: it never conflicts with itself. */
  excludeId?: string;
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
async function guardedWrite<T>(db: TenantTx, range: WrittenRange, write: () => Promise<T>): Promise<T> {
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

/** The fields an appointment's row takes from a booking. */
export interface AppointmentWrite {
  clientId: string;
  professionalId: string;
  establishmentId: string;
  scheduledAt: Date;
  endsAt: Date;
  observations: string | null;
}

/**
 * Inserts a SCHEDULED appointment and its snapshot, in one round trip (the id is made here for that). `then`: a
 * statement about the new appointment (not started yet, e.g. the waitlist hold it takes, ../holds.ts `holdTaking`),
 * sent in the same round trip behind the inserts and behind the same savepoint.
 */
export function insertAppointment(
  db: TenantTx,
  fields: AppointmentWrite,
  services: readonly AppointmentServiceItem[],
  then?: (appointmentId: string) => PromiseLike<unknown>,
): Promise<AppointmentRow> {
  const { tenantId } = db;
  const id = randomUUID();
  const range = { professionalId: fields.professionalId, start: fields.scheduledAt, end: fields.endsAt };
  return guardedWrite(db, range, async () => {
    // `together` starts them in this order (each Drizzle query only when it is handed over).
    const [[inserted]] = await together(
      db
        .insert(A)
        .values({ id, tenantId, ...fields, status: "SCHEDULED" })
        .returning(),
      db.insert(AS).values(snapshotRows(tenantId, id, services)),
      then?.(id) ?? Promise.resolve(),
    );
    if (!inserted) throw new Error("appointment insert returned nothing");
    return inserted;
  });
}

/**
 * Rewrites a locked appointment's row; with `snapshot`, its services' snapshot is replaced in the same round trip (a
 * re-booking).
 */
export function rewriteAppointment(
  db: TenantTx,
  id: string,
  fields: AppointmentWrite & { status: AppointmentStatus },
  snapshot: readonly AppointmentServiceItem[] | undefined,
): Promise<AppointmentRow> {
  const { tenantId } = db;
  const range = {
    professionalId: fields.professionalId,
    start: fields.scheduledAt,
    end: fields.endsAt,
    excludeId: id,
  };
  return guardedWrite(db, range, async () => {
    const update = db
      .update(A)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(A.id, id))
      .returning();
    const [[updated]] = snapshot
      ? await together(
          update,
          db.delete(AS).where(eq(AS.appointmentId, id)),
          db.insert(AS).values(snapshotRows(tenantId, id, snapshot)),
        )
      : [await update];
    if (!updated) notFound(M.appointmentNotFound);
    return updated;
  });
}
