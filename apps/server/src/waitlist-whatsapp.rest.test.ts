// Waitlist offers by WhatsApp (issue #23 part 4; docs/decisions/0046-waitlist.md), over the real Hono app, the job
// runner and the WhatsApp Cloud API fake, on a virtual clock: a cancellation frees a slot, the first matching wish's
// patient gets one interactive message with 'Aceitar' / 'Recusar' (sent once however often the jobs run); 'Aceitar'
// from her own number books the slot and reads it back, from another number it does nothing; 'Recusar' hands the slot
// to the next wish; an offer that ran out answers sorry and books nothing; without WhatsApp the staff answer it; a
// confirmation's 'Cancelar' by WhatsApp frees its slot for the first wish.
import {
  type FakeWhatsapp,
  type SeededTenant,
  startFakeWhatsapp,
  type WebhookDelivery,
} from "@atende/api/testing";
import { schema } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, seedOrthodonticClinic, type TestServer } from "./testing";

const PUBLIC_URL = "https://atende.test";
// A Tuesday inside the contact window; the freed slot is on Wednesday at 09:00.
const NOW = new Date("2026-03-10T10:00:00-03:00");
const SLOT = "2026-03-11T09:00:00-03:00";

let whatsapp: FakeWhatsapp;
let server: TestServer;

const deliver: WebhookDelivery = (url, init) => {
  const target = new URL(url);
  return Promise.resolve(server.app.request(target.pathname + target.search, init));
};

