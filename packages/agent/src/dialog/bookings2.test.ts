// Names and CPFs in bookings (docs/decisions/0069): a first name alone is never written as a whole name, a name
// completed at the read-back is read back again, a CPF said without the word is kept. Through the real offline
// engine and the in-memory tools. Clock: Wednesday 2026-12-09 10:00; 'sexta que vem' is 2026-12-18.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CALLERS, expectCall } from "../../scenarios/calls";
import { FIXTURES } from "../../scenarios/fixtures";
import type { Scenario } from "../../scenarios/runner";
import { cpfInRun } from "../cpf";
import { extractName, isFirstNameOnly, surnameSaid, withSurname } from "../names";
import { tokenize } from "../normalize";
import { introducedName } from "./flows/caller";

const OPENER = "quero marcar uma consulta com a doutora ana no centro sexta que vem as dez";

const { UNKNOWN } = CALLERS;
const run = (id: string, turns: string[], want: Scenario["expect"], full?: string[]) =>
  expectCall(id, UNKNOWN, turns, want, full ? { full } : {});

describe("a first name alone is not a whole name", () => {
  it("asks the surname after a first name and joins it ('Mariana', then 'Costa Lima')", async () => {
    const outcome = await run("surname", [OPENER, "Mariana.", "Costa Lima.", "pular", "sim"], {
      created: { at: "2026-12-18T10:00" },
      clientCreated: { fullName: "Mariana Costa Lima" },
      say: ["qual e o seu sobrenome"],
      notSay: ["no nome de Mariana."],
    });
    expect(outcome.said.join(" ")).toContain("no nome de Mariana Costa Lima");
  });

  it("takes the whole name said again at the surname question", async () => {
    await run("surname-whole", [OPENER, "mariana", "mariana costa lima", "pular", "sim"], {
      clientCreated: { fullName: "Mariana Costa Lima" },
    });
  });

  it("completes the first name with 'o sobrenome é …' said in a later turn", async () => {
    await run("surname-later", [OPENER, "Renato.", "Ah, o sobrenome é Guimarães Prado.", "pular", "sim"], {
      clientCreated: { fullName: "Renato Guimarães Prado" },
    });
  });

  it("completes a first name given in the request ('aqui é a Mariana')", async () => {
    await run("surname-introduced", [`aqui é a Mariana, ${OPENER}`, "Costa Lima", "pular", "sim"], {
      clientCreated: { fullName: "Mariana Costa Lima" },
    });
  });

  it("asks the surname once: 'é só Mariana mesmo' is read back and written as said", async () => {
    const outcome = await run("surname-none", [OPENER, "Mariana", "é só Mariana mesmo", "pular", "sim"], {
      clientCreated: { fullName: "Mariana" },
    });
    expect(outcome.said.filter((s) => /sobrenome/.test(s))).toHaveLength(1);
  });

  it("keeps a whole name given at once without asking a surname", async () => {
    await run("whole", [OPENER, "Ana Paula Reis", "pular", "sim"], {
      clientCreated: { fullName: "Ana Paula Reis" },
      notSay: ["sobrenome"],
    });
  });
});

describe("a first name alone on the waitlist", () => {
  it("asks the surname before registering a new caller for the waitlist", async () => {
    await run(
      "waitlist-surname",
      [
        "quero marcar uma consulta com a doutora ana no centro na sexta que vem de manha",
        "sim pode colocar",
        "Mariana",
        "Costa Lima",
        "sim",
      ],
      {
        created: false,
        clientCreated: { fullName: "Mariana Costa Lima" },
        say: ["qual e o seu sobrenome", "Então vou cadastrar Mariana Costa Lima"],
      },
      ["2026-12-18"],
    );
  });
});

describe("a name said with the yes at the read-back", () => {
  it("reads back again under the completed name ('isso, Mariana Costa Lima'), then writes it", async () => {
    const outcome = await run(
      "yes-with-name",
      [OPENER, "Mariana", "é só Mariana", "pular", "isso, Mariana Costa Lima", "sim"],
      { created: { at: "2026-12-18T10:00" }, clientCreated: { fullName: "Mariana Costa Lima" } },
    );
    expect(outcome.said.join(" ")).toContain("no nome de Mariana Costa Lima. Posso confirmar?");
  });

  it("takes a plain yes-word at the read-back as a yes, not as a name ('Sim, confirma')", async () => {
    await run("yes-plain", [OPENER, "Ana Paula Reis", "pular", "Sim, confirma."], {
      clientCreated: { fullName: "Ana Paula Reis" },
    });
  });
});

describe("a CPF said without the word", () => {
  it("keeps eleven digits in words said with the request, and does not ask for the CPF", async () => {
    await run(
      "cpf-unprompted",
      [
        `${OPENER} meu nome é paulo henrique de oliveira um dois três quatro cinco seis sete oito nove zero nove`,
        "sim",
      ],
      {
        created: { at: "2026-12-18T10:00" },
        clientCreated: { fullName: "Paulo Henrique de Oliveira", documentNumber: "12345678909" },
        notSay: ["cpf"],
      },
    );
  });

  it("keeps the name and the CPF said together at the name question", async () => {
    await run(
      "cpf-with-name",
      [OPENER, "é rodrigo alves três nove zero cinco três três quatro quatro sete zero cinco", "sim"],
      { clientCreated: { fullName: "Rodrigo Alves", documentNumber: "39053344705" }, notSay: ["cpf"] },
    );
  });

  it("takes no CPF from digits that fail the check", async () => {
    await run(
      "cpf-invalid",
      [OPENER, "é rodrigo alves um dois três quatro cinco seis sete oito nove zero zero", "pular", "sim"],
      { clientCreated: { fullName: "Rodrigo Alves" }, say: ["cpf"] },
    );
  });
});

