// Waitlist holds as the booking rules see them (docs/decisions/0046-waitlist.md): an ACTIVE hold whose expiry is still
// ahead occupies its range for everyone but the wish it is for. The one booking path (./booking/) reads them here;
// the offers (./offers.ts) make and resolve them.
import { schema, type TenantTx } from "@atende/db";
import { type AnyColumn, and, asc, eq, gt, type SQL, sql } from "@atende/db/orm";
import { heldSlotMessage } from "@atende/shared/schemas/waitlist";
import { minutesOfDay, timeOfDayOf } from "@atende/shared/time";

const H = schema.waitlistHolds;
const W = schema.waitlistEntries;

export interface HeldRange {
  id: string;
  /** The client of the wish it is for. */
  clientId: string;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
}

const at = (value: Date | SQL) => (value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value);

/** ACTIVE holds, not expired at `now`, of the professional overlapping `[start, end)`, earliest first. */
export function activeHoldsOverlapping(
  db: TenantTx,
  professionalId: string,
  start: Date | SQL,
  end: Date | SQL,
  now: Date,
): Promise<HeldRange[]> {
  return db
    .select({
      id: H.id,
      clientId: W.clientId,
      startsAt: H.startsAt,
      endsAt: H.endsAt,
      expiresAt: H.expiresAt,
    })
    .from(H)
    .innerJoin(W, and(eq(W.tenantId, H.tenantId), eq(W.id, H.waitlistEntryId)))
    .where(
      and(
        eq(H.professionalId, professionalId),
        eq(H.status, "ACTIVE"),
        gt(H.expiresAt, now),
        sql`tstzrange(${H.startsAt}, ${H.endsAt}, '[)') && tstzrange(${at(start)}, ${at(end)}, '[)')`,
      ),
    )
    .orderBy(asc(H.startsAt))
    .limit(5);
}

/** Who a booking is for, so that a hold for their own wish does not block them. */
export interface HoldOwner {
  /** The hold being accepted. */
  holdId?: string | undefined;
  /** The client being booked: a hold for one of their wishes is theirs to take. */
  clientId?: string | undefined;
}

/** Splits the overlapping holds into the first that blocks this booking and the one it takes (its own), if any. */
export function sortHolds(
  holds: readonly HeldRange[],
  owner: HoldOwner,
): { blocking: HeldRange | undefined; own: HeldRange | undefined } {
  const isOwn = (hold: HeldRange) =>
    hold.id === owner.holdId || (owner.clientId !== undefined && hold.clientId === owner.clientId);
  return { blocking: holds.find((hold) => !isOwn(hold)), own: holds.find(isOwn) };
}

const wall = (instant: Date) => minutesOfDay(timeOfDayOf(instant));

export function heldMessageOf(hold: HeldRange): string {
  return heldSlotMessage(wall(hold.expiresAt), wall(hold.startsAt), wall(hold.endsAt));
}

/** The busy ranges holds add to a free-slot search: ACTIVE, unexpired holds of these professionals over a range. */
export function holdBusyRows(
  db: Pick<TenantTx, "select">,
  professionals: (column: AnyColumn) => SQL,
  start: Date | SQL,
  end: Date | SQL,
  now: Date | SQL,
) {
  return db
    .select({ professionalId: H.professionalId, start: H.startsAt, end: H.endsAt })
    .from(H)
    .where(
      and(
        professionals(H.professionalId),
        eq(H.status, "ACTIVE"),
        gt(H.expiresAt, now),
        sql`tstzrange(${H.startsAt}, ${H.endsAt}, '[)') && tstzrange(${at(start)}, ${at(end)}, '[)')`,
      ),
    );
}

/**
 * A booking took its own hold (the offer accepted, or the client booked on it otherwise): the hold is ACCEPTED with
 * the appointment, its wish BOOKED. Called inside the booking's transaction, under the professional's lock.
 */
export async function takeHold(
  db: TenantTx,
  holdId: string,
  appointmentId: string,
  now: Date,
  options: { audit: boolean } = { audit: true },
): Promise<void> {
  await holdTaking(db, holdId, appointmentId, now, options);
}

/**
 * `takeHold` as one statement, not started until awaited, so a booking can send it in the same round trip as the
 * appointment's insert, behind it (./booking/write.ts; docs/decisions/0062-booking-round-trips.md): the hold taken
 * (when still ACTIVE), its wish BOOKED and, with `audit`, the audit line, each only when the hold was taken.
 */
export function holdTaking(
  db: TenantTx,
  holdId: string,
  appointmentId: string,
  now: Date,
  options: { audit: boolean } = { audit: true },
) {
  const A = schema.auditLog;
  const when = sql`${now.toISOString()}::timestamptz`;
  // Accepting the offer audits with the staff member who answered; a booking made otherwise on the client's own
  // hold (the receptionist booking her directly) is audited here.
  const audited = options.audit
    ? sql`, audited as (insert into ${A} (tenant_id, actor_user_id, actor_email, action, details, created_at)
        select ${db.tenantId}::uuid, null, 'sistema', 'waitlist.offerAccepted',
          jsonb_build_object('holdId', ${holdId}::text, 'waitlistEntryId', entry_id::text,
            'appointmentId', ${appointmentId}::text, 'by', 'booking'),
          ${when}
        from taken)`
    : sql``;
  return db.execute(sql`with taken as (
      update ${H} set status = 'ACCEPTED', appointment_id = ${appointmentId}::uuid, resolved_at = ${when}
      where ${H.id} = ${holdId}::uuid and ${H.status} = 'ACTIVE'
      returning ${H.waitlistEntryId} as entry_id),
    booked as (
      update ${W} set status = 'BOOKED'
      where ${W.id} in (select entry_id from taken) and ${W.status} <> 'BOOKED')${audited}
    select count(*) as taken from taken`);
}
