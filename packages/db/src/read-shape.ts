// Reads whose SQL is built once per shape (docs/decisions/0061-read-round-trips.md). drizzle builds a query's SQL
// text from its objects on every run (5-11 % of the server thread on the hot reads, issue #22), and a prepared query
// (`.prepare()`) is bound to the session it was made in, so it cannot serve the next request's tenant transaction. A
// read shape builds the query once, with `sql.placeholder(…)` for every value, keeps the prepared query, and runs it
// in each transaction through that transaction's own connection: row-level security and the tenant's scope apply as
// to any statement of the transaction. The statement is also prepared by PostgreSQL once per connection (postgres.js
// names it by its text), instead of being parsed and planned on every request.
import type { TenantTx } from "./access";

/** What a shape's builder may use: the query builders, not the tenant (a value in the SQL would serve every tenant). */
export type ShapeBuilder = Pick<TenantTx, "select" | "selectDistinct">;

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

interface Preparable<R> {
  prepare(name: string): Prepared<R>;
  toSQL(): { sql: string; params: unknown[] };
}

/** drizzle's transaction keeps its session, and the session its connection (postgres.js or PGlite). */
interface WithSession {
  session: { client: unknown; constructor: unknown };
}

const checking = process.env.VITEST !== undefined;

/**
 * A read of one shape: `build` makes the query with `sql.placeholder(name)` for each value (never a value itself),
 * and the returned function runs it in `db` with `values`. `key` names the shape; one key, one SQL text. Under the
 * tests every run builds the query again and fails when its SQL or parameters differ from the kept ones, so a value
 * written into the query instead of a placeholder is caught.
 */
export function readShape<R>(
  key: string,
  build: (db: ShapeBuilder) => Preparable<R>,
): (db: TenantTx, values: Record<string, unknown>) => Promise<R> {
  // One prepared query per driver (PostgreSQL and PGlite sessions make different ones; a process may hold both).
  const kept = new Map<unknown, { prepared: Prepared<R>; sql: string; params: string }>();
  return (db, values) => {
    const { session } = db as unknown as WithSession;
    let shape = kept.get(session.constructor);
    if (!shape || checking) {
      const query = build(db);
      const { sql, params } = query.toSQL();
      const fresh = { prepared: query.prepare(key), sql, params: JSON.stringify(params) };
      if (shape && (shape.sql !== fresh.sql || shape.params !== fresh.params))
        throw new Error(
          `read shape ${key} built a different query: a value is in it instead of a placeholder`,
        );
      if (!shape) kept.set(session.constructor, fresh);
      shape = shape ?? fresh;
    }
    // The kept query with this transaction's connection (drizzle's prepared queries run on `this.client`).
    const bound: Prepared<R> = Object.create(shape.prepared);
    Object.defineProperty(bound, "client", { value: session.client });
    return bound.execute(values);
  };
}
