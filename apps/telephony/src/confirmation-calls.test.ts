// Whole confirmation calls (issue #23; decision 0052) through the real gateway, server and database on the virtual
// clock: the stream opens with `mode=confirmation` and the appointment's id, as the outbound confirmation call's TwiML
// starts it, on an OUTBOUND ticket; the test checks the appointment and the call's record in the database.
import { createClaudeEngine } from "@atende/agent";
import { type FakeMessagesApi, type FakeReply, startFakeMessagesApi } from "@atende/agent/llm/testing";
import { issueCallTicket } from "@atende/api/testing";
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
const NEXT_MONDAY = addDays(wednesday, 5);
const MARIA_PHONE = "+5511987654321";

beforeAll(async () => {
  harness = await startHarness({ synthesizer: createToneSynthesizer(4) });
  clinic = await harness.clinic();
});
afterAll(() => harness?.close());

async function patientWithAppointment(at: Clinic, phone: string) {
  const maria = await at.tenant.api.clients.create({ fullName: "Maria Souza", phoneNumber: phone });
  const appointment = await at.tenant.api.appointments.create({
    clientId: maria.id,
    professionalId: at.professionalId,
    establishmentId: at.establishmentId,
    scheduledAt: `${FRIDAY}T10:00:00-03:00`,
    offeredServices: [at.serviceId],
  });
  return { maria, appointment };
}

/** The confirmation call's stream as the placed call opens it: an OUTBOUND ticket, the mode and the appointment. */
async function confirmationCall(
  at: Clinic,
  appointmentId: string,
  to: string,
  through: Harness = harness,
): Promise<SimulatedCall> {
  const ticket = await through.api.data.inTenant(at.tenant.tenantId, (tx) =>
    issueCallTicket(tx, {
      isTest: false,
      config: through.api.config,
      now: new Date(),
      direction: "OUTBOUND",
    }),
  );
  const call = new SimulatedCall({
    url: through.gatewayUrl,
    customParameters: {
      token: ticket.token,
      callId: ticket.callId,
      from: to,
      now: NOW,
      mode: "confirmation",
      appointmentId,
    },
  });
  await call.start();
  return call;
}

describe("a confirmation call", () => {
  it("reschedules: the patient is asked for, hears the appointment, picks a free time and says yes; the database has it", async () => {
    const { maria, appointment } = await patientWithAppointment(clinic, MARIA_PHONE);
    const call = await confirmationCall(clinic, appointment.id, MARIA_PHONE);
    const opening = await call.nextTurn();
    expect(opening).toMatch(/Estou ligando para confirmar um agendamento\. Falo com Maria Souza\?$/);
    expect(opening).not.toMatch(/Consulta|Ana Souza|sexta/);

    const readBack = await call.ask("sim, sou eu");
    expect(readBack).toMatch(/Consulta com Dra\. Ana Souza, na sexta-feira, dia \d+, às dez horas/);
    expect(readBack).toMatch(/Posso confirmar a sua presença\?$/);

    const offer = await call.ask("não vou conseguir na sexta, pode passar pra segunda que vem?");
    expect(offer).toMatch(
      /^Na segunda-feira, dia \d+.*, tenho às oito horas, às oito e meia ou às nove horas\./,
    );

    const moveReadBack = await call.ask("às nove");
    expect(moveReadBack).toMatch(/às nove horas.*Posso remarcar\?$/);
    const before = await harness.appointmentsOf(clinic, maria.id);
    expect(before[0]?.scheduledAt.toISOString()).toBe(new Date(`${FRIDAY}T10:00:00-03:00`).toISOString());

    await call.ask("sim");
    await call.waitFor(() => call.closed, "the agent to hang up");

    const [moved] = await harness.appointmentsOf(clinic, maria.id);
    expect(moved?.id).toBe(appointment.id);
    expect(moved?.status).toBe("SCHEDULED");
    expect(moved?.scheduledAt.toISOString()).toBe(new Date(`${NEXT_MONDAY}T09:00:00-03:00`).toISOString());

    const record = await harness.recordOf(call.ticket.callId);
    expect(record.row.direction).toBe("OUTBOUND");
    expect(record.row.status).toBe("COMPLETED");
    expect(record.row.confirmationOutcome).toBe("RESCHEDULED");
    expect(record.row.clientId).toBe(maria.id);
    expect(record.actions).toContain("APPOINTMENT_RESCHEDULED");
    expect(record.row.summary).toMatch(/^Ligação de confirmação: Maria Souza remarcou Consulta/);
    expect(record.usage[0]?.isTest).toBe(false);
  });

  it("another tenant's appointment: the call ends politely, says nothing of it, and changes nothing", async () => {
    const other = await harness.clinic();
    const { maria, appointment } = await patientWithAppointment(other, "+5511955554444");
    const call = await confirmationCall(clinic, appointment.id, "+5511955554444");
    const said = await call.nextTurn();
    expect(said).toMatch(/Desculpe, esta ligação foi feita por engano\./);
    expect(said).not.toMatch(/Maria|Consulta|Ana Souza|sexta/);
    await call.waitFor(() => call.closed, "the agent to hang up");

    const record = await harness.recordOf(call.ticket.callId);
    expect(record.row.confirmationOutcome).toBe("NO_DECISION");
    expect(record.row.direction).toBe("OUTBOUND");
    const [untouched] = await harness.appointmentsOf(other, maria.id);
    expect(untouched?.scheduledAt.toISOString()).toBe(new Date(`${FRIDAY}T10:00:00-03:00`).toISOString());
    expect(untouched?.confirmedAt).toBeNull();
  });

  it("'não quero receber ligações': the patient's opt-out is kept (source CALL) and the appointment is still asked about", async () => {
    const { maria, appointment } = await patientWithAppointment(clinic, "+5511966663333");
    const call = await confirmationCall(clinic, appointment.id, "+5511966663333");
    await call.nextTurn();
    await call.ask("sim, sou eu");
    const noted = await call.ask("olha, eu não quero mais receber ligações de vocês");
    expect(noted).toMatch(/vou anotar que você não quer mais receber nossas ligações/);
    expect(noted).toMatch(/posso confirmar a sua presença\?$/);
    await call.ask("pode, confirmado");
    await call.waitFor(() => call.closed, "the agent to hang up");

    const patient = await clinic.tenant.api.clients.get({ id: maria.id });
    expect(patient.contactOptOutAt).not.toBeNull();
    expect(await clinic.tenant.api.clients.contactOptOut({ id: maria.id })).toMatchObject({ source: "CALL" });
    const [confirmed] = await harness.appointmentsOf(clinic, maria.id);
    expect(confirmed?.confirmedAt).not.toBeNull();
  });

  it("a call without the mode is the reception as before, and its record has no confirmation outcome", async () => {
    const call = await harness.call(clinic, { now: NOW });
    expect(await call.nextTurn()).toMatch(/Como posso ajudar\?$/);
    call.hangUp();
    const record = await harness.recordOf(call.ticket.callId);
    expect(record.row.confirmationOutcome).toBeNull();
  });

  it("at a pet shop asks for the tutor of the pet the patient record names, and says nothing more before a yes", async () => {
    const petShop = await harness.clinic();
    await petShop.tenant.api.tenant.profile.update({ name: "Pet Feliz", businessType: "PETSHOP" });
    const tutor = await petShop.tenant.api.clients.create({
      fullName: "Carla Dias",
      phoneNumber: "+5511987650099",
      petName: "Thor",
      petSpecies: "Cachorro",
    });
    const appointment = await petShop.tenant.api.appointments.create({
      clientId: tutor.id,
      professionalId: petShop.professionalId,
      establishmentId: petShop.establishmentId,
      scheduledAt: `${FRIDAY}T10:00:00-03:00`,
      offeredServices: [petShop.serviceId],
    });
    const call = await confirmationCall(petShop, appointment.id, "+5511987650099");
    const opening = await call.nextTurn();
    expect(opening).toMatch(/Falo com o tutor do Thor\?$/);
    expect(opening).not.toMatch(/Consulta|Ana Souza|sexta/);
    call.hangUp();
  });
});

