// postgres.js's reserved connections when PostgreSQL ends one (patches/postgres+3.4.9.patch, decision 0062): every
// scoped transaction reserves a connection, and before the patch a restart of the server could leave a request
// waiting forever (the load bench's PostgreSQL restart, `HeadersTimeoutError` after 300 s). The backend is ended with
// `pg_terminate_backend`, as a restart ends it. PostgreSQL only: PGlite has no connections to lose.
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "./testing";

const url = testDatabaseUrl();

/** What a promise came to within `ms`, or "waiting" when it is still pending. */
function within<T>(promise: Promise<T>, ms = 5_000): Promise<T | "waiting"> {
  return Promise.race([
    promise,
    new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms)),
  ]);
}

describe.runIf(url)("reserved connections when PostgreSQL ends one", () => {
  const clients: postgres.Sql[] = [];
  const client = (max: number) => {
    const sql = postgres(url ?? "", { max, onnotice: () => {} });
    clients.push(sql);
    return sql;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((sql) => sql.end({ timeout: 1 })));
  });

  async function terminate(pid: number): Promise<void> {
    const admin = client(1);
    await admin`select pg_terminate_backend(${pid})`;
  }

  it("a reservation waiting for the pool's only connection gets it once that connection reopens", async () => {
    const sql = client(1);
    const first = await sql.reserve();
    const [row] = await first<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const waiting = sql.reserve().then(async (reserved) => {
      const [answer] = await reserved<{ x: number }[]>`select 2 as x`;
      reserved.release();
      return answer?.x;
    });
    await terminate(row?.pid ?? 0);
    expect(await within(waiting)).toBe(2);
  });

  it("statements pipelined on a reserved connection that closes are all rejected, and so is a later one", async () => {
    const sql = client(2);
    const reserved = await sql.reserve();
    const [row] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
    // The first is busy when the connection ends; the others (never prepared on it) wait behind it.
    const outcomes = [
      reserved`select pg_sleep(1), ${"a"}::text as a`,
      reserved`select ${"b"}::text as b`,
      reserved`select ${"c"}::text as c`,
    ].map((query) =>
      query.then(
        () => "answered",
        (error: { code?: string }) => error.code,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await terminate(row?.pid ?? 0);
    expect(await within(Promise.all(outcomes))).toEqual([
      "CONNECTION_CLOSED",
      "CONNECTION_CLOSED",
      "CONNECTION_CLOSED",
    ]);
    const later = reserved`select 1`.then(
      () => "answered",
      (error: { code?: string }) => error.code,
    );
    expect(await within(later)).toBe("CONNECTION_CLOSED");
    // The pool still serves.
    expect(await within(sql`select 3 as x`.then(([answer]) => answer?.x))).toBe(3);
  });
});
