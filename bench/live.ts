// `npm run bench -- live` (issue #24; docs/decisions/0034-live-calls.md): what watching calls live costs. (1) A write
// of a call's record (a tenant transaction inserting one message) without and with its `pg_notify`, rounds
// alternating. (2) From the start of a publishing transaction to the event at this process's listener (LISTEN), and
// (3) to the watcher's next update through the real subscription (`conversations.live`: the listener, the tenant's
// fan-out and the re-read of the calls in progress and a 40-line transcript in a tenant transaction). On PGlite and,
// when 127.0.0.1:5432 answers, on PostgreSQL. Numbers, never assertions.
import { type Actor, createServices } from "@atende/api";
import { CallEventHub, callerFor, publishCallEvent, testConfig } from "@atende/api/testing";
import { dataAccess, schema } from "@atende/db";
import {
  type BenchDatabase,
  ms,
  openPglite,
  openPostgres,
  percentile,
  postgresAnswers,
  printTable,
  seedTenant,
} from "./lib";

const ROUNDS = 10;
const PER_ROUND = 100;
const EVENTS = 200;
const TRANSCRIPT_LINES = 40;

async function benchOne(db: BenchDatabase): Promise<string[][]> {
  const data = dataAccess(db.db);
  const { tenantId, actor } = await seedTenant(db);
  const callId = crypto.randomUUID();
  await db.db.insert(schema.conversations).values({ id: callId, tenantId, status: "ACTIVE", isTest: true });
  const start = Date.now() - 3_600_000;
  await db.db.insert(schema.conversationMessages).values(
    Array.from({ length: TRANSCRIPT_LINES }, (_, i) => ({
      tenantId,
      conversationId: callId,
      sender: i % 2 ? ("CALLER" as const) : ("AGENT" as const),
      content: `Frase ${i} da conversa, com algumas palavras a mais para ter o tamanho de uma fala.`,
      timestamp: new Date(start + i * 1000),
    })),
  );
  // The writes go to a call of their own, so the watched transcript keeps its 40 lines.
  const writtenCallId = crypto.randomUUID();
  await db.db
    .insert(schema.conversations)
    .values({ id: writtenCallId, tenantId, status: "ACTIVE", isTest: true });
  const write = (notify: boolean) => () =>
    data.inTenant(tenantId, async (tx) => {
      await tx.insert(schema.conversationMessages).values({
        tenantId,
        conversationId: writtenCallId,
        sender: "SYSTEM",
        content: "Consultando horários livres…",
        timestamp: new Date(start),
      });
      if (notify) await publishCallEvent(tx, writtenCallId, "TURN");
    });
  const writes = { without: [] as number[], with: [] as number[] };
  for (let i = 0; i < 50; i++) await write(true)();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, notify] of [
      ["without", false],
      ["with", true],
    ] as const) {
      for (let i = 0; i < PER_ROUND; i++) {
        const t0 = performance.now();
        await write(notify)();
        writes[name].push(performance.now() - t0);
      }
    }
  }

  // The listener alone.
  const hub = new CallEventHub(db.listen);
  await hub.start();
  const delivered: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const arrived = new Promise<number>((resolve) =>
      hub.emitter.once(tenantId, () => resolve(performance.now())),
    );
    const t0 = performance.now();
    await data.inTenant(tenantId, (tx) => publishCallEvent(tx, callId, "TURN"));
    delivered.push((await arrived) - t0);
  }
  await hub.stop();

  // Through the subscription, as a watcher of the call's transcript receives it.
  const services = createServices(testConfig, data, { listen: db.listen });
  const now = () => new Date();
  const { ticket } = await callerFor(
    data,
    actor as Actor,
    testConfig,
    now,
    services,
  ).conversations.watchTicket({
    callId,
  });
  const controller = new AbortController();
  const stream = await callerFor(data, null, testConfig, now, services).conversations.live({
    ticket,
    callId,
  });
  const updates = stream[Symbol.asyncIterator]();
  await updates.next();
  const watched: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const t0 = performance.now();
    await data.inTenant(tenantId, (tx) => publishCallEvent(tx, callId, "TURN"));
    await updates.next();
    watched.push(performance.now() - t0);
  }
  controller.abort();
  await updates.return?.();
  await services.callEvents.stop();

  const row = (name: string, samples: number[]) => [
    `${db.label}: ${name}`,
    ms(percentile(samples, 0.5)),
    ms(percentile(samples, 0.95)),
    String(samples.length),
  ];
  return [
    row("write a message", writes.without),
    row("write a message + pg_notify", writes.with),
    row("publish → this process's LISTEN", delivered),
    row(`publish → watcher's update (re-read, ${TRANSCRIPT_LINES} lines)`, watched),
  ];
}

export async function benchLive(): Promise<void> {
  const rows: string[][] = [];
  const pglite = await openPglite();
  try {
    rows.push(...(await benchOne(pglite)));
  } finally {
    await pglite.close();
  }
  if (await postgresAnswers()) {
    const pg = await openPostgres(10);
    try {
      rows.push(...(await benchOne(pg)));
    } finally {
      await pg.close();
    }
  }
  printTable("Calls watched live (decision 0034)", ["what", "p50 ms", "p95 ms", "n"], rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLive();
