// Grounded answers, closings and an interrupted closing question on the real offline engine (decision 0067): what
// the caller hears and that nothing is written.
import { describe, expect, it } from "vitest";
import { FakeTools } from "../../scenarios/fake-tools";
import { FIXTURES } from "../../scenarios/fixtures";
import { runScenario, type Scenario, type Turn } from "../../scenarios/runner";
import type { AgentEvent } from "../types";
import { createOfflineEngine } from "./index";

const NOW = "2026-12-09T10:00:00-03:00";
const CLARA = "+5521988887777";
const MARIA = "+5511987654321";

function call(
  id: string,
  fixture: Scenario["fixture"],
  caller: string,
  turns: Turn[],
  expect: Scenario["expect"],
): Scenario {
  return { id, fixture, now: NOW, caller, turns, must: true, expect };
}

async function run(s: Scenario) {
  const outcome = await runScenario(s);
  expect(outcome.problems, outcome.transcript.join("\n")).toEqual([]);
  return outcome;
}

const count = (said: string[], text: string) => said.join(" ").split(text).length - 1;

describe("questions by meaning (decision 0067)", () => {
  it("'o que eu tenho que fazer antes' of a service is its preparation, not a booking", async () => {
    await run(
      call(
        "prep-before",
        "clinica",
        MARIA,
        ["vou fazer o exame de sangue, o que que eu tenho que fazer antes?"],
        { say: ["jejum de oito horas"], notSay: ["para qual dia"], created: false },
      ),
    );
  });

  it("'e precisa levar alguma coisa?' after a price is about that service: its note", async () => {
    await run(
      call(
        "prep-follow-up",
        "consultorio",
        CLARA,
        ["quanto custa a consulta?", "e precisa levar alguma coisa?"],
        { say: ["duzentos reais", "Traga os exames anteriores"], created: false },
      ),
    );
  });

  it("two topics answered from one description say its sentence once", async () => {
    const o = await run(
      call("entrance-once", "clinica", MARIA, ["como eu faço pra entrar na unidade centro? tem elevador?"], {
        say: ["Entrada pela Rua Augusta", "com elevador"],
      }),
    );
    expect(count(o.said, "Atendimento no segundo andar, com elevador.")).toBe(1);
  });
});

describe("prices and children (decision 0067)", () => {
  it("'quanto que é' asks the price, and 'e depende do quê?' gets what the note says it depends on", async () => {
    await run(
      call(
        "price-depends",
        "clinica",
        MARIA,
        ["quanto que é a avaliação dermatológica", "e depende do quê?"],
        { say: ["varia", "conforme a área a tratar"], notSay: ["para qual dia"], created: false },
      ),
    );
  });

  it("a word two services share, said for a small child, is the one that sees children: told no under its age", async () => {
    const fixture = FIXTURES.salao();
    const k = fixture.knowledge;
    const knowledge = {
      ...k,
      services: k.services.map((s) =>
        s.name === "Corte masculino"
          ? { ...s, childFriendly: true, childAgeObservation: "Corte infantil a partir de 3 anos" }
          : s,
      ),
    };
    const now = () => new Date(NOW);
    const tools = new FakeTools({ ...fixture, knowledge }, now);
    const session = createOfflineEngine().start(
      knowledge,
      { callId: "kid", callerNumber: CLARA, now, knownClient: null },
      tools,
    );
    const said: string[] = [];
    const signal = new AbortController().signal;
    const collect = async (events: AsyncIterable<AgentEvent>) => {
      for await (const e of events) if (e.type === "say") said.push(e.text);
    };
    await collect(session.greet(signal));
    await collect(
      session.respond(
        { kind: "speech", text: "queria marcar um corte pro meu filho de dois anos no sábado" },
        signal,
      ),
    );
    expect(said.join(" ")).toMatch(/Corte masculino atende crianças somente a partir de três anos/);
    expect(tools.calls.filter((c) => c.ran && c.tool === "createAppointment")).toEqual([]);
  });
});

describe("closings (decision 0067)", () => {
  it("never asks 'Posso ajudar em mais alguma coisa?' a third time", async () => {
    const o = await run(
      call(
        "closing-reworded",
        "consultorio",
        CLARA,
        [
          "qual o endereço?",
          "e quanto custa a limpeza?",
          "e aceita convênio?",
          "e quanto tempo dura o clareamento?",
        ],
        { say: ["gratuit", "sessenta minutos", "Precisa de mais alguma coisa?"], end: false },
      ),
    );
    expect(count(o.said, "Posso ajudar em mais alguma coisa?")).toBe(2);
  });

  it("a bare 'não' that cut the closing question short is no goodbye: the caller is listened to", async () => {
    await run(
      call(
        "closing-cut",
        "consultorio",
        CLARA,
        ["qual o endereço?", { bargeIn: true }, "não", "quanto custa a limpeza?"],
        { say: ["Pois não, pode falar", "gratuit"], end: false, created: false },
      ),
    );
  });

  it("the same 'não' to the closing question heard whole ends the call", async () => {
    await run(call("closing-heard", "consultorio", CLARA, ["qual o endereço?", "não"], { end: true }));
  });

  it("'vou pensar' after a price closes politely, writing nothing", async () => {
    await run(
      call("think-about-it", "consultorio", CLARA, ["quanto custa o clareamento?", "ah tá, vou pensar"], {
        say: ["varia"],
        end: true,
        created: false,
      }),
    );
  });
});
