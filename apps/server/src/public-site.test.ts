// robots.txt and sitemap.xml (issue #11): served with PUBLIC_URL, listing the public pages only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ config: { serverOrigin: "https://atende.example" } });
});
afterAll(() => server.close());

describe("what search engines read", () => {
  it("robots.txt keeps the dashboard out and points at the sitemap", async () => {
    const res = await server.request<string>("GET", "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.body).toContain("Disallow: /dashboard");
    expect(res.body).toContain("Sitemap: https://atende.example/sitemap.xml");
  });

  it("sitemap.xml lists the public pages on PUBLIC_URL", async () => {
    const res = await server.request<string>("GET", "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    for (const path of ["/", "/base-conhecimento", "/termos-uso", "/politica-privacidade"]) {
      expect(res.body).toContain(`<loc>https://atende.example${path}</loc>`);
    }
    expect(res.body).not.toContain("/dashboard");
  });
});
