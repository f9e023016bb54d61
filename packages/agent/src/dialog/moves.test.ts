// Moves said with no move verb (docs/decisions/0068): the appointment the caller has and its new day or time, read
// back before anything is written, through the real offline engine and the in-memory tools. Clock: Wednesday
// 2026-12-09 10:00. João has a consultation on Thursday the 10th at 14:00 (Dr. Carlos, Paulista: Tue, Thu, Fri
// 13-18); Maria one on Friday the 11th at 10:00 and a blood test on Tuesday the 15th at 09:00 (Dra. Ana, Centro).
import { describe, expect, it } from "vitest";
import { CALLERS, expectCall } from "../../scenarios/calls";

const { JOAO, MARIA, UNKNOWN } = CALLERS;
const run = expectCall;

describe("moves said with no move verb", () => {
  it("'eu tinha marcado pra quinta mas queria sexta no mesmo horário': a move, not a booking", async () => {
    await run(
      "had-but-wanted",
      JOAO,
      ["eu tinha marcado pra quinta mas queria sexta no mesmo horário", "sim"],
      {
        rescheduled: { appointment: "joao-consulta", at: "2026-12-11T14:00" },
        created: false,
        say: ["posso confirmar"],
      },
    );
  });

  it("'minha consulta de quinta pode ser às 15h?': the same day at the new time, read back", async () => {
    await run("same-day-time", JOAO, ["minha consulta de quinta pode ser às 15h?", "sim"], {
      rescheduled: { appointment: "joao-consulta", at: "2026-12-10T15:00" },
      created: false,
    });
  });

  it("'seria possível … um dia depois no mesmo horário': the appointment's day plus one, at its time", async () => {
    await run(
      "day-shift",
      JOAO,
      ["minha consulta de quinta, seria possível um dia depois no mesmo horário?", "sim"],
      { rescheduled: { appointment: "joao-consulta", at: "2026-12-11T14:00" }, created: false },
    );
  });

  it("'será que dá na sexta?': a move of the appointment named, not a booking", async () => {
    await run("would-it-fit", JOAO, ["a consulta de quinta, será que dá na sexta às 15h?", "sim"], {
      rescheduled: { appointment: "joao-consulta", at: "2026-12-11T15:00" },
      created: false,
    });
  });

  it("'Quer confirmar, remarcar ou cancelar?' is not asked a third time", async () => {
    const outcome = await run("manage-choice", JOAO, ["é sobre a minha consulta", "sim", "sim"], {
      created: false,
      rescheduled: false,
      cancelled: false,
    });
    const asked = outcome.said.filter((line) => /confirmar, remarcar ou cancelar/i.test(line));
    expect(asked.length, outcome.transcript.join("\n")).toBe(2);
    expect(outcome.said.at(-1)).toMatch(/transfira|mais alguma coisa/);
  });

  it("'pode ser uma hora mais tarde': the appointment's time plus an hour, never 01:00", async () => {
    await run("shift", JOAO, ["a minha consulta de quinta pode ser uma hora mais tarde", "sim"], {
      rescheduled: { appointment: "joao-consulta", at: "2026-12-10T15:00" },
      created: false,
    });
  });

  it("'no mesmo dia só que mais tarde': the appointment's day, after its time", async () => {
    await run(
      "later-same-day",
      JOAO,
      ["a consulta de quinta dá pra ser no mesmo dia só que mais tarde", "o primeiro", "sim"],
      { rescheduled: { appointment: "joao-consulta", at: "2026-12-10T14:30" }, created: false },
    );
  });

  it("'não dá pra mim sexta, tem segunda?' with two appointments: Friday's moved", async () => {
    await run("cant-friday", MARIA, ["não dá pra mim sexta a consulta tem segunda no mesmo horário", "sim"], {
      rescheduled: { appointment: "maria-consulta", at: "2026-12-14T10:00" },
      created: false,
    });
  });

  it("'segunda que vem em vez de sexta': the day after 'em vez de' is the appointment's", async () => {
    await run(
      "instead-of",
      MARIA,
      ["queria segunda que vem em vez de sexta a consulta no mesmo horário", "sim"],
      {
        rescheduled: { appointment: "maria-consulta", at: "2026-12-14T10:00" },
        created: false,
      },
    );
  });

  it("'minha consulta é dia 11, né? consegue dia 14?': the old day first, then the new", async () => {
    await run("old-then-new", MARIA, ["minha consulta é dia 11, né? consegue dia 14 às 11?", "sim"], {
      rescheduled: { appointment: "maria-consulta", at: "2026-12-14T11:00" },
      created: false,
    });
  });

  it("'tinha marcado … mas queria saber o preço' is a question: nothing moved", async () => {
    await run(
      "had-but-question",
      JOAO,
      ["eu tinha marcado consulta pra quinta mas queria saber quanto custa", "não obrigado tchau"],
      {
        rescheduled: false,
        created: false,
        say: ["cento e cinquenta reais"],
      },
    );
  });

  it("during a booking, 'sexta não dá pra mim, tem segunda?' answers the offer: no move started", async () => {
    await run(
      "booking-refusal",
      UNKNOWN,
      ["quero marcar um exame de sangue na sexta de manhã", "não dá pra mim sexta tem segunda de manhã"],
      {
        rescheduled: false,
        notSay: ["remarcar", "agendamento futuro"],
      },
    );
  });

  it("'tinha marcado a consulta pra quinta e queria marcar também um exame na sexta': a booking on Friday, nothing moved", async () => {
    await run(
      "had-and-new",
      JOAO,
      [
        "eu tinha marcado a consulta pra quinta e queria marcar também um exame de sangue na sexta às nove",
        "sim",
        "sim",
      ],
      { created: { service: "exame", at: "2026-12-11T09:00" }, rescheduled: false },
    );
  });

  // docs/decisions/0070: a client booking a service they already have booked ahead is asked whether it is a move.
  it("a booking of the service the caller already has ahead is offered as a move of it, and yes moves it", async () => {
    const outcome = await run(
      "move-instead",
      JOAO,
      [
        "com o Dr. Carlos eu tenho consulta clínica, né? não dava pra ser sexta às 15h na Paulista?",
        "sim",
        "sim, pode remarcar",
        "sim",
      ],
      { rescheduled: { appointment: "joao-consulta", at: "2026-12-11T15:00" }, created: false },
    );
    expect(outcome.said.join(" "), outcome.transcript.join("\n")).toMatch(/Você já tem Consulta clínica/);
  });

  it("asks nothing when the caller asks for one more ('também', 'mais uma')", async () => {
    const outcome = await run(
      "also-one-more",
      JOAO,
      [
        "eu tenho consulta clínica com o Dr. Carlos e queria marcar mais uma na Paulista sexta às 15h",
        "sim",
        "sim",
      ],
      {
        created: { service: "consulta", professional: "carlos", at: "2026-12-11T15:00" },
        rescheduled: false,
      },
    );
    expect(outcome.said.join(" ")).not.toMatch(/Você já tem/);
  });

  it("'não, quero as duas' to that question books one more and moves nothing", async () => {
    await run(
      "one-more",
      JOAO,
      [
        "eu tenho consulta clínica com o Dr. Carlos, não dava pra ser sexta às 15h na Paulista?",
        "sim",
        "não, é mais uma",
        "sim",
      ],
      {
        created: { service: "consulta", professional: "carlos", at: "2026-12-11T15:00" },
        rescheduled: false,
      },
    );
  });
});
