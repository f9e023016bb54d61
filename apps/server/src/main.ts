// Starts the product: validated settings, the database (PGlite under DATA_DIR unless DATABASE_URL is set),
// migrations, then the HTTP server; stops it gracefully on SIGTERM or SIGINT (./shutdown.ts).
// First: traces, when on, must be set up before anything they instrument is loaded (./tracing.ts).
import "./tracing";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createJobRunner, createServices, seedDemoTenant } from "@atende/api";
import { dataAccess, openDatabase } from "@atende/db";
import pino from "pino";
import { createApp } from "./app";
import { apiConfigFrom } from "./config";
import { EnvError, loadEnv } from "./env";
import { requestLogFields } from "./metrics";
import { createReadiness } from "./readiness";
import { startServer } from "./server";
import { shutDown } from "./shutdown";
import { stopTracing } from "./tracing";

/** How often the SMTP sender looks for unsent e-mail: an invitation arrives within seconds. */
const EMAIL_POLL_MS = 5_000;

async function main() {
  const started = performance.now();
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "server" }, mixin: requestLogFields });
  const config = apiConfigFrom(env);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : join(env.DATA_DIR, "pglite"),
  });
  await database.migrate();
  if (env.NODE_ENV === "production" && database.kind === "pglite") {
    logger.warn(
      "PGlite in production (ALLOW_PGLITE_IN_PRODUCTION): one process only, back it up with the server stopped",
    );
  }
  const data = dataAccess(database.db);
  // The public demo call's business (POST /calls/make-call): seeded once, a no-op on every later start.
  await seedDemoTenant(data);
  // The composition root (docs/decisions/0043-composition-root.md): every service, once, for the requests and the jobs.
  // Without SMTP_URL e-mail stays in the outbox (read at /dev/outbox); with it, a poll sends what is unsent.
  const services = createServices(config, data, {
    listen: database.listen,
    smtp: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
  });
  const emailSender = services.mailer;
  emailSender?.start(EMAIL_POLL_MS, (error) => logger.error({ err: error }, "e-mail delivery failed"));
  // Background work (payment notifications, renewals) on the job queue in the same database (decision 0023).
  const jobs = createJobRunner({
    data,
    config,
    services,
    pollMs: env.JOBS_POLL_MS,
    onError: (error, job) => logger.error({ err: error, job }, "job failed"),
    onLostCalls: (callIds) =>
      logger.warn({ callIds }, "calls whose gateway stopped reporting were finished (decision 0032)"),
  });
  jobs.start();
  const webDist = env.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url));
  const readiness = createReadiness(database.db);
  const app = createApp({
    data,
    config,
    services,
    logger,
    webDist: resolve(webDist),
    jobs,
    metricsToken: env.METRICS_TOKEN,
    readiness,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    rateLimits: {
      authPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
      apiPerMinute: env.RATE_LIMIT_API_PER_MINUTE,
    },
  });
  const server = await startServer(app, {
    port: env.PORT,
    hostname: env.HOST,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
  });
  logger.info(
    {
      port: server.address.port,
      database: database.kind,
      startupMs: Math.round(performance.now() - started),
    },
    `Atende em ${config.serverOrigin}`,
  );
  // A second signal while draining ends the process at once (Node's default, the handlers being `once`).
  const shutdown = async (signal: string) => {
    logger.info({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, "shutting down: draining requests in flight");
    const outcome = await shutDown({
      readiness,
      server,
      delayMs: env.SHUTDOWN_DELAY_MS,
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      background: [() => jobs.stop(), async () => emailSender?.stop(), () => services.callEvents.stop()],
      closeDatabase: () => database.close(),
    });
    if (outcome.cut) logger.warn(outcome, "requests still in flight at SHUTDOWN_TIMEOUT_MS were cut");
    else logger.info(outcome, "stopped");
    await stopTracing();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

await main();
