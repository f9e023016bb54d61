// Waitlist offers on freed slots (issue 23 part 4; docs/decisions/0046-waitlist.md). A cancellation, a move or a delete
// hands the range it freed to the job queue (`waitlist.slotFreed`, after its transaction committed); the job offers it
// to the first matching WAITING wish, oldest first, by making a hold the booking rules treat as occupied for everyone
// else, and queues the offer's sending (`waitlist.sendOffer`) and its expiry (`waitlist.expireOffer`). Accepted, the
// slot is booked through the one booking path (the hold taken, the wish BOOKED); declined or expired, the wish is
// CANCELLED or EXPIRED and the next matching wish is offered the same range.
//
// Each step is idempotent: a hold is made under the professional's schedule lock (the one bookings take) and only
// where no ACTIVE hold is, the same wish is never offered the same slot twice (unique key), and sending or expiring a
// hold looks at its state first. Nothing is offered outside the contact window (decision 0045) or for a tenant that
// is suspended or has no minutes; every offer, answer and expiry is in the audit log.
import { type DataAccess, schema, TenantAccessEnded, type TenantTx } from "@atende/db";
import { and, asc, eq, gt, isNull, lte, sql } from "@atende/db/orm";
import { DEFAULT_CONTACT_WINDOW, isContactDay, isInContactWindow } from "@atende/shared/holidays";
import { APPOINTMENT_MESSAGES, type Appointment } from "@atende/shared/schemas/appointments";
import { WAITLIST_MESSAGES as M, type WaitlistCallOfferRecord } from "@atende/shared/schemas/waitlist";
import { addDays, dateOf, instantAt, minutesOfDay, timeOfDayOf, toWireInstant } from "@atende/shared/time";
import { hasMinutes } from "../billing/minutes";
import { type CalendarBusy, NO_BUSY } from "../calendar/service";
import { conflict, notFound } from "../errors";
import type { JobHandler, JobQueue } from "../jobs/runner";
import { NOT_SENT, type OfferSender, type WaitlistOffer } from "../offer-sender";
import { createAppointment, type FreedSlot, getAppointment } from "./appointments";
import { assessBooking, lockProfessionalSchedule } from "./booking";

const H = schema.waitlistHolds;
const W = schema.waitlistEntries;
const C = schema.clients;
const S = schema.offeredServices;
const P = schema.professionals;
const E = schema.establishments;
const SP = schema.offeredServiceProfessionals;
const SE = schema.offeredServiceEstablishments;

const MINUTE_MS = 60_000;

/** How long a freed slot is held for the wish it is offered to: the tenant's setting (issue 23's default, 15). */
async function holdMinutesOf(db: TenantTx): Promise<number> {
  const [tenant] = await db
    .select({ minutes: schema.tenants.waitlistHoldMinutes })
    .from(schema.tenants)
    .limit(1);
  if (!tenant) throw new Error("the acting tenant is not visible in its own transaction");
  return tenant.minutes;
}
/** Wishes looked at per freed slot: the first that fits gets it. */
const CANDIDATES = 50;

export const OFFER_JOBS = {
  slotFreed: "waitlist.slotFreed",
  send: "waitlist.sendOffer",
  expire: "waitlist.expireOffer",
} as const;

export const OFFER_AUDIT = {
  made: "waitlist.offerMade",
  sent: "waitlist.offerSent",
  accepted: "waitlist.offerAccepted",
  declined: "waitlist.offerDeclined",
  expired: "waitlist.offerExpired",
} as const;

/** Who an audit row names: the staff member who answered, or the system for the jobs. */
export interface OfferActor {
  userId: string | null;
  email: string;
}
const SYSTEM: OfferActor = { userId: null, email: "sistema" };

async function audit(
  db: TenantTx,
  actor: OfferActor,
  action: string,
  details: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.insert(schema.auditLog).values({
    tenantId: db.tenantId,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action,
    details,
    createdAt: now,
  });
}

