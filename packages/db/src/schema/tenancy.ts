// The tenant, and how a table belongs to one (docs/decisions/0053-tenant-tables-declared-once.md): a tenant table
// is declared with `tenantTable()`, which gives it its row-level security policy, its `(tenant_id, id)` key and the
// grants `app_user` must hold, from the declaration alone. drizzle-kit writes the policy and the key into the next
// migration; grants are outside what drizzle-kit manages, so `packages/db/src/rls.test.ts` compares the declared
// grants with the live catalogue and prints the GRANT statements a migration still lacks.
import { getTableName, sql } from "drizzle-orm";
import type { BuildColumns, BuildExtraConfigColumns } from "drizzle-orm/column-builder";
import {
  boolean,
  check,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  type PgTableWithColumns,
  pgPolicy,
  pgTable,
  smallint,
  type TableConfig,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { businessType } from "./enums";

export const id = () => uuid().primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** The tenant a transaction works for: `inTenant` sets it with `set_config('app.tenant_id', …, true)`. */
const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** The policy every tenant table carries: its rows are the current tenant's, to read and to write. */
const TENANT_ISOLATION = "tenant_isolation";

export const tenants = pgTable(
  "tenants",
  {
    id: id(),
    name: text().notNull(),
    /** The phone number callers dial (E.164), once one is assigned. */
    voiceNumber: text().unique(),
    // The business profile: what the agent may tell callers beyond the catalogues (null until the owner says).
    businessType: businessType(),
    openingHours: text(),
    paymentMethods: text(),
    profileNotes: text(),
    createdAt: createdAt(),
    /**
     * Closed by its owner (docs/decisions/0031-lgpd.md): its clients and calls anonymised, its recordings deleted,
     * its sessions revoked; sign-in to it is refused and no call reaches it. Billing records are kept.
     */
    closedAt: timestamp({ withTimezone: true }),
    /** The week's outcomes e-mailed to the owners every Monday (docs/decisions/0042-home-outcomes.md); on by default. */
    weeklyReportEnabled: boolean().notNull().default(true),
    /** The Monday (`yyyy-MM-dd`) of the last weekly report queued: one per week, however often the sweep runs. */
    weeklyReportSentFor: text(),
    /** How long a freed slot is held for the waitlist wish it is offered to (docs/decisions/0046-waitlist.md). */
    waitlistHoldMinutes: smallint().notNull().default(15),
  },
  // A tenant transaction sees its own tenant's row only (app_user may SELECT and UPDATE it: the clinic's profile).
  (t) => [
    check("tenants_waitlist_hold_minutes", sql`${t.waitlistHoldMinutes} between 5 and 120`),
    pgPolicy(TENANT_ISOLATION, {
      using: sql`id = ${CURRENT_TENANT}`,
      withCheck: sql`id = ${CURRENT_TENANT}`,
    }),
  ],
).enableRLS();

/** Every tenant table's `tenant_id`: the owning tenant, whose deletion removes the row. */
export const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

/** What `app_user` (the role of every tenant transaction) may do to a tenant table's rows. */
export type TablePrivilege = "SELECT" | "INSERT" | "UPDATE" | "DELETE";
export const TABLE_PRIVILEGES: readonly TablePrivilege[] = ["SELECT", "INSERT", "UPDATE", "DELETE"];

export interface TenantAccess {
  /**
   * The privileges `app_user` holds on the table: the whole of what the application may do to it in a tenant's
   * transaction (a fact written once is `["SELECT", "INSERT"]`). Checked against the live catalogue by a test.
   */
  readonly grants: readonly TablePrivilege[];
  /**
   * The `(tenant_id, id)` unique key other tenant tables reference with composite foreign keys. On by default for a
   * table with an `id` column; `false` only for a table no other table references, to spare its writes an index.
   */
  readonly compositeKey?: false;
}

/** The declaration a tenant table was made from, kept on the table for the checks that read it. */
const TENANT_ACCESS = Symbol.for("atende.tenantAccess");

type Columns = Record<string, PgColumnBuilderBase> & { tenantId: ReturnType<typeof tenantId> };

/**
 * A table that belongs to a tenant. Its columns must include `tenantId: tenantId()`; the helper adds the policy
 * `tenant_isolation` (rows whose `tenant_id` is the transaction's tenant, for reading and writing), switches
 * row-level security on, and adds the `(tenant_id, id)` unique key when the table has an `id` column (unless
 * `compositeKey: false`). `extra` takes the table's other keys, indexes and checks, as `pgTable`'s third argument.
 */
export function tenantTable<TName extends string, TColumns extends Columns>(
  name: TName,
  access: TenantAccess,
  columns: TColumns,
  extra?: (self: BuildExtraConfigColumns<TName, TColumns, "pg">) => PgTableExtraConfigValue[],
): PgTableWithColumns<{
  name: TName;
  schema: undefined;
  columns: BuildColumns<TName, TColumns, "pg">;
  dialect: "pg";
}> {
  const table = pgTable(name, columns, (self) => {
    const own = extra?.(self) ?? [];
    const key =
      "id" in columns && access.compositeKey !== false
        ? [unique().on(self.tenantId, (self as unknown as Record<"id", typeof self.tenantId>).id)]
        : [];
    const policy = pgPolicy(TENANT_ISOLATION, {
      using: sql`tenant_id = ${CURRENT_TENANT}`,
      withCheck: sql`tenant_id = ${CURRENT_TENANT}`,
    });
    return [...key, ...own, policy];
  });
  Object.defineProperty(table, TENANT_ACCESS, { value: access, enumerable: false });
  return table.enableRLS() as typeof table;
}

/** The grants a table was declared with, when it was declared with `tenantTable()`. */
export function tenantAccessOf(table: unknown): TenantAccess | undefined {
  if (typeof table !== "object" || table === null || !(TENANT_ACCESS in table)) return undefined;
  return (table as { [TENANT_ACCESS]: TenantAccess })[TENANT_ACCESS];
}

/** The names of the tenant tables among a module's exports, in declaration order. */
export function tenantTableNames(exports: Record<string, unknown>): string[] {
  return Object.values(exports)
    .filter((value) => tenantAccessOf(value) !== undefined)
    .map((table) => getTableName(table as PgTableWithColumns<TableConfig>));
}
