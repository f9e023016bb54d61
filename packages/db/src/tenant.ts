import { sql } from "drizzle-orm";
import type { Database, Tx } from "./client";

/**
 * Runs `fn` in one transaction under row-level security for `tenantId`: the role switch and the tenant setting are
 * local to the transaction (docs/architecture.md, Database). The server connects as a superuser, so without
 * the role switch no policy would apply at all. One round trip sets both.
 */
export function withTenant<T>(db: Database, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`,
    );
    return fn(tx);
  });
}
