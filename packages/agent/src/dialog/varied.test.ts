// Callers written apart from the engine (docs/decisions/0070): the one booked for named as 'ela chama …', a
// self-introduction said as the answer to another question, days the caller can't, a cancellation whose words hold
// 'falou', through the real offline engine and the in-memory tools. Clock: Wednesday 2026-12-09 10:00.
import { describe, expect, it } from "vitest";
import { CALLERS, expectCall } from "../../scenarios/calls";

const { UNKNOWN, MARIA, JOAO } = CALLERS;
const run = expectCall;

describe("callers who don't follow the script", () => {
  it("registers the one booked for, named 'ela chama …', not the caller who introduced himself", async () => {
    await run(
      "patient-named",
      UNKNOWN,
      [
        "aqui é o Tiago, queria marcar uma consulta com a doutora Ana no centro pra minha mãe, ela chama Maria das Graças Nunes, sexta às nove",
        "pular",
        "sim",
      ],
      {
        created: { at: "2026-12-11T09:00" },
        clientCreated: { fullName: "Maria das Graças Nunes" },
      },
    );
  });

  it("takes 'é a Denise Souza' said at another question as the name, and does not ask it", async () => {
    const outcome = await run(
      "name-at-service",
      UNKNOWN,
      [
        "queria marcar",
        "é a Denise Aparecida Souza",
        "consulta clínica com a doutora Ana no centro sexta às nove",
        "pular",
        "sim",
      ],
      { created: { at: "2026-12-11T09:00" }, clientCreated: { fullName: "Denise Aparecida Souza" } },
    );
    expect(outcome.said.join(" ")).not.toMatch(/qual é o seu nome/i);
  });

  it("books none of the days the caller can't ('segunda eu não consigo, nem amanhã')", async () => {
    await run(
      "refused-days",
      UNKNOWN,
      [
        "queria marcar uma consulta com a doutora Ana no centro. Segunda eu não consigo de jeito nenhum, nem amanhã. Teria sexta às onze?",
        "Carla Dias",
        "pular",
        "sim",
      ],
      { created: { at: "2026-12-11T11:00" } },
    );
  });

  it("'o médico falou que não precisa mais, pode cancelar o exame' cancels; 'falou' is no goodbye", async () => {
    await run(
      "falou",
      MARIA,
      ["o meu médico falou que não precisa mais, pode cancelar o exame de sangue", "sim"],
      { cancelled: "maria-exame", created: false },
    );
  });

  it("puts the day question in other words rather than ask it a third time after two questions", async () => {
    const outcome = await run(
      "reworded",
      UNKNOWN,
      ["queria marcar uma consulta clínica com a doutora Ana no centro", "quanto custa?", "e aceita Unimed?"],
      { created: false },
    );
    const same = outcome.said.filter((line) => line === "Para qual dia e horário você gostaria?");
    expect(same.length, outcome.transcript.join("\n")).toBe(2);
    expect(outcome.said.at(-1), outcome.transcript.join("\n")).toMatch(/para quando seria/i);
  });

  it("says a known caller's appointment when their opening is not understood, and asks what to do with it", async () => {
    const outcome = await run(
      "known-unclear",
      JOAO,
      ["então, o doutor me disse uma coisa sobre o resultado ontem"],
      { created: false, cancelled: false, rescheduled: false },
    );
    expect(outcome.said.join(" "), outcome.transcript.join("\n")).toMatch(
      /Você tem .*Quer confirmar, remarcar ou cancelar/,
    );
  });

  it("takes 'o mais cedo possível' over the times offered as the earliest of them", async () => {
    await run(
      "earliest-offered",
      UNKNOWN,
      [
        "queria marcar uma consulta com a doutora Ana no centro quinta de manhã",
        "o mais cedo possível",
        "Carla Dias",
        "pular",
        "sim",
      ],
      { created: { at: "2026-12-10T08:00" } },
    );
  });

  it("'isso, pode trocar' to a move's read-back moves it", async () => {
    await run("pode-trocar", JOAO, ["minha consulta de quinta pode ser às 15h?", "Isso, pode trocar."], {
      rescheduled: { appointment: "joao-consulta", at: "2026-12-10T15:00" },
      created: false,
    });
  });

  it("a new day said to 'Quer confirmar, remarcar ou cancelar?' moves the appointment just said", async () => {
    await run(
      "day-to-manage-choice",
      JOAO,
      [
        "então, o doutor me disse uma coisa sobre o resultado ontem",
        "sexta no mesmo horário, tem vaga?",
        "pode sim, obrigado!",
      ],
      { rescheduled: { appointment: "joao-consulta", at: "2026-12-11T14:00" }, created: false },
    );
  });

  it("asks which Tuesday when 'terça' is said over Tuesday the 22nd offered and Tuesday the 15th is nearer", async () => {
    const outcome = await run(
      "which-tuesday",
      UNKNOWN,
      [
        "quero uma consulta clínica com o Dr. Carlos na Paulista na segunda, dia 21",
        "então terça às três da tarde",
        "a do dia 22",
        "Carla Dias",
        "pular",
        "sim",
      ],
      { created: { professional: "carlos", at: "2026-12-22T15:00" } },
    );
    expect(outcome.said.join(" "), outcome.transcript.join("\n")).toMatch(
      /Você quer terça-feira, dia 15,? ou terça-feira, dia 22\?/,
    );
  });

  it("says which days a professional works, and closes on 'vou ver na minha agenda e te ligo depois'", async () => {
    const outcome = await run(
      "days-then-defer",
      UNKNOWN,
      [
        "quanto é a consulta clínica com o Dr. Carlos?",
        "e quais dias ele atende?",
        "Tá ótimo. Vou ver aqui na minha agenda e te ligo depois. Valeu!",
      ],
      { created: false, end: true },
    );
    const said = outcome.said.join(" ");
    expect(said, outcome.transcript.join("\n")).toMatch(/Dr\. Carlos Souza atende .*terça/);
    expect(said).not.toMatch(/Para qual dia e horário/);
  });

  it("'peço que a senhora desmarque o exame' cancels it (the subjunctive of 'desmarcar')", async () => {
    await run(
      "subjunctive-cancel",
      MARIA,
      ["bom dia, peço que a senhora desmarque o meu exame de sangue, por favor", "sim"],
      {
        cancelled: "maria-exame",
        created: false,
      },
    );
  });

  it("answers 'antes de mais nada, quanto custa…?' instead of taking 'mais nada' for a goodbye", async () => {
    const outcome = await run(
      "antes-de-mais-nada",
      UNKNOWN,
      ["bom dia, antes de mais nada eu gostaria de saber quanto custa a consulta clínica"],
      { created: false },
    );
    expect(outcome.said.join(" "), outcome.transcript.join("\n")).toMatch(/cento e cinquenta reais|R\$ ?150/);
  });

  it("books what is asked with its day beside a question ('quanto custa … e, se der, já deixar reservado …')", async () => {
    await run(
      "question-and-request",
      UNKNOWN,
      [
        "queria saber quanto custa a consulta clínica e, se der, já deixar reservado um horário com a doutora Ana no centro na sexta às nove",
        "Carla Dias",
        "pular",
        "sim",
      ],
      { created: { professional: "ana", at: "2026-12-11T09:00" } },
    );
  });

  it("'isso, só a de sexta' to a cancellation read back for another day reads back Friday's, then cancels it", async () => {
    const outcome = await run(
      "only-fridays",
      MARIA,
      ["quero cancelar o exame de sangue", "isso, só a de sexta", "sim"],
      { cancelled: "maria-consulta", created: false },
    );
    expect(outcome.said.join(" ")).toMatch(/cancelar Consulta clínica/);
  });
});