describe("the readers behind them", () => {
  it("tells a first name alone from a whole name, and completes it", () => {
    expect(isFirstNameOnly("Mariana")).toBe(true);
    expect(isFirstNameOnly("Ana de")).toBe(true);
    expect(isFirstNameOnly("Mariana Costa Lima")).toBe(false);
    expect(isFirstNameOnly("José Carlos da Silva")).toBe(false);
    expect(withSurname("Mariana", "Costa Lima")).toBe("Mariana Costa Lima");
    expect(withSurname("Mariana", "mariana costa lima")).toBe("mariana costa lima");
    expect(surnameSaid("Ah, o sobrenome é Guimarães Prado.")).toBe("Guimarães Prado");
    expect(surnameSaid("meu nome é Renato")).toBeUndefined();
  });

  it("ends a name where a number said after it starts, and finds a CPF in a run of digits", () => {
    expect(extractName("é rodrigo alves um um um quatro quatro quatro sete sete sete três cinco")).toBe(
      "Rodrigo Alves",
    );
    expect(extractName("é só Mariana mesmo")).toBeUndefined();
    expect(extractName("é só Mariana")).toBe("Mariana");
    // The filler 'é' inside a name is no 'e' joining surnames; whom the service is for is no name.
    expect(extractName("camila é ferreira")).toBe("Camila Ferreira");
    expect(extractName("Ana Maria e Silva")).toBe("Ana Maria e Silva");
    expect(extractName("é pra mel")).toBeUndefined();
    // A letter counted is how the name is written, not part of it.
    expect(extractName("Mariana, com dois enes? não, Mariana com um ene só, Mariana Costa")).toBe(
      "Mariana Costa",
    );
    expect(extractName("Thaís com dois esses Souza")).toBe("Thaís Souza");
    expect(extractName("é pro thor")).toBeUndefined();
    // A self-introduction restarted after 'é', or after a pause, is read whole.
    expect(introducedName("oi meu nome é carla é carla souza de almeida queria marcar")).toBe(
      "meu nome é carla carla souza de almeida",
    );
    expect(
      extractName(introducedName("Meu nome é Juliana... é... Juliana Prado Martins. Quero marcar.")),
    ).toBe("Juliana Prado Martins");
    const words = (s: string) => tokenize(s).map((t) => t.norm);
    // The time said before the digits is a run of its own.
    expect(
      cpfInRun(
        words(
          "na terça às cinco da tarde meu nome é paulo cinco dois nove nove oito dois dois quatro sete dois cinco",
        ),
      ),
    ).toBe("52998224725");
    expect(cpfInRun(words("529.982.247-25"))).toBe("52998224725");
    // A phone number fails the check digits; ten digits are no CPF.
    expect(cpfInRun(words("onze nove nove oito sete seis cinco quatro três dois"))).toBeUndefined();
    expect(cpfInRun(words("um dois três quatro cinco seis sete oito nove zero zero"))).toBeUndefined();
  });
});

describe("a child the service does not see", () => {
  it("says the no once when the booking and the question about the age come together", async () => {
    const outcome = await run(
      "child-once",
      ["quero marcar uma consulta clínica pro meu filho de um ano, vocês atendem?", "não, obrigado"],
      { created: false, clientCreated: false },
    );
    expect(outcome.said.filter((s) => /somente a partir de dois anos/.test(s))).toHaveLength(1);
  });
});

describe("two services, one of them picked from a word two share", () => {
  afterEach(() => vi.restoreAllMocks());

  it("books them one after another when no one professional does both ('a dermatológica' with the blood test)", async () => {
    // 'consulta' names two services here: the clinic's 'Avaliação dermatológica' renamed 'Consulta dermatológica'
    // (Dr. Carlos only); the blood test is Dra. Ana's.
    const original = FIXTURES.clinica;
    vi.spyOn(FIXTURES, "clinica").mockImplementation(() => {
      const f = original();
      const services = f.knowledge.services.map((s) =>
        s.name === "Avaliação dermatológica" ? { ...s, name: "Consulta dermatológica" } : s,
      );
      return { ...f, knowledge: { ...f.knowledge, services } };
    });
    const outcome = await run(
      "choice-then-two",
      [
        "quero marcar uma consulta e um exame de sangue na sexta que vem de manha",
        "a dermatologica",
        "a primeira",
        "Mariana Costa Lima",
        "pular",
        "sim",
        "a primeira",
        "sim",
      ],
      { clientCreated: { fullName: "Mariana Costa Lima" } },
    );
    expect(outcome.said.join(" ")).not.toContain("não há profissional disponível");
    expect(outcome.said.join(" ")).toContain("Vou marcar um de cada vez");
  });
});
