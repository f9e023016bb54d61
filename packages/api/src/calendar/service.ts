// The calendar service of one installation (docs/decisions/0029-calendar-integration.md): Google's client, the access
// tokens it holds in memory, the professionals' busy time read from Google (cached briefly), and the enqueuing of
// event writes. The composition root builds one per process (docs/decisions/0043-composition-root.md), so the requests
// and the job handlers share its caches.
//
// Never a call to Google inside a database transaction: every method here opens its own short tenant transactions
// (`steps.inTenant`), each closed before Google is asked (PGlite has one connection: a transaction held open during a
// network call would stall the whole server).
import { schema, selectRows, type TenantTx } from "@atende/db";
import { and, eq, inArray, isNull, sql } from "@atende/db/orm";
import { addDays, dateOf, startOfDay } from "@atende/shared/time";
import type { ApiConfig } from "../config";
import type { JobQueue } from "../jobs/runner";
import { occupiedMinutesSql } from "../occupied-minutes";
import { decryptSecret } from "./crypto";
import { type BusyEvent, busyOf } from "./events";
import { CalendarApiError, CalendarGrantRefused, type GoogleCalendarApi, googleCalendarApi } from "./google";

const C = schema.calendarConnections;
const E = schema.calendarEvents;
const A = schema.appointments;

export const CALENDAR_JOBS = {
  syncAppointment: "calendar.syncAppointment",
  reconcileTenant: "calendar.reconcileTenant",
  sweep: "calendar.sweep",
} as const;

/** Where the service acts: one tenant, through short transactions of it, at the caller's clock. */
export interface CalendarSteps {
  tenantId: string;
  inTenant: <T>(fn: (db: TenantTx) => Promise<T>) => Promise<T>;
  now: Date;
}

/** A professional's stored grant. */
export interface CalendarGrant {
  professionalId: string;
  googleEmail: string;
  calendarId: string;
  refreshTokenEncrypted: string;
  brokenAt: Date | null;
}

/** Busy time per professional, read from their Google Calendar (empty for the others). */
export type CalendarBusy = ReadonlyMap<string, readonly BusyEvent[]>;
export const NO_BUSY: CalendarBusy = new Map();

export interface CalendarLogger {
  warn(details: object, message: string): void;
}

const grantColumns = {
  professionalId: C.professionalId,
  googleEmail: C.googleEmail,
  calendarId: C.calendarId,
  refreshTokenEncrypted: C.refreshTokenEncrypted,
  brokenAt: C.brokenAt,
};

/** How long before its expiry a cached access token is no longer handed out. */
const TOKEN_MARGIN_MS = 60_000;
const BUSY_CACHE_MAX = 5_000;

export class CalendarService {
  readonly google: GoogleCalendarApi | undefined;
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();
  private readonly refreshing = new Map<string, Promise<string>>();
  private readonly busyCache = new Map<string, { until: number; busy: BusyEvent[] }>();
  private logger: CalendarLogger | undefined;

  /** `queue` takes the event writes; the server's runner runs them. */
  constructor(
    readonly config: ApiConfig,
    private readonly queue: JobQueue,
  ) {
    this.google = googleCalendarApi(config);
  }

  /** Calendar sync needs Google configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  get available(): boolean {
    return this.google !== undefined;
  }

  /** Where failures that change no answer are reported (Google down during a booking, a lost enqueue). */
  useLogger(logger: CalendarLogger): void {
    this.logger = logger;
  }

  warn(details: object, message: string): void {
    this.logger?.warn(details, message);
  }

  // ─── Access tokens ─────────────────────────────────────────────────────────────────────────────────────────