// ─── Matching ────────────────────────────────────────────────────────────────────────────────────────────────────

/** Whether a slot starting at `start` is in the wish's part of the day (decision 0046, São Paulo times). */
export function inDayPart(dayPart: string, start: Date): boolean {
  const minute = minutesOfDay(timeOfDayOf(start));
  switch (dayPart) {
    case "MORNING":
      return minute < 12 * 60;
    case "AFTERNOON":
      return minute >= 12 * 60 && minute < 18 * 60;
    case "EVENING":
      return minute >= 18 * 60;
    default:
      return true;
  }
}

/** The first instant at or after `now` inside the contact window (decision 0045), at most two weeks ahead. */
export function nextContactOpening(now: Date, window = DEFAULT_CONTACT_WINDOW): Date | undefined {
  if (isInContactWindow(now, window)) return now;
  const from = minutesOfDay(window.from);
  const today = dateOf(now);
  for (let ahead = 0; ahead <= 14; ahead++) {
    const date = addDays(today, ahead);
    if (!isContactDay(date, window)) continue;
    const opening = instantAt(date, from);
    if (opening.getTime() > now.getTime()) return opening;
  }
  return undefined;
}

/**
 * WAITING wishes the freed range could go to, oldest first: the service performed by the slot's professional at its
 * establishment, the wish's professional and establishment that one or any, the slot's date in the wish's range, the
 * client and service not deleted, and the slot not offered to the wish before.
 */
