// The warm transfer nobody answered, end to end over Twilio (issue #24; docs/decisions/0056-transfer-return-and-
// summary.md): the caller asks for the team, the gateway's transfer puts the gate's <Dial> on the live call at the
// Twilio fake, the forwarding phone does not answer, the `<Dial action>` webhook brings the caller back on a new stream
// of the same call, the agent says nobody could answer and takes the message, which is kept on the conversation and
// shown in the call's detail as 'Recado para retornar'; each leg is metered once.
import { type FakeTwilio, startFakeTwilio } from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import { TRANSFER_UNANSWERED_LINE } from "@atende/shared/schemas/live-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToneSynthesizer } from "./audio/tts";
import { type Clinic, type Harness, startHarness } from "./testing/harness";
import { SimulatedCall } from "./testing/twilio-client";

const PUBLIC_URL = "https://atende.test";
const CLINIC_NUMBER = "+551140041234";
const CALLER = "+5511987654321";

let fake: FakeTwilio;
let harness: Harness;
let clinic: Clinic;

beforeAll(async () => {
  fake = await startFakeTwilio();
  harness = await startHarness({
    synthesizer: createToneSynthesizer(4),
    config: { twilio: fake.config, serverOrigin: PUBLIC_URL, telephonyPublicUrl: "wss://voz.atende.test" },
  });
  clinic = await harness.clinic({ forwardingPhone: "(11) 3333-4444" });
  await harness.api.database.db
    .update(schema.tenants)
    .set({ voiceNumber: CLINIC_NUMBER })
    .where(eq(schema.tenants.id, clinic.tenant.tenantId));
});
afterAll(async () => {
  await harness?.close();
  await fake?.close();
});

/** A Twilio webhook at its public URL, signed over it, delivered to the server under test. */
const webhook = (path: string, params: Record<string, string>) =>
  fake.sendWebhook(`${PUBLIC_URL}${path}`, params, { deliverTo: `${harness.serverUrl}${path}` });

function streamParameters(twiml: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const [, name, value] of twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g))
    if (name && value !== undefined) parameters[name] = value.replaceAll("&amp;", "&");
  return parameters;
}

const conversationOf = async (id: string) =>
  (
    await harness.api.database.db.select().from(schema.conversations).where(eq(schema.conversations.id, id))
  )[0];

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("a transfer nobody answered", () => {
  it("brings the caller back to the agent, who says so, takes the message, keeps it and shows it", async () => {
    const callSid = fake.inboundCall(CLINIC_NUMBER, CALLER);
    const voice = await webhook("/telephony/twilio/voice", {
      AccountSid: fake.accountSid,
      CallSid: callSid,
      CallStatus: "ringing",
      From: CALLER,
      To: CLINIC_NUMBER,
    });
    const parameters = streamParameters(voice.body);
    const callId = parameters.callId ?? "";
    const first = new SimulatedCall({ url: harness.gatewayUrl, customParameters: parameters, callSid });
    await first.start();
    await first.nextTurn();
    first.say("quero falar com um atendente");
    await first.waitFor(() => first.closed, "the transfer");
    expect(fake.calls.get(callSid)?.twiml.at(-1)).toContain(
      `/telephony/twilio/transfer-result?call=${callId}`,
    );
    await until(
      () => conversationOf(callId),
      (c) => c?.status === "TRANSFERRED",
      "the first leg's end",
    );

    // The forwarding phone rang out: Twilio asks the <Dial>'s action, which connects a new stream of the same call.
    const back = await webhook(`/telephony/twilio/transfer-result?call=${callId}`, {
      AccountSid: fake.accountSid,
      CallSid: callSid,
      DialCallStatus: "no-answer",
    });
    expect(back.body).toContain(TRANSFER_UNANSWERED_LINE);
    const returned = new SimulatedCall({
      url: harness.gatewayUrl,
      customParameters: streamParameters(back.body),
      callSid,
    });
    await returned.start();
    expect(await returned.nextTurn()).toBe(
      "Nossa equipe não conseguiu atender agora. Posso anotar um recado para retornarem a sua ligação?",
    );
    expect(await conversationOf(callId)).toMatchObject({ status: "ACTIVE" });
    expect(await returned.ask("pode sim")).toBe("Qual é o seu nome?");
    expect(await returned.ask("Pedro Alves")).toBe("Qual é o recado? Sobre o que a equipe deve retornar?");
    expect(await returned.ask("sobre o orçamento do aparelho")).toBe(
      "Podemos retornar para o número onze, nove oito sete seis cinco, quatro três dois um?",
    );
    expect(await returned.ask("pode")).toMatch(
      /^Vou deixar este recado: Pedro pede retorno sobre o orçamento/,
    );
    expect(await returned.ask("isso")).toMatch(/^Recado anotado\./);
    await returned.waitFor(() => returned.closed, "the end of the returned leg");

    const ended = await until(
      () => conversationOf(callId),
      (c) => c?.status === "COMPLETED",
      "the returned leg's end",
    );
    expect(ended).toMatchObject({
      transferredTo: "+551133334444",
      callbackMessage:
        "Pedro Alves pede retorno sobre: o orçamento do aparelho. Retornar para (11) 98765-4321.",
    });
    const detail = await fetch(`${harness.serverUrl}/conversations/${callId}`, {
      headers: { authorization: `Bearer ${clinic.token}` },
    });
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as ConversationDetail;
    expect(body.callbackMessage).toBe(ended?.callbackMessage);
    expect(body.messages.map((m) => m.content)).toContain(
      "Nossa equipe não conseguiu atender agora. Posso anotar um recado para retornarem a sua ligação?",
    );
    const usage = await harness.api.database.db
      .select()
      .from(schema.callUsage)
      .where(eq(schema.callUsage.conversationId, callId));
    expect(usage.map((u) => u.leg).sort()).toEqual([1, 2]);
  });
});
