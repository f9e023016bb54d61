// Starts the product: validated settings, the database (PGlite under DATA_DIR unless DATABASE_URL is set),
// migrations, then the HTTP server.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createEmailSender, createJobRunner, seedDemoTenant } from "@atende/api";
import { dataAccess, openDatabase } from "@atende/db";
import pino from "pino";
import { createApp } from "./app";
import { apiConfigFrom } from "./config";
import { EnvError, loadEnv } from "./env";
import { startServer } from "./server";

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
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "server" } });
  const config = apiConfigFrom(env);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : join(env.DATA_DIR, "pglite"),
  });
  await database.migrate();
  const data = dataAccess(database.db);
  // The public demo call's business (POST /calls/make-call): seeded once, a no-op on every later start.
  await seedDemoTenant(data);
  // Without SMTP_URL e-mail stays in the outbox (read at /dev/outbox); with it, a poll sends what is unsent.
  const emailSender = env.SMTP_URL
    ? createEmailSender(data, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
    : undefined;
  emailSender?.start(EMAIL_POLL_MS, (error) => logger.error({ err: error }, "e-mail delivery failed"));
  // Background work (payment notifications, renewals) on the job queue in the same database (decision 0023).
  const jobs = createJobRunner({
    data,
    config,
    pollMs: env.JOBS_POLL_MS,
    onError: (error, job) => logger.error({ err: error, job }, "job failed"),
  });
  jobs.start();
  const webDist = env.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url));
  const app = createApp({
    data,
    config,
    logger,
    webDist: resolve(webDist),
    jobs,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
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
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.server.close();
    await emailSender?.stop();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

await main();