function candidates(db: TenantTx, slot: FreedSlot) {
  const date = dateOf(slot.start);
  return db
    .select({
      id: W.id,
      clientId: W.clientId,
      offeredServiceId: W.offeredServiceId,
      dayPart: W.dayPart,
    })
    .from(W)
    .innerJoin(C, and(eq(C.tenantId, W.tenantId), eq(C.id, W.clientId), isNull(C.deletedAt)))
    .innerJoin(S, and(eq(S.tenantId, W.tenantId), eq(S.id, W.offeredServiceId), isNull(S.deletedAt)))
    .where(
      and(
        eq(W.status, "WAITING"),
        sql`(${W.professionalId} is null or ${W.professionalId} = ${slot.professionalId})`,
        sql`(${W.establishmentId} is null or ${W.establishmentId} = ${slot.establishmentId})`,
        lte(W.fromDate, date),
        sql`${W.untilDate} >= ${date}`,
        sql`exists (select 1 from ${SP} where ${SP.offeredServiceId} = ${W.offeredServiceId} and ${SP.professionalId} = ${slot.professionalId})`,
        sql`exists (select 1 from ${SE} where ${SE.offeredServiceId} = ${W.offeredServiceId} and ${SE.establishmentId} = ${slot.establishmentId})`,
        sql`not exists (select 1 from ${H} where ${H.waitlistEntryId} = ${W.id} and ${H.professionalId} = ${slot.professionalId} and ${H.startsAt} = ${slot.start.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(W.createdAt), asc(W.id))
    .limit(CANDIDATES);
}

/** Why a tenant sends nothing now: a suspended plan or no minutes left (issue 23 part 5). */
async function mayContact(db: TenantTx, now: Date): Promise<boolean> {
  const [subscription] = await db.select({ status: schema.subscriptions.status }).from(schema.subscriptions);
  if (subscription?.status === "SUSPENDED") return false;
  return hasMinutes(db, now);
}

/** Marks a hold that ran out as EXPIRED and its wish EXPIRED (once); answers whether it did. */
async function expireHold(db: TenantTx, holdId: string, now: Date): Promise<boolean> {
  const [hold] = await db
    .update(H)
    .set({ status: "EXPIRED", resolvedAt: now })
    .where(and(eq(H.id, holdId), eq(H.status, "ACTIVE"), lte(H.expiresAt, now)))
    .returning({ entryId: H.waitlistEntryId, startsAt: H.startsAt });
  if (!hold) return false;
  await db
    .update(W)
    .set({ status: "EXPIRED" })
    .where(and(eq(W.id, hold.entryId), eq(W.status, "OFFERED")));
  await audit(
    db,
    SYSTEM,
    OFFER_AUDIT.expired,
    { holdId, waitlistEntryId: hold.entryId, startsAt: hold.startsAt.toISOString() },
    now,
  );
  return true;
}

export type OfferOutcome =
  | { kind: "offered"; holdId: string; expiresAt: Date }
  /** An ACTIVE hold already holds (part of) the range: this slot's offer was made (a retried job). */
  | { kind: "held"; holdId: string; expiresAt: Date }
  | { kind: "none" }
  | { kind: "unavailable" };

/**
 * Offers a freed range to the first WAITING wish it fits (one transaction, under the professional's schedule lock):
 * the slot starts where the freed range did, must lie ahead, in the wish's part of the day, and be bookable for the
 * wish's service by the booking rules (inside the professional's availability there, no appointment, no other hold).
 */
export async function offerFreedSlot(
  db: TenantTx,
  slot: FreedSlot,
  now: Date,
  holdMinutes?: number,
): Promise<OfferOutcome> {
  if (slot.start.getTime() <= now.getTime()) return { kind: "none" };
  if (!(await mayContact(db, now))) return { kind: "unavailable" };
  await lockProfessionalSchedule(db, slot.professionalId);
  // Holds on the range: a live one means this slot was offered already; one that ran out is settled first.
  const holds = await db
    .select({ id: H.id, expiresAt: H.expiresAt })
    .from(H)
    .where(
      and(
        eq(H.professionalId, slot.professionalId),
        eq(H.status, "ACTIVE"),
        sql`tstzrange(${H.startsAt}, ${H.endsAt}, '[)') && tstzrange(${slot.start.toISOString()}::timestamptz, ${slot.end.toISOString()}::timestamptz, '[)')`,
      ),
    );
  const live = holds.find((hold) => hold.expiresAt.getTime() > now.getTime());
  if (live) return { kind: "held", holdId: live.id, expiresAt: live.expiresAt };
  for (const stale of holds) await expireHold(db, stale.id, now);

  for (const wish of await candidates(db, slot)) {
    if (!inDayPart(wish.dayPart, slot.start)) continue;
    const assessment = await assessBooking(db, {
      professionalId: slot.professionalId,
      establishmentId: slot.establishmentId,
      scheduledAt: slot.start,
      offeredServiceIds: [wish.offeredServiceId],
      now,
    });
    if (assessment.status !== "AVAILABLE") continue;
    const expiresAt = new Date(now.getTime() + (holdMinutes ?? (await holdMinutesOf(db))) * MINUTE_MS);
    const [hold] = await db
      .insert(H)
      .values({
        tenantId: db.tenantId,
        waitlistEntryId: wish.id,
        professionalId: slot.professionalId,
        establishmentId: slot.establishmentId,
        offeredServiceId: wish.offeredServiceId,
        startsAt: slot.start,
        endsAt: assessment.endsAt,
        freedStart: slot.start,
        freedEnd: slot.end,
        expiresAt,
        createdAt: now,
      })
      .returning({ id: H.id });
    if (!hold) throw new Error("hold insert returned nothing");
    await db.update(W).set({ status: "OFFERED" }).where(eq(W.id, wish.id));
    await audit(
      db,
      SYSTEM,
      OFFER_AUDIT.made,
      {
        holdId: hold.id,
        waitlistEntryId: wish.id,
        professionalId: slot.professionalId,
        startsAt: slot.start.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
      now,
    );
    return { kind: "offered", holdId: hold.id, expiresAt };
  }
  return { kind: "none" };
}

// ─── Answers (staff on the dashboard, an integrator over REST, later a channel's reply) ─────────────────────────

async function lockHold(db: TenantTx, holdId: string, now: Date) {
  const [hold] = await db
    .select({
      id: H.id,
      status: H.status,
      expiresAt: H.expiresAt,
      waitlistEntryId: H.waitlistEntryId,
      clientId: W.clientId,
      professionalId: H.professionalId,
      establishmentId: H.establishmentId,
      offeredServiceId: H.offeredServiceId,
      startsAt: H.startsAt,
      freedStart: H.freedStart,
      freedEnd: H.freedEnd,
    })
    .from(H)
    .innerJoin(W, and(eq(W.tenantId, H.tenantId), eq(W.id, H.waitlistEntryId)))
    .where(eq(H.id, holdId))
    .for("update", { of: H })
    .limit(1);
  if (!hold) notFound(M.offerNotFound);
  if (hold.status !== "ACTIVE") conflict(M.offerClosed);
  if (hold.expiresAt.getTime() <= now.getTime()) conflict(M.offerExpired);
  return hold;
}

/**
 * The client takes the offer: the slot is booked through the one booking path, which passes over this hold only, then
 * takes it (hold ACCEPTED, wish BOOKED). An expired or answered offer is a 409; a slot the rules no longer allow (the
 * professional's availability changed) refuses as any booking would, and the offer stays open.
 */
export async function acceptOffer(
  db: TenantTx,
  holdId: string,
  now: Date,
  actor: OfferActor,
  calendarBusy: CalendarBusy = NO_BUSY,
): Promise<Appointment> {
  const hold = await lockHold(db, holdId, now);
  const appointment = await createAppointment(
    db,
    {
      clientId: hold.clientId,
      professionalId: hold.professionalId,
      establishmentId: hold.establishmentId,
      scheduledAt: hold.startsAt,
      offeredServices: [hold.offeredServiceId],
      observations: null,
    },
    now,
    calendarBusy,
    { holdId },
  );
  await audit(
    db,
    actor,
    OFFER_AUDIT.accepted,
    { holdId, waitlistEntryId: hold.waitlistEntryId, appointmentId: appointment.id },
    now,
  );
  return appointment;
}

/**
 * The client turns the offer down: the hold DECLINED, the wish CANCELLED (decision 0046: kept, so the outcome shows),
 * and the freed range goes back to the offer job for the next wish (answered: the caller enqueues it after commit).
 */
export async function declineOffer(
  db: TenantTx,
  holdId: string,
  now: Date,
  actor: OfferActor,
): Promise<FreedSlot> {
  const hold = await lockHold(db, holdId, now);
  await db.update(H).set({ status: "DECLINED", resolvedAt: now }).where(eq(H.id, holdId));
  await db
    .update(W)
    .set({ status: "CANCELLED" })
    .where(and(eq(W.id, hold.waitlistEntryId), eq(W.status, "OFFERED")));
  await audit(db, actor, OFFER_AUDIT.declined, { holdId, waitlistEntryId: hold.waitlistEntryId }, now);
  return {
    professionalId: hold.professionalId,
    establishmentId: hold.establishmentId,
    start: hold.freedStart,
    end: hold.freedEnd,
  };
}

// ─── Answers on the offer call (the agent, docs/decisions/0057-waitlist-offer-call.md) ──────────────────────────

/** Who the audit log names for an answer given on the offer call. */
const CALL_ACTOR: OfferActor = { userId: null, email: "agente (ligação)" };

/** The hold the call `callId` was placed for, or a 404: a call's agent reads and answers its own offer only. */
async function holdOfCall(db: TenantTx, holdId: string, callId: string) {
  const [hold] = await db
    .select({ id: H.id, status: H.status, appointmentId: H.appointmentId })
    .from(H)
    .where(and(eq(H.id, holdId), eq(H.callId, callId)))
    .limit(1);
  if (!hold) notFound(M.offerNotFound);
  return hold;
}

/** The offer as its call's agent says it: the slot, the client, the names; `open` while it may still be accepted. */
export async function readCallOffer(
  db: TenantTx,
  holdId: string,
  callId: string,
  now: Date,
): Promise<WaitlistCallOfferRecord> {
  await holdOfCall(db, holdId, callId);
  const [row] = await db
    .select({
      id: H.id,
      status: H.status,
      clientId: W.clientId,
      offeredServiceId: H.offeredServiceId,
      offeredServiceName: S.name,
      professionalId: H.professionalId,
      professionalName: P.name,
      establishmentId: H.establishmentId,
      establishmentName: E.name,
      startsAt: H.startsAt,
      endsAt: H.endsAt,
      expiresAt: H.expiresAt,
    })
    .from(H)
    .innerJoin(W, and(eq(W.tenantId, H.tenantId), eq(W.id, H.waitlistEntryId)))
    .innerJoin(S, and(eq(S.tenantId, H.tenantId), eq(S.id, H.offeredServiceId)))
    .innerJoin(P, and(eq(P.tenantId, H.tenantId), eq(P.id, H.professionalId)))
    .innerJoin(E, and(eq(E.tenantId, H.tenantId), eq(E.id, H.establishmentId)))
    .where(eq(H.id, holdId))
    .limit(1);
  if (!row) notFound(M.offerNotFound);
  const { status, ...offer } = row;
  return {
    ...offer,
    open: status === "ACTIVE" && row.expiresAt.getTime() > now.getTime(),
    startsAt: toWireInstant(row.startsAt),
    endsAt: toWireInstant(row.endsAt),
    expiresAt: toWireInstant(row.expiresAt),
  };
}

/**
 * The client said yes on the offer call: `acceptOffer` (the one booking path) for the call's own hold. Asked again for
 * an offer this call accepted already (a network retry), it answers the same appointment and books nothing more.
 */
export async function acceptCallOffer(
  db: TenantTx,
  holdId: string,
  callId: string,
  now: Date,
  calendarBusy: CalendarBusy = NO_BUSY,
): Promise<Appointment> {
  const hold = await holdOfCall(db, holdId, callId);
  if (hold.status === "ACCEPTED" && hold.appointmentId) return getAppointment(db, hold.appointmentId);
  return acceptOffer(db, holdId, now, CALL_ACTOR, calendarBusy);
}

/**
 * The client said no on the offer call: `declineOffer` for the call's own hold (the range goes to the next wish after
 * commit). Asked again for an offer this call declined already, it changes nothing and frees nothing twice.
 */
export async function declineCallOffer(
  db: TenantTx,
  holdId: string,
  callId: string,
  now: Date,
): Promise<FreedSlot | undefined> {
  const hold = await holdOfCall(db, holdId, callId);
  if (hold.status === "DECLINED") return undefined;
  return declineOffer(db, holdId, now, CALL_ACTOR);
}

// ─── Jobs ────────────────────────────────────────────────────────────────────────────────────────────────────────

interface FreedPayload {
  tenantId: string;
  professionalId: string;
  establishmentId: string;
  start: string;
  end: string;
}

function freedKey(tenantId: string, slot: FreedSlot): string {
  return `${OFFER_JOBS.slotFreed}:${tenantId}:${slot.professionalId}:${slot.start.toISOString()}`;
}

/** Hands freed ranges to the offer job (after the change that freed them committed). */
export async function enqueueFreedSlots(
  queue: JobQueue,
  tenantId: string,
  freed: readonly FreedSlot[],
  runAt?: Date,
): Promise<void> {
  for (const slot of freed) {
    const payload: FreedPayload = {
      tenantId,
      professionalId: slot.professionalId,
      establishmentId: slot.establishmentId,
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
    };
    const key = freedKey(tenantId, slot);
    await queue.enqueue(
      OFFER_JOBS.slotFreed,
      { ...payload },
      {
        singletonKey: runAt ? `${key}@${runAt.toISOString()}` : key,
        ...(runAt ? { runAt } : {}),
      },
    );
  }
}

const text = (payload: Record<string, unknown>, key: string): string => {
  const value = payload[key];
  if (typeof value !== "string") throw new Error(`job payload without ${key}`);
  return value;
};

export interface OfferJobDeps {
  data: DataAccess;
  queue: JobQueue;
  sender: OfferSender;
  now: () => Date;
  /** Replaces every tenant's own setting (tests). */
  holdMinutes?: number;
}

/** The offer's content for a channel; undefined when the hold is no longer open or was sent already. */
async function readOffer(db: TenantTx, holdId: string, now: Date): Promise<WaitlistOffer | undefined> {
  const [row] = await db
    .select({
      holdId: H.id,
      clientId: W.clientId,
      clientName: C.fullName,
      clientPhone: C.phoneNumber,
      clientPhoneE164: C.phoneE164,
      optedOut: sql<boolean>`(${C.contactOptOutAt} is not null)`,
      offerByCall: W.offerByCall,
      serviceName: S.name,
      professionalName: P.name,
      establishmentName: E.name,
      startsAt: H.startsAt,
      expiresAt: H.expiresAt,
    })
    .from(H)
    .innerJoin(W, and(eq(W.tenantId, H.tenantId), eq(W.id, H.waitlistEntryId)))
    .innerJoin(C, and(eq(C.tenantId, H.tenantId), eq(C.id, W.clientId)))
    .innerJoin(S, and(eq(S.tenantId, H.tenantId), eq(S.id, H.offeredServiceId)))
    .innerJoin(P, and(eq(P.tenantId, H.tenantId), eq(P.id, H.professionalId)))
    .innerJoin(E, and(eq(E.tenantId, H.tenantId), eq(E.id, H.establishmentId)))
    .where(and(eq(H.id, holdId), eq(H.status, "ACTIVE"), gt(H.expiresAt, now), isNull(H.sentAt)))
    .limit(1);
  return row && { ...row, tenantId: db.tenantId };
}

/**
 * The job handlers: `waitlist.slotFreed` (offer a freed range; outside the contact window it waits for the next
 * opening), `waitlist.sendOffer` (hand an open offer to the channel, once) and `waitlist.expireOffer` (settle an offer
 * nobody answered and offer the range to the next wish).
 */
/**
 * After a hold committed: its sending now and its expiry at `expiresAt`. A retried job meets the hold ("held") and
 * enqueues these again, idempotently (singleton keys; the handlers look at the hold's state).
 */
export async function afterOffer(queue: JobQueue, tenantId: string, outcome: OfferOutcome): Promise<void> {
  if (outcome.kind !== "offered" && outcome.kind !== "held") return;
  await queue.enqueue(
    OFFER_JOBS.send,
    { tenantId, holdId: outcome.holdId },
    { singletonKey: `${OFFER_JOBS.send}:${outcome.holdId}` },
  );
  await queue.enqueue(
    OFFER_JOBS.expire,
    { tenantId, holdId: outcome.holdId },
    { singletonKey: `${OFFER_JOBS.expire}:${outcome.holdId}`, runAt: outcome.expiresAt },
  );
}

/** The range an appointment occupies (or occupied, once cancelled): what the development procedure offers. */
export async function rangeOfAppointment(db: TenantTx, appointmentId: string): Promise<FreedSlot> {
  const A = schema.appointments;
  const [row] = await db
    .select({
      professionalId: A.professionalId,
      establishmentId: A.establishmentId,
      start: A.scheduledAt,
      end: A.endsAt,
    })
    .from(A)
    .where(eq(A.id, appointmentId))
    .limit(1);
  if (!row) notFound(APPOINTMENT_MESSAGES.appointmentNotFound);
  return row;
}

export function offerJobs(deps: OfferJobDeps): { handlers: Record<string, JobHandler> } {
  const { queue, sender, now } = deps;
  /** A closed account's offers end quietly (decision 0031: nothing reaches a closed tenant), instead of retrying. */
  const data = {
    async inTenant<T>(tenantId: string, fn: (db: TenantTx) => Promise<T>): Promise<T | undefined> {
      try {
        return await deps.data.inTenant(tenantId, fn, { kind: "open" });
      } catch (error) {
        if (error instanceof TenantAccessEnded) return undefined;
        throw error;
      }
    },
  };

  async function slotFreed(tenantId: string, slot: FreedSlot): Promise<void> {
    const at = now();
    // The tenant's calling window (decision 0045; its confirmation settings'): an offer made outside it could not
    // reach anyone before it runs out.
    const window = await sender.contactWindow(tenantId);
    if (!isInContactWindow(at, window)) {
      const opening = nextContactOpening(at, window);
      if (opening && opening.getTime() < slot.start.getTime())
        await enqueueFreedSlots(queue, tenantId, [slot], opening);
      return;
    }
    const outcome = await data.inTenant(tenantId, (db) => offerFreedSlot(db, slot, at, deps.holdMinutes));
    if (outcome) await afterOffer(queue, tenantId, outcome);
  }

  return {
    handlers: {
      [OFFER_JOBS.slotFreed]: async (payload) => {
        await slotFreed(text(payload, "tenantId"), {
          professionalId: text(payload, "professionalId"),
          establishmentId: text(payload, "establishmentId"),
          start: new Date(text(payload, "start")),
          end: new Date(text(payload, "end")),
        });
      },
      [OFFER_JOBS.send]: async (payload) => {
        const tenantId = text(payload, "tenantId");
        const holdId = text(payload, "holdId");
        const at = now();
        const offer = await data.inTenant(tenantId, (db) => readOffer(db, holdId, at));
        if (!offer) return;
        // The channel is called outside any transaction; the staff default answers at once.
        const inWindow = isInContactWindow(at, await sender.contactWindow(tenantId));
        const delivery = inWindow ? await sender.send(offer, at) : NOT_SENT;
        const via = delivery.sent ? delivery.via : "STAFF";
        await data.inTenant(tenantId, async (db) => {
          const [sent] = await db
            .update(H)
            .set({ sentVia: via, sentAt: at })
            .where(and(eq(H.id, holdId), isNull(H.sentAt)))
            .returning({ id: H.id });
          if (sent) await audit(db, SYSTEM, OFFER_AUDIT.sent, { holdId, via }, at);
        });
      },
      [OFFER_JOBS.expire]: async (payload) => {
        const tenantId = text(payload, "tenantId");
        const holdId = text(payload, "holdId");
        const at = now();
        const hold = await data.inTenant(tenantId, async (db) => {
          const [row] = await db
            .select({
              status: H.status,
              expiresAt: H.expiresAt,
              professionalId: H.professionalId,
              establishmentId: H.establishmentId,
              freedStart: H.freedStart,
              freedEnd: H.freedEnd,
            })
            .from(H)
            .where(eq(H.id, holdId));
          if (row?.status === "ACTIVE" && row.expiresAt.getTime() <= at.getTime()) {
            await lockProfessionalSchedule(db, row.professionalId);
            await expireHold(db, holdId, at);
            return { ...row, status: "EXPIRED" as const };
          }
          return row;
        });
        if (!hold) return;
        if (hold.status === "ACTIVE") {
          // Run before its time (another runner's clock): come back when it is due.
          await queue.enqueue(
            OFFER_JOBS.expire,
            { tenantId, holdId },
            {
              singletonKey: `${OFFER_JOBS.expire}:${holdId}@${hold.expiresAt.toISOString()}`,
              runAt: hold.expiresAt,
            },
          );
          return;
        }
        if (hold.status !== "EXPIRED") return;
        // The next wish: the same freed range, offered anew (a retry meets the hold it made).
        await slotFreed(tenantId, {
          professionalId: hold.professionalId,
          establishmentId: hold.establishmentId,
          start: hold.freedStart,
          end: hold.freedEnd,
        });
      },
    },
  };
}
