// Bookings said in any order (docs/decisions/0066): names, numbers and professionals the caller gives off the
// script, through the real offline engine and the in-memory tools. Clock: Wednesday 2026-12-09 10:00; 'sexta que
// vem' is 2026-12-18, when Dra. Ana Lima works at the Centro.
import { describe, expect, it } from "vitest";
import { CALLERS, expectCall } from "../../scenarios/calls";

const OPENER = "quero marcar uma consulta com a doutora ana no centro sexta que vem as dez";

const { UNKNOWN, MARIA } = CALLERS;
const run = expectCall;

describe("names said off the script", () => {
  it("takes the last of chained corrections ('É Ana... não, Ana Paula... Ana Paula Souza')", async () => {
    await run("chained", UNKNOWN, [OPENER, "É Ana... não, Ana Paula... Ana Paula Souza.", "pular", "sim"], {
      created: { professional: "ana", at: "2026-12-18T10:00" },
      clientCreated: { fullName: "Ana Paula Souza" },
    });
  });

  it("assembles a surname spelled with hyphens and says it once", async () => {
    await run("spelled", UNKNOWN, [OPENER, "Thaís Souza. Souza com Z: S-O-U-Z-A.", "pular", "sim"], {
      created: { at: "2026-12-18T10:00" },
      clientCreated: { fullName: "Thaís Souza" },
    });
  });

  it("takes a time said at the name question as a new time, never as a name", async () => {
    await run(
      "time-at-name",
      UNKNOWN,
      [OPENER, "ah melhor sexta que vem as onze", "Rogério Dias", "pular", "sim"],
      {
        created: { at: "2026-12-18T11:00" },
        clientCreated: { fullName: "Rogério Dias" },
        notSay: ["sexta que vem as onze, no nome", "no nome de Ah"],
      },
    );
  });

  it("keeps the name after the caller's relation to the client whose phone it is", async () => {
    await run("relation", MARIA, [OPENER, "não, é a filha dela, Júlia Souza", "pular", "sim"], {
      created: { at: "2026-12-18T10:00" },
      clientCreated: { fullName: "Júlia Souza" },
    });
  });

  it("keeps 'o nome é …' said with the pick of an offered time, and does not ask for it", async () => {
    const outcome = await run(
      "name-with-pick",
      UNKNOWN,
      [
        "quero marcar uma consulta com a doutora ana no centro sexta que vem de manha",
        "pode ser o primeiro e o nome é roberto alves",
        "pular",
        "sim",
      ],
      { clientCreated: { fullName: "Roberto Alves" }, notSay: ["qual e o seu nome"] },
    );
    expect(outcome.said.join(" ")).toContain("no nome de Roberto Alves");
  });

  it("replaces a first name with the full one said later ('meu nome completo é …')", async () => {
    await run(
      "later-full-name",
      UNKNOWN,
      [OPENER, "joão pedro", "não tenho, e o meu nome completo é joão pedro albuquerque santos", "sim"],
      { created: { at: "2026-12-18T10:00" }, clientCreated: { fullName: "João Pedro Albuquerque Santos" } },
    );
  });
});

describe("a contact number other than the caller id", () => {
  it("reads it back digit by digit before the write and stores it", async () => {
    await run(
      "contact",
      UNKNOWN,
      [
        `${OPENER} e pode anotar outro número pra contato`,
        "Carla Dias",
        "pular",
        "onze nove nove oito sete seis cinco quatro três dois",
        "sim",
      ],
      {
        created: { at: "2026-12-18T10:00" },
        clientCreated: { fullName: "Carla Dias", phoneNumber: "11998765432" },
        say: ["telefone de contato: onze, nove nove oito sete seis, cinco quatro três dois"],
      },
    );
  });
});

describe("a professional's name misheard", () => {
  it("offers the nearest name and takes it on a yes", async () => {
    await run(
      "near-yes",
      UNKNOWN,
      [
        "quero marcar uma consulta com a doutora anna no centro sexta que vem as dez",
        "sim",
        "Pedro Alves",
        "pular",
        "sim",
      ],
      {
        created: { professional: "ana", at: "2026-12-18T10:00" },
        say: ["Não temos Anna aqui. O nome mais parecido é Dra. Ana Lima. Quer agendar com Dra. Ana Lima?"],
      },
    );
  });

  it("takes the nearest name when the caller says the same name again, and never asks a third time", async () => {
    const outcome = await run(
      "near-again",
      UNKNOWN,
      [
        "quero marcar uma consulta no centro sexta que vem as dez",
        "com a anna",
        "com a anna",
        "Pedro Alves",
        "pular",
        "sim",
      ],
      { created: { professional: "ana", at: "2026-12-18T10:00" } },
    );
    expect(outcome.said.filter((s) => /Com qual profissional/.test(s)).length).toBeLessThanOrEqual(1);
  });

  it("asks with every name after a no", async () => {
    await run(
      "near-no",
      UNKNOWN,
      [
        "quero marcar uma consulta com a doutora anna no centro sexta que vem as dez",
        "não",
        "com a doutora ana lima",
        "Pedro Alves",
        "pular",
        "sim",
      ],
      {
        created: { professional: "ana", at: "2026-12-18T10:00" },
        say: ["Com qual profissional? Pode ser com"],
      },
    );
  });
});

