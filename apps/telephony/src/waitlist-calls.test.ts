// A whole call that ends on the waitlist (docs/decisions/0046-waitlist.md): the caller's wanted morning is full, the
// agent offers the list, the caller says yes, and the wish is in the database for that day and part of the day, with
// the service, professional and location of the booking asked for; the call's record notes it.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { addDays } from "@atende/shared/time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToneSynthesizer } from "./audio/tts";
import { type Clinic, type Harness, startHarness, wednesdayAhead } from "./testing/harness";

let harness: Harness;
let clinic: Clinic;

const wednesday = wednesdayAhead();
const NOW = `${wednesday}T10:00:00-03:00`;
const FRIDAY_NEXT_WEEK = addDays(wednesday, 9);
const MARIA_PHONE = "+5511987654321";

beforeAll(async () => {
  harness = await startHarness({ synthesizer: createToneSynthesizer(4) });
  clinic = await harness.clinic();
  // Friday's morning (08:00 to 12:00) taken by another patient, every half hour.
  const other = await clinic.tenant.api.clients.create({
    fullName: "João Pereira",
    phoneNumber: "(11) 91234-5678",
  });
  for (let minutes = 8 * 60; minutes < 12 * 60; minutes += 30) {
    const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
    const mm = String(minutes % 60).padStart(2, "0");
    await clinic.tenant.api.appointments.create({
      clientId: other.id,
      professionalId: clinic.professionalId,
      establishmentId: clinic.establishmentId,
      scheduledAt: `${FRIDAY_NEXT_WEEK}T${hh}:${mm}:00-03:00`,
      offeredServices: [clinic.serviceId],
    });
  }
});
afterAll(() => harness?.close());

describe("a caller whose wanted morning is full", () => {
  it("is offered the waitlist, says yes, and the wish is stored; nothing is booked", async () => {
    const maria = await clinic.tenant.api.clients.create({
      fullName: "Maria Souza",
      phoneNumber: MARIA_PHONE,
    });
    const call = await harness.call(clinic, { now: NOW, from: MARIA_PHONE });
    const heard = [await call.nextTurn()];
    heard.push(await call.ask("quero marcar uma consulta sexta que vem de manhã"));
    expect(heard[1]).toMatch(/não tenho horário livre nesse período/);
    expect(heard[1]).toMatch(
      /Posso colocar você, Maria Souza, na lista de espera para sexta-feira, dia [^?]+, de manhã\?/,
    );
    heard.push(await call.ask("sim pode colocar"));
    expect(heard[2]).toMatch(/Pronto, coloquei você na lista de espera/);
    heard.push(await call.ask("não obrigada tchau"));
    await call.waitFor(() => call.closed, "the agent to hang up");

    const wishes = await harness.api.database.db
      .select()
      .from(schema.waitlistEntries)
      .where(eq(schema.waitlistEntries.tenantId, clinic.tenant.tenantId));
    expect(wishes).toHaveLength(1);
    expect(wishes[0]).toMatchObject({
      clientId: maria.id,
      offeredServiceId: clinic.serviceId,
      professionalId: clinic.professionalId,
      establishmentId: clinic.establishmentId,
      fromDate: FRIDAY_NEXT_WEEK,
      untilDate: FRIDAY_NEXT_WEEK,
      dayPart: "MORNING",
      status: "WAITING",
    });
    expect(await harness.appointmentsOf(clinic, maria.id)).toEqual([]);
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.row.clientId).toBe(maria.id);
    expect(record.data["Lista de espera"]).toMatch(/de manhã/);
    expect(record.row.summary).toMatch(/Maria Souza entrou na lista de espera/);
  });
});

describe("a caller the clinic does not know, whose wanted morning is full", () => {
  it("is offered the waitlist, registered after a read-back of name and number, and the wish is stored to be called", async () => {
    const from = "+5511955501234";
    const call = await harness.call(clinic, { now: NOW, from });
    const heard = [await call.nextTurn()];
    heard.push(await call.ask("quero marcar uma consulta sexta que vem de manhã"));
    expect(heard[1]).toMatch(/Posso colocar você na lista de espera para sexta-feira, dia [^?]+, de manhã\?/);
    heard.push(await call.ask("sim, pode colocar, e me liga quando vagar"));
    expect(heard[2]).toMatch(/Qual é o seu nome completo\?/);
    heard.push(await call.ask("Carlos Andrade"));
    expect(heard[3]).toMatch(
      /Então vou cadastrar Carlos Andrade, com o telefone onze, [^,]+, [^,]+, e colocar na lista de espera de [^?]+ de manhã\. Posso confirmar\?/,
    );
    // Nothing is written before the yes to that read-back.
    const before = await harness.api.database.db
      .select()
      .from(schema.clients)
      .where(eq(schema.clients.tenantId, clinic.tenant.tenantId));
    expect(before.some((c) => c.fullName === "Carlos Andrade")).toBe(false);
    heard.push(await call.ask("pode sim"));
    expect(heard[4]).toMatch(
      /Pronto, coloquei você na lista de espera .+\. Se vagar um horário, ligamos para você\./,
    );
    heard.push(await call.ask("não obrigado tchau"));
    await call.waitFor(() => call.closed, "the agent to hang up");

    const [carlos] = await harness.api.database.db
      .select()
      .from(schema.clients)
      .where(eq(schema.clients.fullName, "Carlos Andrade"));
    expect(carlos).toMatchObject({ tenantId: clinic.tenant.tenantId, phoneE164: from });
    const wishes = await harness.api.database.db
      .select()
      .from(schema.waitlistEntries)
      .where(eq(schema.waitlistEntries.clientId, carlos?.id ?? ""));
    expect(wishes).toMatchObject([
      {
        fromDate: FRIDAY_NEXT_WEEK,
        untilDate: FRIDAY_NEXT_WEEK,
        dayPart: "MORNING",
        status: "WAITING",
        // He asked to be called: the offer goes as a call from the agent (decision 0057).
        offerByCall: true,
      },
    ]);
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.row.clientId).toBe(carlos?.id);
    expect(record.row.summary).toMatch(/Carlos Andrade entrou na lista de espera/);
  });
});
