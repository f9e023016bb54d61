// GET /dev/outbox: the development outbox as JSON and as a page; absent in production.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { enqueueEmail } from "@atende/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const html = { accept: "text/html" };

describe("GET /dev/outbox", () => {
  it("answers one address's messages, newest first, in the contract's shape", async () => {
    await server.api.data.inShared(async (db) => {
      await enqueueEmail(db, { to: "ana@clinica.test", subject: "Primeiro", text: "1", html: "<p>1</p>" });
      await enqueueEmail(db, { to: "bia@clinica.test", subject: "Outro", text: "x" });
    });
    await server.api.data.inShared((db) =>
      enqueueEmail(db, { to: "ana@clinica.test", subject: "Segundo", text: "2" }),
    );
    const res = await server.request<Record<string, unknown>[]>("GET", "/dev/outbox", {
      query: { to: "Ana@Clinica.test" },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.subject)).toEqual(["Segundo", "Primeiro"]);
    expect(Object.keys(res.body[1] ?? {}).sort()).toEqual([
      "createdAt",
      "html",
      "id",
      "subject",
      "text",
      "to",
    ]);
    expect(res.body[1]).toMatchObject({ to: "ana@clinica.test", text: "1", html: "<p>1</p>" });
    const all = await server.request<unknown[]>("GET", "/dev/outbox");
    expect(all.body.length).toBeGreaterThanOrEqual(3);
  });

  it("renders a page that escapes everything a message holds", async () => {
    await server.api.data.inShared((db) =>
      enqueueEmail(db, {
        to: "eva@clinica.test",
        subject: `<script>alert("x")</script>`,
        text: "Olá & <b>tchau</b>",
        html: `<img src=x onerror="alert(1)">`,
      }),
    );
    const res = await server.request<string>("GET", "/dev/outbox", {
      headers: html,
      query: { to: "eva@clinica.test" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.body).not.toContain("<script>");
    expect(res.body).not.toContain("<img");
    expect(res.body).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;");
    expect(res.body).toContain("Olá &#38; &#60;b&#62;tchau&#60;/b&#62;");
    expect(res.body).not.toMatch(/<link|src="http|href="http/); // no external assets
  });

  it("refuses an address with a control character (400, JSON)", async () => {
    const res = await server.request("GET", "/dev/outbox", { query: { to: "a\u0000b@clinica.test" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "Texto contém caracteres inválidos" });
  });

  it("does not exist in production, not even as the web app's page", async () => {
    const webDist = mkdtempSync(join(tmpdir(), "atende-web-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Atende</title>");
    const production = await createTestServer({ webDist, config: { nodeEnv: "production" } });
    try {
      for (const headers of [{}, html]) {
        const res = await production.request("GET", "/dev/outbox", { headers });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: "Rota não encontrada", issues: [] });
      }
    } finally {
      await production.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