beforeAll(async () => {
  whatsapp = await startFakeWhatsapp();
  server = await createTestServer({
    config: {
      serverOrigin: PUBLIC_URL,
      confirmations: { callsPerDay: 400, whatsappApiUrl: whatsapp.apiUrl, whatsappTimeoutMs: 5000 },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await whatsapp?.close();
});

async function runJobs(): Promise<void> {
  for (let pass = 0; pass < 5; pass++) if ((await server.jobs.runDue()) === 0) break;
}

interface Clinic {
  tenant: SeededTenant;
  webhook: string;
  /** Patients by name, each with their own phone (digits, DDD first). */
  ids: Record<"carla" | "maria" | "joao", string>;
  phones: Record<"carla" | "maria" | "joao", string>;
  status(who: "maria" | "joao"): Promise<string | undefined>;
  holdOf(who: "maria" | "joao"): Promise<{ id: string; sentVia: string | null } | undefined>;
  appointmentsOf(who: "maria" | "joao"): Promise<{ scheduledAt: Date; status: string }[]>;
}

/** A clinic with minutes, one professional working Monday to Saturday 08:00-18:00, a 30-minute service; Carla
 * cancels her Wednesday 09:00, and Maria then João wait for that day (oldest first). */
async function clinicWithFreedSlot(options: { whatsapp: boolean; prefix: string }): Promise<Clinic> {
  server.api.setNow(NOW);
  const tenant = await server.api.seedTenant({ name: "Clínica Sorriso" });
  const seeded = await seedOrthodonticClinic(server, tenant);
  if (options.whatsapp)
    await tenant.api.confirmations.setWhatsapp({
      phoneNumberId: whatsapp.phoneNumberId,
      accessToken: whatsapp.accessToken,
      appSecret: whatsapp.appSecret,
    });
  const phones = {
    carla: `11987${options.prefix}0001`,
    maria: `11987${options.prefix}0002`,
    joao: `11987${options.prefix}0003`,
  };
  const ids = {
    carla: (await tenant.api.clients.create({ fullName: "Carla Cancela", phoneNumber: phones.carla })).id,
    maria: (await tenant.api.clients.create({ fullName: "Maria Espera", phoneNumber: phones.maria })).id,
    joao: (await tenant.api.clients.create({ fullName: "João Espera", phoneNumber: phones.joao })).id,
  };
  const taken = await tenant.api.appointments.create({
    clientId: ids.carla,
    professionalId: seeded.professionalId,
    establishmentId: seeded.establishmentId,
    scheduledAt: SLOT,
    offeredServices: [seeded.serviceId],
  });
  for (const who of ["maria", "joao"] as const)
    await tenant.api.waitlist.create({
      clientId: ids[who],
      offeredServiceId: seeded.serviceId,
      professionalId: null,
      establishmentId: null,
      fromDate: "2026-03-11",
      untilDate: "2026-03-13",
      dayPart: "ANY",
    });
  await tenant.api.appointments.update({
    id: taken.id,
    clientId: ids.carla,
    professionalId: seeded.professionalId,
    establishmentId: seeded.establishmentId,
    scheduledAt: SLOT,
    offeredServices: [seeded.serviceId],
    observations: null,
    status: "CANCELED",
  });
  const entryOf = async (who: "maria" | "joao") =>
    (await tenant.api.waitlist.list()).find((entry) => entry.clientId === ids[who]);
  return {
    tenant,
    webhook: `${PUBLIC_URL}/webhooks/whatsapp/${tenant.tenantId}`,
    ids,
    phones,
    status: async (who) => (await entryOf(who))?.status,
    async holdOf(who) {
      const entry = await entryOf(who);
      if (!entry) return undefined;
      const [hold] = await server.api.database.db
        .select({ id: schema.waitlistHolds.id, sentVia: schema.waitlistHolds.sentVia })
        .from(schema.waitlistHolds)
        .where(eq(schema.waitlistHolds.waitlistEntryId, entry.id));
      return hold;
    },
    appointmentsOf: (who) =>
      server.api.database.db
        .select({ scheduledAt: schema.appointments.scheduledAt, status: schema.appointments.status })
        .from(schema.appointments)
        .where(
          and(eq(schema.appointments.tenantId, tenant.tenantId), eq(schema.appointments.clientId, ids[who])),
        ),
  };
}

const offersTo = (phone: string) =>
  whatsapp.messages.filter((m) => m.to === `55${phone}` && m.type === "interactive");
const textsTo = (phone: string) =>
  whatsapp.messages
    .filter((m) => m.to === `55${phone}` && m.type === "text")
    .map((m) => (m.body.text as { body: string }).body);

interface ButtonsMessage {
  interactive: {
    type: string;
    body: { text: string };
    action: { buttons: { type: string; reply: { id: string; title: string } }[] };
  };
}

describe("a waitlist offer by WhatsApp", () => {
  it("goes once as a message with 'Aceitar' / 'Recusar'; 'Aceitar' from another number does nothing, hers books", async () => {
    const c = await clinicWithFreedSlot({ whatsapp: true, prefix: "71" });
    await runJobs();
    await runJobs();
    expect(await c.status("maria")).toBe("OFFERED");
    const hold = await c.holdOf("maria");
    expect(hold?.sentVia).toBe("WHATSAPP");
    const sent = offersTo(c.phones.maria);
    expect(sent).toHaveLength(1);
    const message = sent[0]?.body as unknown as ButtonsMessage;
    expect(message.interactive.type).toBe("button");
    expect(message.interactive.body.text).toBe(
      "Olá, Maria! Vagou um horário da sua lista de espera: Manutenção do aparelho com Dra. Beatriz Lima, em Sede " +
        "Centro, qua 11/03 às 09:00. Reservamos para você até 10:15. Quer agendar?",
    );
    expect(message.interactive.action.buttons.map((b) => b.reply)).toEqual([
      { id: `ACEITAR:${hold?.id}`, title: "Aceitar" },
      { id: `RECUSAR:${hold?.id}`, title: "Recusar" },
    ]);
    expect(offersTo(c.phones.joao)).toHaveLength(0);

    // Someone else's number taps the button (a forwarded message): nothing changes, nothing is answered.
    const stranger = await whatsapp.reply(
      c.webhook,
      { from: `55${c.phones.joao}`, buttonReplyId: `ACEITAR:${hold?.id}` },
      { deliver },
    );
    expect(stranger.status).toBe(200);
    expect(await c.status("maria")).toBe("OFFERED");
    expect(await c.appointmentsOf("joao")).toEqual([]);
    expect(await c.appointmentsOf("maria")).toEqual([]);
    expect(textsTo(c.phones.joao)).toEqual([]);

    server.api.setNow(new Date("2026-03-10T10:05:00-03:00"));
    const accepted = await whatsapp.reply(
      c.webhook,
      { from: `55${c.phones.maria}`, buttonReplyId: `ACEITAR:${hold?.id}` },
      { deliver },
    );
    expect(accepted.status).toBe(200);
    expect(await c.appointmentsOf("maria")).toEqual([{ scheduledAt: new Date(SLOT), status: "SCHEDULED" }]);
    expect(await c.status("maria")).toBe("BOOKED");
    expect(textsTo(c.phones.maria)).toEqual([
      "Pronto! Manutenção do aparelho com Dra. Beatriz Lima agendado para 11/03 às 09:00, em Sede Centro.",
    ]);
    // Tapped again (Meta retries, or a second tap): no second booking, an apology.
    await whatsapp.reply(
      c.webhook,
      { from: `55${c.phones.maria}`, buttonReplyId: `ACEITAR:${hold?.id}` },
      { deliver },
    );
    expect(await c.appointmentsOf("maria")).toHaveLength(1);
    expect(textsTo(c.phones.maria)[1]).toMatch(/^Desculpe, este horário não está mais disponível/);
    await runJobs();
    expect(offersTo(c.phones.maria)).toHaveLength(1);
    expect(offersTo(c.phones.joao)).toHaveLength(0);
  });

  it("'Recusar' thanks the patient and offers the slot to the next wish", async () => {
    const c = await clinicWithFreedSlot({ whatsapp: true, prefix: "72" });
    await runJobs();
    const hold = await c.holdOf("maria");
    const declined = await whatsapp.reply(
      c.webhook,
      { from: `55${c.phones.maria}`, buttonReplyId: `RECUSAR:${hold?.id}` },
      { deliver },
    );
    expect(declined.status).toBe(200);
    expect(textsTo(c.phones.maria)).toEqual([
      "Tudo bem, obrigado por avisar! O horário vai para a próxima pessoa da lista.",
    ]);
    expect(await c.status("maria")).toBe("CANCELLED");
    expect(await c.appointmentsOf("maria")).toEqual([]);
    await runJobs();
    expect(await c.status("joao")).toBe("OFFERED");
    const next = await c.holdOf("joao");
    expect(next?.sentVia).toBe("WHATSAPP");
    expect(offersTo(c.phones.joao)).toHaveLength(1);
  });

  it("answers sorry to an offer that ran out, and books nothing", async () => {
    const c = await clinicWithFreedSlot({ whatsapp: true, prefix: "73" });
    await runJobs();
    const hold = await c.holdOf("maria");
    server.api.setNow(new Date("2026-03-10T10:16:00-03:00"));
    const late = await whatsapp.reply(
      c.webhook,
      { from: `55${c.phones.maria}`, buttonReplyId: `ACEITAR:${hold?.id}` },
      { deliver },
    );
    expect(late.status).toBe(200);
    expect(await c.appointmentsOf("maria")).toEqual([]);
    expect(textsTo(c.phones.maria)).toEqual([
      "Desculpe, este horário não está mais disponível: a reserva expirou ou já foi respondida.",
    ]);
  });

  it("without WhatsApp, or for a patient who opted out, is left to the staff and nothing is sent", async () => {
    const plain = await clinicWithFreedSlot({ whatsapp: false, prefix: "74" });
    await runJobs();
    expect((await plain.holdOf("maria"))?.sentVia).toBe("STAFF");
    expect(offersTo(plain.phones.maria)).toHaveLength(0);

    const c = await clinicWithFreedSlot({ whatsapp: true, prefix: "75" });
    const optOut = await server.request("PUT", `/clients/${c.ids.maria}/contact-opt-out`, {
      as: c.tenant.actor,
      body: {},
    });
    expect(optOut.status).toBe(200);
    await runJobs();
    expect(await c.status("maria")).toBe("OFFERED");
    expect((await c.holdOf("maria"))?.sentVia).toBe("STAFF");
    expect(offersTo(c.phones.maria)).toHaveLength(0);
  });
});

describe("a confirmation's 'Cancelar' by WhatsApp", () => {
  it("frees the slot for the first wish: its patient accepts the offer by WhatsApp and is booked", async () => {
    server.api.setNow(NOW);
    const tenant = await server.api.seedTenant({ name: "Clínica Vaga" });
    const seeded = await seedOrthodonticClinic(server, tenant);
    await tenant.api.confirmations.setWhatsapp({
      phoneNumberId: whatsapp.phoneNumberId,
      accessToken: whatsapp.accessToken,
      appSecret: whatsapp.appSecret,
    });
    const thursday = "2026-03-12T10:00:00-03:00";
    const carla = await tenant.api.clients.create({ fullName: "Carla Desiste", phoneNumber: "11987440001" });
    const maria = await tenant.api.clients.create({ fullName: "Maria Aguarda", phoneNumber: "11987440002" });
    const appointment = await tenant.api.appointments.create({
      clientId: carla.id,
      professionalId: seeded.professionalId,
      establishmentId: seeded.establishmentId,
      scheduledAt: thursday,
      offeredServices: [seeded.serviceId],
    });
    await tenant.api.waitlist.create({
      clientId: maria.id,
      offeredServiceId: seeded.serviceId,
      professionalId: null,
      establishmentId: null,
      fromDate: "2026-03-12",
      untilDate: "2026-03-12",
      dayPart: "ANY",
    });
    // The template went out to Carla (the sweep's send, written as it leaves it).
    const [send] = await server.api.database.db
      .insert(schema.confirmationSends)
      .values({
        tenantId: tenant.tenantId,
        appointmentId: appointment.id,
        channel: "WHATSAPP",
        forDate: "2026-03-12",
        status: "SENT",
        attempts: 1,
        lastAttemptAt: NOW,
      })
      .returning();
    const webhook = `${PUBLIC_URL}/webhooks/whatsapp/${tenant.tenantId}`;
    const cancelled = await whatsapp.reply(
      webhook,
      { from: "5511987440001", payload: `CANCELAR:${send?.id}` },
      { deliver },
    );
    expect(cancelled.status).toBe(200);
    await runJobs();
    const [offer] = offersTo("11987440002");
    expect(JSON.stringify(offer?.body)).toContain("qui 12/03 às 10:00");
    const [hold] = await server.api.database.db
      .select({ id: schema.waitlistHolds.id })
      .from(schema.waitlistHolds)
      .where(eq(schema.waitlistHolds.tenantId, tenant.tenantId));
    await whatsapp.reply(
      webhook,
      { from: "5511987440002", buttonReplyId: `ACEITAR:${hold?.id}` },
      { deliver },
    );
    const booked = await server.api.database.db
      .select({ scheduledAt: schema.appointments.scheduledAt, status: schema.appointments.status })
      .from(schema.appointments)
      .where(
        and(eq(schema.appointments.tenantId, tenant.tenantId), eq(schema.appointments.clientId, maria.id)),
      );
    expect(booked).toEqual([{ scheduledAt: new Date(thursday), status: "SCHEDULED" }]);
  });
});
