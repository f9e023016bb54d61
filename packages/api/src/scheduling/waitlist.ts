// The waitlist (issue 23 part 4; docs/decisions/0046-waitlist.md): clients' wishes for a time that was taken, stored,
// listed with their open offer and outcome, and removed; the offers themselves are ./offers.ts. Row-level security
// scopes every query (decision 0010): an id of another tenant resolves to nothing, so it answers 404.
import { schema, type TenantTx } from "@atende/db";
import { and, asc, eq, gt, gte, inArray, isNull, lt, or } from "@atende/db/orm";
import type { WaitlistStatus } from "@atende/shared/enums";
import {
  WAITLIST_MESSAGES as M,
  type WaitlistCreate,
  type WaitlistEntry,
  type WaitlistHold,
  type WaitlistSettingsValues,
} from "@atende/shared/schemas/waitlist";
import { addDays, instantAt, today, toWireInstant } from "@atende/shared/time";
import { invalid, notFound } from "../errors";
import type { FreedSlot } from "./appointments";
import { together } from "./booking";

const W = schema.waitlistEntries;
const C = schema.clients;
const S = schema.offeredServices;
const P = schema.professionals;
const E = schema.establishments;
const SP = schema.offeredServiceProfessionals;
const SE = schema.offeredServiceEstablishments;
const H = schema.waitlistHolds;

const columns = {
  id: W.id,
  tenantId: W.tenantId,
  clientId: W.clientId,
  clientName: C.fullName,
  offeredServiceId: W.offeredServiceId,
  offeredServiceName: S.name,
  professionalId: W.professionalId,
  professionalName: P.name,
  establishmentId: W.establishmentId,
  establishmentName: E.name,
  fromDate: W.fromDate,
  untilDate: W.untilDate,
  dayPart: W.dayPart,
  notes: W.notes,
  offerByCall: W.offerByCall,
  status: W.status,
  createdAt: W.createdAt,
};

type Row = Awaited<ReturnType<typeof selectEntries>>[number];
type Outcome = Pick<WaitlistEntry, "offer" | "appointmentId">;
const NO_OUTCOME: Outcome = { offer: null, appointmentId: null };

function toRecord(row: Row, outcome: Outcome = NO_OUTCOME): WaitlistEntry {
  return {
    ...row,
    // A left join of a required reference: the foreign keys keep it, so an absence is a broken row, not "any".
    professionalName: row.professionalId ? row.professionalName : null,
    establishmentName: row.establishmentId ? row.establishmentName : null,
    createdAt: toWireInstant(row.createdAt),
    ...outcome,
  };
}

/**
 * The open offer (an ACTIVE hold not expired at `now`) and the booked appointment of each wish, in one query over
 * their holds.
 */
async function outcomesOf(db: TenantTx, ids: readonly string[], now: Date): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  if (ids.length === 0) return outcomes;
  const rows = await db
    .select({
      id: H.id,
      entryId: H.waitlistEntryId,
      status: H.status,
      professionalId: H.professionalId,
      professionalName: P.name,
      establishmentId: H.establishmentId,
      establishmentName: E.name,
      startsAt: H.startsAt,
      endsAt: H.endsAt,
      expiresAt: H.expiresAt,
      sentVia: H.sentVia,
      appointmentId: H.appointmentId,
    })
    .from(H)
    .innerJoin(P, and(eq(P.tenantId, H.tenantId), eq(P.id, H.professionalId)))
    .innerJoin(E, and(eq(E.tenantId, H.tenantId), eq(E.id, H.establishmentId)))
    .where(
      and(
        inArray(H.waitlistEntryId, [...ids]),
        or(and(eq(H.status, "ACTIVE"), gt(H.expiresAt, now)), eq(H.status, "ACCEPTED")),
      ),
    );
  for (const row of rows) {
    const outcome = outcomes.get(row.entryId) ?? { ...NO_OUTCOME };
    if (row.status === "ACCEPTED") outcome.appointmentId = row.appointmentId;
    else
      outcome.offer = {
        id: row.id,
        professionalId: row.professionalId,
        professionalName: row.professionalName,
        establishmentId: row.establishmentId,
        establishmentName: row.establishmentName,
        startsAt: toWireInstant(row.startsAt),
        endsAt: toWireInstant(row.endsAt),
        expiresAt: toWireInstant(row.expiresAt),
        sentVia: row.sentVia,
      };
    outcomes.set(row.entryId, outcome);
  }
  return outcomes;
}

