// Whole waitlist offer calls (issue #23; docs/decisions/0057-waitlist-offer-call.md) through the real gateway, server
// and database: the stream opens with `mode=waitlist_offer` and the hold's id, as the offer call's TwiML starts it, on
// the OUTBOUND ticket the hold was bound to when the call was placed; the test checks the hold, the wish, the booking
// and the call's record in the database.
import { issueCallTicket } from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { addDays } from "@atende/shared/time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToneSynthesizer } from "./audio/tts";
import { type Clinic, type Harness, startHarness, wednesdayAhead } from "./testing/harness";
import { SimulatedCall } from "./testing/twilio-client";

let harness: Harness;
let clinic: Clinic;

const wednesday = wednesdayAhead();
const NOW = `${wednesday}T10:00:00-03:00`;
const FRIDAY = addDays(wednesday, 2);
const SLOT = `${FRIDAY}T10:00:00-03:00`;

beforeAll(async () => {
  harness = await startHarness({ synthesizer: createToneSynthesizer(4) });
  clinic = await harness.clinic();
});
afterAll(() => harness?.close());

/**
 * Maria's wish for Friday, and a hold of Friday 10:00 for it bound to a placed call's ticket (as `placeOfferCall`
 * leaves it); the call's stream as the answered call opens it.
 */
async function offerCall(phone: string, name: string) {
  const patient = await clinic.tenant.api.clients.create({ fullName: name, phoneNumber: phone });
  const wish = await clinic.tenant.api.waitlist.create({
    clientId: patient.id,
    offeredServiceId: clinic.serviceId,
    professionalId: null,
    establishmentId: null,
    fromDate: FRIDAY,
    untilDate: FRIDAY,
    dayPart: "ANY",
  });
  const tenantId = clinic.tenant.tenantId;
  const ticket = await harness.api.data.inTenant(tenantId, (tx) =>
    issueCallTicket(tx, {
      isTest: false,
      config: harness.api.config,
      now: new Date(),
      direction: "OUTBOUND",
    }),
  );
  const start = new Date(SLOT);
  const end = new Date(start.getTime() + 30 * 60_000);
  const [hold] = await harness.api.data.inTenant(tenantId, async (tx) => {
    await tx
      .update(schema.waitlistEntries)
      .set({ status: "OFFERED" })
      .where(eq(schema.waitlistEntries.id, wish.id));
    return tx
      .insert(schema.waitlistHolds)
      .values({
        tenantId,
        waitlistEntryId: wish.id,
        professionalId: clinic.professionalId,
        establishmentId: clinic.establishmentId,
        offeredServiceId: clinic.serviceId,
        startsAt: start,
        endsAt: end,
        freedStart: start,
        freedEnd: end,
        expiresAt: new Date(Date.now() + 15 * 60_000),
        callId: ticket.callId,
        sentVia: "CALL",
        sentAt: new Date(),
      })
      .returning({ id: schema.waitlistHolds.id });
  });
  const call = new SimulatedCall({
    url: harness.gatewayUrl,
    customParameters: {
      token: ticket.token,
      callId: ticket.callId,
      from: phone,
      now: NOW,
      mode: "waitlist_offer",
      holdId: hold?.id ?? "",
    },
  });
  await call.start();
  const holdOf = async () => {
    const [row] = await harness.api.database.db
      .select()
      .from(schema.waitlistHolds)
      .where(eq(schema.waitlistHolds.id, hold?.id ?? ""));
    return row;
  };
  return { call, patient, wish, ticket, holdOf };
}

describe("a waitlist offer call", () => {
  it("asks for the patient, says the slot only to her, and books it on her yes", async () => {
    const { call, patient, ticket, holdOf } = await offerCall("+5511987650001", "Maria Souza");
    const opening = await call.nextTurn();
    expect(opening).toMatch(/vagou um horário da sua lista de espera\. Falo com Maria Souza\?$/);
    expect(opening).not.toMatch(/Consulta|Ana Souza|sexta|dez/);
    const offer = await call.ask("sim, sou eu");
    expect(offer).toMatch(
      /Vagou este horário: Consulta com Dra\. Ana Souza, na sexta-feira, dia \d+, às dez horas/,
    );
    expect(offer).toMatch(/Quer ficar com esse horário\?$/);
    const done = await call.ask("quero sim");
    expect(done).toMatch(/Pronto, agendado na sexta-feira/);
    await call.waitFor(() => call.closed, "the agent to hang up");

    expect(await holdOf()).toMatchObject({ status: "ACCEPTED" });
    const booked = await harness.appointmentsOf(clinic, patient.id);
    expect(booked.map((a) => [a.scheduledAt.toISOString(), a.status])).toEqual([
      [new Date(SLOT).toISOString(), "SCHEDULED"],
    ]);
    const record = await harness.recordOf(ticket.callId);
    expect(record.row).toMatchObject({ direction: "OUTBOUND", clientId: patient.id });
    expect(record.row.summary).toMatch(/Maria Souza aceitou Consulta/);
  });

  it("declines on her no: nothing booked, the hold declined", async () => {
    const { call, patient, holdOf } = await offerCall("+5511987650002", "Joana Lima");
    await call.nextTurn();
    await call.ask("sou eu");
    const done = await call.ask("não, obrigada, não posso nesse dia");
    expect(done).toMatch(/O horário vai para a próxima pessoa da lista\./);
    await call.waitFor(() => call.closed, "the agent to hang up");
    expect(await holdOf()).toMatchObject({ status: "DECLINED" });
    expect(await harness.appointmentsOf(clinic, patient.id)).toEqual([]);
  });

  it("someone else hears nothing about the slot, and the hold runs on", async () => {
    const { call, holdOf, ticket } = await offerCall("+5511987650003", "Rita Alves");
    await call.nextTurn();
    const reply = await call.ask("não, é a filha dela");
    expect(reply).toMatch(/peça para retornar a ligação/);
    expect(reply).not.toMatch(/Consulta|Ana Souza|sexta|dez/);
    await call.waitFor(() => call.closed, "the agent to hang up");
    expect(await holdOf()).toMatchObject({ status: "ACTIVE" });
    const record = await harness.recordOf(ticket.callId);
    expect(record.row.summary).toMatch(/atendeu outra pessoa/);
  });
});
