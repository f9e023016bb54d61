// The outbox against the real database, and the SMTP path against a real SMTP server on loopback (smtp-server).
import type { AddressInfo } from "node:net";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing";
import { createEmailSender, enqueueEmail, listOutbox, MAX_SEND_ATTEMPTS } from "./outbox";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives and refuses recipients at `refuse.test`. */
async function smtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@refuse.test")) callback(new Error("Mailbox unavailable"));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const outboxRow = async (to: string) => {
  const [row] = await t.database.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to));
  return row;
};

describe("the outbox", () => {
  it("keeps a message a tenant transaction enqueued, newest first, by address", async () => {
    const a = await t.seedTenant();
    await t.data.inTenant(a.tenantId, (db) =>
      enqueueEmail(db, { to: "Primeira@Clinica.test", subject: "Um", text: "1" }),
    );
    await t.data.inShared((db) =>
      enqueueEmail(db, { to: "primeira@clinica.test", subject: "Dois", text: "2" }),
    );
    const seen = await t.data.inShared((db) => listOutbox(db, { to: "PRIMEIRA@clinica.test" }));
    expect(seen.map((m) => m.subject)).toEqual(["Dois", "Um"]);
    expect(seen[0]).toMatchObject({ to: "primeira@clinica.test", text: "2", html: null });
  });

  it("drops the message of a rolled-back change", async () => {
    const a = await t.seedTenant();
    await expect(
      t.data.inTenant(a.tenantId, async (db) => {
        await enqueueEmail(db, { to: "nunca@clinica.test", subject: "Convite", text: "x" });
        throw new Error("the invitation failed");
      }),
    ).rejects.toThrow("the invitation failed");
    expect(await t.data.inShared((db) => listOutbox(db, { to: "nunca@clinica.test" }))).toEqual([]);
  });
});

describe("the SMTP sender", () => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer();
  });
  afterAll(() => smtp.close());

  it("sends what is unsent, marks it sent, and keeps it in the outbox", async () => {
    await t.data.inShared((db) =>
      enqueueEmail(db, {
        to: "recebe@clinica.test",
        subject: "Você foi convidado",
        text: "Olá",
        html: "<p>Olá</p>",
      }),
    );
    const sender = createEmailSender(t.data, {
      smtpUrl: smtp.url,
      from: "Atende <nao-responda@atende.test>",
    });
    try {
      expect(await sender.deliverPending()).toBeGreaterThanOrEqual(1);
      expect(await sender.deliverPending()).toBe(0); // nothing is sent twice
    } finally {
      await sender.stop();
    }
    const mail = smtp.received.find((m) => m.to.includes("recebe@clinica.test"));
    expect(mail?.raw).toContain("From: Atende <nao-responda@atende.test>");
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?/); // the accented subject, encoded
    expect(await outboxRow("recebe@clinica.test")).toMatchObject({ error: null, attempts: 1 });
    expect((await outboxRow("recebe@clinica.test"))?.sentAt).toBeInstanceOf(Date);
    const listed = await t.data.inShared((db) => listOutbox(db, { to: "recebe@clinica.test" }));
    expect(listed).toHaveLength(1);
  });

  it("records a refused message's error, retries it, and gives up after the last attempt", async () => {
    await t.data.inShared((db) => enqueueEmail(db, { to: "ninguem@refuse.test", subject: "Oi", text: "Oi" }));
    const sender = createEmailSender(t.data, { smtpUrl: smtp.url, from: "nao-responda@atende.test" });
    try {
      await sender.deliverPending();
      const failed = await outboxRow("ninguem@refuse.test");
      expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
      expect(failed?.error).toContain("Mailbox unavailable");
      for (let i = 1; i < MAX_SEND_ATTEMPTS + 2; i++) await sender.deliverPending();
    } finally {
      await sender.stop();
    }
    expect(await outboxRow("ninguem@refuse.test")).toMatchObject({
      sentAt: null,
      attempts: MAX_SEND_ATTEMPTS,
    });
    expect(smtp.received.some((m) => m.to.includes("ninguem@refuse.test"))).toBe(false);
  });

  it("polls on its own once started", async () => {
    await t.data.inShared((db) =>
      enqueueEmail(db, { to: "sozinho@clinica.test", subject: "Oi", text: "Oi" }),
    );
    const sender = createEmailSender(t.data, { smtpUrl: smtp.url, from: "nao-responda@atende.test" });
    const errors: unknown[] = [];
    sender.start(20, (error) => errors.push(error));
    try {
      await expect
        .poll(() => smtp.received.some((m) => m.to.includes("sozinho@clinica.test")), { timeout: 5000 })
        .toBe(true);
    } finally {
      await sender.stop();
    }
    expect(errors).toEqual([]);
  });
});
