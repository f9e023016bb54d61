// The fourth batch of callers written apart from the engine (docs/decisions/0071): a known client speaking of the
// appointments they have, 'pode tirar' (a removal, a yes only to a cancellation), a cancellation agreed to with a
// deferral or a refused move beside it, a move one hour later, a phone number said before it is asked, 'as duas' to
// a choice of two services, a booking said as 'já deixa marcado' after thanks. Through the real offline engine and
// the in-memory tools. Clock: Wednesday 2026-12-09 10:00; Maria has a consulta on Friday 11 at 10:00 and an exam on
// Tuesday 15 at 9:00.
import { describe, expect, it } from "vitest";
import { CALLERS, expectCall } from "../../scenarios/calls";
import { resolveWhen } from "../datetime";
import { intentsOf, topicsOf } from "../intents";

const { UNKNOWN, MARIA } = CALLERS;
const run = expectCall;

describe("a known client speaking of the appointments they have", () => {
  it("'eu tenho duas coisas marcadas' books nothing; 'pode tirar só a de terça' cancels Tuesday's only", async () => {
    const outcome = await run(
      "two-held",
      MARIA,
      [
        "oi é a maria eu tenho uma consulta na sexta e um exame na terça com a doutora ana",
        "pode tirar só a de terça",
        "sim",
      ],
      { cancelled: "maria-exame", created: false, rescheduled: false },
    );
    expect(outcome.said.join(" ")).not.toMatch(/Então fica/);
  });

  it("a 'pode tirar' naming another day at a cancellation's read-back is no yes to it", async () => {
    const outcome = await run(
      "other-day",
      MARIA,
      ["quero cancelar a consulta de sexta", "pode tirar só a de terça"],
      { cancelled: false, created: false },
    );
    expect(outcome.said.join(" ")).toMatch(/terça/);
  });

  it("'pode desmarcar, depois eu remarco' at the cancellation's read-back cancels, and starts no move", async () => {
    const outcome = await run(
      "cancel-defer",
      MARIA,
      [
        "queria cancelar o meu exame de terça",
        "é que eu vou viajar, pode desmarcar sim, depois eu remarco",
        "não, obrigada, tchau",
      ],
      { cancelled: "maria-exame", created: false, rescheduled: false },
    );
    expect(outcome.said.join(" ")).not.toMatch(/Para quando você quer remarcar/);
  });

  it("'não precisa remarcar não, pode cancelar' cancels", async () => {
    await run(
      "no-move-cancel",
      MARIA,
      ["é sobre o meu exame de terça eu não vou conseguir ir", "não não precisa remarcar não pode cancelar"],
      { cancelled: "maria-exame", rescheduled: false, created: false },
    );
  });

  it("'terça às dez' to 'Para quando…?' for Tuesday's 9:00 moves it that day, it does not ask again", async () => {
    await run("same-day-answer", MARIA, ["quero remarcar o meu exame de sangue", "terça às dez", "sim"], {
      rescheduled: { appointment: "maria-exame", at: "2026-12-15T10:00" },
      created: false,
    });
  });

  it("'dá pra empurrar uma hora mais tarde?' moves the exam to 10:00 the same day", async () => {
    await run("push-hour", MARIA, ["o meu exame de terça dá pra empurrar uma hora mais tarde", "sim"], {
      rescheduled: { appointment: "maria-exame", at: "2026-12-15T10:00" },
      created: false,
    });
  });
});

describe("a booking said in other words", () => {
  it("'pode tirar' at a booking's read-back writes nothing", async () => {
    await run(
      "remove-at-readback",
      UNKNOWN,
      [
        "queria marcar uma consulta com a doutora Ana no centro sexta às nove",
        "Carla Dias",
        "pular",
        "pode tirar só a de sexta",
      ],
      { created: false },
    );
  });

  it("takes a phone number said with the name as the contact, not the caller id", async () => {
    await run(
      "phone-with-name",
      UNKNOWN,
      [
        "queria marcar uma consulta com a doutora Ana no centro sexta às nove",
        "é Gilberto Nascimento e o meu celular é onze nove nove um quatro sete dois oito zero três",
        "pular",
        "sim",
      ],
      {
        created: { at: "2026-12-11T09:00" },
        clientCreated: { fullName: "Gilberto Nascimento", phoneNumber: "11991472803" },
      },
    );
  });

  it("'obrigada! então já deixa marcado pra sexta às nove' at 'mais alguma coisa?' books, it is no goodbye", async () => {
    await run(
      "thanks-then-book",
      UNKNOWN,
      [
        "a consulta com a doutora Ana precisa de preparo?",
        "Ótimo, obrigada! Então já deixa marcado pra mim com a doutora Ana sexta às nove, no centro, por favor.",
        "Carla Dias",
        "pular",
        "sim",
      ],
      { created: { at: "2026-12-11T09:00" } },
    );
  });
});

