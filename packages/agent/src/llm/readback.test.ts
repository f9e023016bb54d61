// The Claude engine's read-back checks (issue #27 part 5, decision 0039): a read-back names the exact change, numbers
// said in words are numbers, a transfer is not made on words that decline.
import { describe, expect, it } from "vitest";
import { declines, digitsSaid, namesThis, saysValue } from "./readback";

const SERVICES = [
  "Consulta clínica geral",
  "Consulta pediátrica",
  "Exame de sangue (coleta)",
  "Vacina da gripe",
];

describe("namesThis: the read-back names this service and no other better", () => {
  it.each([
    ["Posso agendar a consulta com o clínico geral na sexta às nove?", "Consulta clínica geral", true],
    ["Posso agendar a consulta pediátrica na sexta às nove?", "Consulta clínica geral", false],
    ["Posso agendar o exame de sangue na sexta às sete e meia?", "Exame de sangue (coleta)", true],
    ["Posso agendar a vacina da gripe?", "Exame de sangue (coleta)", false],
    // 'a consulta' fits both consultations: not contradictory, accepted.
    ["Posso agendar a consulta na sexta às nove?", "Consulta pediátrica", true],
    // Nothing named at all: a booking's read-back must name its service.
    ["Posso agendar na sexta às nove?", "Vacina da gripe", false],
  ])("'%s' for %s: %s", (readBack, service, ok) => {
    expect(namesThis(readBack, service, SERVICES, true)).toBe(ok);
  });

  it("a professional need not be named, but one named must be the booked one", () => {
    const people = ["Dr. Fábio Mendes", "Dra. Juliana Prates"];
    expect(namesThis("Posso marcar sexta às nove?", "Dr. Fábio Mendes", people, false)).toBe(true);
    expect(namesThis("Com o Dr. Fábio, sexta às nove?", "Dr. Fábio Mendes", people, false)).toBe(true);
    expect(namesThis("Com a Dra. Juliana, sexta às nove?", "Dr. Fábio Mendes", people, false)).toBe(false);
  });
});

describe("saysValue: a name by its words, a number by its digits however said", () => {
  it.each([
    ["meu nome é ahn rafaela não desculpa rafael mendes", "Rafael Mendes", true],
    ["meu nome é rafael", "Rafael Mendes", false],
    ["é r a f a e l m e n d e s", "Rafael Mendes", true],
    ["sou a Sílvia Andrade", "Silvia Andrade", true],
    ["onze nove nove oito sete seis cinco quatro três dois", "(11) 99876-5432", true],
    ["nove nove oito sete meia cinco quatro três dois", "(11) 99876-5432", true],
    ["nove nove oito sete sete cinco quatro três dois", "(11) 99876-5432", false],
    ["nove nove oito sete seis cinco quatro três dois", "(11) 99876-5432", true],
    ["o número é 11 99876-5432", "+5511998765432", true],
    ["onze nove nove oito sete seis cinco quatro três dois um", "(11) 99876-5432", true],
    ["meu cpf é quatro dois nove cinco nove três oito dois um um zero", "429.593.821-10", true],
    ["meu cpf é quatro dois nove cinco nove três", "429.593.821-10", false],
  ])("'%s' says %s: %s", (text, value, ok) => {
    expect(saysValue(text, value)).toBe(ok);
  });

  it("reads digits said one by one, in groups and as 'meia'", () => {
    expect(digitsSaid("nove oito sete meia")).toBe("9876");
    expect(digitsSaid("98765-4321")).toBe("987654321");
  });
});

describe("declines: no transfer on these words", () => {
  it.each([
    "não precisa, obrigada, eu ligo depois",
    "não, obrigado",
    "ok, obrigada, tchau",
    "tá bom, eu ligo depois",
    "ah não precisa não obrigada eu ligo depois tchau",
    "vou pensar",
    "não precisa transferir, obrigada",
  ])("'%s' declines", (text) => {
    expect(declines(text)).toBe(true);
  });

  it.each([
    "quero falar com uma pessoa",
    "sim, por favor",
    "pode transferir",
    "não, quero falar com a recepção",
    "preciso falar com alguém do faturamento",
  ])("'%s' does not", (text) => {
    expect(declines(text)).toBe(false);
  });
});
