import { expect, test } from "@playwright/test";

// Browsers and crawlers ask for /favicon.ico whatever the page links (issue #25): the build serves a real icon there
// (32×32, the SVG favicon's drawing), not a 404.
test("/favicon.ico is an icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await response.body();
  // ICONDIR: reserved 0, type 1 (icon), one image.
  expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
});
