// `npm run bench`: the scheduling core's numbers, printed as tables (never timed assertions; docs/architecture.md).
// Free-slot search on PGlite and, when 127.0.0.1:5432 answers, on a fresh PostgreSQL database (dropped after);
// booking throughput on PostgreSQL only (PGlite serialises every request on one connection).
import { cpus } from "node:os";
import { benchAccess } from "./access";
import { benchAgendaRender } from "./agenda-render";
import { type BillingRow, benchBilling } from "./billing";
import { benchBooking, CLIENTS } from "./booking";
import { benchBookingTrips } from "./booking-trips";
import { launchChromium, startServer } from "./browser";
import { benchCost } from "./cost";
import { benchFirstLoad } from "./first-load";
import { benchFreeSlots, type FreeSlotRow, RUNS } from "./free-slots";
import { benchGateway } from "./gateway";
import {
  type BenchDatabase,
  openPglite,
  openPostgres,
  PG_ADMIN_URL,
  postgresAnswers,
  printTable,
} from "./lib";
import { benchLighthouse, LIGHTHOUSE_TARGET } from "./lighthouse";
import { benchLive } from "./live";
import { benchLoad } from "./load";
import { benchPatientList, PATIENTS } from "./patient-list";
import { benchPgRestart } from "./pg-restart";
import { benchProviders } from "./providers";
import { benchSoak } from "./soak";

async function withDatabase<T>(
  open: () => Promise<BenchDatabase>,
  fn: (db: BenchDatabase) => Promise<T>,
): Promise<T> {
  const db = await open();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/**
 * `npm run bench -- browser` (or `scheduling`, `voice`, `providers`, `billing`, `load`, `lighthouse`, `access`,
 * `live`) runs one part; none runs them all. `soak` (30 minutes by default), `cost` (a baseline checkout against
 * this tree) and `trips` (a booking's round trips and statements, counted) run only when named.
 */
const parts = new Set(process.argv.slice(2));
const wanted = (
  part:
    | "scheduling"
    | "browser"
    | "voice"
    | "providers"
    | "billing"
    | "load"
    | "lighthouse"
    | "access"
    | "live",
) => parts.size === 0 || parts.has(part);

async function main() {
  const started = performance.now();
  console.log(`atende bench — node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? "?"})`);
  if (wanted("scheduling")) await schedulingBenches();
  if (wanted("browser")) await browserBenches();
  if (wanted("voice")) await benchGateway();
  if (wanted("providers")) await benchProviders();
  if (wanted("billing")) await billingBenches();
  if (wanted("lighthouse")) await lighthouseBenches();
  if (wanted("access")) await benchAccess();
  if (wanted("live")) await benchLive();
  if (wanted("load")) {
    await benchLoad();
    await benchPgRestart();
  }
  if (parts.has("soak")) await benchSoak();
  if (parts.has("cost")) await benchCost();
  if (parts.has("trips")) await benchBookingTrips();
  console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Billing: a pack bought end to end, a notification storm, calls debited at once (docs/decisions/0023). */
async function billingBenches() {
  const rows: BillingRow[] = [];
  rows.push(...(await withDatabase(openPglite, benchBilling)));
  if (await postgresAnswers()) rows.push(...(await withDatabase(() => openPostgres(20), benchBilling)));
  printTable(
    "Billing with the sandbox provider (ms per request; the check column is what must hold)",
    ["database", "measure", "n", "p50", "p95", "throughput", "check"],
    rows.map((r) => [r.database, r.measure, r.n, r.p50, r.p95, r.throughput, r.check]),
  );
}

/** The scheduling core: free-slot search and booking throughput. */
async function schedulingBenches() {
  const havePostgres = await postgresAnswers();
  if (!havePostgres) console.log(`PostgreSQL at ${new URL(PG_ADMIN_URL).host} does not answer: PGlite only.`);

  const freeSlotRows: FreeSlotRow[] = [];
  freeSlotRows.push(...(await withDatabase(openPglite, benchFreeSlots)));
  if (havePostgres) freeSlotRows.push(...(await withDatabase(() => openPostgres(10), benchFreeSlots)));
  printTable(
    `Free-slot search: 30 days, 1 professional, Mon-Fri 08:00-18:00, 2,000 appointments over the year, 30-min service (${RUNS} runs after 20 warm-up; ms)`,
    ["database", "path", "runs", "p50", "p95", "slots"],
    freeSlotRows.map((r) => [r.database, r.path, String(r.runs), r.p50, r.p95, r.slots]),
  );

  if (havePostgres) {
    const rows = await withDatabase(() => openPostgres(CLIENTS), benchBooking);
    printTable(
      `Booking throughput on PostgreSQL: ${CLIENTS} concurrent clients for 5 s each (latency in ms; overlaps = SQL self-join afterwards)`,
      [
        "load",
        "path",
        "requests",
        "201",
        "409",
        "errors",
        "bookings/s",
        "requests/s",
        "p50",
        "p95",
        "overlaps",
      ],
      rows.map((r) => [
        r.load,
        r.path,
        r.requests,
        r.created,
        r.conflicts,
        r.errors,
        r.bookingsPerSecond,
        r.requestsPerSecond,
        r.p50,
        r.p95,
        r.overlaps,
      ]),
    );
  } else {
    console.log("\nBooking throughput: skipped (needs PostgreSQL on 127.0.0.1:5432).");
  }
}

/** Lighthouse's mobile profile on the public pages, served by the real built server (bench/lighthouse.ts). */
async function lighthouseBenches() {
  const server = await startServer();
  try {
    const rows = await benchLighthouse(server);
    printTable(
      `Lighthouse ${rows[0]?.runs ?? 0} run(s) per page, mobile profile, the run of median performance (target: each score at least ${LIGHTHOUSE_TARGET})`,
      [
        "page",
        "performance",
        "accessibility",
        "best practices",
        "SEO",
        "FCP ms",
        "LCP ms",
        "TBT ms",
        "CLS",
        "bench index",
      ],
      rows.map((r) => [
        r.page,
        String(r.scores.performance),
        String(r.scores.accessibility),
        String(r.scores["best-practices"]),
        String(r.scores.seo),
        String(r.fcpMs),
        String(r.lcpMs),
        String(r.tbtMs),
        String(r.cls),
        String(r.benchmarkIndex),
      ]),
    );
    for (const r of rows) {
      if (r.losing.length > 0) console.log(`${r.page}: audits below full marks: ${r.losing.join(", ")}`);
    }
  } finally {
    await server.stop();
  }
}

/** The web app in Chromium against the real server (built as `npm start` builds it, PGlite in a temporary folder). */
async function browserBenches() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const firstLoad = await benchFirstLoad(server, browser);
    printTable(
      "First-load JavaScript (fresh cache; KB; gzip level 9, browsers get the smaller brotli files)",
      ["page", "scripts", "decoded", "gzip", "budget"],
      firstLoad.map((r) => [r.page, String(r.scripts), r.rawKb, r.gzipKb, String(r.budgetKb)]),
    );
    await benchAgendaRender();
    const patients = await benchPatientList(server, browser);
    printTable(
      `Patient list with ${PATIENTS} patients in Chromium (5 runs, fresh cache each)`,
      ["measure", "p50", "max"],
      patients.map((r) => [r.measure, r.p50, r.max]),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
