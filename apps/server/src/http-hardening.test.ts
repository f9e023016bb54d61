// What a client and the caches in between see: no API answer is ever stored by a cache, REST bodies must say they
// are JSON, and production hands out no source maps.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_JSON } from "./rest";
import { createTestServer, type TestServer } from "./testing";

/** A built web app in miniature: the index page, a hashed bundle with its source map, a favicon. */
let webDist: string;
let server: TestServer;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "atende-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Atende</title>");
  writeFileSync(
    join(webDist, "assets", "index-abc123.js"),
    "console.log(1);\n//# sourceMappingURL=index-abc123.js.map",
  );
  writeFileSync(join(webDist, "assets", "index-abc123.js.map"), '{"version":3,"sources":["src/main.tsx"]}');
  // What the build's compression plugin writes beside each text asset.
  writeFileSync(join(webDist, "assets", "index-abc123.js.br"), brotliCompressSync("console.log(1);\n"));
  writeFileSync(join(webDist, "assets", "index-abc123.js.gz"), gzipSync("console.log(1);\n"));
  writeFileSync(join(webDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  server = await createTestServer({ webDist });
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

const html = { accept: "text/html" };

describe("Cache-Control", () => {
  it("is no-store on every API answer, success or error", async () => {
    const owner = await server.api.seedTenant();
    const answers = {
      "GET /healthz": await server.request("GET", "/healthz"),
      "GET /user/me": await server.request("GET", "/user/me", { as: owner.actor }),
      "GET /user/me without token": await server.request("GET", "/user/me"),
      tRPC: await server.request("GET", "/trpc/user.me", { as: owner.actor }),
      "tRPC error": await server.request("GET", "/trpc/user.me"),
      "REST 400": await server.request("POST", "/user/refresh-token", { body: {} }),
      "413": await server.request("POST", "/user/refresh-token", { rawBody: "x".repeat(2_000_000) }),
      "unknown route": await server.request("GET", "/nao-existe"),
      "missing asset": await server.request("GET", "/assets/nao-existe.js"),
      "sign-in form": await server.request("GET", "/oauth2/authorization/google", { headers: html }),
      "sign-in redirect": await server.request("POST", "/oauth2/dev-login", {
        rawBody: new URLSearchParams({ email: "cache@clinica.test", name: "Cache" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      "openapi.json": await server.request("GET", "/openapi.json"),
    };
    expect(answers["sign-in redirect"].status).toBe(302);
    for (const [label, res] of Object.entries(answers)) {
      expect(res.headers.get("cache-control"), label).toBe("no-store");
    }
  });

  it("leaves the static files their own policy: immutable bundles, revalidated pages", async () => {
    const bundle = await server.request("GET", "/assets/index-abc123.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const path of ["/", "/dashboard/agenda", "/favicon.svg", "/docs"]) {
      const res = await server.request("GET", path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
  });

  it("answers 404 to a browser navigation to a missing asset, never the page cached immutable (issue #20)", async () => {
    for (const path of ["/assets/nao-existe.js", "/assets/index-old123.css", "/assets/"]) {
      const res = await server.request("GET", path, { headers: html });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control") ?? "", path).not.toContain("immutable");
      expect(JSON.stringify(res.body), path).not.toMatch(/<!doctype html/i);
    }
  });
});

describe("Compressed bundles", () => {
  it("sends the build's brotli or gzip file to a browser that accepts it, the plain file otherwise", async () => {
    const path = "/assets/index-abc123.js";
    // app.request: the raw answer, bytes as sent (server.request reads bodies as text).
    const br = await server.app.request(path, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("content-type")).toContain("javascript");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe("console.log(1);\n");

    const gz = await server.app.request(path, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe("console.log(1);\n");

    const plain = await server.app.request(path, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("console.log(1);");
  });
});

describe("REST bodies", () => {
  const refresh = JSON.stringify({ refreshToken: "nao-existe" });

  it("are refused with 415 and a pt-BR message unless they are JSON", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await server.request("POST", "/user/refresh-token", {
        rawBody: refresh,
        headers: { "content-type": type },
      });
      expect(res.status, type).toBe(415);
      expect(res.body, type).toEqual({ message: NOT_JSON, issues: [] });
    }
    // A body with no content type at all is not JSON either.
    const untyped = await server.app.request("/user/refresh-token", {
      method: "POST",
      body: new TextEncoder().encode(refresh),
    });
    expect(untyped.status).toBe(415);
  });

  it("refuses a PUT body that is not JSON too", async () => {
    const owner = await server.api.seedTenant();
    const created = await server.request<{ id: string }>("POST", "/professionals", {
      as: owner.actor,
      body: { name: "Dra. Ana Souza", specialty: "Dermatologia" },
    });
    const res = await server.request("PUT", `/professionals/${created.body.id}`, {
      as: owner.actor,
      rawBody: JSON.stringify({ name: "Dra. Ana", specialty: "Dermatologia" }),
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: NOT_JSON, issues: [] });
  });

  it("are read as JSON whatever the case or parameters of the JSON type", async () => {
    for (const type of [
      "application/json; charset=utf-8",
      "Application/JSON",
      "application/json;charset=UTF-8",
    ]) {
      const res = await server.request("POST", "/user/refresh-token", {
        rawBody: refresh,
        headers: { "content-type": type },
      });
      // Read and judged: the refresh token is unknown.
      expect(res.status, type).toBe(401);
    }
  });

  it("may be absent: no body and no content type is an empty input, as before", async () => {
    const res = await server.app.request("/user/refresh-token", { method: "POST" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ issues: [{ path: "refreshToken" }] });
  });
});

describe("source maps", () => {
  it("are served outside production and refused in production", async () => {
    expect((await server.request("GET", "/assets/index-abc123.js.map")).status).toBe(200);
    const production = await createTestServer({ webDist, config: { nodeEnv: "production" } });
    try {
      expect((await production.request("GET", "/assets/index-abc123.js")).status).toBe(200);
      for (const path of [
        "/assets/index-abc123.js.map",
        "/assets/index-abc123.js.ma%70",
        "/assets/index-abc123.js%2Emap",
      ]) {
        for (const headers of [{}, html]) {
          const res = await production.request("GET", path, { headers });
          expect(res.status, path).toBe(404);
          expect(res.body, path).toEqual({ message: "Rota não encontrada", issues: [] });
        }
      }
    } finally {
      await production.close();
    }
  });
});
