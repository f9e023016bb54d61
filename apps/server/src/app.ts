// The HTTP face of the product: tRPC at /trpc, the REST shims at their documented paths, /openapi.json, /docs,
// sign-in, /healthz and the single-page app, with one error contract for all of them.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type ApiConfig,
  appRouter,
  createJobRunner,
  createServices,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
  type JobRunner,
  restRoutes,
  type Services,
} from "@atende/api";
import type { DataAccess } from "@atende/db";
import { TRPC_MAX_BATCH_SIZE } from "@atende/shared/trpc";
import { serveStatic } from "@hono/node-server/serve-static";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono, type Context as HonoContext } from "hono";
import { bodyLimit } from "hono/body-limit";
import { contextStorage } from "hono/context-storage";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { Logger } from "pino";
import { createBillingRoutes } from "./billing";
import { authenticate, contextFromRequest } from "./context";
import { createDevOutboxRoutes } from "./dev-outbox";
import { createDocsRoutes } from "./docs";
import { body } from "./errors";
import { createServerMetrics, metricsRoute, observeRequests } from "./metrics";
import { createOAuthRoutes } from "./oauth";
import { buildOpenApi } from "./openapi";
import { createPublicSiteRoutes } from "./public-site";
import {
  apiRateLimit,
  clientAddress,
  type RateLimits,
  SharedCounters,
  signInRateLimit,
  trpcBatchLimit,
  trustedClientAddress,
} from "./rate-limit";
import { type Readiness, readinessRoute } from "./readiness";
import { createRecordingRoutes } from "./recordings";
import { mountRest } from "./rest";
import { createTwilioWebhooks } from "./twilio-webhooks";
import { createWhatsappWebhooks } from "./whatsapp-webhooks";

export interface AppDeps {
  /** The database behind its doors; the procedures and the sign-in routes open only the ones they are allowed. */
  data: DataAccess;
  config: ApiConfig;
  logger: Logger;
  /** The built web app (apps/web/dist); without it only the API is served. */
  webDist?: string | undefined;
  bodyLimitBytes?: number;
  /** Off unless given (tests and benchmarks run without). */
  rateLimits?: RateLimits;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY_HOPS); 0 or absent: the socket's address. */
  trustProxyHops?: number;
  now?: () => Date;
  /**
   * The installation's services (payment provider, calendar, telephony, recordings, mailer, job queue), built once by
   * the caller's composition root (`createServices`); built here when absent (tests and benchmarks).
   */
  services?: Services;
  /** The job queue's runner (payment notifications, renewals); one is made, not started, when absent. */
  jobs?: JobRunner;
  /** The bearer token GET /metrics requires (METRICS_TOKEN); without it /metrics is open outside production. */
  metricsToken?: string | undefined;
  /** GET /readyz's checks (main.ts makes them over its database); without them there is no /readyz. */
  readiness?: Readiness;
}

const API_PREFIXES = [
  "/trpc",
  "/openapi.json",
  "/healthz",
  "/readyz",
  "/oauth2",
  "/telephony",
  "/webhooks",
  "/sandbox",
];