describe("a confirmation call with the Claude engine", () => {
  const API_KEY = "sk-ant-confirmation";
  let fake: FakeMessagesApi;
  let claude: Harness;
  let claudeClinic: Clinic;

  beforeAll(async () => {
    fake = await startFakeMessagesApi({ apiKey: API_KEY, script: () => ({ blocks: [] }) });
    claude = await startHarness({
      synthesizer: createToneSynthesizer(4),
      engine: createClaudeEngine({
        apiKey: API_KEY,
        model: "claude-harness",
        baseURL: fake.url,
        fillerAfterMs: 10_000,
      }),
    });
    claudeClinic = await claude.clinic();
  });
  afterAll(async () => {
    await claude?.close();
    await fake?.close();
  });

  it("confirms through the gate after the read-back; the mode's prompt and tools were asked, the record says CONFIRMED", async () => {
    const { maria, appointment } = await patientWithAppointment(claudeClinic, MARIA_PHONE);
    const day = Number(FRIDAY.slice(8, 10));
    const readBack = `Consulta com a Dra. Ana Souza na sexta-feira, dia ${day}, às dez horas, na Unidade Centro. Posso confirmar a sua presença?`;
    const replies: FakeReply[] = [
      { blocks: [{ type: "text", text: readBack }] },
      {
        blocks: [{ type: "tool_use", name: "confirm_appointment", input: { appointmentId: appointment.id } }],
      },
      {
        blocks: [
          { type: "text", text: "Presença confirmada. Até logo!" },
          { type: "tool_use", name: "end_call", input: {} },
        ],
      },
    ];
    fake.script = (_request, index) => replies[index] ?? { blocks: [{ type: "text", text: "Até logo!" }] };
    const call = await confirmationCall(claudeClinic, appointment.id, MARIA_PHONE, claude);
    expect(await call.nextTurn()).toMatch(/Falo com Maria Souza\?$/);
    expect(fake.requests).toHaveLength(0);
    expect(await call.ask("sim, sou eu")).toBe(readBack);
    expect(await call.ask("pode confirmar")).toBe("Presença confirmada. Até logo!");
    await call.waitFor(() => call.closed, "the agent to hang up");

    const system = JSON.stringify(fake.requests[0]?.body.system);
    expect(system).toContain(`id ${appointment.id}`);
    expect(fake.requests[0]?.body.tools?.map((t) => t.name)).toContain("wrong_person");
    const [confirmed] = await claude.appointmentsOf(claudeClinic, maria.id);
    expect(confirmed?.confirmedAt).not.toBeNull();
    const record = await claude.recordOf(call.ticket.callId);
    expect(record.row.confirmationOutcome).toBe("CONFIRMED");
    expect(record.row.direction).toBe("OUTBOUND");
    expect(record.actions).toContain("APPOINTMENT_CONFIRMED");
  });
});
