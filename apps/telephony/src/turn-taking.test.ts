// The end-of-turn rules on many phrasings, as data: what a caller says so far, what the agent asked, and whether the
// turn may end after a short silence, must wait a long one, or keeps the default.
import { describe, expect, it } from "vitest";
import { Endpointer } from "./audio/vad";
import {
  DEFAULT_SILENCE_MS,
  type Expectation,
  expectationOf,
  judgeTurn,
  LONG_SILENCE_MS,
  SHORT_SILENCE_MS,
  type TurnCompleteness,
} from "./turn-taking";

type Case = [transcript: string, expectation: Expectation, completeness: TurnCompleteness];

const COMPLETE: Case[] = [
  // yes / no, thanks, goodbye
  ["sim", null, "complete"],
  ["Sim.", "yesno", "complete"],
  ["não", null, "complete"],
  ["Não, obrigado.", null, "complete"],
  ["isso mesmo", "yesno", "complete"],
  ["Pode ser.", null, "complete"],
  ["pode confirmar", "yesno", "complete"],
  ["tá bom", null, "complete"],
  ["Claro!", null, "complete"],
  ["obrigada", null, "complete"],
  ["tchau", null, "complete"],
  ["Sim, pode marcar", "yesno", "complete"],
  // questions
  ["Vocês atendem sábado?", null, "complete"],
  ["qual o valor da consulta", null, "complete"],
  ["Quanto custa a limpeza?", null, "complete"],
  ["onde fica a clínica", null, "complete"],
  ["que horas vocês abrem", null, "complete"],
  ["tem horário amanhã?", null, "complete"],
  ["Aceitam convênio?", null, "complete"],
  ["a doutora Ana atende na quinta", null, "complete"],
  // a complete date and time
  ["quero marcar para amanhã às três da tarde", null, "complete"],
  ["sexta-feira às 10h", null, "complete"],
  ["Pode ser na segunda às 14:30", null, "complete"],
  ["dia 12 às dez horas", null, "complete"],
  ["amanhã às 9 e meia", null, "complete"],
  ["às quatro da tarde", "datetime", "complete"],
  ["15 de março às 8h", null, "complete"],
  ["às 10 horas de quinta", null, "complete"],
  // a name after the agent asked for one
  ["Maria Silva", "name", "complete"],
  ["meu nome é João Pereira", "name", "complete"],
  ["Ana Paula Souza", "name", "complete"],
  // a CPF of 11 digits, a phone number
  ["123.456.789-09", "cpf", "complete"],
  ["meu cpf é 123 456 789 09", null, "complete"],
  ["um dois três quatro cinco seis sete oito nove zero nove", "cpf", "complete"],
  ["11 98765 4321", "phone", "complete"],
  ["11 3456 7890", "phone", "complete"],
];

const INCOMPLETE: Case[] = [
  ["quero marcar para", null, "incomplete"],
  ["Quero marcar para...", null, "incomplete"],
  ["amanhã às", null, "incomplete"],
  ["às", "datetime", "incomplete"],
  ["consulta e", null, "incomplete"],
  ["uma limpeza de", null, "incomplete"],
  ["eu queria", null, "incomplete"],
  ["eu gostaria de", null, "incomplete"],
  ["quero marcar", null, "incomplete"],
  ["preciso remarcar a minha", null, "incomplete"],
  ["com a doutora", null, "incomplete"],
  ["meu nome é", "name", "incomplete"],
  ["Maria da", "name", "incomplete"],
  ["o meu cpf é", "cpf", "incomplete"],
  ["123 456", "cpf", "incomplete"],
  ["um dois três", null, "incomplete"],
  ["1 2 3 4 5", null, "incomplete"],
  ["meu telefone é 11 9876", null, "incomplete"],
  ["quero marcar um", null, "incomplete"],
  ["é que", null, "incomplete"],
  ["então", null, "incomplete"],
  ["hum", null, "incomplete"],
  ["na próxima", null, "incomplete"],
  ["deixa eu ver", null, "incomplete"],
  ["sexta às três e", null, "incomplete"],
  ["pode ser dia", null, "incomplete"],
  ["Quero marcar uma consulta para,", null, "incomplete"],
];

