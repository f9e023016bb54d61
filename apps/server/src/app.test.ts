import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { restRoutes } from "@atende/api";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_REQUESTS } from "./rate-limit";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("HTTP plumbing", () => {
  it("answers /healthz with the database status", async () => {
    const res = await server.request("GET", "/healthz");
    expect(res).toMatchObject({ status: 200, body: { status: "ok", database: "ok" } });
  });

  it("answers an unknown route with a JSON 404", async () => {
    const res = await server.request("GET", "/nao-existe/mesmo");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Rota não encontrada", issues: [] });
  });

  it("answers malformed JSON with a JSON 400, never a 500", async () => {
    for (const rawBody of ["{not json", "[1,2]", '"texto"', "null"]) {
      const res = await server.request("POST", "/user/refresh-token", { rawBody });
      expect(res.status, rawBody).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    }
  });

  it("answers an oversized body with 413 and a JSON message", async () => {
    const res = await server.request("POST", "/user/refresh-token", {
      rawBody: JSON.stringify({ refreshToken: "x".repeat(2_000_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Corpo da requisição grande demais", issues: [] });
  });

  it("answers a protected REST path without a token with 401 JSON", async () => {
    const res = await server.request("GET", "/user/me");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: expect.any(String), issues: [] });
  });

  it("answers tRPC errors as JSON without stack traces", async () => {
    const res = await server.request("GET", "/trpc/user.me");
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|at .*\.ts/);
    const unknown = await server.request("GET", "/trpc/nada.aqui");
    expect(unknown.status).toBe(404);
  });

  it("sends security headers and CORS only for the configured origins", async () => {
    const allowed = await server.request("GET", "/healthz", { headers: { origin: "http://localhost:3000" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(allowed.headers.get("x-content-type-options")).toBe("nosniff");
    expect(allowed.headers.get("content-security-policy")).toContain("default-src 'self'");
    const foreign = await server.request("GET", "/healthz", { headers: { origin: "https://evil.example" } });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lists every REST path in /openapi.json with its method", async () => {
    const res = await server.request<{ paths: Record<string, Record<string, unknown>> }>(
      "GET",
      "/openapi.json",
    );
    expect(res.status).toBe(200);
    for (const route of restRoutes) {
      expect(
        res.body.paths[route.path]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
  });
});

describe("over a real socket", () => {
  it("serves the same contract through node's HTTP server", async () => {
    const http = serve({ fetch: server.app.fetch, port: 0, hostname: "127.0.0.1", createServer });
    await new Promise((resolve) => http.once("listening", resolve));
    const { port } = http.address() as AddressInfo;
    try {
      const bad = await fetch(`http://127.0.0.1:${port}/user/refresh-token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{oops",
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ message: "JSON inválido no corpo da requisição" });
      const missing = await fetch(`http://127.0.0.1:${port}/nope`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toContain("application/json");
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe("rate limits", () => {
  it("answers 429 with a pt-BR message once a client spends its sign-in budget, and only there", async () => {
    const limited = await createTestServer({ rateLimits: { authPerMinute: 3, apiPerMinute: 0 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await limited.request("POST", "/user/refresh-token", { body: { refreshToken: "x" } })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const refused = await limited.request("POST", "/user/refresh-token", { body: { refreshToken: "x" } });
      expect(refused.body).toEqual({ message: TOO_MANY_REQUESTS, issues: [] });
      expect(refused.headers.get("ratelimit-limit")).toBe("3");
      expect((await limited.request("GET", "/healthz")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
