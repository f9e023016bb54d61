// Waitlist offers by a call from the agent (issue #23; docs/decisions/0057-waitlist-offer-call.md), over the real Hono
// app, the job runner and the Twilio fake, on a virtual clock: a cancellation frees a slot, the first matching wish
// gets the hold and one call through the dial gate (WAITLIST_OFFER_CALL) with machine detection; a person is connected
// to the gateway in the offer mode, and the call's agent reads and answers only its own offer: yes books the slot (the
// next wish untouched), no hands it to the next wish, who is called in turn; a machine hears the business's name and
// nothing about the service, and the hold runs on to its expiry; outside the calling window nothing is dialled until
// it opens; with WhatsApp set up and in the channel order the offer is a message, unless the patient asked for a call.
import { appRouter, createCallerFactory, verifyAgentToken } from "@atende/api";
import {
  type FakeTwilio,
  type FakeWhatsapp,
  type SeededTenant,
  startFakeTwilio,
  startFakeWhatsapp,
  type WebhookDelivery,
} from "@atende/api/testing";
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, seedOrthodonticClinic, type TestServer } from "./testing";

const PUBLIC_URL = "https://atende.test";
// A Tuesday inside the calling window; the freed slot is on Wednesday at 09:00.
const NOW = "2026-03-10T10:00:00-03:00";
const SLOT = "2026-03-11T09:00:00-03:00";

let twilio: FakeTwilio;
let whatsapp: FakeWhatsapp;
let server: TestServer;

const deliver: WebhookDelivery = (url, init) => {
  const target = new URL(url);
  return Promise.resolve(server.app.request(target.pathname + target.search, init));
};

beforeAll(async () => {
  [twilio, whatsapp] = await Promise.all([startFakeTwilio(), startFakeWhatsapp()]);
  twilio.addNumber("+551130000000");
  server = await createTestServer({
    config: {
      twilio: twilio.config,
      serverOrigin: PUBLIC_URL,
      telephonyPublicUrl: "wss://voz.atende.test",
      confirmations: { callsPerDay: 400, whatsappApiUrl: whatsapp.apiUrl, whatsappTimeoutMs: 5000 },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
  await whatsapp?.close();
});

const db = () => server.api.database.db;

async function runAt(now: string): Promise<void> {
  server.api.setNow(new Date(now));
  for (let pass = 0; pass < 6; pass++) if ((await server.jobs.runDue()) === 0) break;
}

type Who = "maria" | "joao";

interface Clinic {
  tenant: SeededTenant;
  phones: Record<"carla" | Who, string>;
  ids: Record<"carla" | Who, string>;
  /** Cancels Carla's appointment: the slot is freed (the offer job runs on the next `runAt`). */
  cancel(): Promise<void>;
  entry(who: Who): Promise<{ status: string } | undefined>;
  hold(who: Who): Promise<typeof schema.waitlistHolds.$inferSelect | undefined>;
  appointmentsOf(who: Who): Promise<{ scheduledAt: Date; status: string }[]>;
}

/**
 * A clinic with its agent, minutes, a professional working Monday to Saturday 08:00-18:00 and a 30-minute service;
 * Carla has Wednesday 09:00, and Maria then João wait for that day (oldest first). No WhatsApp unless asked.
 */
async function clinic(
  prefix: string,
  options: {
    whatsapp?: boolean;
    mariaByCall?: boolean;
    name?: string;
    /** The freed slot and the wishes' dates (Wednesday 11/03 09:00 by default). */
    slot?: string;
  } = {},
): Promise<Clinic> {
  const slot = options.slot ?? SLOT;
  const day = slot.slice(0, 10);
  server.api.setNow(new Date("2026-03-09T10:00:00-03:00"));
  const tenant = await server.api.seedTenant({ name: options.name ?? "Clínica Sorriso" });
  await tenant.api.voiceAgent.create({
    name: "Sofia",
    welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
  });
  const seeded = await seedOrthodonticClinic(server, tenant);
  if (options.whatsapp)
    await tenant.api.confirmations.setWhatsapp({
      phoneNumberId: whatsapp.phoneNumberId,
      accessToken: whatsapp.accessToken,
      appSecret: whatsapp.appSecret,
    });
  const phones = { carla: `11986${prefix}0001`, maria: `11986${prefix}0002`, joao: `11986${prefix}0003` };
  const ids = {
    carla: (await tenant.api.clients.create({ fullName: "Carla Cancela", phoneNumber: phones.carla })).id,
    maria: (await tenant.api.clients.create({ fullName: "Maria Espera", phoneNumber: phones.maria })).id,
    joao: (await tenant.api.clients.create({ fullName: "João Espera", phoneNumber: phones.joao })).id,
  };
  const booking = {
    clientId: ids.carla,
    professionalId: seeded.professionalId,
    establishmentId: seeded.establishmentId,
    scheduledAt: slot,
    offeredServices: [seeded.serviceId],
  };
  const taken = await tenant.api.appointments.create(booking);
  for (const who of ["maria", "joao"] as const)
    await tenant.api.waitlist.create({
      clientId: ids[who],
      offeredServiceId: seeded.serviceId,
      professionalId: null,
      establishmentId: null,
      fromDate: day,
      untilDate: day,
      dayPart: "ANY",
      offerByCall: who === "maria" && options.mariaByCall === true,
    });
  const entryOf = async (who: Who) =>
    (await tenant.api.waitlist.list()).find((entry) => entry.clientId === ids[who]);
  return {
    tenant,
    phones,
    ids,
    async cancel() {
      await tenant.api.appointments.update({
        id: taken.id,
        ...booking,
        observations: null,
        status: "CANCELED",
      });
    },
    entry: entryOf,
    async hold(who) {
      const entry = await entryOf(who);
      if (!entry) return undefined;
      const [hold] = await db()
        .select()
        .from(schema.waitlistHolds)
        .where(eq(schema.waitlistHolds.waitlistEntryId, entry.id));
      return hold;
    },
    appointmentsOf: (who) =>
      db()
        .select({ scheduledAt: schema.appointments.scheduledAt, status: schema.appointments.status })
        .from(schema.appointments)
        .where(
          and(eq(schema.appointments.tenantId, tenant.tenantId), eq(schema.appointments.clientId, ids[who])),
        ),
  };
}

const callsTo = (digits: string) => [...twilio.calls.values()].filter((c) => c.to === `+55${digits}`);

/** The patient's phone rings and a person answers: the gateway opens the stream and acts with the call's credential. */
async function answeredByPerson(callSid: string) {
  const answer = await twilio.answerCall(callSid, "human", deliver);
  const token = /<Parameter name="token" value="([^"]+)"\/>/.exec(answer.body)?.[1] ?? "";
  const holdId = /<Parameter name="holdId" value="([^"]+)"\/>/.exec(answer.body)?.[1] ?? "";
  const caller = createCallerFactory(appRouter);
  const opened = await caller(server.api.contextFor(null)).calls.open({
    token,
    streamSid: `MZ-${callSid}`,
    callSid,
  });
  const agent = await verifyAgentToken(opened.agentToken, server.api.config.jwtSecret, server.api.now());
  if (!agent) throw new Error("no agent credential");
  const asAgent = () => caller({ ...server.api.contextFor(null), agent });
  return { answer, holdId, callId: opened.callId, asAgent };
}

