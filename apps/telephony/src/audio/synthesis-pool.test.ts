// The synthesis pool (docs/decisions/0037-synthesis-off-the-audio-thread.md): eSpeak NG in worker threads, one cache
// in front of them, a dead worker replaced (decision 0032's rules for a sentence), the workers ended with the gateway.
// Real workers and the real WASM voice; no timed assertions (speed is bench/voice-espeak.ts's).
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGateway } from "../gateway";
import type { Voice } from "../pipeline";
import { startHarness, testGatewayOptions } from "../testing";
import { SynthesisCache } from "./synthesis-cache";
import { createSynthesisPool, defaultSynthesisWorkers, type SynthesisPool } from "./synthesis-pool";
import { createEspeakSynthesizer } from "./tts";

// eSpeak's male variant is deterministic; its female ones add random breath noise, so two runs of one sentence
// differ in their samples (never in their length).
const MALE: Voice = { voiceType: "MASCULINE", voiceTone: "FRIENDLY" };
/**
 * The workers at the test's own priority: at the product's nice 10 a worker gets ~0.5% of a core beside CI's other
 * busy threads, and six sentences outlived the 60 s timeout (a CI run's flake); the nice itself has its own test.
 */
const NO_NICE = 0;
const FEMALE: Voice = { voiceType: "FEMININE", voiceTone: "FRIENDLY" };

describe("the cache of lines already said", () => {
  it("keeps the most recently used lines within its bytes", () => {
    const cache = new SynthesisCache(300);
    cache.set("a", new Uint8Array(100));
    cache.set("b", new Uint8Array(100));
    cache.set("c", new Uint8Array(100));
    expect(cache.get("a")?.length).toBe(100); // 'a' is now the most recent
    cache.set("d", new Uint8Array(100)); // 'b' leaves
    expect(cache.get("b")).toBeUndefined();
    expect([cache.get("a"), cache.get("c"), cache.get("d")].every(Boolean)).toBe(true);
    expect(cache.bytes).toBe(300);
    cache.set("big", new Uint8Array(150)); // the two least recent ('a', 'c') leave to make room
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(100 + 150);
    expect(cache.get("d")?.length).toBe(100);
    cache.set("huge", new Uint8Array(301)); // larger than the whole cache: not kept, nothing evicted for it
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.size).toBe(2);
    expect(cache.hits).toBe(5);
  });

  it("sizes the pool to the cores less the gateway's own thread, at least one", () => {
    expect(defaultSynthesisWorkers(1)).toBe(1);
    expect(defaultSynthesisWorkers(2)).toBe(1);
    expect(defaultSynthesisWorkers(8)).toBe(7);
  });
});

