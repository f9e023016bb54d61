// Scoped transactions: a transaction whose first message to the database also sets its scope (the tenant and the
// role of row-level security), so opening a tenant transaction costs one round trip instead of two (BEGIN, then the
// scope). docs/decisions/0059-scoped-transactions.md.
//
// postgres.js's `begin` sends BEGIN and waits for its answer before it runs the transaction's function, and its
// parameters need the extended protocol, which carries one statement per message. Here a connection is reserved
// from the pool and `begin; <scope>` goes as one simple-protocol message (several statements, no parameters: the
// scope's values are inlined as literals, `sqlLiteral`); the transaction's queries run on the same connection
// through drizzle's own postgres.js session, then COMMIT, or ROLLBACK when the function fails. PGlite runs in this
// process (no round trips): its `transaction` sends BEGIN itself and holds PGlite's one connection for the whole
// function, so there the scope follows BEGIN as its own simple-protocol statement.
import type { PGlite, Transaction as PgliteTx } from "@electric-sql/pglite";
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type TableRelationalConfig,
  type TablesRelationalConfig,
} from "drizzle-orm";
import { PgDialect, type PgQueryResultHKT, type PgSession, type PgTable } from "drizzle-orm/pg-core";
import { RelationalQueryBuilder } from "drizzle-orm/pg-core/query-builders/query";
import { PgliteSession, PgliteTransaction } from "drizzle-orm/pglite/session";
import { PostgresJsSession, PostgresJsTransaction } from "drizzle-orm/postgres-js/session";
import type postgres from "postgres";
import type { Tx } from "./client";
import * as schema from "./schema";

/**
 * Runs `fn` in a transaction whose first statement is `scope` (one SQL statement, values inlined with
 * `sqlLiteral`), sent with BEGIN. A scope that refuses must fail (raise an error), not answer with no row: the
 * transaction is then aborted, PostgreSQL refuses every statement after it, and the scope's error is thrown here.
 * Without `pipelined`, `fn` runs only after `scope` has been answered: a scope that fails throws before `fn`. With
 * `pipelined` (decision 0061, for reads), `fn` starts at once and its first query goes to PostgreSQL in the same
 * socket write as the scope, behind it on the same connection: PostgreSQL runs it only after the scope and only if
 * the scope succeeded (else "current transaction is aborted"), and the scope's error is what is thrown.
 * `fn`'s failure rolls everything back. A statement that failed while `fn` went on leaves the transaction aborted, and
 * PostgreSQL answers its COMMIT with ROLLBACK: that throws the statement's error. Unlike postgres.js's `begin`, a
 * failure `fn` recovered from with a savepoint of its own (`rollback to savepoint`, as the booking's guarded write
 * does) does not fail a transaction that can commit. A savepoint opened through drizzle (`savepoint` in access.ts)
 * fails with the first failure inside it, as postgres.js's savepoints do.
 */
export type ScopedBegin = <T>(
  scope: string,
  fn: (tx: Tx) => Promise<T>,
  options?: { pipelined?: boolean },
) => Promise<T>;

/** A string as a PostgreSQL literal, whatever `standard_conforming_strings` is (as libpq's `PQescapeLiteral`). */
export function sqlLiteral(value: string): string {
  // A simple-protocol message is a C string: a NUL would end the statement where it stands.
  if (value.includes("\0")) throw new Error("a NUL character cannot be sent in a statement");
  const quoted = `'${value.replace(/'/g, "''")}'`;
  return value.includes("\\") ? ` E${quoted.replace(/\\/g, "\\\\")}` : quoted;
}

