// The gateway's Node flags (apps/telephony/node-flags.json, decision 0047) are the ones every way of starting it
// uses: `npm start` and `npm run start:prod` read the file, the image's command carries the same.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const flags = JSON.parse(read("apps/telephony/node-flags.json")) as string[];

describe("the gateway's Node flags", () => {
  it("size the young generation and collect on the gateway's own thread", () => {
    expect(flags.some((f) => /^--max-semi-space-size=\d+$/.test(f))).toBe(true);
    expect(flags).toContain("--single-threaded-gc");
  });

  it("are the image's command's (NODE_OPTIONS refuses --single-threaded-gc)", () => {
    const line = read("apps/telephony/Dockerfile")
      .split("\n")
      .filter((l) => l.startsWith("CMD "))
      .at(-1);
    expect(JSON.parse((line ?? "").slice(4))).toEqual([
      "node",
      "--enable-source-maps",
      ...flags,
      "apps/telephony/dist/main.js",
    ]);
  });

  it("are read by npm start and npm run start:prod for the gateway", () => {
    for (const script of ["scripts/start.mjs", "scripts/start-prod.mjs"]) {
      expect(read(script)).toContain('"apps/telephony/node-flags.json"');
      expect(read(script)).toContain("gatewayFlags");
    }
  });
});
