// PostgreSQL restarted under load (issue #13 "Load and soak"): a cluster of the bench's own (initdb and pg_ctl on
// a free port in a temporary folder; never the shared server), the real Hono app over postgres.js, 10 clients creating
// patients as fast as they can for 20 s, and a fast restart of the cluster 5 s in. Then, from the database itself:
// every write answered 201 is there (no lost write), each failed request was answered 503 with the clear message
// (never a 500, never a hang), and how long the app took to write again after the restart (reconnection by the driver,
// no restart of the app). Figures, never assertions.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DATABASE_UNAVAILABLE } from "@atende/api";
import { openDatabase, selectRows } from "@atende/db";
import { sql } from "@atende/db/orm";
import { printTable, seedTenant, serveHttp } from "./lib";

const CLIENTS = 10;
const DURATION_MS = 20_000;
const RESTART_AT_MS = 5_000;
/** A request unanswered this long counts as a hang. */
const ANSWER_TIMEOUT_MS = 15_000;

function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = execFileSync("ls", [root]).toString().trim().split("\n").sort().reverse();
  for (const version of versions) {
    const bin = join(root, version, "bin");
    if (existsSync(join(bin, "initdb"))) return bin;
  }
  return undefined;
}

/** A PostgreSQL tool's command line, as the `postgres` user when we are root (initdb refuses root). */
function pgCommand(bin: string, tool: string, args: string[]): [string, string[]] {
  const command = join(bin, tool);
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

function pgTool(bin: string, tool: string, args: string[]): void {
  const [command, argv] = pgCommand(bin, tool, args);
  execFileSync(command, argv, { stdio: "pipe" });
}

/** The same without blocking this thread: the server keeps answering while the cluster restarts. */
function pgToolAsync(bin: string, tool: string, args: string[]): Promise<void> {
  const [command, argv] = pgCommand(bin, tool, args);
  return new Promise((resolve, reject) =>
    execFile(command, argv, (error) => (error ? reject(error) : resolve())),
  );
}

/** A port nothing listens on now (the kernel's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Outcome {
  at: number;
  status: number;
  id?: string;
  message?: string;
}

export async function benchPgRestart(): Promise<void> {
  const bin = postgresBin();
  if (!bin) {
    console.log("\nPostgreSQL restart under load: skipped (no initdb under /usr/lib/postgresql).");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "atende-pg-"));
  const data = join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  else chownSync(dir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
  const ctl = (...args: string[]) => pgTool(bin, "pg_ctl", ["-D", data, "-l", join(dir, "log"), ...args]);
  pgTool(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  ctl("-o", options, "-w", "start");
  // Even if this process dies (the crash this bench once found), the cluster does not outlive it.
  const stop = () => {
    try {
      ctl("-m", "immediate", "stop");
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  const handle = await openDatabase({
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    maxConnections: 10,
  });
  try {
    await handle.migrate();
    const { actor } = await seedTenant(handle);
    const http = await serveHttp(handle, actor);
    const outcomes: Outcome[] = [];
    const started = performance.now();
    let restart: { from: number; to: number } | undefined;
    const restarting = new Promise<void>((resolve, reject) =>
      setTimeout(() => {
        const from = performance.now() - started;
        pgToolAsync(bin, "pg_ctl", [
          "-D",
          data,
          "-l",
          join(dir, "log"),
          "-o",
          options,
          "-m",
          "fast",
          "-w",
          "restart",
        ])
          .then(() => {
            restart = { from, to: performance.now() - started };
            resolve();
          })
          .catch(reject);
      }, RESTART_AT_MS),
    );
    let sequence = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() - started < DURATION_MS) {
          const n = ++sequence;
          // A request the server never answers is a finding, not the end of the bench (it once hung for undici's
          // 300 s headers timeout: a waiting connection reservation lost by postgres.js, patches/postgres+3.4.9.patch).
          const res = await fetch(`${http.baseUrl}/clients`, {
            method: "POST",
            headers: { authorization: `Bearer ${http.token}`, "content-type": "application/json" },
            body: JSON.stringify({ fullName: `Carga ${n}`, phoneNumber: "11987654321" }),
            signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
          }).catch(() => undefined);
          if (!res) {
            outcomes.push({ at: performance.now() - started, status: 0, message: "no answer (hang)" });
            continue;
          }
          const body = (await res.json()) as { id?: string; message?: string };
          outcomes.push({
            at: performance.now() - started,
            status: res.status,
            id: body.id,
            message: body.message,
          });
          // A refused request is retried by a real client after a pause: so do these.
          if (res.status === 503) await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );
    await restarting;
    await http.close();

    const rows = await selectRows<{ id: string }>(
      handle.db,
      sql`select id::text as id from clients where full_name like 'Carga %'`,
    );
    const stored = new Set([...rows].map((r) => r.id));
    const created = outcomes.filter((o) => o.status === 201);
    const lost = created.filter((o) => !o.id || !stored.has(o.id)).length;
    const unavailable = outcomes.filter((o) => o.status === 503);
    const clear = unavailable.filter((o) => o.message === DATABASE_UNAVAILABLE).length;
    const other = outcomes.filter((o) => o.status !== 201 && o.status !== 503);
    const answeredIds = new Set(created.map((o) => o.id));
    const committedButRefused = [...stored].filter((id) => !answeredIds.has(id)).length;
    const window = restart ?? { from: Number.NaN, to: Number.NaN };
    const firstAfter = created.find((o) => o.at > window.to);
    const lastFailure = unavailable.at(-1);
    printTable(
      `PostgreSQL restarted under load: ${CLIENTS} clients creating patients for ${DURATION_MS / 1000} s, a fast restart (pg_ctl -m fast) at ${RESTART_AT_MS / 1000} s`,
      ["measure", "value"],
      [
        ["requests", String(outcomes.length)],
        ["answered 201", String(created.length)],
        ["answered 503 (with the clear message)", `${unavailable.length} (${clear})`],
        [
          "answered anything else (500, hang…)",
          `${other.length}${other.length ? ` (${other[0]?.status} ${other[0]?.message})` : ""}`,
        ],
        ["201s missing from the database (lost writes)", String(lost)],
        ["rows written but answered 503 (commit raced the cut)", String(committedButRefused)],
        ["restart took (pg_ctl, ms)", (window.to - window.from).toFixed(0)],
        [
          "first 201 after the restart ended (ms)",
          firstAfter ? (firstAfter.at - window.to).toFixed(0) : "never",
        ],
        [
          "last 503 (ms after the restart began)",
          lastFailure ? (lastFailure.at - window.from).toFixed(0) : "-",
        ],
      ],
    );
  } finally {
    await handle.close().catch(() => undefined);
    process.off("exit", stop);
    stop();
  }
}
