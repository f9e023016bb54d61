// Appointment confirmations (issue #23; docs/decisions/0050-confirmations.md): a simulated week for one clinic, and the
// time the jobs take for a clinic's day. Everything real but the patients: the Hono app, the job runner on a virtual
// clock, PGlite, the Twilio fake and the WhatsApp Cloud API fake. The patients follow a seeded random model (stated in
// the output: it is an assumption, not a measurement), and the conversation of a call a person answers is the
// confirmation call's dialog, built apart: such calls count as reached, with no outcome of their own here.
// `npm run confirmations -w @atende/bench` (or `npm run bench -- confirmations`).
import {
  insertAppointment,
  startFakeTwilio,
  startFakeWhatsapp,
  type WebhookDelivery,
} from "@atende/api/testing";
import { schema } from "@atende/db";
import { and, eq, gte, lt } from "@atende/db/orm";
import { createTestServer } from "@atende/server/testing";
import { addDays, isoWeekday } from "@atende/shared/time";
import { printTable } from "./lib";

/** A seeded generator (mulberry32), so a run can be repeated. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The patients' model: what they do with a WhatsApp message, a call, and on the day. */
export const MODEL = {
  whatsapp: { confirm: 0.58, cancel: 0.06, reschedule: 0.06, stop: 0.02 },
  call: { human: 0.55, machine: 0.25 },
  noShow: { before: 0.2, confirmed: 0.05, unconfirmed: 0.18 },
} as const;
const PER_DAY = 30;
const SEED = 23;

