// The consent reading (decision 0039) against a set of pt-BR replies to a read-back ('Vou marcar consulta com a
// Dra. Ana na sexta, dezoito de dezembro, às dez horas. Posso confirmar?'), written and in the form a telephone
// recogniser gives (lowercase, no punctuation, fillers). The bar (issue #27): no false yes at all, and at least 95%
// of the clear yeses accepted.
import { describe, expect, it } from "vitest";
import { consentOf, type ReadBack } from "./consent";
import { fold } from "./normalize";
import { yesNo } from "./yesno";

const NOW = new Date("2026-12-09T10:00:00-03:00");
/** The read-back: Friday 2026-12-18 at 10:00. */
const READ_BACK: ReadBack = { now: NOW, date: "2026-12-18", minutes: 600 };

const CLEAR_YES = [
  "sim",
  "Sim.",
  "Sim!",
  "sim sim",
  "sim pode",
  "sim, pode confirmar",
  "Sim, por favor.",
  "sim por favor",
  "pode",
  "pode sim",
  "pode ser",
  "pode marcar",
  "pode confirmar",
  "isso pode deixar confirmado",
  "Isso, pode trocar.",
  "pode trocar sim",
  "Pode deixar marcado, sim.",
  "pode agendar por favor",
  "isso",
  "isso mesmo",
  "pois não",
  "Isso mesmo, obrigada.",
  "isso aí",
  "é isso",
  "é isso mesmo",
  "é isso aí pode marcar",
  "exato",
  "exatamente",
  "correto",
  "certo",
  "tá certo",
  "está certo",
  "certinho, pode confirmar",
  "confirmo",
  "confirma",
  "confirmado",
  "perfeito",
  "perfeito, obrigado",
  "ótimo",
  "ok",
  "OK",
  "tá",
  "tá bom",
  "ta bom",
  "tá bem",
  "tudo bem",
  "beleza",
  "fechado",
  "fechou",
  "com certeza",
  "claro",
  "claro que sim",
  "uhum",
  "aham",
  "é sim",
  "quero sim",
  "quero",
  "por favor",
  "sem problema",
  "não tem problema",
  "por que não",
  "positivo",
  "confere",
  "bate sim",
  "sim na sexta às dez",
  "isso sexta dezoito às dez horas",
  "é sim pode marcar na sexta",
  "isso mesmo às dez",
  "sim obrigado",
  "sim muito obrigada",
  "pode ser sim obrigada",
  "é… sim",
  "ééé sim pode",
  "acho que sim",
  "sim, e qual é o endereço mesmo?",
  "manda ver",
  "de acordo",
  // Decision 0067: more yeses as callers say them.
  "sim pode marcar obrigada",
  "isso pode confirmar",
  "pode sim por favor",
  "uhum pode ser",
  "sim sim pode",
  "isso isso",
  "tá ótimo pode marcar",
  "fechado então",
  "é isso aí, pode agendar",
  "sim, às dez tá ótimo",
  "pode confirmar sim",
  "isso mesmo pode agendar",
  "sim senhora",
  "sim senhor pode marcar",
  "claro pode confirmar",
];