describe("more than one service", () => {
  it("takes two services said at 'Qual serviço?' with 'e já aproveitar pra'", async () => {
    await run(
      "two-at-service",
      UNKNOWN,
      [
        "quero marcar um horário sexta que vem as dez",
        "uma consulta e já aproveitar pra fazer o exame de sangue",
        "Pedro Alves",
        "pular",
        "sim",
      ],
      { created: { services: ["consulta", "exame"], at: "2026-12-18T10:00" } },
    );
  });

  it("books both when 'e já aproveitar pra' comes in the first sentence (never the first alone)", async () => {
    await run(
      "two-first",
      UNKNOWN,
      [
        "queria marcar uma consulta com a doutora ana sexta que vem as dez e já aproveitar pra fazer o exame de sangue",
        "Pedro Alves",
        "pular",
        "sim",
      ],
      { created: { services: ["consulta", "exame"], at: "2026-12-18T10:00" } },
    );
  });

  it("books another service asked for at 'Posso ajudar em mais alguma coisa?' without asking the name again", async () => {
    const outcome = await run(
      "second-booking",
      UNKNOWN,
      [
        OPENER,
        "Pedro Alves",
        "pular",
        "sim",
        "sim, queria marcar também um exame de sangue na segunda que vem as nove",
        "sim",
      ],
      { created: { service: "exame" }, clientCreated: { fullName: "Pedro Alves" } },
    );
    expect(outcome.said.filter((s) => /Qual é o seu nome/.test(s))).toHaveLength(1);
    expect(outcome.said.join(" ")).toContain("Pronto, está agendado: Exame de sangue");
  });
});

describe("at 'Estou falando com …?'", () => {
  it("takes a name said alone as the caller's, not 'Desculpe, não entendi'", async () => {
    await run("bare-name", MARIA, [OPENER, "é a Júlia Souza", "pular", "sim"], {
      created: { at: "2026-12-18T10:00" },
      clientCreated: { fullName: "Júlia Souza" },
      notSay: ["não entendi"],
    });
  });

  it("takes the client's own first name as the client", async () => {
    await run("own-first-name", MARIA, [OPENER, "Maria", "sim"], {
      created: { at: "2026-12-18T10:00" },
      clientCreated: false,
      notSay: ["não entendi"],
    });
  });

  it("asks the name of someone who says only who they are to the client", async () => {
    await run("relation-only", MARIA, [OPENER, "é a filha dela", "Júlia Souza", "pular", "sim"], {
      created: { at: "2026-12-18T10:00" },
      clientCreated: { fullName: "Júlia Souza" },
      say: ["Qual é o seu nome completo?"],
    });
  });
});

describe("a longer name misheard", () => {
  it("offers the professional three letters away ('doutor Carlinhos' for Dr. Carlos Souza)", async () => {
    await run(
      "near-longer",
      UNKNOWN,
      [
        "quero marcar uma consulta com o doutor carlinhos na paulista terça que vem as duas da tarde",
        "sim",
        "Pedro Alves",
        "pular",
        "sim",
      ],
      { say: ["O nome mais parecido é Dr. Carlos Souza"], created: { professional: "carlos" } },
    );
  });
});

describe("offers the caller's words all fit", () => {
  it("'sexta de manhã' again over Friday-morning offers: that Friday, then the first as a yes or no", async () => {
    const outcome = await run(
      "same-words-twice",
      MARIA,
      [
        "quero marcar uma consulta com a doutora ana no centro sexta que vem de manhã",
        "sexta de manhã",
        "sexta de manhã",
        "sim",
        "sim",
        "sim",
      ],
      // Friday the 18th, the week said first: the bare 'sexta' is the offers' Friday, not the nearest one (the 11th).
      { created: { professional: "ana", at: "2026-12-18T08:00" }, say: ["pode ser?"] },
    );
    expect(outcome.said.filter((line) => /Qual fica melhor\?/.test(line)).length).toBeLessThanOrEqual(2);
    expect(outcome.said.join(" ")).not.toMatch(/transfira/);
  });
});
