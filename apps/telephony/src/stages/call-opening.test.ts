// The call opening stage as events in, events out: a stream's `start` in, the server's `calls.open` answer scripted,
// the real offline engine; an opened call (its agent's welcome), a refusal or nothing out. No socket. The agent's
// server client points at a port nothing listens on: the reception's opening asks it nothing, and a confirmation
// call whose appointment cannot be read ends politely (decision 0052).
import { type AgentEvent, createOfflineEngine } from "@atende/agent";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { serverClient } from "../server-api";
import {
  agentModeOf,
  type CallOpened,
  type CallOpenInput,
  type OpeningOptions,
  openCall,
  recognizerPhrases,
  streamStartOf,
} from "./call-opening";

const NOWHERE = "http://127.0.0.1:9/trpc";
const TENANT = "00000000-0000-4000-8000-000000000001";

function opened(extra: Partial<CallOpened> = {}): CallOpened {
  return {
    agentToken: "agent-token",
    callId: "00000000-0000-4000-8000-000000000099",
    isTest: true,
    maxSeconds: 300,
    clockOffsetMs: 0,
    callerNumber: "+5511988887777",
    client: null,
    knowledge: {
      agent: {
        id: "00000000-0000-4000-8000-000000000002",
        tenantId: TENANT,
        agentType: "CLINICA_DE_SAUDE",
        voiceType: "FEMININE",
        voiceTone: "FRIENDLY",
        name: "Sofia",
        welcomeMessage: "Olá! Aqui é a Sofia, da Clínica Bem Estar. Como posso ajudar?",
        ddd: "11",
        forwardingPhone: "+5511999990000",
        forwardingWhatsapp: null,
        recordingNotice: false,
        createdAt: "2026-01-01T00:00:00-03:00",
      },
      profile: {
        name: "Clínica Bem Estar",
        businessType: null,
        openingHours: null,
        paymentMethods: null,
        notes: null,
      },
      establishments: [],
      professionals: [],
      services: [],
      availabilities: [],
    },
    ...extra,
  };
}

function start(parameters: Record<string, string>) {
  return streamStartOf(
    { event: "start", start: { streamSid: "MZ1", callSid: "CA1", customParameters: parameters } },
    "fallback",
  );
}

function options(answer: () => Promise<CallOpened>, ended = () => false) {
  const logs: { msg: string }[] = [];
  const asked: CallOpenInput[] = [];
  const tokens: string[] = [];
  const opts: OpeningOptions = {
    engine: createOfflineEngine(),
    logger: pino({ level: "debug" }, { write: (line: string) => void logs.push(JSON.parse(line)) }),
    open: (input) => {
      asked.push(input);
      return answer();
    },
    connect: (token) => {
      tokens.push(token);
      return serverClient(NOWHERE, token);
    },
    onFirstToken: () => {},
    ended,
  };
  return { opts, logs, asked, tokens };
}

async function said(events: AsyncIterable<AgentEvent>): Promise<string[]> {
  const lines: string[] = [];
  for await (const event of events) if (event.type === "say") lines.push(event.text);
  return lines;
}