export function createApp(appDeps: AppDeps): Hono {
  const app = new Hono();
  const { logger, config } = appDeps;
  const services = appDeps.services ?? createServices(config, appDeps.data, { now: appDeps.now });
  const deps = { ...appDeps, services };
  const contextFor = (c: HonoContext) =>
    contextFromRequest(deps, c.get("accessClaims"), {
      agent: c.get("agentCall"),
      idempotencyKey: c.req.header("idempotency-key"),
      clientAddress: clientAddress(c),
    });
  const jobs = deps.jobs ?? createJobRunner({ data: deps.data, config, services, now: deps.now });
  const metrics = createServerMetrics({ jobs, logger });
  const logInternal = (error: unknown, c: HonoContext) =>
    logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled error");

  app.use(requestId());
  app.use(trustedClientAddress(deps.trustProxyHops ?? 0));
  // Every request runs in its context's storage, so any log line written while it is handled carries its id.
  app.use(contextStorage());
  app.use(observeRequests({ logger, metrics }));
  // API answers and errors are one user's data at one moment: no cache may keep them. Static files and pages say
  // their own policy (immutable assets, no-cache pages), which this leaves alone.
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  });
  // With Mercado Pago, 'Atualizar Cartão' tokenises the card in the browser with its card fields: its SDK script, the
  // fields' iframes and the SDK's calls to its API are admitted, and nothing of it without Mercado Pago.
  const mercadoPago = config.billing.mercadopago
    ? {
        script: ["https://sdk.mercadopago.com"],
        frame: ["https://*.mercadopago.com"],
        connect: ["https://api.mercadopago.com", "https://api.mercadolibre.com"],
      }
    : { script: [], frame: [], connect: [] };
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...mercadoPago.script],
        frameSrc: ["'self'", ...mercadoPago.frame],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        // The softphone's media stream goes to the telephony gateway, on its own origin.
        connectSrc: ["'self'", new URL(config.telephonyPublicUrl).origin, ...mercadoPago.connect],
        // Call recordings play from a blob the app fetched with the session's token (an <audio> src sends none).
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...config.frontendOrigins],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(
    cors({
      origin: (origin) => (config.frontendOrigins.includes(origin) ? origin : null),
      allowHeaders: ["Authorization", "Content-Type"],
      allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
      maxAge: 600,
    }),
  );
  app.use(
    bodyLimit({
      maxSize: deps.bodyLimitBytes ?? 1_048_576,
      onError: (c) => c.json(body("Corpo da requisição grande demais"), 413),
    }),
  );

  const limits = deps.rateLimits ?? { authPerMinute: 0, apiPerMinute: 0 };
  // Counted in the database, so every replica spends one budget (decision 0008).
  const sharedCounters = new SharedCounters(deps.data, logger);
  app.use("/trpc/*", trpcBatchLimit);
  app.use(signInRateLimit(limits, sharedCounters));
  app.use(authenticate(deps));
  app.use(apiRateLimit(limits, sharedCounters, logger));

  app.get("/healthz", async (c) => {
    try {
      await deps.data.ping();
      return c.json({ status: "ok", database: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  });
  if (deps.readiness) app.get("/readyz", readinessRoute(deps.readiness, logger));
  app.get(
    "/metrics",
    metricsRoute(metrics, { token: deps.metricsToken, production: config.nodeEnv === "production" }),
  );

  app.all("/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/trpc",
      req: c.req.raw,
      router: appRouter,
      // trpcBatchLimit answers an oversized batch first, in the error contract; this is tRPC's own guard behind it.
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: () => contextFor(c),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") logInternal(error.cause ?? error, c);
        else if (path === undefined) logger.debug({ err: error }, "trpc request error");
      },
    }),
  );

  const openapi = JSON.stringify(buildOpenApi(restRoutes, config.serverOrigin));
  app.get("/openapi.json", (c) =>
    c.body(openapi, 200, { "content-type": "application/json; charset=utf-8" }),
  );
  app.route("/", createDocsRoutes());
  app.route(
    "/",
    createPublicSiteRoutes({
      config,
      data: deps.data,
      services,
      logger,
      now: deps.now,
      webDist: deps.webDist,
    }),
  );
  app.route("/", createOAuthRoutes({ data: deps.data, config, services, logger, now: deps.now }));
  app.route("/", createDevOutboxRoutes({ data: deps.data, config }));
  app.route(
    "/",
    createRecordingRoutes({
      config,
      store: services.recordings,
      contextFor: (claims) => contextFromRequest(deps, claims),
      logInternal: (error) => logger.error({ err: error }, "unhandled error"),
    }),
  );
  app.route(
    "/",
    createTwilioWebhooks({
      data: deps.data,
      config,
      telephony: services.telephony,
      queue: services.queue,
      logger,
      now: deps.now,
    }),
  );
  app.route(
    "/",
    createWhatsappWebhooks({
      data: deps.data,
      config,
      services,
      logger,
      now: deps.now ?? (() => new Date()),
    }),
  );
  app.route(
    "/",
    createBillingRoutes({
      data: deps.data,
      config,
      logger,
      jobs,
      now: deps.now ?? (() => new Date()),
      deliver: (request) => Promise.resolve(app.fetch(request)),
    }),
  );
  mountRest(app, contextFor, logInternal);

  const indexHtml =
    deps.webDist && existsSync(join(deps.webDist, "index.html"))
      ? readFileSync(join(deps.webDist, "index.html"), "utf8")
      : undefined;
  if (deps.webDist && indexHtml) {
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("cache-control", "public, max-age=31536000, immutable");
    });
    if (config.nodeEnv === "production") {
      // Source maps would hand out the source. The production build emits none (apps/web/vite.config.ts); this
      // holds for whatever dist is deployed.
      app.get("*", async (c, next) =>
        c.req.path.toLowerCase().endsWith(".map") ? c.json(body("Rota não encontrada"), 404) : next(),
      );
    }
    app.get("*", async (c, next) => {
      await next();
      // Files outside /assets keep their names across builds (index.html, favicon): revalidate them.
      if (c.res.ok && !c.res.headers.has("cache-control")) c.header("cache-control", "no-cache");
    });
    // The build wrote .br and .gz beside every text asset (apps/web/vite.config.ts): sent when the browser accepts them.
    app.get("*", serveStatic({ root: deps.webDist, precompressed: true }));
  }

  app.notFound((c) => {
    // The single-page app answers GETs that accept HTML and match no API route (its own router shows its 404). A
    // missing /assets/ file is a 404 whatever the browser accepts: the page there would be cached immutable.
    const wantsHtml = c.req.method === "GET" && (c.req.header("accept") ?? "").includes("text/html");
    const page = !API_PREFIXES.some((p) => c.req.path.startsWith(p)) && !c.req.path.startsWith("/assets/");
    if (indexHtml && wantsHtml && page) {
      return c.html(indexHtml, 200, { "cache-control": "no-cache" });
    }
    return c.json(body("Rota não encontrada"), 404);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json(
        body(error.status === 413 ? "Corpo da requisição grande demais" : error.message),
        error.status,
      );
    }
    if (isDatabaseUnavailable(error)) {
      return c.json(body(DATABASE_UNAVAILABLE), 503, { "retry-after": "5" });
    }
    logInternal(error, c);
    return c.json(body("Erro interno do servidor"), 500);
  });

  return app;
}
