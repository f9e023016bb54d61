// Appointments' reads (spec 001 §3, §7; docs/architecture.md, Database and REST details): the list, one appointment,
// and the free-slot search. Booking, moving, cancelling, deleting and confirming are the booking module's
// (./booking/index.ts), re-exported here for the files that import them from this path.
import { readShape, schema, type TenantTx, together } from "@atende/db";
import { type AnyColumn, and, asc, eq, gte, inArray, isNull, lt, ne, sql } from "@atende/db/orm";
import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type FreeSlot,
  SLOT_GRID_MINUTES,
} from "@atende/shared/schemas/appointments";
import { addDays, dateOf, instantAt } from "@atende/shared/time";
import { type CalendarBusy, NO_BUSY } from "../calendar/service";
import { invalid } from "../errors";
import { occupiedMinutesSql } from "../occupied-minutes";
import { loadOccurrences } from "./availability";
import { overlapsRange } from "./booking/read";
import { groupServices, serviceColumns, toRecord } from "./booking/record";
import { holdBusyRows } from "./holds";
import { type BusyRange, type SlotWindow, sweepFreeSlots } from "./slots";

export {
  type AppointmentFields,
  type AvailabilityCheckRequest,
  checkAvailability,
  confirmAppointment,
  createAppointment,
  deleteAppointment,
  type FreedSlot,
  updateAppointment,
} from "./booking";
export { getAppointment } from "./booking/record";

const A = schema.appointments;
const AS = schema.appointmentServices;
const M = APPOINTMENT_MESSAGES;

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
  const read = agendaReadOf(filter);
  const values = {
    from: instantAt(filter.startDate, 0).toISOString(),
    to: instantAt(addDays(filter.endDate, 1), 0).toISOString(),
    professionalId: filter.professionalId,
    establishmentId: filter.establishmentId,
    clientId: filter.clientId,
  };
  // The services' query selects its appointments itself (a sub-query with the same filter), so both go out together:
  // one round trip on PostgreSQL, where postgres.js pipelines them (with a read's scope: docs/decisions/0061).
  const [rows, services] = await Promise.all([read.rows(db, values), read.services(db, values)]);
  if (rows.length === 0) return [];
  const byAppointment = groupServices(services);
  return rows.map((row) => toRecord(row, byAppointment.get(row.id) ?? []));
}

/**
 * The agenda's two queries for one combination of the optional filters, their SQL built once (readShape, decision
 * 0061): eight shapes at most.
 */
function agendaRead(professional: boolean, establishment: boolean, client: boolean) {
  const key = `agenda_${Number(professional)}${Number(establishment)}${Number(client)}`;
  const where = and(
    gte(A.scheduledAt, sql.placeholder("from")),
    lt(A.scheduledAt, sql.placeholder("to")),
    professional ? eq(A.professionalId, sql.placeholder("professionalId")) : undefined,
    establishment ? eq(A.establishmentId, sql.placeholder("establishmentId")) : undefined,
    client ? eq(A.clientId, sql.placeholder("clientId")) : undefined,
  );
  return {
    rows: readShape(`${key}_rows`, (db) =>
      db.select().from(A).where(where).orderBy(asc(A.scheduledAt), asc(A.id)),
    ),
    services: readShape(`${key}_services`, (db) =>
      db
        .select(serviceColumns)
        .from(AS)
        .where(inArray(AS.appointmentId, db.select({ id: A.id }).from(A).where(where)))
        .orderBy(asc(AS.appointmentId), asc(AS.position)),
    ),
  };
}

const agendaReads = new Map<string, ReturnType<typeof agendaRead>>();

function agendaReadOf(filter: ListFilter): ReturnType<typeof agendaRead> {
  const [p, e, c] = [!!filter.professionalId, !!filter.establishmentId, !!filter.clientId];
  const key = `${p}${e}${c}`;
  let read = agendaReads.get(key);
  if (!read) {
    read = agendaRead(p, e, c);
    agendaReads.set(key, read);
  }
  return read;
}

// ─── Free slots ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface FreeSlotsRequest {
  offeredServices: string[];
  startDate: string;
  endDate: string;
  professionalId?: string | undefined;
  establishmentId?: string | undefined;
}

