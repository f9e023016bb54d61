// The write gate both engines call (gate.ts; decisions 0039 and 0048): a yes only to a read-back that named the
// write's day and time, and never a yes inside a closing, a contradiction or a negation.
import { describe, expect, it } from "vitest";
import { writeConfirmed } from "./gate";

const NOW = new Date("2026-12-09T10:00:00-03:00");
/** Friday 2026-12-18 at 10:00 in São Paulo. */
const AT = "2026-12-18T13:00:00.000Z";
const READ_BACK =
  "Então fica: Consulta com a Dra. Ana, na sexta-feira, dia 18, às dez horas. Posso confirmar?";

describe("the write gate", () => {
  it("writes on a yes to a read-back of that day and time", () => {
    expect(writeConfirmed({ reply: "sim, pode confirmar", readBack: READ_BACK, now: NOW, at: AT })).toBe(
      true,
    );
  });

  it("does not write when the read-back named another time, or none", () => {
    const other = READ_BACK.replace("às dez horas", "às onze horas");
    expect(writeConfirmed({ reply: "sim", readBack: other, now: NOW, at: AT })).toBe(false);
    expect(writeConfirmed({ reply: "sim", readBack: "Quer que eu tente de novo?", now: NOW, at: AT })).toBe(
      false,
    );
  });

  it("takes 'pode tirar' as a yes to a cancellation's read-back only (docs/decisions/0071)", () => {
    const cancel =
      "Você quer cancelar Consulta com a Dra. Ana na sexta-feira, dia 18, às dez horas. Confirma o cancelamento?";
    expect(writeConfirmed({ reply: "pode tirar", readBack: cancel, now: NOW, at: AT })).toBe(true);
    expect(writeConfirmed({ reply: "pode tirar só a de sexta", readBack: READ_BACK, now: NOW, at: AT })).toBe(
      false,
    );
  });

  it("reads a move's read-back by its new day and time", () => {
    const move =
      "Então fica: Consulta com a Dra. Ana passa de segunda-feira, dia 14, às nove horas para sexta-feira, dia 18, às dez horas. Posso confirmar?";
    expect(writeConfirmed({ reply: "pode", readBack: move, now: NOW, at: AT })).toBe(true);
  });

  it("reads two changes read back in one sentence by their clauses; alternatives are no read-back", () => {
    const two = "Então fica: a consulta às nove e a limpeza às dez, na sexta-feira, dia 18. Posso confirmar?";
    expect(writeConfirmed({ reply: "sim", readBack: two, now: NOW, at: AT })).toBe(true);
    const either = "Na sexta-feira, dia 18, pode ser às nove ou às dez?";
    expect(writeConfirmed({ reply: "sim", readBack: either, now: NOW, at: AT })).toBe(false);
  });

  it("takes no yes inside a closing, a contradiction, a negation or another day", () => {
    for (const reply of [
      "ok obrigado tchau",
      "tá bom, eu ligo depois",
      "isso, mas na segunda",
      "sim… não, espera",
      "não",
      "sim, na quinta",
    ])
      expect(writeConfirmed({ reply, readBack: READ_BACK, now: NOW, at: AT }), reply).toBe(false);
  });

  it("a record change has no day: the yes alone", () => {
    const readBack = "Vou atualizar o seu telefone para onze, nove oito sete. Confere?";
    expect(writeConfirmed({ reply: "confere, sim", readBack, now: NOW })).toBe(true);
    expect(writeConfirmed({ reply: "não", readBack, now: NOW })).toBe(false);
  });
});