/** Not a yes to the read-back: none of these may be read as one. */
const NOT_YES: [string, "no" | "unclear"][] = [
  // Decision 0068: a time relative to the one read back is another time.
  ["sim, só que uma hora mais cedo", "unclear"],
  ["pode ser mas meia hora mais tarde", "unclear"],
  ["não", "no"],
  ["Não.", "no"],
  ["nao", "no"],
  ["negativo", "no"],
  ["não quero", "no"],
  ["não obrigado", "no"],
  ["não, obrigada", "no"],
  ["de jeito nenhum", "no"],
  ["errado", "no"],
  ["está errado", "no"],
  ["nada disso", "no"],
  ["melhor não", "no"],
  ["deixa pra lá", "no"],
  ["esquece", "no"],
  ["não precisa remarcar", "no"],
  ["não, pode ser na sexta", "no"],
  ["não, às onze", "no"],
  ["não é na quinta", "no"],
  ["não, a outra", "no"],
  ["nao a outra consulta", "no"],
  ["não, é com o doutor paulo", "no"],
  ["não confere", "no"],
  ["isso não", "unclear"],
  ["sim… não, espera", "unclear"],
  ["sim quer dizer não", "no"],
  ["sim, digo, não", "no"],
  ["não, espera", "unclear"],
  ["não, espera aí", "unclear"],
  ["peraí", "unclear"],
  ["pera um pouquinho", "unclear"],
  ["espera um momento", "unclear"],
  ["só um minuto", "unclear"],
  ["calma", "unclear"],
  ["deixa eu ver", "unclear"],
  ["um minutinho que eu vou pegar a agenda", "unclear"],
  ["isso, mas na sexta", "unclear"],
  ["sim, mas às onze", "unclear"],
  ["sim mas pode ser às onze", "unclear"],
  ["isso, só que de tarde", "unclear"],
  ["pode, desde que seja de manhã", "unclear"],
  ["sim, se for com a doutora ana", "unclear"],
  ["sim, na quinta", "unclear"],
  ["isso, às onze", "unclear"],
  ["pode ser às onze", "unclear"],
  ["pode ser dia dezessete", "unclear"],
  ["sim de tarde", "unclear"],
  ["isso amanhã", "unclear"],
  ["tá bom, obrigado, tchau", "unclear"],
  ["ok obrigado tchau", "unclear"],
  ["ok, obrigada", "unclear"],
  ["tá bom obrigada", "unclear"],
  ["beleza, valeu", "unclear"],
  ["tudo bem, até logo", "unclear"],
  ["tchau", "unclear"],
  ["obrigado", "unclear"],
  ["muito obrigada", "unclear"],
  ["era isso, obrigado", "unclear"],
  ["tá bom, eu ligo depois", "no"],
  ["ok eu ligo depois", "no"],
  ["tá, vou pensar", "no"],
  ["sim, vou ver com meu marido e ligo depois", "no"],
  ["pode deixar, depois eu vejo", "no"],
  ["pode deixar", "no"],
  ["vou verificar minha agenda", "no"],
  ["depois eu confirmo", "no"],
  ["agora não", "no"],
  ["preciso ver com a minha esposa", "no"],
  ["tenho que ver meu horário no trabalho", "no"],
  ["não sei", "unclear"],
  ["acho que não sei", "unclear"],
  ["talvez", "unclear"],
  ["sei lá", "unclear"],
  ["não tenho certeza", "unclear"],
  ["hmm", "unclear"],
  ["sim, acho, não sei", "unclear"],
  ["pode repetir?", "unclear"],
  ["como?", "unclear"],
  ["o que você disse?", "unclear"],
  ["não entendi", "unclear"],
  ["repete por favor", "unclear"],
  ["sim?", "unclear"],
  ["quanto custa isso?", "unclear"],
  ["qual o valor?", "unclear"],
  ["onde fica?", "unclear"],
  ["quero mudar o horário", "unclear"],
  ["isso, mas com outro médico", "unclear"],
  ["sim, quero trocar para a outra unidade", "unclear"],
  ["prefiro na quinta", "unclear"],
  ["na verdade prefiro de manhã cedo", "unclear"],
  ["é a outra consulta", "unclear"],
  ["não essa, a de janeiro", "no"],
  ["nem pensar", "no"],
  ["nunca", "no"],
  ["ééé não", "no"],
  ["alô", "unclear"],
  ["boa tarde", "unclear"],
  ["meu nome é maria", "unclear"],
  ["", "unclear"],
  // Decision 0067: a yes-word inside thanks, a goodbye or a deferral; a yes with a correction or a condition.
  ["tá bom obrigada eu ligo depois pra confirmar", "no"],
  ["isso, mas às 11h", "unclear"],
  ["isso mas às onze na verdade", "unclear"],
  ["beleza obrigado eu retorno mais tarde", "no"],
  ["ok vou pensar e te ligo", "no"],
  ["tá ótimo, depois eu ligo pra marcar", "no"],
  ["pode ser, mas deixa eu falar com meu marido antes", "unclear"],
  ["tá certo, tchau tchau", "unclear"],
  ["sim sim obrigado até mais", "unclear"],
  ["claro, depois eu vejo isso", "no"],
  ["certo, vou ver a minha agenda e retorno", "no"],
  ["ok, obrigado, vou ver e ligo de novo", "unclear"],
  ["sim, é… não, espera", "unclear"],
  ["isso, mas na parte da tarde", "unclear"],
  ["tá bom mas só se for com a doutora", "unclear"],
  ["valeu, falou", "unclear"],
  ["obrigada, tchau, bom dia", "unclear"],
  ["não não", "no"],
  ["ah não obrigado", "no"],
  ["não, tá errado o dia", "no"],
  ["é… não sei ainda", "unclear"],
  ["uhum… peraí", "unclear"],
  ["sim mas não é sexta é quinta", "unclear"],
  ["ok, já te ligo de volta", "no"],
  ["tô dirigindo agora, te ligo mais tarde", "no"],
  ["tá bom, vou conversar com meu marido", "no"],
  ["beleza então eu ligo amanhã", "no"],
  ["ok obrigada vou pensar", "no"],
  ["sim, mas às 10h não dá", "unclear"],
  ["certo, até mais", "unclear"],
  ["ah tá bom brigada tchau", "unclear"],
  ["isso, na verdade às onze", "unclear"],
  ["sim, mas prefiro com o doutor paulo", "unclear"],
  ["pode, mas não na sexta", "unclear"],
  ["sim pode ser obrigado tchau", "unclear"],
];