describe("the synthesis pool", () => {
  let pool: SynthesisPool;
  beforeAll(async () => {
    pool = createSynthesisPool({ size: 1, cacheBytes: 8 * 2 ** 20, nice: NO_NICE });
    await pool.ready();
  });
  afterAll(() => pool.close());

  it("says a sentence in a worker exactly as eSpeak says it on the caller's thread", async () => {
    const inThread = await createEspeakSynthesizer();
    const text = "Na quarta-feira, dia 2 de dezembro, tenho às oito horas.";
    const [fromWorker, fromThread] = await Promise.all([
      pool.synthesize(text, MALE),
      inThread.synthesize(text, MALE),
    ]);
    expect(fromWorker.length).toBeGreaterThan(8000); // over a second of 8 kHz audio
    expect(Buffer.from(fromWorker).equals(Buffer.from(fromThread))).toBe(true);
    const female = await pool.synthesize("Olá! Como posso ajudar?", FEMALE);
    expect(female.length).toBe((await inThread.synthesize("Olá! Como posso ajudar?", FEMALE)).length);
  });

  it("makes a line once: said again it comes from the cache, asked twice at once it is made once", async () => {
    const before = pool.stats.synthesized;
    const hits = pool.stats.cache.hits;
    const text = "Olá! Aqui é a Sofia, da Clínica Bem Estar. Como posso ajudar?";
    const [first, second] = await Promise.all([pool.synthesize(text, MALE), pool.synthesize(text, MALE)]);
    expect(second).toBe(first);
    expect(pool.stats.synthesized).toBe(before + 1);
    expect(await pool.synthesize(text, MALE)).toBe(first);
    expect(pool.stats.cache.hits).toBe(hits + 1);
    // Another voice is another line.
    await pool.synthesize(text, { voiceType: "MASCULINE", voiceTone: "CALM" });
    expect(pool.stats.synthesized).toBe(before + 2);
  });

  it("does not make a waiting sentence nobody wants any more", async () => {
    const before = pool.stats.synthesized;
    const busy = pool.synthesize("Ficamos na Rua das Flores, cem, no Centro.", MALE);
    const reply = new AbortController();
    const dropped = pool.synthesize("Esta frase foi interrompida antes de ser feita.", MALE, reply.signal);
    reply.abort(new Error("barge-in"));
    await expect(dropped).rejects.toThrow("barge-in");
    await busy;
    await pool.synthesize("Consulta custa cento e cinquenta reais.", MALE);
    expect(pool.stats.synthesized).toBe(before + 2);
    expect(pool.stats.queued).toBe(0);
  });
});