export async function benchConfirmations(): Promise<void> {
  const rand = random(SEED);
  const [twilio, whatsapp] = await Promise.all([startFakeTwilio(), startFakeWhatsapp()]);
  twilio.addNumber("+551130000000");
  const server = await createTestServer({
    config: {
      twilio: twilio.config,
      serverOrigin: "https://atende.test",
      confirmations: { callsPerDay: 400, whatsappApiUrl: whatsapp.apiUrl, whatsappTimeoutMs: 5000 },
    },
  });
  const deliver: WebhookDelivery = (url, init) => {
    const target = new URL(url);
    return Promise.resolve(server.app.request(target.pathname + target.search, init));
  };
  const db = server.api.database.db;
  const at = (text: string) => new Date(text);
  try {
    const tenant = await server.api.seedTenant({ name: "Clínica Simulada" });
    server.api.setNow(at("2026-01-20T10:00:00-03:00"));
    const api = tenant.api;
    await api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?" });
    await db.insert(schema.minuteGrants).values({
      tenantId: tenant.tenantId,
      source: "PACK",
      key: "bench",
      minutes: 5000,
      startsAt: at("2026-01-01T00:00:00-03:00"),
      expiresAt: null,
    });
    const place = await api.establishments.create({ name: "Sede", address: "Rua das Flores, 100 - Centro" });
    const professionals = await Promise.all(
      ["Dra. Ana", "Dr. Bruno", "Dra. Carla"].map((name) =>
        api.professionals.create({ name, specialty: "Clínica" }),
      ),
    );
    const service = await api.offeredServices.create({
      name: "Consulta",
      duration: 30,
      availableEstablishments: [place.id],
      allowedProfessionals: professionals.map((p) => p.id),
    });
    for (const p of professionals)
      await api.availabilities.create({
        professionalId: p.id,
        establishmentId: place.id,
        slot: { start: "2026-01-05T08:00:00-03:00", end: "2026-01-05T18:00:00-03:00" },
        pattern: {
          type: "WEEKLY",
          daysOfWeek: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"],
          period: { start: "2026-01-05", end: "2026-12-31" },
        },
        exceptions: [],
        notes: null,
      });
    let phoneSeq = 0;
    const patient = async () => {
      phoneSeq += 1;
      const phone = `1198${String(10_000_000 + phoneSeq).slice(1)}`;
      const created = await api.clients.create({ fullName: `Paciente ${phoneSeq}`, phoneNumber: phone });
      return { id: created.id, wa: `55${phone}` };
    };
    const slotsOf = (date: string) =>
      Array.from({ length: PER_DAY }, (_, i) => {
        const professional = professionals[i % 3];
        const minute = 8 * 60 + Math.floor(i / 3) * 30;
        const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
        return { professionalId: professional?.id ?? "", scheduledAt: `${date}T${time}:00-03:00` };
      });

    // Four weeks before confirmations (February), with the model's no-show rate.
    const history = await patient();
    for (let date = "2026-02-02"; date < "2026-03-01"; date = addDays(date, 1)) {
      if (isoWeekday(date) === 7 || date === "2026-02-16" || date === "2026-02-17") continue; // Sundays, Carnaval
      for (const slot of slotsOf(date))
        await insertAppointment(db, tenant.tenantId, {
          clientId: history.id,
          professionalId: slot.professionalId,
          establishmentId: place.id,
          scheduledAt: at(slot.scheduledAt),
          status: rand() < MODEL.noShow.before ? "NO_SHOW" : "COMPLETED",
          services: [{ id: service.id, name: "Consulta", duration: 30 }],
        });
    }

    // Confirmations on from Sunday 1 March: WhatsApp, then the call.
    server.api.setNow(at("2026-03-01T12:00:00-03:00"));
    await api.confirmations.setWhatsapp({
      phoneNumberId: whatsapp.phoneNumberId,
      accessToken: whatsapp.accessToken,
      appSecret: whatsapp.appSecret,
    });
    await api.confirmations.updateSettings({
      enabled: true,
      channels: ["WHATSAPP", "CALL"],
      sendFrom: "09:00",
      windowFrom: "09:00",
      windowUntil: "19:00",
      weekdays: [1, 2, 3, 4, 5, 6],
      retry: true,
      retryAfterMinutes: 120,
      message: "Olá, {paciente}! Aqui é da {negocio}, confirmando {servico} em {data} às {hora}.",
    });
    const webhook = `https://atende.test/webhooks/whatsapp/${tenant.tenantId}`;

    // The week's appointments: Tuesday 3 to Saturday 7 and Monday 9 March.
    const booked: { id: string; wa: string }[] = [];
    for (const date of ["2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-09"])
      for (const slot of slotsOf(date)) {
        const who = await patient();
        const created = await api.appointments.create({
          clientId: who.id,
          professionalId: slot.professionalId,
          establishmentId: place.id,
          scheduledAt: slot.scheduledAt,
          offeredServices: [service.id],
        });
        booked.push({ id: created.id, wa: who.wa });
      }
    const byPhone = new Map(booked.map((b) => [b.wa, b.id]));

    const sweeps: number[] = [];
    const runAt = async (now: string) => {
      server.api.setNow(at(now));
      const started = performance.now();
      await server.api.services.queue.enqueue("confirmations.sweep", {}, { singletonKey: "bench-sweep" });
      for (let pass = 0; pass < 10; pass++) if ((await server.jobs.runDue()) === 0) break;
      sweeps.push(performance.now() - started);
    };
    const seenMessages = new Set<string>();
    const seenCalls = new Set<string>();
    /** The patients act on what reached them since the last look. */
    const patientsAct = async () => {
      for (const message of whatsapp.messages) {
        if (seenMessages.has(message.id)) continue;
        seenMessages.add(message.id);
        if (message.type === "template") {
          const buttons = (message.body.template as { components: { parameters?: { payload?: string }[] }[] })
            .components;
          const payload = (index: number) => buttons[index + 1]?.parameters?.[0]?.payload ?? "";
          const r = rand();
          const w = MODEL.whatsapp;
          const reply =
            r < w.confirm
              ? { payload: payload(0) }
              : r < w.confirm + w.cancel
                ? { payload: payload(2) }
                : r < w.confirm + w.cancel + w.reschedule
                  ? { payload: payload(1) }
                  : r < w.confirm + w.cancel + w.reschedule + w.stop
                    ? { text: "PARAR" }
                    : null;
          if (reply) await whatsapp.reply(webhook, { from: message.to, ...reply }, { deliver });
        } else if (message.type === "interactive") {
          const rows = (message.body.interactive as { action: { sections: { rows: { id: string }[] }[] } })
            .action.sections[0]?.rows;
          const first = rows?.[0]?.id;
          if (first) await whatsapp.reply(webhook, { from: message.to, listReplyId: first }, { deliver });
        }
      }
      for (const call of twilio.calls.values()) {
        if (seenCalls.has(call.sid)) continue;
        seenCalls.add(call.sid);
        const r = rand();
        if (r < MODEL.call.human) {
          await twilio.answerCall(call.sid, "human", deliver);
          await twilio.endCall(call.sid, "completed", 45, deliver);
        } else if (r < MODEL.call.human + MODEL.call.machine) {
          await twilio.answerCall(call.sid, "machine_start", deliver);
          await twilio.endCall(call.sid, "completed", 20, deliver);
        } else await twilio.endCall(call.sid, "no-answer", 0, deliver);
      }
    };

    const A = schema.appointments;
    for (const day of ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"]) {
      for (const time of [
        "09:05",
        "10:05",
        "11:10",
        "12:15",
        "13:20",
        "14:25",
        "15:30",
        "16:35",
        "17:40",
        "18:45",
      ]) {
        await runAt(`${day}T${time}:00-03:00`);
        await patientsAct();
      }
      // The day's appointments happen (or not): confirmed ones rarely missed.
      const today = await db
        .select({ id: A.id, status: A.status, confirmedAt: A.confirmedAt })
        .from(A)
        .where(
          and(
            eq(A.tenantId, tenant.tenantId),
            gte(A.scheduledAt, at(`${day}T00:00:00-03:00`)),
            lt(A.scheduledAt, at(`${addDays(day, 1)}T00:00:00-03:00`)),
          ),
        );
      for (const a of today) {
        if (a.status !== "SCHEDULED") continue;
        const p = a.confirmedAt ? MODEL.noShow.confirmed : MODEL.noShow.unconfirmed;
        await db
          .update(A)
          .set({ status: rand() < p ? "NO_SHOW" : "COMPLETED" })
          .where(eq(A.id, a.id));
      }
    }
    server.api.setNow(at("2026-03-07T20:00:00-03:00"));
    const overview = await api.dashboard.overview();
    const c = overview.confirmations;
    const sends = await db
      .select({
        channel: schema.confirmationSends.channel,
        status: schema.confirmationSends.status,
        detail: schema.confirmationSends.detail,
      })
      .from(schema.confirmationSends)
      .where(eq(schema.confirmationSends.tenantId, tenant.tenantId));
    const tally = new Map<string, number>();
    for (const s of sends)
      tally.set(`${s.channel} ${s.status}`, (tally.get(`${s.channel} ${s.status}`) ?? 0) + 1);
    const pct = (rate: number | null | undefined) => (rate == null ? "-" : `${(rate * 100).toFixed(1)}%`);

    console.log(
      `\nConfirmations: a simulated week (Mon 2 to Sat 7 March 2026, ${booked.length} appointments Tue-Mon, ${PER_DAY}/day, 3 professionals)`,
    );
    console.log(`  assumed patients (seed ${SEED}): ${JSON.stringify(MODEL)}`);
    printTable(
      "Home outcomes after the simulated week",
      ["outcome", "value"],
      [
        ["confirmations sent", String(c.sent)],
        ["confirmed", String(c.confirmed)],
        ["rescheduled", String(c.rescheduled)],
        ["cancelled", String(c.cancelled)],
        ["answering machine", String(c.machine)],
        ["no answer", String(c.noAnswer)],
        [
          "no-show before (90 days)",
          `${pct(c.noShowBefore?.rate)} (${c.noShowBefore?.noShows}/${c.noShowBefore?.appointments})`,
        ],
        [
          "no-show after (since 1 Mar)",
          `${pct(c.noShowAfter?.rate)} (${c.noShowAfter?.noShows}/${c.noShowAfter?.appointments})`,
        ],
      ],
    );
    printTable(
      "Sends by channel and outcome",
      ["send", "count"],
      [...tally.entries()].sort().map(([k, v]) => [k, String(v)]),
    );
    const messages = whatsapp.messages.length;
    const calls = twilio.calls.size;
    const optedOut = (
      await db
        .select({ id: schema.clients.id, at: schema.clients.contactOptOutAt })
        .from(schema.clients)
        .where(eq(schema.clients.tenantId, tenant.tenantId))
    ).filter((row) => row.at !== null).length;
    console.log(
      `  WhatsApp messages sent (templates, lists, answers): ${messages}; calls placed: ${calls}; patients who opted out ('PARAR'): ${optedOut}; appointments sent a second template: ${booked.filter((b) => whatsapp.messages.filter((m) => m.type === "template" && m.to === b.wa).length > 1).length} (of ${byPhone.size})`,
    );
    const sorted = [...sweeps].sort((a, b) => a - b);
    console.log(
      `  a job-runner pass (sweep + sends + follow-ups) on PGlite: p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms over ${sorted.length} passes`,
    );
  } finally {
    await server.close();
    await twilio.close();
    await whatsapp.close();
  }
}

