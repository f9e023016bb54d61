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