const dialect = new PgDialect({ casing: "snake_case" });
const relationalSchema = (() => {
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  return { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
})();

/**
 * A transaction with its relational queries (`tx.query.<table>`) made on first use. drizzle's transaction
 * constructor makes one query builder for every table of the schema (49): about 40 µs of the thread per transaction,
 * for builders a request almost never uses. So the transaction is made without the schema and given it back here;
 * a savepoint's transaction (made by drizzle from `schema`) builds them at once, as drizzle does.
 */
function withLazyQueries<D extends object>(
  tx: D,
  session: PgSession<PgQueryResultHKT, Record<string, unknown>, TablesRelationalConfig>,
): D {
  let built:
    | Record<string, RelationalQueryBuilder<TablesRelationalConfig, TableRelationalConfig>>
    | undefined;
  const { fullSchema, tableNamesMap } = relationalSchema;
  Object.defineProperty(tx, "_", {
    value: { schema: relationalSchema.schema, fullSchema, tableNamesMap, session },
  });
  Object.defineProperty(tx, "schema", { value: relationalSchema });
  Object.defineProperty(tx, "query", {
    enumerable: true,
    get() {
      if (!built) {
        built = {};
        for (const [name, table] of Object.entries(relationalSchema.schema)) {
          const source = (fullSchema as Record<string, unknown>)[name] as PgTable;
          built[name] = new RelationalQueryBuilder(
            fullSchema,
            relationalSchema.schema,
            tableNamesMap,
            source,
            table,
            dialect,
            // drizzle types the builder's session with an empty schema; it is this transaction's own session.
            session as unknown as PgSession,
          );
        }
      }
      return built;
    },
  });
  return tx;
}

/** The codes postgres.js gives an error of the connection itself (it closed, or could not open). */
function isConnectionError(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  return typeof error.code === "string" && error.code.startsWith("CONNECT");
}

/** "current transaction is aborted": a statement sent after another one of the transaction failed. */
const PG_IN_FAILED_TRANSACTION = "25P02";

/** What drizzle's postgres.js session and transaction are typed to take (postgres.js's transaction client). */
type TxClient = postgres.Sql & postgres.TransactionSql;

interface Level {
  /**
   * The last error of a statement at this level (the transaction, or one savepoint), whether `fn` caught it or not;
   * "current transaction is aborted" only when nothing else failed.
   */
  failure: unknown;
}

/**
 * The reserved connection as drizzle's postgres.js session sees it: `unsafe` runs a statement (and remembers a
 * failure at this level), `savepoint` runs a function in a savepoint with a level of its own.
 */
function levelClient(reserved: postgres.ReservedSql, level: Level, counter: { next: number }): TxClient {
  const unsafe = (
    query: string,
    parameters?: postgres.ParameterOrJSON<never>[],
    options?: postgres.UnsafeQueryOptions,
  ) => {
    // Prepared by name on the connection (decision 0061): drizzle asks postgres.js for unnamed statements, and
    // postgres.js sends an unnamed statement with parameters in two round trips (Parse and Describe, to learn the
    // parameters' types, then Bind and Execute) and holds every statement behind it until the first has answered.
    // A named one is described once per connection and statement text, then runs in one round trip and pipelines.
    const pending = reserved.unsafe(query, parameters, { ...options, prepare: true });
    // Attaching a handler starts the query; drizzle's `.values()` right after still applies (postgres.js hands the
    // query to the connection a microtask later).
    pending.catch((error: unknown) => {
      if (level.failure === undefined || codeOf(error) !== PG_IN_FAILED_TRANSACTION) level.failure = error;
    });
    return pending;
  };
  const savepoint = async <T>(fn: (sql: TxClient) => T | Promise<T>): Promise<T> => {
    const name = `s${counter.next++}`;
    await unsafe(`savepoint ${name}`);
    const inner: Level = { failure: undefined };
    try {
      const result = await fn(levelClient(reserved, inner, counter));
      if (inner.failure !== undefined) throw inner.failure;
      return result;
    } catch (error) {
      await unsafe(`rollback to savepoint ${name}`);
      throw failureToThrow(error, inner);
    }
  };
  // drizzle's session and transaction call only these two; the rest (types, options) is the reserved connection's
  // own. A transaction's `prepare` (two-phase commit) is not offered: nothing here prepares transactions.
  const client: postgres.ReservedSql = Object.create(reserved);
  return Object.assign(client, { unsafe, savepoint }) as unknown as TxClient;
}

function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
}

function failureToThrow(error: unknown, level: Level): unknown {
  return codeOf(error) === PG_IN_FAILED_TRANSACTION && level.failure !== undefined ? level.failure : error;
}

export function postgresScopedBegin(client: postgres.Sql): ScopedBegin {
  return async <T>(
    scope: string,
    fn: (tx: Tx) => Promise<T>,
    options?: { pipelined?: boolean },
  ): Promise<T> => {
    const reserved = await client.reserve();
    // After the connection closed under a transaction, postgres.js has already put it back among the closed ones:
    // releasing it then would hand a dead connection to the next request.
    let closed = false;
    try {
      const level: Level = { failure: undefined };
      // Attaching the handler hands the scope to the connection one microtask later (postgres.js's `handle`), before
      // any query of `fn` can be handed to it (each of those is at least as many microtasks later, in order): the
      // scope is always the first statement on the wire. decision 0061.
      const opened: Promise<unknown> = reserved.unsafe(`begin; ${scope}`).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (!options?.pipelined) {
        const failure = await opened;
        if (failure !== undefined) {
          closed = isConnectionError(failure);
          // The scope failed after BEGIN: the transaction is open and aborted. Nothing of `fn` ran.
          if (!closed) await reserved.unsafe("rollback");
          throw failure;
        }
      }
      const session = new PostgresJsSession<TxClient, Record<string, unknown>, TablesRelationalConfig>(
        levelClient(reserved, level, { next: 0 }),
        dialect,
        relationalSchema,
      );
      const tx = withLazyQueries(
        new PostgresJsTransaction(dialect, session, undefined),
        session,
      ) as unknown as Tx;
      let result: T;
      try {
        result = await fn(tx);
        // Pipelined: answered already when `fn` sent a query (answers come in order); else answered now.
        const failure = await opened;
        if (failure !== undefined) throw failure;
      } catch (error) {
        // Pipelined, a failed scope comes first: `fn`'s own failure is then only "current transaction is aborted".
        const scopeFailure = await opened;
        closed = [error, level.failure, scopeFailure].some(isConnectionError);
        if (!closed) await reserved.unsafe("rollback");
        throw scopeFailure ?? failureToThrow(error, level);
      }
      const commit = (await reserved.unsafe("commit")) as unknown as postgres.RowList<postgres.Row[]>;
      // PostgreSQL answers COMMIT of an aborted transaction with ROLLBACK, not an error.
      if (commit.command === "ROLLBACK")
        throw level.failure ?? new Error("the transaction was rolled back at COMMIT");
      return result;
    } catch (error) {
      closed ||= isConnectionError(error);
      throw error;
    } finally {
      if (!closed) reserved.release();
    }
  };
}

export function pgliteScopedBegin(client: PGlite): ScopedBegin {
  return (scope, fn) =>
    client.transaction(async (ptx: PgliteTx) => {
      // PGlite runs in this process: nothing to pipeline, the scope is simply answered first.
      await ptx.exec(scope);
      const session = new PgliteSession(ptx, dialect, relationalSchema);
      const tx = withLazyQueries(
        new PgliteTransaction(dialect, session, undefined),
        session,
      ) as unknown as Tx;
      return fn(tx);
    });
}