/**
 * A clinic's day, sized as the dial gate's budget is (400): 400 appointments on one Tuesday (20 professionals, 20
 * half-hour slots each); Monday at 09:05 one runner pass sweeps and sends every WhatsApp template; a second pass
 * sends nothing more.
 */
export async function benchConfirmationDay(): Promise<void> {
  const whatsapp = await startFakeWhatsapp();
  const server = await createTestServer({
    config: { confirmations: { callsPerDay: 400, whatsappApiUrl: whatsapp.apiUrl, whatsappTimeoutMs: 5000 } },
  });
  try {
    const tenant = await server.api.seedTenant({ name: "Clínica Grande" });
    server.api.setNow(new Date("2026-02-20T10:00:00-03:00"));
    const api = tenant.api;
    await api.voiceAgent.create({ name: "Sofia", welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?" });
    await server.api.database.db.insert(schema.minuteGrants).values({
      tenantId: tenant.tenantId,
      source: "PACK",
      key: "bench-day",
      minutes: 5000,
      startsAt: new Date("2026-01-01T00:00:00-03:00"),
      expiresAt: null,
    });
    const place = await api.establishments.create({ name: "Sede", address: "Rua das Flores, 100 - Centro" });
    const professionals = [];
    for (let i = 0; i < 20; i++)
      professionals.push(await api.professionals.create({ name: `Dra. ${i + 1}`, specialty: "Clínica" }));
    const service = await api.offeredServices.create({
      name: "Consulta",
      duration: 30,
      availableEstablishments: [place.id],
      allowedProfessionals: professionals.map((p) => p.id),
    });
    for (const p of professionals)
      await api.availabilities.create({
        professionalId: p.id,
        establishmentId: place.id,
        slot: { start: "2026-03-03T08:00:00-03:00", end: "2026-03-03T18:00:00-03:00" },
        pattern: { type: "MANUAL_DATES", dates: ["2026-03-03"] },
        exceptions: [],
        notes: null,
      });
    let n = 0;
    for (const p of professionals)
      for (let slot = 0; slot < 20; slot++) {
        n += 1;
        const client = await api.clients.create({
          fullName: `Paciente ${n}`,
          phoneNumber: `1197${String(10_000_000 + n).slice(1)}`,
        });
        const minute = 8 * 60 + slot * 30;
        await api.appointments.create({
          clientId: client.id,
          professionalId: p.id,
          establishmentId: place.id,
          scheduledAt: `2026-03-03T${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00-03:00`,
          offeredServices: [service.id],
        });
      }
    await api.confirmations.setWhatsapp({
      phoneNumberId: whatsapp.phoneNumberId,
      accessToken: whatsapp.accessToken,
      appSecret: whatsapp.appSecret,
    });
    await api.confirmations.updateSettings({
      enabled: true,
      channels: ["WHATSAPP"],
      sendFrom: "09:00",
      windowFrom: "09:00",
      windowUntil: "19:00",
      weekdays: [1, 2, 3, 4, 5, 6],
      retry: true,
      retryAfterMinutes: 120,
      message: "Olá, {paciente}! Confirmando {servico} em {data} às {hora}.",
    });
    const pass = async (now: string) => {
      server.api.setNow(new Date(now));
      const started = performance.now();
      await server.api.services.queue.enqueue("confirmations.sweep", {}, { singletonKey: "bench-day" });
      for (let i = 0; i < 10; i++) if ((await server.jobs.runDue()) === 0) break;
      return performance.now() - started;
    };
    const first = await pass("2026-03-02T09:05:00-03:00");
    const sentFirst = whatsapp.messages.length;
    const second = await pass("2026-03-02T09:10:00-03:00");
    printTable(
      "A clinic's day (400 appointments), PGlite and the WhatsApp fake on loopback",
      ["pass", "ms", "templates sent"],
      [
        ["09:05: sweep + 400 sends", first.toFixed(0), String(sentFirst)],
        ["09:10: sweep again", second.toFixed(0), String(whatsapp.messages.length - sentFirst)],
      ],
    );
  } finally {
    await server.close();
    await whatsapp.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchConfirmations();
  await benchConfirmationDay();
}