/**
 * The free-slot search's two reads for one combination of the optional filters, their SQL built once (readShape,
 * decision 0061): four shapes at most. Values: `ids` (the services, a uuid array), `professionalId`,
 * `establishmentId`, `from` and `to` (the range's instants) and `now`.
 */
type FreeSlotRead = ReturnType<typeof freeSlotRead>;

function freeSlotRead(professional: boolean, establishment: boolean) {
  const key = `free_slots_${Number(professional)}${Number(establishment)}`;
  const S = schema.offeredServices;
  const SP = schema.offeredServiceProfessionals;
  const SE = schema.offeredServiceEstablishments;
  const P = schema.professionals;
  const E = schema.establishments;
  const oneOf = (column: AnyColumn) => sql`${column} = any(${sql.placeholder("ids")}::uuid[])`;
  const from = sql`${sql.placeholder("from")}::timestamptz`;
  const to = sql`${sql.placeholder("to")}::timestamptz`;
  return {
    // One query for the services (S: their occupied minutes) and who offers them (P) where (E).
    catalogue: readShape(`${key}_catalogue`, (db) =>
      db
        .select({ kind: sql<string>`'S'`, serviceId: S.id, refId: S.id, minutes: occupiedMinutesSql() })
        .from(S)
        .where(and(oneOf(S.id), isNull(S.deletedAt)))
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
                oneOf(SP.offeredServiceId),
                professional ? eq(SP.professionalId, sql.placeholder("professionalId")) : undefined,
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
                oneOf(SE.offeredServiceId),
                establishment ? eq(SE.establishmentId, sql.placeholder("establishmentId")) : undefined,
              ),
            ),
        ),
    ),
    // The occupied ranges of the professionals that matter (the one asked for, else those performing the services),
    // at any establishment; waitlist holds occupy theirs until they expire (decision 0046), in the same statement.
    busy: readShape(`${key}_busy`, (db) => {
      const ofCandidates = (column: AnyColumn) =>
        professional
          ? eq(column, sql.placeholder("professionalId"))
          : inArray(
              column,
              db.selectDistinct({ id: SP.professionalId }).from(SP).where(oneOf(SP.offeredServiceId)),
            );
      return db
        .select({ professionalId: A.professionalId, start: A.scheduledAt, end: A.endsAt })
        .from(A)
        .where(and(ofCandidates(A.professionalId), ne(A.status, "CANCELED"), overlapsRange(from, to)))
        .unionAll(holdBusyRows(db, ofCandidates, from, to, sql`${sql.placeholder("now")}::timestamptz`));
    }),
  };
}

/** By filter: none, the establishment, the professional, both. */
const freeSlotReads = [
  freeSlotRead(false, false),
  freeSlotRead(false, true),
  freeSlotRead(true, false),
  freeSlotRead(true, true),
] as const;

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
  const ids = [...new Set(input.offeredServices)];
  // Nothing before today can be booked.
  const startDate = [input.startDate, dateOf(now)].sort()[1] ?? input.startDate;
  const empty = startDate > input.endDate;
  const read = freeSlotReads[
    Number(!!input.professionalId) * 2 + Number(!!input.establishmentId)
  ] as FreeSlotRead;
  const values = {
    ids,
    professionalId: input.professionalId,
    establishmentId: input.establishmentId,
    from: instantAt(startDate, 0).toISOString(),
    to: instantAt(addDays(input.endDate, 1), 0).toISOString(),
    now: now.toISOString(),
  };

  // Every read is independent of the others, so they go out together (one round trip on PostgreSQL, where
  // postgres.js pipelines them): the services, who offers them where, the windows, the occupied ranges of the
  // professionals offering them (any establishment).
  const [catalogue, occurrences, busyRows] = await together(
    read.catalogue(db, values),
    empty
      ? Promise.resolve([])
      : loadOccurrences(db, {
          startDate,
          endDate: input.endDate,
          professionalId: input.professionalId,
          establishmentId: input.establishmentId,
        }),
    empty ? Promise.resolve([]) : read.busy(db, values),
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
