// Whole calls, as a caller makes them: a simulated Twilio client through the real gateway, server and database, with
// the offline engine. Each books, reschedules, confirms, cancels, answers or transfers, and the test checks the
// appointment in the database and the call's record (messages, actions, data, patient, status, usage).
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { addDays } from "@atende/shared/time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToneSynthesizer } from "./audio/tts";
import { type Clinic, type Harness, startHarness, wednesdayAhead } from "./testing/harness";
import type { SimulatedCall } from "./testing/twilio-client";

let harness: Harness;
let clinic: Clinic;

/** The call's clock: a Wednesday at 10:00 at least two weeks ahead, so every date the caller says is in the future. */
const wednesday = wednesdayAhead();
const NOW = `${wednesday}T10:00:00-03:00`;
const FRIDAY_NEXT_WEEK = addDays(wednesday, 9);
const FRIDAY_THIS_WEEK = addDays(wednesday, 2);
const MONDAY_NEXT_WEEK = addDays(wednesday, 5);
const MARIA_PHONE = "+5511987654321";

beforeAll(async () => {
  // Short audio (4 ms of tone per character): the conversation is what is tested here, not the pacing.
  harness = await startHarness({ synthesizer: createToneSynthesizer(4) });
  clinic = await harness.clinic({ forwardingPhone: "(11) 3333-4444" });
});
afterAll(() => harness?.close());

async function talk(call: SimulatedCall, lines: string[]): Promise<string[]> {
  const heard = [await call.nextTurn()];
  for (const line of lines) heard.push(await call.ask(line));
  return heard;
}

const recordOf = (callId: string) => harness.recordOf(callId);
const appointmentsOf = (clientId: string) => harness.appointmentsOf(clinic, clientId);

