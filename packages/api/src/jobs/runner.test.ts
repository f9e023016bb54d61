// The job queue (docs/decisions/0023-billing.md) on a real database: due jobs run once, a failing job is retried with
// backoff and then given up, a singleton key keeps one pending job, a claimed job is not run twice by two runners at
// once, and finished jobs are purged after a week.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing";
import { type JobPayload, JobRunner } from "./runner";

let api: TestApi;
let clock = new Date("2030-01-01T12:00:00Z");
const now = () => clock;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

function runner(handlers: Record<string, (payload: JobPayload) => Promise<void>>) {
  return new JobRunner({ data: api.data, handlers, pollMs: 1000, now });
}

const jobsNamed = (name: string) =>
  api.database.db.select().from(schema.jobs).where(eq(schema.jobs.name, name));

describe("the job runner", () => {
  it("runs a due job once, not one scheduled later, and keeps one pending job per singleton key", async () => {
    const seen: JobPayload[] = [];
    const jobs = runner({ "test.once": async (payload) => void seen.push(payload) });
    await jobs.enqueue("test.once", { n: 1 }, { singletonKey: "once" });
    await jobs.enqueue("test.once", { n: 2 }, { singletonKey: "once" });
    await jobs.enqueue("test.once", { n: 3 }, { runAt: new Date(clock.getTime() + 60_000) });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    clock = new Date(clock.getTime() + 60_000);
    await jobs.runDue();
    expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
    // Done, the key is free again.
    await jobs.enqueue("test.once", { n: 4 }, { singletonKey: "once" });
    await jobs.runDue();
    expect(seen.map((p) => p.n)).toEqual([1, 3, 4]);
  });

  it("retries a failing job with growing waits, then gives up after its attempts", async () => {
    let calls = 0;
    const jobs = runner({
      "test.flaky": async () => {
        calls++;
        throw new Error(`failure ${calls}`);
      },
    });
    await jobs.enqueue("test.flaky", {}, { maxAttempts: 3 });
    await jobs.runDue();
    expect(calls).toBe(1);
    await jobs.runDue();
    expect(calls).toBe(1); // not yet: the first retry waits 15 s
    clock = new Date(clock.getTime() + 15_000);
    await jobs.runDue();
    expect(calls).toBe(2);
    clock = new Date(clock.getTime() + 15_000);
    await jobs.runDue();
    expect(calls).toBe(2); // the second waits 30 s
    clock = new Date(clock.getTime() + 15_000);
    await jobs.runDue();
    expect(calls).toBe(3);
    clock = new Date(clock.getTime() + 3_600_000);
    await jobs.runDue();
    expect(calls).toBe(3);
    const [job] = await jobsNamed("test.flaky");
    expect(job).toMatchObject({ attempts: 3, lastError: "failure 3" });
    expect(job?.failedAt).not.toBeNull();
  });

  it("lets two runners share the queue without running a job twice", async () => {
    const ran: number[] = [];
    const handler = async (payload: JobPayload) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(Number(payload.n));
    };
    const a = runner({ "test.shared": handler });
    const b = runner({ "test.shared": handler });
    for (let n = 0; n < 20; n++) await a.enqueue("test.shared", { n });
    await Promise.all([a.runDue(), b.runDue()]);
    expect([...ran].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it("deletes finished jobs a week later", async () => {
    const jobs = runner({ "test.old": async () => {} });
    await jobs.enqueue("test.old");
    await jobs.runDue();
    expect(await jobsNamed("test.old")).toHaveLength(1);
    clock = new Date(clock.getTime() + 8 * 86_400_000);
    await runner({}).runDue();
    expect(await jobsNamed("test.old")).toHaveLength(0);
  });
});
