// The evaluation runner's own test (docs/decisions/0038-evaluation-runner.md): the product started as `npm start`
// starts it (the server and the gateway processes, PGlite in a temporary folder, the test clock), the smoke set's calls
// placed through `POST /voice-agent/browser-call` and the gateway's websocket, and the judge's verdicts checked — a
// done task passes, and the same call judged against a deliberately wrong expectation (another hour, a price never
// said) fails, so the judge cannot pass everything. Not the development or the held-out set (bench/eval/dev/, bench/eval/blind/), which are no CI test.

import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallResult, runCalls } from "./runner";
import { type Product, startProduct } from "./server";
import { SMOKE_CALLS, SMOKE_FIXTURES } from "./smoke/calls";
import type { EvalCall } from "./types";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const byId = (id: string) => {
  const call = SMOKE_CALLS.find((c) => c.id === id);
  if (!call) throw new Error(`no smoke call ${id}`);
  return call;
};

/** The booking call, expected at 11:00 although the caller asks for 10:00. */
const wrongHour: EvalCall = {
  ...byId("smoke-book"),
  id: "smoke-book-wrong-hour",
  expect: {
    ...byId("smoke-book").expect,
    book: [{ services: ["consulta"], day: "2030-06-04", at: "11:00" }],
  },
};
/** The price call, expected to say its price and also one the clinic does not charge. */
const wrongFact: EvalCall = {
  ...byId("smoke-price"),
  id: "smoke-price-wrong-fact",
  expect: {
    says: [...(byId("smoke-price").expect.says ?? []), { re: /\b350\b/, what: "R$ 350 (wrong on purpose)" }],
  },
};

let product: Product;
let results: Map<string, CallResult>;

beforeAll(async () => {
  product = await startProduct({
    port: await freePort(),
    telephonyPort: await freePort(),
    engine: "offline",
    viaStartScript: false,
  });
  const calls = [byId("smoke-book"), byId("smoke-cancel"), wrongHour, wrongFact];
  const list = await runCalls({
    baseUrl: product.baseUrl,
    gatewayUrl: product.gatewayUrl,
    fixtures: SMOKE_FIXTURES,
    calls,
    concurrency: calls.length,
  });
  results = new Map(list.map((r) => [r.call.id, r]));
}, 900_000);

afterAll(async () => {
  await product?.stop();
}, 60_000);

const resultOf = (id: string) => {
  const result = results.get(id);
  if (!result) throw new Error(`no result for ${id}`);
  if (result.error) throw new Error(`${id} was not run: ${result.error}`);
  return result;
};

describe("the evaluation runner through the real gateway", () => {
  it("judges a booking done as the caller asked: the appointment at 10:00, no wrong write, no silent turn", () => {
    const { verdict, played } = resultOf("smoke-book");
    expect(verdict.misses).toEqual([]);
    expect(verdict.wrongWrites).toEqual([]);
    expect(verdict.task).toBe(true);
    expect(verdict.silentTurns).toBe(0);
    expect(played.log.some((h) => h.kind === "agent" && /Como posso ajudar/.test(h.text))).toBe(true);
  });

  it("judges a known caller's cancellation from the database", () => {
    const { verdict } = resultOf("smoke-cancel");
    expect(verdict.misses).toEqual([]);
    expect(verdict.task).toBe(true);
    expect(verdict.wrongWrites).toEqual([]);
  });

  it("fails the same booking against an expectation of another hour, and calls the 10:00 booking a wrong write", () => {
    const { verdict } = resultOf("smoke-book-wrong-hour");
    expect(verdict.task).toBe(false);
    expect(verdict.misses).toContain("not booked: consulta 2030-06-04 11:00");
    expect(verdict.wrongWrites).toEqual([
      expect.stringMatching(/^booked Consulta 2030-06-04 10:00 for Marina Costa/),
    ]);
  });

  it("finds a fact said (the price) and misses one never said", () => {
    const { verdict } = resultOf("smoke-price-wrong-fact");
    expect(verdict.facts).toEqual([
      { what: "R$ 200", said: true },
      { what: "R$ 350 (wrong on purpose)", said: false },
    ]);
    expect(verdict.task).toBe(true);
  });
});