describe("questions in other words", () => {
  it("prices both services asked about together, not the catalogue's first ones", async () => {
    const together = await run(
      "two-prices",
      UNKNOWN,
      ["quanto fica a consulta clínica e o exame de sangue, as duas coisas juntas?", "não, obrigada, tchau"],
      { created: false },
    );
    const said = together.said.join(" ");
    expect(said, together.transcript.join("\n")).toMatch(/Consulta clínica custa cento e cinquenta reais/);
    expect(said, together.transcript.join("\n")).toMatch(
      /Exame de sangue custa oitenta reais e cinquenta centavos/,
    );
    expect(said).not.toMatch(/Avaliação dermatológica/);
  });

  it("'eu tinha marcado a consulta pra sexta, mas queria saber quanto custa o exame' books nothing", async () => {
    const outcome = await run(
      "held-then-price",
      MARIA,
      [
        "eu tinha marcado a consulta pra sexta, mas queria saber quanto custa o exame de sangue",
        "não, obrigada, tchau",
      ],
      { created: false, rescheduled: false, cancelled: false },
    );
    expect(outcome.said.join(" ")).toMatch(/Exame de sangue custa oitenta reais/);
  });

  it("'não tenho convênio, seria particular' names no plan", async () => {
    const outcome = await run(
      "no-plan",
      UNKNOWN,
      ["quanto custa a consulta clínica? eu não tenho convênio, seria particular", "não, obrigada, tchau"],
      { created: false },
    );
    expect(outcome.said.join(" ")).not.toMatch(/Não atendemos/);
  });

  it("'vou ver com o meu convênio e te retorno, obrigada' closes the call, it asks nothing", async () => {
    const outcome = await run(
      "defer-plan",
      UNKNOWN,
      [
        "quanto custa a consulta clínica?",
        "tá, vou ver certinho com o meu convênio se eles reembolsam e te retorno. Muito obrigada!",
      ],
      { created: false },
    );
    expect(outcome.said.join(" "), outcome.transcript.join("\n")).not.toMatch(/Atendemos os convênios/);
    expect(outcome.said.at(-1)).toMatch(/Tchau/);
  });

  it("'vocês têm consulta com a doutora Ana na sexta, umas nove horas?' offers the time, it lists no services", async () => {
    const outcome = await run(
      "have-on-day",
      UNKNOWN,
      [
        "vocês têm consulta clínica com a doutora Ana no centro na sexta, umas nove horas?",
        "Carla Dias",
        "pular",
        "sim",
      ],
      { created: { at: "2026-12-11T09:00" } },
    );
    expect(outcome.said.join(" "), outcome.transcript.join("\n")).not.toMatch(/Oferecemos/);
  });
});

describe("two services booked together", () => {
  it("'pode marcar as duas' at their read-back is a yes to both at the time read back, not two o'clock", async () => {
    await run(
      "both",
      UNKNOWN,
      [
        "queria fazer corte feminino e escova no sábado às dez",
        "Carla Dias",
        "pular",
        "isso, pode marcar as duas, por favor",
      ],
      { created: { services: ["corte-f", "escova"], at: "2026-12-12T10:00" } },
      { fixture: "salao" },
    );
  });
});

describe("words read", () => {
  const NOW = new Date("2026-12-09T10:00:00-03:00");
  it("'ainda é de manhã, né?' wishes no morning, and a time said whole beats a stray part of the day", () => {
    const w = resolveWhen(
      "Boa tarde! Ai, bom dia, ainda é de manhã, né? Teria nesta sexta, às quatro da tarde?",
      NOW,
    );
    expect(w).toMatchObject({ date: "2026-12-11", time: 16 * 60 });
    expect(w?.period).toBeUndefined();
  });

  it("'as duas coisas juntas' is no time", () => {
    expect(resolveWhen("quanto fica as duas coisas juntas?", NOW)?.time).toBeUndefined();
  });

  it("reads removals, shifts and bookings said with no booking noun", () => {
    expect(intentsOf("a de sexta pode tirar que eu vou viajar")).toContain("cancel");
    expect(intentsOf("consegue tirar pra mim?")).toContain("cancel");
    expect(intentsOf("pode tirar sangue aí?")).not.toContain("cancel");
    expect(intentsOf("tem como empurrar uma hora mais tarde")).toContain("reschedule");
    expect(intentsOf("então já deixa marcado pra mim sábado")).toContain("book");
    expect(intentsOf("pode cancelar, depois eu remarco")).not.toContain("reschedule");
    expect(topicsOf("tem algum cuidado que eu preciso ter antes? Posso tomar meu cafezinho?")).toContain(
      "preparation",
    );
  });
});