describe("a caller", () => {
  it("books: asks, hears an offer, gives a name, hears the read-back, says yes; the booking and the record are there", async () => {
    const call = await harness.call(clinic, { now: NOW, from: "+5511912340000" });
    const said = await talk(call, [
      "oi bom dia eu queria marcar uma consulta",
      "sexta que vem às dez",
      "pode ser",
      "meu nome é pedro alves",
      "pular",
      "sim",
      "não obrigado tchau",
    ]);
    expect(said[2]).toMatch(/dez horas/);
    expect(said[5]).toMatch(/Posso confirmar\?/);
    await call.waitFor(() => call.closed, "the agent to hang up");

    const record = await recordOf(call.ticket.callId);
    expect(record.row.status).toBe("COMPLETED");
    expect(record.row.clientName).toBe("Pedro Alves");
    expect(record.row.phoneNumber).toBe("+5511912340000");
    expect(record.actions).toContain("APPOINTMENT_CREATED");
    expect(record.actions).toContain("CLIENT_REGISTERED");
    expect(record.data.Nome).toBe("Pedro Alves");
    expect(record.row.summary).toMatch(/Pedro Alves/);
    expect(record.messages.filter((m) => m.sender === "CALLER").map((m) => m.content)).toContain("pular");
    expect(record.usage).toHaveLength(1);
    expect(record.usage[0]?.isTest).toBe(true);

    const clientId = record.row.clientId ?? "";
    const [booked] = await appointmentsOf(clientId);
    expect(booked?.status).toBe("SCHEDULED");
    expect(booked?.professionalId).toBe(clinic.professionalId);
    expect(booked?.scheduledAt.toISOString()).toBe(
      new Date(`${FRIDAY_NEXT_WEEK}T10:00:00-03:00`).toISOString(),
    );
  });

  describe("known by number", () => {
    let mariaId: string;
    let appointmentId: string;

    beforeAll(async () => {
      const maria = await clinic.tenant.api.clients.create({
        fullName: "Maria Souza",
        phoneNumber: MARIA_PHONE,
      });
      mariaId = maria.id;
      const appointment = await clinic.tenant.api.appointments.create({
        clientId: maria.id,
        professionalId: clinic.professionalId,
        establishmentId: clinic.establishmentId,
        scheduledAt: `${FRIDAY_THIS_WEEK}T10:00:00-03:00`,
        offeredServices: [clinic.serviceId],
      });
      appointmentId = appointment.id;
    });

    it("reschedules to the day and time said, after a yes", async () => {
      const call = await harness.call(clinic, { now: NOW, from: MARIA_PHONE });
      const said = await talk(call, [
        "quero remarcar minha consulta",
        "segunda que vem às onze",
        // The day and time said are free: taken and read back at once (decision 0048), no 'Pode ser?' first.
        "sim",
        "não",
      ]);
      expect(said[1]).toMatch(/remarcar/);
      await call.waitFor(() => call.closed, "the agent to hang up");
      const [moved] = await appointmentsOf(mariaId);
      expect(moved?.id).toBe(appointmentId);
      expect(moved?.scheduledAt.toISOString()).toBe(
        new Date(`${MONDAY_NEXT_WEEK}T11:00:00-03:00`).toISOString(),
      );
      const record = await recordOf(call.ticket.callId);
      expect(record.row.clientId).toBe(mariaId);
      expect(record.actions).toContain("APPOINTMENT_RESCHEDULED");
    });

    it("confirms presence", async () => {
      const call = await harness.call(clinic, { now: NOW, from: MARIA_PHONE });
      await talk(call, ["queria confirmar a minha consulta", "sim", "tchau"]);
      await call.waitFor(() => call.closed, "the agent to hang up");
      const [confirmed] = await appointmentsOf(mariaId);
      expect(confirmed?.confirmedAt).not.toBeNull();
      expect((await recordOf(call.ticket.callId)).actions).toContain("APPOINTMENT_CONFIRMED");
    });

    it("cancels, and a 'no' to the read-back changes nothing", async () => {
      const first = await harness.call(clinic, { now: NOW, from: MARIA_PHONE });
      await talk(first, ["preciso cancelar minha consulta", "não"]);
      first.hangUp();
      expect((await appointmentsOf(mariaId))[0]?.status).toBe("SCHEDULED");

      const call = await harness.call(clinic, { now: NOW, from: MARIA_PHONE });
      await talk(call, ["preciso cancelar minha consulta", "sim", "não", "tchau"]);
      await call.waitFor(() => call.closed, "the agent to hang up");
      expect((await appointmentsOf(mariaId))[0]?.status).toBe("CANCELED");
      expect((await recordOf(call.ticket.callId)).actions).toContain("APPOINTMENT_CANCELLED");
    });
  });

  it("updates their registration: identified by number, the change read back, written after a yes", async () => {
    const joana = await clinic.tenant.api.clients.create({
      fullName: "Joana Prado",
      phoneNumber: "+5511955550000",
    });
    const call = await harness.call(clinic, { now: NOW, from: "+5511955550000" });
    const said = await talk(call, [
      "mudei de telefone, o novo é onze nove sete seis cinco quatro três dois um zero",
      "sim",
      "sim",
      "não, obrigada",
    ]);
    expect(said.join(" ")).toMatch(/telefone/);
    await call.waitFor(() => call.closed, "the agent to hang up");
    const [updated] = await harness.api.database.db
      .select()
      .from(schema.clients)
      .where(eq(schema.clients.id, joana.id));
    expect(updated?.phoneNumber.replace(/\D/g, "")).toMatch(/11976543210$/);
    const record = await recordOf(call.ticket.callId);
    expect(record.row.clientId).toBe(joana.id);
    expect(record.actions).toContain("CLIENT_UPDATED");
    expect(record.row.summary).toMatch(/atualizou o cadastro/);
  });

  it("gets answers from the tenant's own data, then is transferred to the forwarding phone", async () => {
    const call = await harness.call(clinic, { now: NOW });
    const said = await talk(call, ["qual o endereço", "quanto custa a consulta"]);
    expect(said[1]).toMatch(/Rua das Flores, 100/);
    expect(said[2]).toMatch(/cento e cinquenta reais/);
    call.say("quero falar com um atendente");
    await call.waitFor(() => call.closed, "the transfer");
    const record = await recordOf(call.ticket.callId);
    expect(record.row.status).toBe("TRANSFERRED");
    expect(record.row.transferredTo).toBe("+551133334444");
    const transfer = record.actionDetails.find((a) => a.actionType === "CALL_TRANSFERRED");
    expect(JSON.stringify(transfer?.details)).toMatch(/3333-?4444/);
  });
});