  /**
   * An access token of the grant: the one in memory until shortly before it expires, else a fresh one from the
   * refresh token. Google refusing the grant marks the connection broken (and throws CalendarGrantRefused).
   */
  async accessToken(steps: CalendarSteps, grant: CalendarGrant, timeoutMs: number): Promise<string> {
    const key = grant.refreshTokenEncrypted;
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.token;
    let pending = this.refreshing.get(key);
    if (!pending) {
      pending = this.refresh(steps, grant, timeoutMs).finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, pending);
    }
    return pending;
  }

  private async refresh(steps: CalendarSteps, grant: CalendarGrant, timeoutMs: number): Promise<string> {
    const google = this.requireGoogle();
    let refreshToken: string;
    try {
      refreshToken = decryptSecret(this.config.calendar.encryptionKey, grant.refreshTokenEncrypted, {
        tenantId: steps.tenantId,
        professionalId: grant.professionalId,
      });
    } catch {
      // ENCRYPTION_KEY changed or lost: the grant cannot be used again; a new invitation replaces it.
      await this.markBroken(steps, grant, "undecryptable");
      throw new CalendarGrantRefused("undecryptable");
    }
    try {
      const fresh = await google.refreshAccessToken(refreshToken, timeoutMs);
      this.tokens.set(grant.refreshTokenEncrypted, {
        token: fresh.token,
        expiresAt: fresh.expiresAt.getTime(),
      });
      return fresh.token;
    } catch (error) {
      if (error instanceof CalendarGrantRefused) await this.markBroken(steps, grant, error.reason);
      throw error;
    }
  }

  /**
   * Runs `call` with an access token of the grant. A token Google no longer takes (401) is dropped and the call made
   * once more with a fresh one; a grant Google refuses for good marks the connection broken.
   */
  async withToken<T>(
    steps: CalendarSteps,
    grant: CalendarGrant,
    timeoutMs: number,
    call: (token: string) => Promise<T>,
  ): Promise<T> {
    const attempt = async () => call(await this.accessToken(steps, grant, timeoutMs));
    try {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof CalendarApiError) || error.status !== 401) throw error;
        this.tokens.delete(grant.refreshTokenEncrypted);
        return await attempt();
      }
    } catch (error) {
      if (error instanceof CalendarGrantRefused && error.reason === "insufficient_scope")
        await this.markBroken(steps, grant, error.reason);
      throw error;
    }
  }

  /** Google refused the grant: the connection is broken until a new consent replaces it (only this grant). */
  async markBroken(steps: CalendarSteps, grant: CalendarGrant, reason: string): Promise<void> {
    this.tokens.delete(grant.refreshTokenEncrypted);
    this.invalidateBusy(steps.tenantId, grant.professionalId);
    await steps.inTenant((db) =>
      db
        .update(C)
        .set({ brokenAt: steps.now, brokenReason: reason, updatedAt: steps.now })
        .where(
          and(
            eq(C.professionalId, grant.professionalId),
            eq(C.refreshTokenEncrypted, grant.refreshTokenEncrypted),
            isNull(C.brokenAt),
          ),
        ),
    );
    this.warn({ professionalId: grant.professionalId, reason }, "calendar grant refused: connection broken");
  }

  /** Forgets what is cached of a professional's grants and busy time (a new connection, our own write). */
  forgetProfessional(tenantId: string, professionalId: string): void {
    this.invalidateBusy(tenantId, professionalId);
  }

  // ─── Busy time ─────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The busy time a booking of `request` must avoid: the professional's calendar over the São Paulo days its occupied
   * range touches. Nothing when the professional has no working connection, or when Google does not answer in time
   * (the booking is not held hostage by Google: decision 0029).
   */
  async bookingBusy(
    steps: CalendarSteps,
    request: { professionalId: string; scheduledAt: Date; offeredServices: readonly string[] },
  ): Promise<CalendarBusy> {
    if (!this.google) return NO_BUSY;
    const S = schema.offeredServices;
    const found = await steps.inTenant(async (db) => {
      const [grant] = await db
        .select(grantColumns)
        .from(C)
        .where(and(eq(C.professionalId, request.professionalId), isNull(C.brokenAt)));
      if (!grant || request.offeredServices.length === 0) return undefined;
      // Each listed id counts once per listing, as in a booking's snapshot.
      const ids = sql.join(
        request.offeredServices.map((id) => sql`${id}`),
        sql`, `,
      );
      const [total] = await selectRows<{ minutes: number }>(
        db,
        sql`select coalesce(sum(${occupiedMinutesSql()}), 0)::int as minutes
        from unnest(array[${ids}]::uuid[]) as requested(id) join ${S} on ${S.id} = requested.id`,
      );
      return { grant, minutes: Number(total?.minutes ?? 0) };
    });
    if (!found) return NO_BUSY;
    const end = new Date(request.scheduledAt.getTime() + found.minutes * 60_000);
    const from = startOfDay(dateOf(request.scheduledAt));
    const to = startOfDay(addDays(dateOf(end), 1));
    return new Map([[request.professionalId, await this.readBusy(steps, found.grant, from, to)]]);
  }

  /**
   * The busy time the free-slot search must avoid, for the professionals it may offer (the one asked, or those
   * offering the services), over its days (and the next one, where a late slot may end).
   */
  async slotsBusy(
    steps: CalendarSteps,
    request: {
      offeredServices: readonly string[];
      startDate: string;
      endDate: string;
      professionalId?: string | undefined;
    },
  ): Promise<CalendarBusy> {
    if (!this.google) return NO_BUSY;
    const SP = schema.offeredServiceProfessionals;
    const startDate = [request.startDate, dateOf(steps.now)].sort()[1] ?? request.startDate;
    if (startDate > request.endDate || request.offeredServices.length === 0) return NO_BUSY;
    const grants = await steps.inTenant((db) =>
      db
        .select(grantColumns)
        .from(C)
        .where(
          and(
            isNull(C.brokenAt),
            request.professionalId
              ? eq(C.professionalId, request.professionalId)
              : inArray(
                  C.professionalId,
                  db
                    .selectDistinct({ id: SP.professionalId })
                    .from(SP)
                    .where(inArray(SP.offeredServiceId, [...request.offeredServices])),
                ),
          ),
        ),
    );
    if (grants.length === 0) return NO_BUSY;
    const from = startOfDay(startDate);
    const to = startOfDay(addDays(request.endDate, 2));
    const read = await Promise.all(
      grants.map(
        async (grant) => [grant.professionalId, await this.readBusy(steps, grant, from, to)] as const,
      ),
    );
    return new Map(read);
  }

  private async readBusy(
    steps: CalendarSteps,
    grant: CalendarGrant,
    from: Date,
    to: Date,
  ): Promise<BusyEvent[]> {
    const google = this.requireGoogle();
    const key = `${steps.tenantId}/${grant.professionalId}/${from.toISOString()}/${to.toISOString()}`;
    const cached = this.busyCache.get(key);
    if (cached && cached.until > Date.now()) return cached.busy;
    const timeoutMs = this.config.calendar.busyTimeoutMs;
    const deadline = Date.now() + timeoutMs;
    try {
      const events = await this.withToken(steps, grant, timeoutMs, (token) =>
        google.listEvents(token, grant.calendarId, from, to, Math.max(1, deadline - Date.now())),
      );
      const busy = busyOf(events, steps.tenantId);
      if (this.config.calendar.busyCacheMs > 0) {
        if (this.busyCache.size >= BUSY_CACHE_MAX) this.busyCache.clear();
        this.busyCache.set(key, { until: Date.now() + this.config.calendar.busyCacheMs, busy });
      }
      return busy;
    } catch (error) {
      // Google down, slow or refusing: the booking goes on with our own agenda only (decision 0029).
      this.warn(
        { err: error, professionalId: grant.professionalId },
        "calendar busy time unavailable; going on without it",
      );
      return [];
    }
  }

  private invalidateBusy(tenantId: string, professionalId: string): void {
    const prefix = `${tenantId}/${professionalId}/`;
    for (const key of this.busyCache.keys()) if (key.startsWith(prefix)) this.busyCache.delete(key);
  }

  // ─── Event writes ──────────────────────────────────────────────────────────────────────────────────────────

  /**
   * After an appointment's change committed: when its event may need writing, moving or deleting (its professional
   * has a working connection, or an event was written for it), enqueues its sync. Never throws: the change is
   * committed, and the reconciliation sweep heals a sync that could not be enqueued.
   */
  async appointmentChanged(steps: CalendarSteps, appointmentId: string): Promise<void> {
    if (!this.google) return;
    try {
      const needed = await steps.inTenant(async (db) => {
        const [row] = await selectRows<{ needed: boolean }>(
          db,
          sql`select
          exists (select 1 from ${E} where ${E.appointmentId} = ${appointmentId})
          or exists (select 1 from ${A} join ${C} on ${C.professionalId} = ${A.professionalId} and ${C.brokenAt} is null
            where ${A.id} = ${appointmentId}) as needed`,
        );
        return row?.needed === true;
      });
      if (needed) await this.enqueueSync(steps.tenantId, appointmentId, steps.now);
    } catch (error) {
      this.warn({ err: error, appointmentId }, "calendar sync not enqueued; the sweep will");
    }
  }

  enqueueSync(tenantId: string, appointmentId: string, now: Date): Promise<void> {
    return this.queue.enqueue(
      CALENDAR_JOBS.syncAppointment,
      { tenantId, appointmentId },
      { singletonKey: `calendar:appointment:${appointmentId}`, maxAttempts: 8, runAt: now },
    );
  }

  enqueueReconcile(tenantId: string, now: Date): Promise<void> {
    return this.queue.enqueue(
      CALENDAR_JOBS.reconcileTenant,
      { tenantId },
      { singletonKey: `calendar:tenant:${tenantId}`, maxAttempts: 3, runAt: now },
    );
  }

  private requireGoogle(): GoogleCalendarApi {
    if (!this.google) throw new Error("Google Calendar is not configured");
    return this.google;
  }
}