describe("consent to a read-back", () => {
  it(`has at least 100 replies (${CLEAR_YES.length + NOT_YES.length})`, () => {
    expect(CLEAR_YES.length + NOT_YES.length).toBeGreaterThanOrEqual(100);
  });

  it("never reads a reply that is not a clear yes as yes", () => {
    const falseYes = NOT_YES.filter(([t]) => consentOf(t, READ_BACK).answer === "yes").map(([t]) => t);
    console.log(`consent: ${falseYes.length} false yeses over ${NOT_YES.length} replies that are no yes`);
    expect(falseYes).toEqual([]);
    // Without the read-back too (the yes/no questions that read back no day or time).
    const withoutReadBack = NOT_YES.filter(
      ([t]) => !/\b(onze|quinta|dezessete|tarde|amanha)\b/.test(fold(t)),
    );
    expect(withoutReadBack.filter(([t]) => consentOf(t).answer === "yes").map(([t]) => t)).toEqual([]);
  });

  it("accepts at least 95% of the clear yeses", () => {
    const missed = CLEAR_YES.filter((t) => consentOf(t, READ_BACK).answer !== "yes");
    const rate = (CLEAR_YES.length - missed.length) / CLEAR_YES.length;
    console.log(
      `consent: ${CLEAR_YES.length - missed.length}/${CLEAR_YES.length} clear yeses accepted; missed: ${missed.join(" | ")}`,
    );
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });

  it("tells a no from an unclear reply (a no ends the read-back, an unclear one asks again)", () => {
    const wrong = NOT_YES.filter(([t, want]) => consentOf(t, READ_BACK).answer !== want).map(
      ([t, want]) => `${t}: want ${want}, got ${consentOf(t, READ_BACK).answer}`,
    );
    expect(wrong).toEqual([]);
  });

  it("marks 'não, a outra' as the other one, a corrected value as a correction, a hold as a hold", () => {
    expect(consentOf("não, a outra")).toMatchObject({ answer: "no", other: true });
    expect(consentOf("não, às onze")).toMatchObject({ answer: "no", correction: true });
    expect(consentOf("não, obrigado")).toMatchObject({ answer: "no", correction: false });
    expect(consentOf("não, espera…")).toMatchObject({ answer: "unclear", reason: "hold" });
    expect(consentOf("tá bom, eu ligo depois")).toMatchObject({ answer: "no", reason: "defer" });
    expect(consentOf("ok obrigado tchau")).toMatchObject({ answer: "unclear", closing: true });
  });

  it("at a cancellation's read-back, takes the cancellation named as the answer, and nothing else", () => {
    const CANCELLING: ReadBack = { ...READ_BACK, cancelling: true };
    for (const reply of [
      "não não precisa remarcar não pode cancelar que o meu cardiologista vai fazer lá",
      "então é que assim eu não vou conseguir ir pode desmarcar depois eu ligo pra ver outro dia",
      "Pode cancelar, sim. Se ela precisar de novo, eu ligo e marco outra.",
      "pode tirar",
      "cancela sim por favor",
      "sim",
    ])
      expect(consentOf(reply, CANCELLING).answer, reply).toBe("yes");
    for (const reply of [
      "não, não pode cancelar",
      "não cancela não",
      "espera, não cancela ainda",
      "deixa pra lá, não precisa cancelar",
      "eu ligo depois",
      "não, a outra",
    ])
      expect(consentOf(reply, CANCELLING).answer, reply).not.toBe("yes");
    // A removal is no yes to a read-back that writes something else (a booking, a move, a confirmation).
    for (const reply of ["pode tirar só a de sexta", "isso pode cancelar", "sim, desmarca a outra"])
      expect(consentOf(reply, READ_BACK).answer, reply).not.toBe("yes");
    expect(consentOf("sim, pode tirar sangue", READ_BACK).answer).toBe("yes");
  });

  it("is what yesNo answers (one reading for both engines)", () => {
    expect(yesNo("isso, mas na sexta")).toBeUndefined();
    expect(yesNo("sim")).toBe("yes");
    expect(yesNo("não, a outra")).toBe("no");
  });
});