const UNKNOWN: Case[] = [
  ["", null, "unknown"],
  ["quero marcar uma consulta", null, "unknown"],
  ["estou com dor de dente", null, "unknown"],
  ["Maria", "name", "unknown"],
  ["amanhã", null, "unknown"],
  ["de manhã", null, "unknown"],
  ["limpeza", null, "unknown"],
];

const SILENCE: Record<TurnCompleteness, number> = {
  complete: SHORT_SILENCE_MS,
  incomplete: LONG_SILENCE_MS,
  unknown: DEFAULT_SILENCE_MS,
};

describe("judgeTurn", () => {
  it.each([...COMPLETE, ...INCOMPLETE, ...UNKNOWN])(
    "%j (agent asked: %s) is %s",
    (text, expectation, expected) => {
      const judgement = judgeTurn(text, expectation);
      expect(judgement.completeness, judgement.reason).toBe(expected);
      expect(judgement.silenceMs).toBe(SILENCE[expected]);
    },
  );

  it("keeps the thresholds the brief asks for: short ≈250-300 ms, long ≈1,200-1,500 ms", () => {
    expect(SHORT_SILENCE_MS).toBeGreaterThanOrEqual(250);
    expect(SHORT_SILENCE_MS).toBeLessThanOrEqual(300);
    expect(LONG_SILENCE_MS).toBeGreaterThanOrEqual(1_200);
    expect(LONG_SILENCE_MS).toBeLessThanOrEqual(1_500);
  });

  it("takes other thresholds when given", () => {
    expect(judgeTurn("sim", null, { shortMs: 200 }).silenceMs).toBe(200);
    expect(judgeTurn("para", null, { longMs: 1_000 }).silenceMs).toBe(1_000);
    expect(judgeTurn("limpeza", null, { defaultMs: 500 }).silenceMs).toBe(500);
  });
});

describe("expectationOf", () => {
  it.each<[string | null, Expectation]>([
    ["Qual é o seu nome completo?", "name"],
    ["Com quem eu falo?", "name"],
    ["Pode me informar o seu CPF?", "cpf"],
    ["Qual o seu telefone com DDD?", "phone"],
    ["Para qual dia e horário você prefere?", "datetime"],
    ["Que horas fica melhor para você?", "datetime"],
    ["Posso confirmar o agendamento?", "yesno"],
    ["Perfeito, agendado.", null],
    [null, null],
  ])("%j expects %s", (agent, expected) => {
    expect(expectationOf(agent)).toBe(expected);
  });
});

describe("the endpointer's silence per utterance", () => {
  /** Pushes `ms` of speech or silence; answers the time (ms into the push) of the first change, or null. */
  const push = (e: Endpointer, speech: boolean, ms: number) => {
    for (let t = 20; t <= ms; t += 20) if (e.push(speech, t)) return t;
    return null;
  };

  it("ends a turn after the silence the words call for, then returns to its default", () => {
    const e = new Endpointer();
    expect(push(e, true, 300)).toBe(240);
    e.setEndSilence(SHORT_SILENCE_MS);
    expect(e.endSilenceMs).toBe(SHORT_SILENCE_MS);
    expect(push(e, false, 1000)).toBe(280);
    e.setEndSilence(null);
    expect(e.endSilenceMs).toBe(DEFAULT_SILENCE_MS);
    push(e, true, 300);
    expect(push(e, false, 1000)).toBe(DEFAULT_SILENCE_MS);
  });

  it("a longer wait set during a pause keeps the turn open past the default; a shorter one ends it at once", () => {
    const e = new Endpointer();
    push(e, true, 300);
    expect(push(e, false, 600)).toBeNull();
    e.setEndSilence(LONG_SILENCE_MS);
    expect(push(e, false, 600)).toBeNull(); // 1,200 ms of silence, the turn still open
    e.setEndSilence(SHORT_SILENCE_MS);
    expect(push(e, false, 20)).toBe(20); // the silence already counted is past the short wait
  });
});
