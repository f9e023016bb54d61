// The data model, one file per domain (docs/decisions/0053-tenant-tables-declared-once.md). Every tenant-owned table
// is declared with `tenantTable()` (tenancy.ts): it carries `tenant_id`, its keys and indexes lead with it (so the
// tables can be distributed by tenant later), references between tenant tables are composite `(tenant_id, id)`
// foreign keys (the database itself refuses a service that points at another tenant's establishment), and its
// row-level security policy comes from the declaration. The exclusion constraint, roles and grants live in the
// custom migrations beside the generated ones (drizzle/), because Drizzle cannot express them.
import * as billing from "./billing";
import * as calendar from "./calendar";
import * as calls from "./calls";
import * as catalogue from "./catalogue";
import * as identity from "./identity";
import * as scheduling from "./scheduling";
import { tenantTableNames } from "./tenancy";

export * from "./billing";
export * from "./calendar";
export * from "./calls";
export * from "./catalogue";
export * from "./enums";
export * from "./identity";
export * from "./platform";
export * from "./scheduling";
export { tenants } from "./tenancy";

/** The tables `app_shared` may reach (each with its grants in a custom migration). Kept in sync by a test. */
export const SHARED_TABLES = [
  "email_outbox",
  "plans",
  "minute_pack_offers",
  "sandbox_checkouts",
  "sandbox_payments",
  "sandbox_cards",
  "contact_messages",
  "rate_limit_counters",
] as const;

/** Tables under row-level security by `tenant_id`: every table declared with `tenantTable()`. */
export const TENANT_TABLES: readonly string[] = [
  identity,
  catalogue,
  scheduling,
  calls,
  billing,
  calendar,
].flatMap((domain) => tenantTableNames(domain));
