// The three ways into the database (docs/decisions/0010-tenancy-by-structure.md). Nothing above this package holds
// the raw database: the server wraps it once in a `DataAccess`, and each door hands out a differently typed handle.
//
// - `inTenant`: one transaction under row-level security for one tenant. Its handle, `TenantTx`, is the only data
//   access tenant services accept; the system handle lacks its brand, so passing it instead is a type error.
// - `inShared`: one transaction as `app_shared`, a role that can reach only the tables that belong to no tenant
//   (the plan catalogue, contact messages, the e-mail outbox, sandbox checkouts), never a tenant's rows.
// - `system(purpose)`: the raw database, for the purposes on the allow-list below and nothing else.
import { sql } from "drizzle-orm";
import { type Database, scopedBegin, type Tx } from "./client";
import { pgErrorOf } from "./errors";
import { sqlLiteral } from "./transaction";

declare const tenantScoped: unique symbol;
declare const sharedScoped: unique symbol;
declare const systemGranted: unique symbol;

/** A transaction under row-level security for `tenantId`: every read and write sees that tenant's rows only. */
export type TenantTx = Tx & { readonly [tenantScoped]: true; readonly tenantId: string };

/** A transaction as `app_shared`: the tables of no tenant only (the database refuses every other table). */
export type SharedTx = Tx & { readonly [sharedScoped]: true };

/** The raw database, outside row-level security, granted for one purpose of the allow-list. */
export type SystemDb = Database & { readonly [systemGranted]: SystemPurpose };

interface SystemGrant {
  /** Why this purpose must cross tenants. */
  why: string;
  /** The tRPC procedures (dotted paths) that may use it; the procedure walk test holds them to this list. */
  procedures: readonly string[];
  /** The modules (paths from the repository root) that may call `system(purpose)` outside a procedure. */
  modules: readonly string[];
}

/**
 * The allow-list of system access. Adding a purpose, a procedure or a module here is the reviewed change that lets
 * code cross tenants; `access.test.ts` (call sites) and the procedure walk (apps/server) fail on any use not listed.
 */
export const SYSTEM_ACCESS = {
  signIn: {
    why: "a user is found by e-mail before any tenant is known, and the first sign-in creates the user's tenant",
    procedures: [],
    modules: ["apps/server/src/oauth/routes.ts"],
  },
  tokenRefresh: {
    why: "a refresh token is found by its hash before its user, and so its tenant, is known",
    procedures: ["user.refreshToken"],
    modules: [],
  },
  currentUser: {
    why: "users are not a tenant table (a user is found by e-mail at sign-in), and a super-admin acting in another tenant is still themself",
    procedures: ["user.me"],
    modules: [],
  },
  superAdmin: {
    why: "the super-admin lists every tenant, selects one and clears the selection, and each act is audited in the tenant it concerns; the voice numbers no tenant has are found across all tenants; the landing page's contact messages (a table of no tenant) are read",
    procedures: [
      "superAdmin.tenants",
      "superAdmin.selectTenant",
      "superAdmin.selectedTenant",
      "superAdmin.clearSelection",
      "superAdmin.voiceNumbers",
      "superAdmin.assignVoiceNumber",
      "superAdmin.contactMessages",
    ],
    modules: [],
  },
  invitationPages: {
    why: "a calendar or team invitation page is reached by its token, before anyone of the tenant is signed in",
    procedures: ["calendarInvitations.status", "calendarInvitations.authorize"],
    modules: [],
  },
  paymentWebhooks: {
    why: "a payment notification names a payment, not a tenant: the tenant is found from the payment",
    procedures: [],
    modules: ["packages/api/src/billing/jobs.ts"],
  },
  inboundCallRouting: {
    why: "an inbound call names the number that was called, and Twilio's status report names only the CallSid: the tenant is found from its voice number, or from the call's ticket",
    procedures: [],
    modules: [
      "packages/api/src/calls/webhooks.ts",
      "packages/api/src/confirmations/scheduler.ts",
      "packages/api/src/confirmations/offer-call.ts",
    ],
  },
  demoCalls: {
    why: "the public demo call has no signed-in caller: it counts calls per client address, destination number and day across everyone, and calls as our demo business, which start-up seeds",
    procedures: ["calls.makeCall"],
    modules: ["packages/api/src/calls/demo.ts"],
  },
  tenantSweeps: {
    why: "jobs that go over every tenant (subscription renewals, retention purges, calls whose gateway stopped reporting, calendars to reconcile, weekly reports, appointment confirmations) find the tenants to work on",
    procedures: [],
    modules: [
      "packages/api/src/billing/jobs.ts",
      "packages/api/src/calls/lost-calls.ts",
      "packages/api/src/calendar/sync.ts",
      "packages/api/src/privacy/recording-jobs.ts",
      "packages/api/src/dashboard/weekly-report.ts",
      "packages/api/src/confirmations/scheduler.ts",
    ],
  },
  jobs: {
    why: "the job queue belongs to no tenant: a runner claims whatever work is due, whoever it is for",
    procedures: [],
    modules: ["packages/api/src/jobs/runner.ts"],
  },
} as const satisfies Record<string, SystemGrant>;

export type SystemPurpose = keyof typeof SYSTEM_ACCESS;

/**
 * Who must still hold the door for a tenant transaction to open (docs/decisions/0003-sessions.md, "Access ends with
 * membership"): checked in the transaction's first statement, the one that sets its scope, so it costs no round trip.
 * - `member`: the user is still a member of the tenant (their `users` row names it) and the tenant is not closed;
 * - `superAdmin`: a super-admin acting in a selected tenant: the user still exists (the tenant may be closed);
 * - `open`: the tenant is not closed (a call ticket, which names no user).
 */
