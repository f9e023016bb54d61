// Writing appointments to the professionals' Google Calendars (docs/decisions/0029-calendar-integration.md), on the job
// queue: `calendar.syncAppointment` makes one appointment's event true (written, moved, or deleted), with the event
// id derived from the appointment's, so a retry after a lost answer meets its own event instead of making a second
// one; `calendar.reconcileTenant` finds what drifted (a crash between a commit and its enqueue, a repaired grant, a
// new connection) and enqueues those; `calendar.sweep` does that for every tenant with calendars, every few minutes.
//
// Each handler reads in a short tenant transaction, calls Google outside any transaction, and records the result in
// another short one.
import { type DataAccess, schema, selectRows, type TenantTx } from "@atende/db";
import { and, asc, eq, inArray, sql } from "@atende/db/orm";
import type { JobHandler, PeriodicJob } from "../jobs/runner";
import { type AppointmentContent, eventIdOf, eventOf } from "./events";
import { CalendarApiError, CalendarGrantRefused } from "./google";
import { CALENDAR_JOBS, type CalendarGrant, type CalendarService, type CalendarSteps } from "./service";

const A = schema.appointments;
const AS = schema.appointmentServices;
const CL = schema.clients;
const ES = schema.establishments;
const C = schema.calendarConnections;
const E = schema.calendarEvents;

/** How often every tenant with calendars is reconciled. */
export const CALENDAR_SWEEP_MS = 5 * 60_000;
/** Appointments enqueued per tenant and pass (the next pass takes the rest). */
const RECONCILE_BATCH = 500;
/** Rounds of one sync when the appointment keeps changing under it (each round makes the newest state true). */
const MAX_ROUNDS = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SyncState {
  appointment:
    | (AppointmentContent & {
        professionalId: string;
        status: string;
        /** updated_at as PostgreSQL prints it: the exact version, microseconds included. */
        version: string;
      })
    | undefined;
  event: { professionalId: string; calendarId: string; googleEventId: string } | undefined;
  grants: Map<string, CalendarGrant>;
}

async function readSyncState(db: TenantTx, appointmentId: string): Promise<SyncState> {
  const [[row], services, [event]] = await Promise.all([
    db
      .select({
        id: A.id,
        tenantId: A.tenantId,
        professionalId: A.professionalId,
        status: A.status,
        scheduledAt: A.scheduledAt,
        endsAt: A.endsAt,
        observations: A.observations,
        version: sql<string>`${A.updatedAt}::text`,
        clientName: CL.fullName,
        clientPhone: CL.phoneNumber,
        establishmentName: ES.name,
        establishmentAddress: ES.address,
      })
      .from(A)
      .innerJoin(CL, eq(CL.id, A.clientId))
      .innerJoin(ES, eq(ES.id, A.establishmentId))
      .where(eq(A.id, appointmentId)),
    db
      .select({ name: AS.offeredServiceName })
      .from(AS)
      .where(eq(AS.appointmentId, appointmentId))
      .orderBy(asc(AS.position)),
    db
      .select({ professionalId: E.professionalId, calendarId: E.calendarId, googleEventId: E.googleEventId })
      .from(E)
      .where(eq(E.appointmentId, appointmentId)),
  ]);
  const professionals = [
    ...new Set([row?.professionalId, event?.professionalId].filter((id) => id !== undefined)),
  ];
  const grants =
    professionals.length === 0
      ? []
      : await db
          .select({
            professionalId: C.professionalId,
            googleEmail: C.googleEmail,
            calendarId: C.calendarId,
            refreshTokenEncrypted: C.refreshTokenEncrypted,
            brokenAt: C.brokenAt,
          })
          .from(C)
          .where(inArray(C.professionalId, professionals));
  return {
    appointment: row && { ...row, services: services.map((s) => s.name) },
    event,
    grants: new Map(grants.map((grant) => [grant.professionalId, grant])),
  };
}

async function currentVersion(db: TenantTx, appointmentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ version: sql<string>`${A.updatedAt}::text` })
    .from(A)
    .where(eq(A.id, appointmentId));
  return row?.version;
}

/**
 * Makes one appointment's event true: none when the appointment is gone or CANCELED, or its professional has no
 * working connection; else one event, in its professional's calendar, with its current content. A grant Google
 * refuses marks its connection broken and ends the job (retrying cannot help; a new consent repairs it). Any other
 * Google failure throws, and the job queue retries with backoff.
 */
