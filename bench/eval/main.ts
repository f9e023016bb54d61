// `npm run eval`: places the held-out calls (or the smoke set) through the real gateway and judges them
// (docs/decisions/0038-evaluation-runner.md; bench/eval/README.md).
//
//   npm run eval                               the product started here as `npm start` runs it, offline engine
//   npm run eval -- --engine claude            the same calls through the Claude engine (needs ANTHROPIC_API_KEY)
//   npm run eval -- --url http://localhost:3000  a product already running (its gateway from the ticket's url)
//   npm run eval -- --only pet-03,HOSPITAL,asr  calls by id, kind or style
//   npm run eval -- --json results.json --transcripts --concurrency 6 --set smoke
//   npm run eval -- --no-build                 the server and the gateway without building the web app first
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { parseArgs } from "node:util";
import { BLIND_CALLS } from "./blind/calls";
import { BLIND_FIXTURES } from "./blind/fixtures";
import { DEV_CALLS } from "./dev/calls";
import { DEV_FIXTURES } from "./dev/fixtures";
import { CALL_HEADER, callLine, setsOf, totalsTable } from "./report";
import { type CallResult, runCalls } from "./runner";
import { type Product, startProduct } from "./server";
import { SMOKE_CALLS, SMOKE_FIXTURES } from "./smoke/calls";
import type { EvalCall } from "./types";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    "gateway-url": { type: "string" },
    engine: { type: "string", default: "offline" },
    only: { type: "string" },
    json: { type: "string" },
    set: { type: "string", default: "dev" },
    concurrency: { type: "string", default: "6" },
    port: { type: "string" },
    "telephony-port": { type: "string" },
    transcripts: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
  },
});

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

/** `--only a,b`: a call's id, its kind (HOSPITAL) or its style (written, asr). */
export function selectCalls(calls: EvalCall[], only: string | undefined): EvalCall[] {
  if (!only) return calls;
  const wanted = only
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return calls.filter((c) => wanted.some((w) => w === c.id || w.toUpperCase() === c.kind || w === c.style));
}

function transcript(result: CallResult): string {
  return result.played.log
    .filter((h) => h.kind !== "state")
    .map((h) =>
      h.kind === "agent"
        ? `    agente: ${h.text}`
        : `  ${h.kind === "caller" && h.bargeIn ? "↯" : " "} caller: ${h.text}`,
    )
    .join("\n");
}

async function main() {
  const engine = values.engine === "claude" ? "claude" : "offline";
  if (values.engine !== "offline" && values.engine !== "claude") throw new Error("--engine offline | claude");
  const sets = {
    dev: { calls: DEV_CALLS, fixtures: DEV_FIXTURES },
    blind: { calls: BLIND_CALLS, fixtures: BLIND_FIXTURES },
    smoke: { calls: SMOKE_CALLS, fixtures: SMOKE_FIXTURES },
  };
  const set = values.set ?? "dev";
  if (set !== "dev" && set !== "blind" && set !== "smoke") throw new Error("--set dev | blind | smoke");
  const calls = selectCalls(sets[set].calls, values.only);
  if (calls.length === 0) throw new Error(`no call matches --only ${values.only}`);
  const fixtures = sets[set].fixtures;

  let product: Product | null = null;
  let baseUrl = values.url?.replace(/\/+$/, "");
  let gatewayUrl = values["gateway-url"];
  if (!baseUrl) {
    const port = Number(values.port ?? (await freePort()));
    const telephonyPort = Number(values["telephony-port"] ?? (await freePort()));
    console.log(
      `starting the product (npm start) on :${port} and the gateway on :${telephonyPort}, ${engine} engine…`,
    );
    product = await startProduct({ port, telephonyPort, engine, viaStartScript: !values["no-build"] });
    baseUrl = product.baseUrl;
    gatewayUrl ??= product.gatewayUrl;
  } else if (values.engine === "claude") {
    console.log(
      "note: with --url the engine is the running gateway's own choice (Claude when its ANTHROPIC_API_KEY is set).",
    );
  }
  const stopProduct = async () => {
    const p = product;
    product = null;
    await p?.stop();
  };
  process.once("SIGINT", () => void stopProduct().then(() => process.exit(130)));

  console.log(`${calls.length} calls of the ${set} set against ${baseUrl}\n`);
  console.log(CALL_HEADER);
  const t0 = Date.now();
  try {
    const results = await runCalls({
      baseUrl,
      gatewayUrl,
      fixtures,
      calls,
      concurrency: Number(values.concurrency),
      onResult: (r) => console.log(callLine(r)),
    });
    console.log(`\n${CALL_HEADER}`);
    for (const r of results) console.log(callLine(r));
    const totals = setsOf(results);
    console.log(`\n${totalsTable(totals)}\n`);
    for (const t of totals)
      if (t.set !== "all") console.log(`failing (${t.set}): ${t.failing.join(", ") || "none"}`);
    console.log(
      `\n${Math.round((Date.now() - t0) / 1000)} s, engine: ${product || !values.url ? engine : "the server's"}`,
    );
    if (values.transcripts) {
      for (const r of results.filter((x) => !x.verdict.task || x.verdict.facts.some((f) => !f.said))) {
        console.log(`\n── ${r.call.id} (${r.call.about})\n${transcript(r)}`);
      }
    }
    if (values.json) {
      writeFileSync(
        values.json,
        JSON.stringify(
          {
            set,
            engine: values.url ? "server" : engine,
            at: new Date().toISOString(),
            totals,
            calls: results.map((r) => ({
              id: r.call.id,
              kind: r.call.kind,
              style: r.call.style,
              about: r.call.about,
              ...r.verdict,
              error: r.error,
              seconds: r.seconds,
              callerTurns: r.played.callerTurns,
              ended: r.played.ended,
              transcript: r.played.log.filter((h) => h.kind !== "state"),
            })),
          },
          null,
          2,
        ),
      );
      console.log(`results written to ${values.json}`);
    }
  } finally {
    await stopProduct();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