/** Each thread of this process (by id) and its nice value, from /proc (Linux). */
function threadNice(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      out.set(tid, Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

describe.runIf(process.platform === "linux")("the workers' priority (decision 0047)", () => {
  it("each worker thread yields to the gateway's: its own nice value, the gateway's thread unchanged", async () => {
    const self = readlinkSync("/proc/thread-self").split("/").at(-1) as string;
    const niceBefore = threadNice().get(self);
    const pool = createSynthesisPool({ size: 2, cacheBytes: 2 ** 20, nice: 7 });
    try {
      await pool.ready();
      const after = threadNice();
      expect([...after.values()].filter((n) => n === 7)).toHaveLength(2);
      expect(after.get(self)).toBe(niceBefore);
      expect(niceBefore).not.toBe(7);
    } finally {
      await pool.close();
    }
    expect([...threadNice().values()].filter((n) => n === 7)).toHaveLength(0);
  });
});

describe("the pool's two priorities (decision 0037)", () => {
  it("a welcome or a reply's first sentence goes ahead of later sentences waiting for the worker", async () => {
    const pool = createSynthesisPool({ size: 1, cacheBytes: 0, nice: NO_NICE });
    try {
      await pool.ready();
      const done: string[] = [];
      const say = (text: string, priority: "first" | "later") =>
        pool.synthesize(text, MALE, undefined, priority).then(() => done.push(text));
      // The one worker is busy with the first line; three later sentences of other calls' replies wait, then a
      // welcome and another call's first sentence come.
      const all = [
        say("Primeiro, a consulta dura trinta minutos.", "later"),
        say("Depois, a doutora avalia o resultado dos exames.", "later"),
        say("Por fim, marcamos o retorno se for preciso.", "later"),
        say("E o estacionamento fica ao lado da clínica.", "later"),
        say("Olá! Aqui é a Sofia, da Clínica Bem Estar.", "first"),
        say("Claro, tenho quarta às dez.", "first"),
      ];
      expect(pool.stats.queued).toBe(5);
      await Promise.all(all);
      expect(done).toEqual([
        "Primeiro, a consulta dura trinta minutos.",
        "Olá! Aqui é a Sofia, da Clínica Bem Estar.",
        "Claro, tenho quarta às dez.",
        "Depois, a doutora avalia o resultado dos exames.",
        "Por fim, marcamos o retorno se for preciso.",
        "E o estacionamento fica ao lado da clínica.",
      ]);
    } finally {
      await pool.close();
    }
  });

  it("a later sentence asked for again as someone's first moves up", async () => {
    const pool = createSynthesisPool({ size: 1, cacheBytes: 0, nice: NO_NICE });
    try {
      await pool.ready();
      const done: string[] = [];
      const say = (text: string, priority: "first" | "later") =>
        pool.synthesize(text, MALE, undefined, priority).then(() => done.push(`${text} ${priority}`));
      const all = [
        say("Um momento, por favor.", "later"),
        say("Vou verificar a agenda.", "later"),
        say("Tudo certo por aqui.", "later"),
        say("Tudo certo por aqui.", "first"),
      ];
      await Promise.all(all);
      expect(done.slice(0, 3)).toEqual([
        "Um momento, por favor. later",
        "Tudo certo por aqui. later",
        "Tudo certo por aqui. first",
      ]);
      expect(pool.stats.synthesized).toBe(3);
    } finally {
      await pool.close();
    }
  });
});

describe("a synthesis worker that dies", () => {
  it("is replaced and its sentence tried again on the new worker", async () => {
    const pool = createSynthesisPool({
      size: 1,
      cacheBytes: 2 ** 20,
      crashOn: { text: "quebra", attempts: 1 },
      nice: NO_NICE,
    });
    try {
      const audio = await pool.synthesize("Esta frase quebra o primeiro worker.", MALE);
      expect(audio.length).toBeGreaterThan(0);
      expect(pool.stats.crashes).toBe(1);
      expect(pool.workers).toBe(1);
      expect(await pool.synthesize("E a seguinte é dita normalmente.", MALE)).toBeInstanceOf(Uint8Array);
    } finally {
      await pool.close();
    }
  });

  it("twice on one sentence: that sentence fails (the session skips it) and the next is said", async () => {
    const pool = createSynthesisPool({
      size: 1,
      cacheBytes: 2 ** 20,
      crashOn: { text: "quebra", attempts: 2 },
      nice: NO_NICE,
    });
    try {
      await expect(pool.synthesize("Esta frase quebra os dois workers.", MALE)).rejects.toThrow(
        "died 2 times on this sentence",
      );
      expect(pool.stats.crashes).toBe(2);
      expect((await pool.synthesize("A próxima frase é dita.", MALE)).length).toBeGreaterThan(0);
      expect(pool.workers).toBe(1);
    } finally {
      await pool.close();
    }
  });
});

describe("the pool and the gateway", () => {
  it("a call hears its welcome made in a worker", async () => {
    const pool = createSynthesisPool({ size: 1, cacheBytes: 2 ** 20, nice: NO_NICE });
    const harness = await startHarness({ synthesizer: pool });
    try {
      const call = await harness.call(await harness.clinic());
      expect(await call.nextTurn(180_000)).toBe(
        "Olá! Aqui é a Sofia, da Clínica Bem Estar. Como posso ajudar?",
      );
      // The welcome's three sentences, each the voice's own audio (over a second of 20 ms frames in all).
      expect(call.count("media")).toBeGreaterThan(50);
      expect(pool.stats.synthesized).toBe(3);
      call.hangUp();
    } finally {
      await harness.close();
    }
    // The harness closes its gateway, and with it the pool.
    expect(pool.workers).toBe(0);
    await expect(pool.synthesize("Depois do fim.", MALE)).rejects.toThrow("closed");
  }, 240_000);

  it("ends the workers when the gateway drains", async () => {
    const pool = createSynthesisPool({ size: 2, cacheBytes: 2 ** 20, nice: NO_NICE });
    await pool.ready();
    expect(pool.workers).toBe(2);
    const gateway = await startGateway(
      testGatewayOptions({
        trpcUrl: "http://127.0.0.1:9/trpc",
        recordingsDir: mkdtempSync(join(tmpdir(), "atende-pool-")),
        synthesizer: pool,
      }),
    );
    expect(await gateway.drain(1_000)).toEqual({ cut: 0 });
    expect(pool.workers).toBe(0);
    await expect(pool.synthesize("Depois do fim.", MALE)).rejects.toThrow("closed");
  });
});
