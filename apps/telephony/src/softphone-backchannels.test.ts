// Backchannels from the browser softphone (issue #26 part 4; decision 0036), through the real server, database and
// gateway with no recogniser: the softphone sends its microphone's frames, its own recognition's interim words while
// the caller speaks (`text` with `interim`), then the words whole. 'sim, sim' and 'entendi' over the agent's speech,
// the two acknowledgements voice alone took for interruptions, neither stop it nor become turns; 'não, espera' cuts
// it off within 400 ms of its onset, read back from the call's latency detail. The same without interim words (the
// voice, then the words): the voice holds the agent's audio and its words decide.
import type { AgentEvent, CallerInput, Engine } from "@atende/agent";
import type { ConversationDetail } from "@atende/shared/schemas/conversations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioOf, heldOutSet } from "./testing/backchannels";
import { type Clinic, type Harness, startHarness } from "./testing/harness";
import { concat, silence } from "./testing/speech";
import type { SimulatedCall } from "./testing/twilio-client";

const TELL_ALL = Array.from(
  { length: 10 },
  (_, i) => `Parte ${i + 1}: a consulta dura trinta minutos e a doutora avalia os exames com calma.`,
).join(" ");

const inputs: CallerInput[] = [];
const engine: Engine = {
  start() {
    return {
      async *greet(): AsyncIterable<AgentEvent> {
        yield { type: "say", text: "Olá! Como posso ajudar?" };
      },
      async *respond(input): AsyncIterable<AgentEvent> {
        inputs.push(input);
        if (input.kind === "speech" && input.text.includes("conta tudo"))
          yield { type: "say", text: TELL_ALL };
        else yield { type: "say", text: "Entendi." };
      },
      interrupted() {},
      summary: () => "Chamada do softphone.",
    };
  },
};

let harness: Harness;
let clinic: Clinic;

beforeAll(async () => {
  harness = await startHarness({ engine, turn: { silencePromptMs: 30_000 } });
  clinic = await harness.clinic();
});
afterAll(() => harness?.close());

async function finishedDetail(call: SimulatedCall): Promise<ConversationDetail> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${harness.serverUrl}/conversations/${call.ticket.callId}`, {
      headers: { authorization: `Bearer ${clinic.token}` },
    });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as ConversationDetail;
    if (detail.status !== "ACTIVE") return detail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the call was never finished");
}

describe("softphone backchannels (decision 0036)", () => {
  it("'sim, sim' and 'entendi' with the softphone's interim words go by; 'não, espera' cuts the agent off within 400 ms", async () => {
    const item = (id: string) =>
      heldOutSet().find((i) => i.id === id) as NonNullable<ReturnType<typeof heldOutSet>[0]>;
    const call = await harness.call(clinic);
    await call.nextTurn();
    call.say("me conta tudo");
    await call.waitFor(
      () =>
        call.events.some(
          (e) => e.event === "transcript" && e.role === "agent" && e.text.startsWith("Parte 1"),
        ),
      "the long reply to be under way",
    );
    for (const id of ["sim-sim", "entendi"]) {
      const ack = item(id);
      await call.sendAudio(concat(audioOf(ack), silence(900)), { interims: ack.interims });
      call.say(ack.text);
    }
    const naoEspera = item("nao-espera");
    await call.sendAudio(concat(audioOf(naoEspera), silence(900)), { interims: naoEspera.interims });
    call.say(naoEspera.text);
    await call.waitFor(() => call.count("clear") === 1, "the interruption to cut the agent off");
    await call.waitFor(
      () => inputs.some((i) => i.kind === "speech" && i.text === "não, espera"),
      "the interruption to be the caller's turn",
    );
    await call.waitFor(() => call.agentLines().includes("Entendi."), "the answer to it");
    call.hangUp();
    const detail = await finishedDetail(call);
    const [told, interruption] = detail.latency.turns;
    // One cut, by 'não, espera': the acknowledgements were counted on the reply they were said over.
    expect(call.count("clear")).toBe(1);
    expect(told).toMatchObject({ turn: 1, input: "TEXT", interrupted: true, backchannels: 2 });
    // On the gateway's media clock, from the interruption's first voiced frame to the cut.
    expect(told?.bargeInMs).toBeGreaterThan(0);
    expect(told?.bargeInMs).toBeLessThanOrEqual(400);
    expect(interruption).toMatchObject({ turn: 2, input: "TEXT", interrupted: false, bargeInMs: null });
    expect(detail.messages.filter((m) => m.sender === "CALLER").map((m) => m.content)).toEqual([
      "me conta tudo",
      "não, espera",
    ]);
  });

  it("without interim words (voice, then text): 'sim, sim' and 'entendi' go by; 'não, espera' stops the agent within 400 ms", async () => {
    const item = (id: string) =>
      heldOutSet().find((i) => i.id === id) as NonNullable<ReturnType<typeof heldOutSet>[0]>;
    const heardBefore = inputs.length;
    const call = await harness.call(clinic);
    await call.nextTurn();
    call.say("me conta tudo");
    await call.waitFor(
      () =>
        call.events.some(
          (e) => e.event === "transcript" && e.role === "agent" && e.text.startsWith("Parte 1"),
        ),
      "the long reply to be under way",
    );
    for (const id of ["sim-sim", "entendi"]) {
      const ack = item(id);
      await call.sendAudio(concat(audioOf(ack), silence(900)));
      call.say(ack.text);
    }
    const naoEspera = item("nao-espera");
    await call.sendAudio(concat(audioOf(naoEspera), silence(900)));
    call.say(naoEspera.text);
    await call.waitFor(() => call.count("clear") === 1, "the interruption to cut the agent off");
    await call.waitFor(
      () => inputs.slice(heardBefore).some((i) => i.kind === "speech" && i.text === "não, espera"),
      "the interruption to be the caller's turn",
    );
    await call.waitFor(
      () => call.agentLines().filter((l) => l === "Entendi.").length >= 1,
      "the answer to it",
    );
    call.hangUp();
    const detail = await finishedDetail(call);
    const [told, interruption] = detail.latency.turns;
    // Before the hold, voice alone cut the agent off twice here ('sim, sim' and 'entendi', two false barge-ins);
    // now one cut, by 'não, espera', and the acknowledgements counted on the reply they were said over.
    expect(call.count("clear")).toBe(1);
    expect(told).toMatchObject({ turn: 1, input: "TEXT", interrupted: true, backchannels: 2 });
    // On the gateway's media clock, from the interruption's first voiced frame to the agent's audio held.
    expect(told?.bargeInMs).toBeGreaterThan(0);
    expect(told?.bargeInMs).toBeLessThanOrEqual(400);
    console.info(
      `softphone, voice then text: barge-in ${told?.bargeInMs} ms, backchannels ${told?.backchannels}`,
    );
    expect(interruption).toMatchObject({ turn: 2, input: "TEXT", interrupted: false, bargeInMs: null });
    expect(detail.messages.filter((m) => m.sender === "CALLER").map((m) => m.content)).toEqual([
      "me conta tudo",
      "não, espera",
    ]);
  });
});
