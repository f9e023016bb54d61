// A database that refuses connections (restarting, failing over) is a 503 with a clear pt-BR message on every door,
// never a 500 the caller cannot tell from a bug; the liveness check says so too. The database here is a PostgreSQL URL
// where nothing listens, so the driver's own connection error is what the app sees.
import { randomUUID } from "node:crypto";
import { signWebhook } from "@atende/api";
import { accessTokenFor, testConfig } from "@atende/api/testing";
import { dataAccess, openDatabase } from "@atende/db";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "./app";

const MESSAGE = "Serviço temporariamente indisponível. Tente novamente em instantes.";

describe("a database that cannot be reached", async () => {
  // Port 1 on loopback: the connection is refused at once.
  const database = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/nothing", maxConnections: 1 });
  const app = createApp({
    data: dataAccess(database.db),
    config: testConfig,
    logger: pino({ level: "silent" }),
  });
  const actor = {
    userId: randomUUID(),
    email: "dona@clinica.test",
    name: "Dona",
    tenantId: randomUUID(),
    isSuperAdmin: false,
    selectedTenantId: null,
  };
  const token = await accessTokenFor(actor, testConfig);
  const get = (path: string) => app.request(path, { headers: { authorization: `Bearer ${token}` } });
  afterAll(() => database.close());

  it("answers a REST read with 503 and the message, not 500", async () => {
    const res = await get("/establishments");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: MESSAGE, issues: [] });
  });

  it("answers a tRPC call with 503 and the message", async () => {
    const res = await get("/trpc/establishments.list");
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe(MESSAGE);
  });

  it("answers a public route that reads the database with 503", async () => {
    const res = await app.request("/plans");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: MESSAGE, issues: [] });
  });

  it("answers a signed payment notification with 503, so Mercado Pago delivers it again later", async () => {
    const xRequestId = randomUUID();
    const xSignature = signWebhook({
      dataId: "123456",
      xRequestId,
      secret: testConfig.billing.webhookSecret,
      now: new Date(),
    });
    const res = await app.request("/webhooks/mercadopago?data.id=123456&type=payment", {
      method: "POST",
      headers: { "x-signature": xSignature, "x-request-id": xRequestId, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ message: MESSAGE, issues: [] });
  });

  it("says so on the health check", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(503);
  });
});