export async function syncAppointment(
  calendar: CalendarService,
  steps: CalendarSteps,
  appointmentId: string,
): Promise<void> {
  const google = calendar.google;
  if (!google) return;
  const timeoutMs = calendar.config.calendar.requestTimeoutMs;
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const { appointment, event, grants } = await steps.inTenant((db) => readSyncState(db, appointmentId));
      const target =
        appointment && appointment.status !== "CANCELED" ? grants.get(appointment.professionalId) : undefined;
      const writable = target && target.brokenAt === null ? target : undefined;
      let known = event;

      // An event where it no longer belongs (cancelled or deleted appointment, another professional, another
      // calendar): deleted with its owner's grant; forgotten when that grant is gone; left for later when that grant
      // is broken (the sweep comes back once a new consent repairs it).
      if (
        event &&
        !(
          writable &&
          event.professionalId === writable.professionalId &&
          event.calendarId === writable.calendarId
        )
      ) {
        const owner = grants.get(event.professionalId);
        if (owner && owner.brokenAt !== null) return;
        if (owner) {
          await calendar.withToken(steps, owner, timeoutMs, (token) =>
            google.deleteEvent(token, event.calendarId, event.googleEventId, timeoutMs),
          );
          calendar.forgetProfessional(steps.tenantId, owner.professionalId);
        }
        await steps.inTenant((db) =>
          db
            .delete(E)
            .where(and(eq(E.appointmentId, appointmentId), eq(E.professionalId, event.professionalId))),
        );
        known = undefined;
      }

      if (appointment && writable) {
        const body = eventOf(appointment);
        await calendar.withToken(steps, writable, timeoutMs, async (token) => {
          if (known && (await google.updateEvent(token, writable.calendarId, body, timeoutMs)) === "updated")
            return;
          if ((await google.insertEvent(token, writable.calendarId, body, timeoutMs)) === "created") return;
          // It exists already (an earlier attempt wrote it and its answer was lost, or a deleted one keeps the id):
          // brought up to date, never duplicated.
          if ((await google.updateEvent(token, writable.calendarId, body, timeoutMs)) === "missing")
            throw new CalendarApiError("the event vanished between its insert and its update", 409);
        });
        await steps.inTenant((db) =>
          db
            .insert(E)
            .values({
              tenantId: steps.tenantId,
              appointmentId,
              professionalId: writable.professionalId,
              calendarId: writable.calendarId,
              googleEventId: eventIdOf(appointmentId),
              syncedAt: sql`${appointment.version}::timestamptz`,
            })
            .onConflictDoUpdate({
              target: [E.tenantId, E.appointmentId],
              set: {
                professionalId: writable.professionalId,
                calendarId: writable.calendarId,
                googleEventId: eventIdOf(appointmentId),
                syncedAt: sql`${appointment.version}::timestamptz`,
              },
            }),
        );
        calendar.forgetProfessional(steps.tenantId, writable.professionalId);
      }

      // Settled when the appointment did not change meanwhile (a change whose enqueue met this running job's key).
      const version = await steps.inTenant((db) => currentVersion(db, appointmentId));
      if (version === appointment?.version) return;
    }
  } catch (error) {
    // The connection is marked broken already; the job is over (a new consent and the sweep take it from there).
    if (error instanceof CalendarGrantRefused) return;
    throw error;
  }
}

/**
 * What of a tenant drifted from its calendars: events of appointments changed since they were written (synced_at is
 * the appointment's version), moved to another professional, or gone; and the future appointments of connected
 * professionals that have no event yet. Only where a working grant can act.
 */
export async function driftedAppointments(db: TenantTx, now: Date): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`(select ${E.appointmentId} as id from ${E} left join ${A} on ${A.id} = ${E.appointmentId}
        where (${A.id} is null or ${A.updatedAt} <> ${E.syncedAt} or ${A.professionalId} <> ${E.professionalId})
          and exists (select 1 from ${C} where ${C.brokenAt} is null
            and ${C.professionalId} in (${E.professionalId}, ${A.professionalId})))
      union
      (select ${A.id} from ${A} join ${C} on ${C.professionalId} = ${A.professionalId} and ${C.brokenAt} is null
        where ${A.status} <> 'CANCELED' and ${A.endsAt} > ${now.toISOString()}::timestamptz
          and not exists (select 1 from ${E} where ${E.appointmentId} = ${A.id}))
      limit ${RECONCILE_BATCH}`,
  );
  return rows.map((row) => row.id);
}

export function calendarJobs(deps: { data: DataAccess; calendar: CalendarService; now: () => Date }): {
  handlers: Record<string, JobHandler>;
  periodic: PeriodicJob[];
} {
  const { calendar } = deps;
  const stepsOf = (tenantId: string): CalendarSteps => ({
    tenantId,
    inTenant: (fn) => deps.data.inTenant(tenantId, fn),
    now: deps.now(),
  });
  return {
    handlers: {
      async [CALENDAR_JOBS.syncAppointment](payload) {
        const tenantId = String(payload.tenantId ?? "");
        const appointmentId = String(payload.appointmentId ?? "");
        if (!UUID.test(tenantId) || !UUID.test(appointmentId)) return;
        await syncAppointment(calendar, stepsOf(tenantId), appointmentId);
      },
      async [CALENDAR_JOBS.reconcileTenant](payload) {
        const tenantId = String(payload.tenantId ?? "");
        if (!UUID.test(tenantId) || !calendar.available) return;
        const steps = stepsOf(tenantId);
        const drifted = await steps.inTenant((db) => driftedAppointments(db, steps.now));
        for (const appointmentId of drifted) await calendar.enqueueSync(tenantId, appointmentId, steps.now);
      },
      async [CALENDAR_JOBS.sweep]() {
        if (!calendar.available) return;
        // The tenants with a calendar to keep true: a working grant, or events written (to delete or move).
        const tenants = await selectRows<{ tenant_id: string }>(
          deps.data.system("tenantSweeps"),
          sql`select ${C.tenantId} from ${C} where ${C.brokenAt} is null
            union select distinct ${E.tenantId} from ${E}`,
        );
        const now = deps.now();
        for (const { tenant_id } of tenants) await calendar.enqueueReconcile(tenant_id, now);
      },
    },
    periodic: calendar.available ? [{ name: CALENDAR_JOBS.sweep, everyMs: CALENDAR_SWEEP_MS }] : [],
  };
}