export type TenantAccessCheck =
  | { kind: "member"; userId: string }
  | { kind: "superAdmin"; userId: string }
  | { kind: "open" };

/** Thrown by `inTenant` when its access check fails: nothing ran; the caller answers 401. */
export class TenantAccessEnded extends Error {
  constructor() {
    super("tenant access ended: no longer a member, or the tenant is closed");
    this.name = "TenantAccessEnded";
  }
}

export interface TenantOptions {
  /**
   * A read (a tRPC query): the scope statement and `fn`'s first query go to PostgreSQL in one socket write instead of
   * two round trips; `fn` starts before the scope is answered, and PostgreSQL runs none of its statements if the
   * scope refused (docs/decisions/0061-read-round-trips.md). Transactions that write keep `fn` waiting for the scope.
   */
  read?: boolean;
}

export interface DataAccess {
  /**
   * Runs `fn` in one transaction under row-level security for `tenantId` (the role switch and the tenant setting are
   * local to the transaction, and set in the same message as BEGIN: docs/decisions/0059-scoped-transactions.md). The server connects as a superuser, so without the role
   * switch no policy would apply at all. `fn`'s failure rolls everything back. With `check`, the same statement
   * first asks whether the caller may still enter (`TenantAccessCheck`); when not, none of `fn`'s statements runs
   * and `TenantAccessEnded` is thrown (without `options.read`, `fn` is not even started).
   */
  inTenant<T>(
    tenantId: string,
    fn: (db: TenantTx) => Promise<T>,
    check?: TenantAccessCheck,
    options?: TenantOptions,
  ): Promise<T>;
  /** Runs `fn` in one transaction as `app_shared` (the tables of no tenant). */
  inShared<T>(fn: (db: SharedTx) => Promise<T>): Promise<T>;
  /** The raw database for one allow-listed purpose. */
  system(purpose: SystemPurpose): SystemDb;
  /** Answers when the database does (the health check). */
  ping(): Promise<void>;
}

/**
 * The condition of an access check, as SQL text: the scope statement goes in a simple-protocol message (one round
 * trip with BEGIN, packages/db/src/transaction.ts), which carries no parameters, so the values are literals.
 */
function accessCondition(tenantId: string, check: TenantAccessCheck): string {
  const tenant = `${sqlLiteral(tenantId)}::uuid`;
  switch (check.kind) {
    case "member":
      return `select 1 from users u join tenants t on t.id = u.tenant_id
        where u.id = ${sqlLiteral(check.userId)}::uuid and u.tenant_id = ${tenant} and t.closed_at is null`;
    case "superAdmin":
      return `select 1 from users u where u.id = ${sqlLiteral(check.userId)}::uuid`;
    case "open":
      return `select 1 from tenants t where t.id = ${tenant} and t.closed_at is null`;
  }
}

/**
 * The role a refused access check asks for: no such role exists, so the scope statement fails with PostgreSQL's
 * "role … does not exist" (22023) and its transaction is aborted (decision 0061).
 */
const REFUSED_ROLE = "tenant access ended";

function isRefusal(error: unknown): boolean {
  return (
    pgErrorOf(error)?.code === "22023" &&
    error instanceof Error &&
    error.message.includes(`"${REFUSED_ROLE}"`)
  );
}

/** Brands a transaction as scoped to `tenantId`, after the scope was set on it. */
function scopeTenant(tx: Tx, tenantId: string): TenantTx {
  Object.defineProperty(tx, "tenantId", { value: tenantId, enumerable: false });
  return tx as TenantTx;
}

/**
 * Runs `fn` in a savepoint of a tenant transaction, with the same scope (a nested transaction's handle is a new
 * object, so it is branded again).
 */
export function savepoint<T>(db: TenantTx, fn: (db: TenantTx) => Promise<T>): Promise<T> {
  return db.transaction((inner) => fn(scopeTenant(inner, db.tenantId)));
}

export function dataAccess(db: Database): DataAccess {
  const begin = scopedBegin(db);
  return {
    inTenant(tenantId, fn, check, options) {
      // With a check, one statement still: the condition is an uncorrelated sub-query, so PostgreSQL evaluates it
      // once, first (an init plan), and switches to the role only when it holds; otherwise the role asked for is one
      // that does not exist (`REFUSED_ROLE`), so the statement fails and the transaction is aborted: PostgreSQL runs
      // nothing more of it, even a query already sent behind the scope (decision 0061). It is planned and its
      // permissions checked as the connection's role, before the role switch it contains takes effect, so row-level
      // security does not hide the rows it looks at. Two primary-key lookups: nothing measurable (docs/decisions/0003).
      const role = check
        ? `case when exists (${accessCondition(tenantId, check)}) then 'app_user' else ${sqlLiteral(REFUSED_ROLE)} end`
        : "'app_user'";
      const statement = `select set_config('app.tenant_id', ${sqlLiteral(tenantId)}, true), set_config('role', ${role}, true)`;
      return begin(statement, (tx) => fn(scopeTenant(tx, tenantId)), {
        pipelined: options?.read === true,
      }).catch((error: unknown) => {
        throw isRefusal(error) ? new TenantAccessEnded() : error;
      });
    },
    inShared(fn) {
      const scope = "select set_config('app.tenant_id', '', true), set_config('role', 'app_shared', true)";
      return begin(scope, (tx) => fn(tx as SharedTx));
    },
    system(_purpose) {
      // The purpose is for reading and reviewing: every grant is the same database.
      return db as SystemDb;
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
  };
}