describe("the call opening stage", () => {
  it("redeems the ticket with the stream's ids and parameters, and the reception agent's first turn is the welcome", async () => {
    const { opts, asked, tokens } = options(async () => opened());
    const opening = await openCall(
      start({ token: "ticket", from: "+5511988887777", now: "2026-11-25T09:00:00-03:00" }),
      opts,
    );
    expect(asked).toEqual([
      {
        token: "ticket",
        streamSid: "MZ1",
        callSid: "CA1",
        from: "+5511988887777",
        now: "2026-11-25T09:00:00-03:00",
      },
    ]);
    expect(tokens).toEqual(["agent-token"]);
    if (opening.kind !== "opened") throw new Error(`expected an opened call, got ${opening.kind}`);
    const { call } = opening;
    expect(call).toMatchObject({
      callId: "00000000-0000-4000-8000-000000000099",
      tenantId: TENANT,
      mode: { kind: "reception" },
      voice: { voiceType: "FEMININE", voiceTone: "FRIENDLY" },
      maxSeconds: 300,
      forwardingPhone: "+5511999990000",
      confirmation: null,
    });
    expect(await said(call.welcome(new AbortController().signal))).toEqual([
      "Olá! Aqui é a Sofia, da Clínica Bem Estar. Como posso ajudar?",
    ]);
  });

  it("keeps the server's whole answer: a caller back from a transfer is known to the rest of the call", async () => {
    const { opts } = options(async () => opened({ returnedFromTransfer: true }));
    const opening = await openCall(start({ token: "ticket" }), opts);
    expect(opening.kind === "opened" && opening.call.opened.returnedFromTransfer).toBe(true);
  });

  it("starts the engine's message-taking for a caller back from a transfer nobody answered (decision 0056)", async () => {
    const { opts } = options(async () => opened({ returnedFromTransfer: true }));
    const opening = await openCall(start({ token: "ticket" }), opts);
    if (opening.kind !== "opened") throw new Error(`expected an opened call, got ${opening.kind}`);
    expect(await said(opening.call.welcome(new AbortController().signal))).toEqual([
      "Nossa equipe não conseguiu atender agora. Posso anotar um recado para retornarem a sua ligação?",
    ]);
  });

  it("a ticket the server refuses is a refusal, logged; nothing is connected or started", async () => {
    const { opts, logs, tokens } = options(async () => {
      throw new Error("Ligação não autorizada");
    });
    expect(await openCall(start({ token: "forged" }), opts)).toEqual({ kind: "refused" });
    expect(tokens).toEqual([]);
    expect(logs.map((l) => l.msg)).toContain("call refused");
  });

  it("a caller who hung up while the server answered: nothing is started", async () => {
    let ended = false;
    const { opts, tokens } = options(
      async () => {
        ended = true;
        return opened();
      },
      () => ended,
    );
    expect(await openCall(start({ token: "ticket" }), opts)).toEqual({ kind: "ended" });
    expect(tokens).toEqual([]);
  });

  it("a confirmation call whose appointment cannot be read ends politely, with nothing about an appointment said", async () => {
    for (const parameters of <Record<string, string>[]>[
      { token: "ticket", mode: "confirmation" },
      { token: "ticket", mode: "confirmation", appointmentId: "00000000-0000-4000-8000-000000000050" },
    ]) {
      const { opts, logs } = options(async () => opened());
      const opening = await openCall(start(parameters), opts);
      if (opening.kind !== "opened") throw new Error(`expected an opened call, got ${opening.kind}`);
      expect(opening.call.mode.kind).toBe("confirmation");
      expect(opening.call.confirmation?.outcome()).toBe("NO_DECISION");
      const lines = await said(opening.call.welcome(new AbortController().signal));
      expect(lines[0]).toContain("esta ligação foi feita por engano");
      expect(logs.some((l) => l.msg.startsWith("confirmation call not held"))).toBe(true);
    }
  });

  it("picks the agent's mode from the parameters in one place", () => {
    expect(agentModeOf({})).toEqual({ kind: "reception" });
    expect(agentModeOf({ mode: "other" })).toEqual({ kind: "reception" });
    expect(agentModeOf({ mode: "confirmation", appointmentId: "a1" })).toEqual({
      kind: "confirmation",
      appointmentId: "a1",
    });
    expect(streamStartOf({ event: "start", start: {} }, "call-1")).toEqual({
      streamSid: "call-1",
      callSid: undefined,
      parameters: {},
    });
  });

  it("tells the recogniser the names it will hear on the call", () => {
    expect(recognizerPhrases(opened().knowledge)).toEqual(["Sofia", "Clínica Bem Estar"]);
  });
});