describe("a waitlist offer by a call from the agent", () => {
  it("calls the first wish once; her yes books the slot through the booking rules and the next wish is untouched", async () => {
    const c = await clinic("71");
    await c.cancel();
    await runAt(NOW);
    await runAt("2026-03-10T10:01:00-03:00");
    expect((await c.entry("maria"))?.status).toBe("OFFERED");
    const [call] = callsTo(c.phones.maria);
    expect(callsTo(c.phones.maria)).toHaveLength(1);
    expect(callsTo(c.phones.joao)).toHaveLength(0);
    expect(call).toMatchObject({ machineDetection: "Enable" });
    expect(call?.url).toMatch(/^https:\/\/atende\.test\/telephony\/twilio\/offer\?tenant=/);
    const hold = await c.hold("maria");
    expect(hold).toMatchObject({ status: "ACTIVE", sentVia: "CALL" });
    const dials = await db().select().from(schema.dials).where(eq(schema.dials.tenantId, c.tenant.tenantId));
    expect(dials).toMatchObject([
      {
        purpose: "WAITLIST_OFFER_CALL",
        toNumber: `+55${c.phones.maria}`,
        actorKind: "SYSTEM",
        outcome: "PLACED",
      },
    ]);

    const person = await answeredByPerson(call?.sid ?? "");
    expect(person.answer.body).toContain('<Parameter name="mode" value="waitlist_offer"/>');
    expect(person.holdId).toBe(hold?.id);
    const offer = await person.asAgent().waitlist.callOffer({ id: person.holdId });
    expect(offer).toMatchObject({
      open: true,
      clientId: c.ids.maria,
      offeredServiceName: "Manutenção do aparelho",
      professionalName: "Dra. Beatriz Lima",
      establishmentName: "Sede Centro",
      startsAt: SLOT,
    });
    const booked = await person.asAgent().waitlist.acceptCallOffer({ id: person.holdId });
    // A network retry of the same yes books nothing more.
    const again = await person.asAgent().waitlist.acceptCallOffer({ id: person.holdId });
    expect(again.id).toBe(booked.id);
    expect(await c.appointmentsOf("maria")).toEqual([{ scheduledAt: new Date(SLOT), status: "SCHEDULED" }]);
    expect((await c.entry("maria"))?.status).toBe("BOOKED");
    await runAt("2026-03-10T10:30:00-03:00");
    expect((await c.entry("joao"))?.status).toBe("WAITING");
    expect(callsTo(c.phones.joao)).toHaveLength(0);
    expect(callsTo(c.phones.maria)).toHaveLength(1);
    const audit = await db()
      .select({ action: schema.auditLog.action, actorEmail: schema.auditLog.actorEmail })
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.tenantId, c.tenant.tenantId),
          eq(schema.auditLog.action, "waitlist.offerAccepted"),
        ),
      );
    expect(audit).toEqual([{ action: "waitlist.offerAccepted", actorEmail: "agente (ligação)" }]);
    // The call is in the history as outbound.
    const [record] = await db()
      .select({ direction: schema.conversations.direction })
      .from(schema.conversations)
      .where(eq(schema.conversations.id, person.callId));
    expect(record).toEqual({ direction: "OUTBOUND" });
  });

  it("her 'não' hands the slot to the next wish, who gets the hold and a call of his own", async () => {
    const c = await clinic("72");
    await c.cancel();
    await runAt(NOW);
    const [call] = callsTo(c.phones.maria);
    const person = await answeredByPerson(call?.sid ?? "");
    await person.asAgent().waitlist.declineCallOffer({ id: person.holdId });
    await person.asAgent().waitlist.declineCallOffer({ id: person.holdId });
    expect((await c.entry("maria"))?.status).toBe("CANCELLED");
    await runAt("2026-03-10T10:02:00-03:00");
    expect((await c.entry("joao"))?.status).toBe("OFFERED");
    expect(await c.hold("joao")).toMatchObject({ status: "ACTIVE", sentVia: "CALL" });
    expect(callsTo(c.phones.joao)).toHaveLength(1);
    expect(callsTo(c.phones.maria)).toHaveLength(1);
    // Maria's call cannot answer João's offer (nor read it).
    const joaoHold = await c.hold("joao");
    await expect(person.asAgent().waitlist.callOffer({ id: joaoHold?.id ?? "" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Oferta da lista de espera não encontrada",
    });
    await expect(person.asAgent().waitlist.acceptCallOffer({ id: joaoHold?.id ?? "" })).rejects.toMatchObject(
      { code: "NOT_FOUND" },
    );
    expect(await c.appointmentsOf("joao")).toEqual([]);
  });

  it("a machine hears the business's name and nothing about the service; the hold runs on to its expiry", async () => {
    const c = await clinic("73", { name: "Clínica Horizonte" });
    await c.cancel();
    await runAt(NOW);
    const [call] = callsTo(c.phones.maria);
    const first = await twilio.answerCall(call?.sid ?? "", "machine_end_beep", deliver);
    const again = await twilio.answerCall(call?.sid ?? "", "machine_end_beep", deliver);
    expect(first.body).toContain("Clínica Horizonte");
    expect(first.body).toMatch(/<Say language="pt-BR">[^<]*retorne esta ligação[^<]*<\/Say><Hangup\/>/);
    for (const secret of ["Manutenção", "Beatriz", "Ortodontia", "09:00", "Maria", "Sede"])
      expect(first.body).not.toContain(secret);
    expect(again.body).toBe(first.body);
    await twilio.endCall(call?.sid ?? "", "completed", 20, deliver);
    expect(await c.hold("maria")).toMatchObject({ status: "ACTIVE", callOutcome: "MACHINE" });
    const conversations = await db()
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.tenantId, c.tenant.tenantId));
    expect(conversations).toMatchObject([
      {
        direction: "OUTBOUND",
        status: "COMPLETED",
        duration: 20,
        billedMinutes: 1,
        clientId: c.ids.maria,
        summary: expect.stringContaining("caixa postal") as unknown as string,
      },
    ]);
    // Not called again; at the expiry the next wish gets the slot and its call.
    await runAt("2026-03-10T10:10:00-03:00");
    expect(callsTo(c.phones.maria)).toHaveLength(1);
    await runAt("2026-03-10T10:15:00-03:00");
    expect((await c.entry("maria"))?.status).toBe("EXPIRED");
    expect((await c.entry("joao"))?.status).toBe("OFFERED");
    expect(callsTo(c.phones.joao)).toHaveLength(1);
  });

  it("nobody answering is noted on the hold, which runs on; the offer is called once", async () => {
    const c = await clinic("74");
    await c.cancel();
    await runAt(NOW);
    const [call] = callsTo(c.phones.maria);
    await twilio.endCall(call?.sid ?? "", "no-answer", 0, deliver);
    await runAt("2026-03-10T10:05:00-03:00");
    expect(await c.hold("maria")).toMatchObject({ status: "ACTIVE", callOutcome: "NO_ANSWER" });
    expect(callsTo(c.phones.maria)).toHaveLength(1);
    // The history shows it as an outbound call nobody answered.
    const missed = await db()
      .select({ direction: schema.conversations.direction, status: schema.conversations.status })
      .from(schema.conversations)
      .where(eq(schema.conversations.tenantId, c.tenant.tenantId));
    expect(missed).toEqual([{ direction: "OUTBOUND", status: "MISSED" }]);
    // A send job that stopped after dialling, before recording the send, runs again: nothing is dialled twice.
    const hold = await c.hold("maria");
    await db()
      .update(schema.waitlistHolds)
      .set({ sentAt: null, sentVia: null })
      .where(eq(schema.waitlistHolds.id, hold?.id ?? ""));
    await server.api.services.queue.enqueue(
      "waitlist.sendOffer",
      { tenantId: c.tenant.tenantId, holdId: hold?.id },
      { singletonKey: `again:${hold?.id}` },
    );
    await runAt("2026-03-10T10:06:00-03:00");
    expect(callsTo(c.phones.maria)).toHaveLength(1);
    expect(await c.hold("maria")).toMatchObject({ sentVia: "CALL" });
  });

  it("dials nothing outside the calling window: the slot freed at night is offered and called when it opens", async () => {
    const c = await clinic("75");
    server.api.setNow(new Date("2026-03-09T20:30:00-03:00"));
    await c.cancel();
    await runAt("2026-03-09T20:31:00-03:00");
    await runAt("2026-03-10T07:00:00-03:00");
    expect(callsTo(c.phones.maria)).toHaveLength(0);
    expect((await c.entry("maria"))?.status).toBe("WAITING");
    await runAt("2026-03-10T09:00:00-03:00");
    expect((await c.entry("maria"))?.status).toBe("OFFERED");
    expect(callsTo(c.phones.maria)).toHaveLength(1);
  });

  it("dials nothing on a national holiday: a slot freed on Sexta-feira Santa is called on Saturday at 09:00", async () => {
    const c = await clinic("79", { slot: "2026-04-06T09:00:00-03:00" });
    server.api.setNow(new Date("2026-04-03T10:00:00-03:00"));
    await c.cancel();
    await runAt("2026-04-03T10:01:00-03:00");
    await runAt("2026-04-03T15:00:00-03:00");
    expect(callsTo(c.phones.maria)).toHaveLength(0);
    expect((await c.entry("maria"))?.status).toBe("WAITING");
    await runAt("2026-04-04T09:00:00-03:00");
    expect((await c.entry("maria"))?.status).toBe("OFFERED");
    expect(callsTo(c.phones.maria)).toHaveLength(1);
  });

  it("never calls a patient who opted out: the staff answer that offer", async () => {
    const c = await clinic("76");
    await c.tenant.api.clients.optOutOfContact({ id: c.ids.maria });
    await c.cancel();
    await runAt(NOW);
    expect(await c.hold("maria")).toMatchObject({ status: "ACTIVE", sentVia: "STAFF", callId: null });
    expect(callsTo(c.phones.maria)).toHaveLength(0);
  });

  it("goes by WhatsApp when the tenant has it in its channel order, and by call when the patient asked for one", async () => {
    const messaged = await clinic("77", { whatsapp: true });
    await messaged.cancel();
    await runAt(NOW);
    expect(await messaged.hold("maria")).toMatchObject({ sentVia: "WHATSAPP" });
    expect(callsTo(messaged.phones.maria)).toHaveLength(0);

    const called = await clinic("78", { whatsapp: true, mariaByCall: true });
    await called.cancel();
    await runAt(NOW);
    expect(await called.hold("maria")).toMatchObject({ sentVia: "CALL" });
    expect(callsTo(called.phones.maria)).toHaveLength(1);
    expect(whatsapp.messages.filter((m) => m.to === `55${called.phones.maria}`)).toHaveLength(0);
  });
});
