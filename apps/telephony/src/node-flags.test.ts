// The gateway's Node flags (apps/telephony/node-flags.json, decision 0047) are the ones every way of starting it
// uses: `npm start` and `npm run start:prod` read the file, the image sets the same in NODE_OPTIONS.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const flags = JSON.parse(read("apps/telephony/node-flags.json")) as string[];

describe("the gateway's Node flags", () => {
  it("size the young generation, and are valid in NODE_OPTIONS", () => {
    expect(flags.some((f) => /^--max-semi-space-size=\d+$/.test(f))).toBe(true);
  });

  it("are the image's NODE_OPTIONS", () => {
    const line = read("apps/telephony/Dockerfile")
      .split("\n")
      .find((l) => l.startsWith("ENV NODE_OPTIONS="));
    expect(line).toBe(`ENV NODE_OPTIONS="${flags.join(" ")}"`);
  });

  it("are read by npm start and npm run start:prod for the gateway", () => {
    for (const script of ["scripts/start.mjs", "scripts/start-prod.mjs"]) {
      expect(read(script)).toContain('"apps/telephony/node-flags.json"');
      expect(read(script)).toContain("gatewayFlags");
    }
  });
});
