// The whole-call writer tests and the development seed use, run inside a tenant transaction (row-level security as
// app_user), then read back through the dashboard's procedures. The gateway's writes during a call are
// calls/calls.ts's (calls/calls.router.test.ts).
import type { TenantTx } from "@atende/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";
import { escapeLike, recordConversation } from "./conversations";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;

beforeAll(async () => {
  t = await createTestApi();
  [a, b] = await Promise.all([t.seedTenant(), t.seedTenant()]);
});
afterAll(() => t.close());

const as = <T>(tenant: SeededTenant, fn: (tx: TenantTx) => Promise<T>) =>
  t.data.inTenant(tenant.tenantId, fn);

describe("recordConversation", () => {
  it("keeps one conversation per call: a second record with the same callSid is a conflict", async () => {
    await as(a, (tx) => recordConversation(tx, { callSid: "CA-dup", status: "ACTIVE" }));
    await expect(
      as(a, (tx) => recordConversation(tx, { callSid: "CA-dup", status: "ACTIVE" })),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    // Another tenant may see the same sid (it is unique per tenant only).
    await expect(
      as(b, (tx) => recordConversation(tx, { callSid: "CA-dup", status: "ACTIVE" })),
    ).resolves.toMatchObject({
      id: expect.any(String),
    });
  });

  it("writes the whole record at once, deriving duration and main action", async () => {
    const startedAt = new Date("2030-08-01T16:00:00-03:00");
    const { id } = await as(b, (tx) =>
      recordConversation(tx, {
        status: "COMPLETED",
        direction: "OUTBOUND",
        startedAt,
        endedAt: new Date("2030-08-01T16:01:00-03:00"),
        messages: [{ sender: "AGENT", content: "Lembrete da sua consulta amanhã.", timestamp: startedAt }],
        actions: [
          { actionType: "APPOINTMENT_CONFIRMED", timestamp: new Date("2030-08-01T16:00:40-03:00") },
          { actionType: "REMINDER_DELIVERED", timestamp: new Date("2030-08-01T16:00:10-03:00") },
        ],
        collectedData: { confirmou: "sim" },
      }),
    );
    expect(await b.api.conversations.get({ id })).toMatchObject({
      origin: "OUTBOUND",
      duration: 60,
      actionType: "APPOINTMENT_CONFIRMED",
      statistics: { totalMessages: 1, totalActions: 2, dataPointsCollected: 1 },
      collectedData: { confirmou: "sim" },
    });
  });

  it("writes nothing when part of the record is refused", async () => {
    const before = await b.api.conversations.list({});
    // The conversation row goes in first; the database then refuses a message (text cannot hold NUL).
    await expect(
      as(b, (tx) =>
        recordConversation(tx, {
          status: "COMPLETED",
          callSid: "CA-whole",
          clientName: "Registro Parcial",
          messages: [
            { sender: "AGENT", content: "ok", timestamp: new Date() },
            { sender: "CALLER", content: "ruído\u0000", timestamp: new Date() },
          ],
        }),
      ),
    ).rejects.toThrow();
    expect(await b.api.conversations.list({})).toEqual(before);
    expect(await b.api.conversations.list({ search: "Registro Parcial" })).toEqual([]);
  });
});

describe("escapeLike", () => {
  it("escapes the LIKE wildcards and the escape character", () => {
    expect(escapeLike("10%_a\\b")).toBe("10\\%\\_a\\\\b");
    expect(escapeLike("Maria")).toBe("Maria");
  });
});