function selectEntries(db: TenantTx) {
  return db
    .select(columns)
    .from(W)
    .innerJoin(C, and(eq(C.tenantId, W.tenantId), eq(C.id, W.clientId)))
    .innerJoin(S, and(eq(S.tenantId, W.tenantId), eq(S.id, W.offeredServiceId)))
    .leftJoin(P, and(eq(P.tenantId, W.tenantId), eq(P.id, W.professionalId)))
    .leftJoin(E, and(eq(E.tenantId, W.tenantId), eq(E.id, W.establishmentId)));
}

export interface WaitlistFilter {
  professionalId?: string | undefined;
  /** One client's wishes (their data export). */
  clientId?: string | undefined;
  status?: WaitlistStatus | undefined;
}

/** The wishes, oldest first: the order in which freed slots are offered (decision 0046), with their outcomes. */
export async function listWaitlist(
  db: TenantTx,
  filter: WaitlistFilter,
  now: Date = new Date(),
): Promise<WaitlistEntry[]> {
  const rows = await selectEntries(db)
    .where(
      and(
        filter.professionalId ? eq(W.professionalId, filter.professionalId) : undefined,
        filter.clientId ? eq(W.clientId, filter.clientId) : undefined,
        filter.status ? eq(W.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(W.createdAt), asc(W.id));
  const outcomes = await outcomesOf(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => toRecord(row, outcomes.get(row.id)));
}

export interface HoldsFilter {
  startDate: string;
  endDate: string;
  professionalId?: string | undefined;
}

/** The agenda's holds: ACTIVE, not expired at `now`, starting on the São Paulo dates given (decision 0046). */
export async function listHolds(db: TenantTx, filter: HoldsFilter, now: Date): Promise<WaitlistHold[]> {
  const rows = await db
    .select({
      id: H.id,
      waitlistEntryId: H.waitlistEntryId,
      clientName: C.fullName,
      offeredServiceName: S.name,
      professionalId: H.professionalId,
      establishmentId: H.establishmentId,
      startsAt: H.startsAt,
      endsAt: H.endsAt,
      expiresAt: H.expiresAt,
      status: H.status,
    })
    .from(H)
    .innerJoin(W, and(eq(W.tenantId, H.tenantId), eq(W.id, H.waitlistEntryId)))
    .innerJoin(C, and(eq(C.tenantId, H.tenantId), eq(C.id, W.clientId)))
    .innerJoin(S, and(eq(S.tenantId, H.tenantId), eq(S.id, H.offeredServiceId)))
    .where(
      and(
        eq(H.status, "ACTIVE"),
        gt(H.expiresAt, now),
        gte(H.startsAt, instantAt(filter.startDate, 0)),
        lt(H.startsAt, instantAt(addDays(filter.endDate, 1), 0)),
        filter.professionalId ? eq(H.professionalId, filter.professionalId) : undefined,
      ),
    )
    .orderBy(asc(H.startsAt), asc(H.id));
  return rows.map((row) => ({
    ...row,
    startsAt: toWireInstant(row.startsAt),
    endsAt: toWireInstant(row.endsAt),
    expiresAt: toWireInstant(row.expiresAt),
  }));
}

async function getEntry(db: TenantTx, id: string): Promise<WaitlistEntry> {
  const [row] = await selectEntries(db).where(eq(W.id, id)).limit(1);
  if (!row) notFound(M.notFound);
  return toRecord(row);
}

/**
 * The references must be this tenant's live records (another tenant's or a deleted one: 404 with its name), the
 * chosen professional must perform the service and the chosen establishment offer it (400), and the range must not be
 * over already (400).
 */
async function checkReferences(db: TenantTx, input: WaitlistCreate, now: Date): Promise<void> {
  if (input.untilDate < today(now)) invalid("untilDate", M.untilPast);
  const one = <T>(rows: T[]) => rows[0];
  const [client, service, professional, establishment] = await together(
    db
      .select({ id: C.id })
      .from(C)
      .where(and(eq(C.id, input.clientId), isNull(C.deletedAt)))
      .limit(1)
      .then(one),
    db
      .select({ id: S.id })
      .from(S)
      .where(and(eq(S.id, input.offeredServiceId), isNull(S.deletedAt)))
      .limit(1)
      .then(one),
    input.professionalId
      ? db
          .select({ id: P.id, performs: SP.professionalId })
          .from(P)
          .leftJoin(
            SP,
            and(
              eq(SP.tenantId, P.tenantId),
              eq(SP.professionalId, P.id),
              eq(SP.offeredServiceId, input.offeredServiceId),
            ),
          )
          .where(and(eq(P.id, input.professionalId), isNull(P.deletedAt)))
          .limit(1)
          .then(one)
      : Promise.resolve(null),
    input.establishmentId
      ? db
          .select({ id: E.id, offers: SE.establishmentId })
          .from(E)
          .leftJoin(
            SE,
            and(
              eq(SE.tenantId, E.tenantId),
              eq(SE.establishmentId, E.id),
              eq(SE.offeredServiceId, input.offeredServiceId),
            ),
          )
          .where(and(eq(E.id, input.establishmentId), isNull(E.deletedAt)))
          .limit(1)
          .then(one)
      : Promise.resolve(null),
  );
  if (!client) notFound(M.clientNotFound);
  if (!service) notFound(M.serviceNotFound);
  if (professional === undefined) notFound(M.professionalNotFound);
  if (establishment === undefined) notFound(M.establishmentNotFound);
  if (professional && !professional.performs) invalid("professionalId", M.serviceNotOffered);
  if (establishment && !establishment.offers) invalid("establishmentId", M.serviceNotOfferedHere);
}

export async function createWaitlistEntry(
  db: TenantTx,
  input: WaitlistCreate,
  now: Date,
): Promise<WaitlistEntry> {
  await checkReferences(db, input, now);
  const [row] = await db
    .insert(W)
    .values({ ...input, tenantId: db.tenantId })
    .returning({ id: W.id });
  if (!row) throw new Error("waitlist insert returned nothing");
  return getEntry(db, row.id);
}

/**
 * Removes a wish (whatever its status): the client no longer wants it. Its holds go with it (cascade); a slot it held
 * is handed back (`freed`) so the procedure offers it to the next wish after commit (decision 0046).
 */
export async function removeWaitlistEntry(
  db: TenantTx,
  id: string,
  now: Date,
  freed: FreedSlot[] = [],
): Promise<void> {
  const held = await db
    .select({
      professionalId: H.professionalId,
      establishmentId: H.establishmentId,
      start: H.freedStart,
      end: H.freedEnd,
    })
    .from(H)
    .where(and(eq(H.waitlistEntryId, id), eq(H.status, "ACTIVE"), gt(H.expiresAt, now)));
  const [row] = await db.delete(W).where(eq(W.id, id)).returning({ id: W.id });
  if (!row) notFound(M.notFound);
  freed.push(...held);
}

// ─── Settings ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The tenant's waitlist settings, on its own row (row-level security shows a tenant transaction its own only). */
export async function getWaitlistSettings(db: TenantTx): Promise<WaitlistSettingsValues> {
  const [row] = await db
    .select({ holdMinutes: schema.tenants.waitlistHoldMinutes })
    .from(schema.tenants)
    .limit(1);
  if (!row) throw new Error("the acting tenant is not visible in its own transaction");
  return row;
}

/** Offers made from now on hold their slot this long; holds already made keep their expiry. */
export async function updateWaitlistSettings(
  db: TenantTx,
  input: WaitlistSettingsValues,
): Promise<WaitlistSettingsValues> {
  const [row] = await db
    .update(schema.tenants)
    .set({ waitlistHoldMinutes: input.holdMinutes })
    .returning({ holdMinutes: schema.tenants.waitlistHoldMinutes });
  if (!row) throw new Error("the acting tenant is not visible in its own transaction");
  return row;
}
