// The agenda's weekly view with 300 blocks (240 appointments of 10 professionals, 60 availabilities of 2 more, all in
// the current week), rendered by Chromium: the time from the start of the navigation to /dashboard/agendas until
// every block is in the page, over a few runs. `npm run agenda-render -w @atende/bench`; needs /usr/bin/chromium and
// builds the web app first (turbo caches it). Part of `npm run bench -- browser`; never of CI.
//
// The real Hono app serves the built SPA and the API on a fixed local port over PGlite in memory; the account signs
// in through the development form, exactly as a user does, and the data is seeded with the test helpers (appointments
// are inserted directly, so the week may include past days).
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  insertAppointment,
  insertClient,
  insertEstablishment,
  insertManualAvailability,
  insertProfessional,
  insertService,
  testConfig,
} from "@atende/api/testing";
import { dataAccess } from "@atende/db";
import { createApp } from "@atende/server";
import { addDays, formatMinutesOfDay, instantAt, isoWeekday, today } from "@atende/shared/time";
import { serve } from "@hono/node-server";
import pino from "pino";
import { launchChromium } from "./browser";
import { ms, openPglite, percentile, printTable } from "./lib";

const PORT = Number(process.env.BENCH_AGENDA_PORT ?? 3290);
const RUNS = 7;
const WARMUP = 2;
const PROFESSIONALS = 10;
const APPOINTMENTS_PER_PROFESSIONAL = 24;
const AVAILABILITIES = 60;
const EVENTS = PROFESSIONALS * APPOINTMENTS_PER_PROFESSIONAL + AVAILABILITIES;

const repoRoot = resolve(import.meta.dirname, "..");

function buildWeb(): void {
  const build = spawnSync(
    join(repoRoot, "node_modules", ".bin", "turbo"),
    ["run", "build", "--filter=@atende/web", "--output-logs=errors-only"],
    { cwd: repoRoot, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
  );
  if (build.status !== 0) throw new Error("the web build failed");
}

/** Signs in through the development form (as the browser would) and answers the callback's tokens and tenant. */
async function devSignIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/oauth2/dev-login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      email: "bench-agenda@example.com",
      name: "Bench Agenda",
      frontend_host: baseUrl,
      signup: "false",
    }),
  });
  const location = response.headers.get("location");
  if (!location) throw new Error(`development sign-in answered ${response.status} without a redirect`);
  const callback = new URL(location, baseUrl);
  const token = callback.searchParams.get("token") ?? "";
  const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
    tenantId: string;
  };
  return { callback: callback.toString(), tenantId: claims.tenantId };
}

/** Seeds the week, renders it in Chromium and prints the table; part of `npm run bench -- browser`. */
export async function benchAgendaRender(): Promise<void> {
  buildWeb();
  const handle = await openPglite();
  const baseUrl = `http://localhost:${PORT}`;
  const config = { ...testConfig, serverOrigin: baseUrl, frontendOrigins: [baseUrl] };
  const app = createApp({
    data: dataAccess(handle.db),
    config,
    logger: pino({ level: "silent" }),
    webDist: join(repoRoot, "apps/web/dist"),
  });
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: app.fetch, port: PORT, hostname: "127.0.0.1" }, () => done(s));
  });
  const browser = await launchChromium();
  try {
    const { callback, tenantId } = await devSignIn(baseUrl);
    const db = handle.db;
    const establishment = await insertEstablishment(db, tenantId, "Sede");
    const client = await insertClient(db, tenantId, "Maria Souza");
    const professionals = [];
    for (let p = 0; p < PROFESSIONALS + 2; p++) {
      professionals.push(await insertProfessional(db, tenantId, `Profissional ${p + 1}`));
    }
    const service = await insertService(db, tenantId, {
      name: "Consulta",
      duration: 30,
      professionals: professionals.map((p) => p.id),
      establishments: [establishment.id],
    });
    // The current São Paulo week, Sunday first: what the agenda opens on.
    const sunday = addDays(today(), -(isoWeekday(today()) % 7));
    for (let p = 0; p < PROFESSIONALS; p++) {
      for (let i = 0; i < APPOINTMENTS_PER_PROFESSIONAL; i++) {
        // Each professional's own appointments never overlap; different professionals' do, so lanes are needed.
        const minutes = 8 * 60 + p * 60 + Math.floor(i / 7) * 30;
        await insertAppointment(db, tenantId, {
          clientId: client.id,
          professionalId: professionals[p]?.id ?? "",
          establishmentId: establishment.id,
          scheduledAt: instantAt(addDays(sunday, i % 7), minutes),
          services: [{ id: service.id, name: service.name, duration: 30 }],
        });
      }
    }
    for (let j = 0; j < AVAILABILITIES; j++) {
      const start = 8 * 60 + Math.floor(j / 14) * 120;
      await insertManualAvailability(db, tenantId, {
        professionalId: professionals[PROFESSIONALS + (j % 2)]?.id ?? "",
        establishmentId: establishment.id,
        dates: [addDays(sunday, Math.floor(j / 2) % 7)],
        start: formatMinutesOfDay(start),
        end: formatMinutesOfDay(start + 90),
      });
    }

    const page = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      locale: "pt-BR",
      timezoneId: "America/Sao_Paulo",
    });
    // The callback stores the session as after a real sign-in.
    await page.goto(callback);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth/callback"));

    const samples: number[] = [];
    const gridSamples: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      await page.goto(`${baseUrl}/dashboard/agendas`, { waitUntil: "commit" });
      // performance.now() counts from this document's navigation start; the checks run on every frame.
      const grid = await page.waitForFunction(
        () => (document.querySelector("[data-agenda-grid]") ? performance.now() : false),
        undefined,
        { polling: "raf", timeout: 60_000 },
      );
      const rendered = await page.waitForFunction(
        (expected) =>
          document.querySelectorAll("[data-agenda-event]").length >= expected ? performance.now() : false,
        EVENTS,
        { polling: "raf", timeout: 60_000 },
      );
      const gridAt = Number(await grid.jsonValue());
      const renderedAt = Number(await rendered.jsonValue());
      if (run >= WARMUP) {
        samples.push(renderedAt);
        gridSamples.push(gridAt);
      }
    }
    const count = await page.locator("[data-agenda-event]").count();
    const row = (label: string, values: number[]) => [
      label,
      String(values.length),
      ms(percentile(values, 0.5)),
      ms(Math.min(...values)),
      ms(Math.max(...values)),
    ];
    printTable(
      `Weekly agenda in Chromium (1280×800), ${count} blocks in the page: ms from navigation start (${RUNS} runs after ${WARMUP} warm-up)`,
      ["until", "runs", "p50", "min", "max"],
      [row("the week's grid is drawn", gridSamples), row(`all ${EVENTS} blocks are rendered`, samples)],
    );
  } finally {
    await browser.close();
    await new Promise<void>((done) => server.close(() => done()));
    await handle.close();
  }
}

// Also runnable alone: `npm run agenda-render -w @atende/bench`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(
    `atende agenda render — node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? "?"})`,
  );
  benchAgendaRender().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
