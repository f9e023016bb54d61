// Replies to 'Falo com Maria Souza?' on a confirmation call (issue #23, decision 0052), written and in the form a
// telephone recogniser gives (lowercase, no punctuation). The bar: no reply from someone else is taken for the patient
// (the appointment is health data), and every clear 'it is me' is. The set was written with the rules: a regression
// bar, not an estimate.
import { describe, expect, it } from "vitest";
import { consentOf } from "../consent";
import { normalize } from "../normalize";
import { whoAnswerOf } from "./dialog";

const PATIENT = [
  "sim",
  "Sim, sou eu.",
  "sou eu",
  "sou eu sim",
  "é ela",
  "é ela mesma",
  "ela mesma",
  "Ela mesma, pode falar.",
  "é ele",
  "ele mesmo",
  "é o próprio",
  "é a própria",
  "isso",
  "isso mesmo",
  "sim pode falar",
  "pode falar",
  "pois não",
  "Pois não?",
  "sim é a maria",
  "fala",
  "falando",
  "sim falando",
  "é ela sim",
  "sim sim",
  "positivo",
  "exato",
  "com ela mesma",
  "tá falando com ela",
  "está falando com ela",
  "sim sou a maria",
];

const SOMEONE_ELSE = [
  "não",
  "Não, aqui é a irmã dela.",
  "não é ela não",
  "ela não está",
  "ela não tá",
  "ela tá trabalhando",
  "ela está trabalhando agora",
  "ela saiu",
  "ele foi pro trabalho",
  "ela tá dormindo",
  "ela não pode atender agora",
  "é a mãe dela",
  "aqui é a filha dela",
  "sim, aqui é a mãe dela",
  "sou o marido dela",
  "sou a esposa dele",
  "é engano",
  "número errado",
  "não conheço ninguém com esse nome",
  "não tem ninguém com esse nome aqui",
  "ela não mora mais aqui",
  "sim, minha mãe está no trabalho",
  "meu marido não está",
  "sim ela volta mais tarde",
  "ok mas ela não está",
  "é a vizinha dela",
  "ela tá ocupada",
  "ele viajou",
  "não, quem fala é o filho dele",
  "sim, ela chega às seis",
  "sou eu, a mãe dela",
  "sim, sou eu, o marido dela",
];

/** Neither: asked again, or (a person asked for) transferred by the dialog. */
const NEITHER = ["quero falar com uma pessoa", "quero falar com a clínica", "hã?"];

const ASK_WHO = ["quem fala?", "quem é?", "quem gostaria?", "de onde fala?", "quem?"];

const read = (text: string) => whoAnswerOf(normalize(text), consentOf(text));

describe("the confirmation call's 'Falo com …?'", () => {
  it("takes no reply from someone else for the patient", () => {
    const leaks = SOMEONE_ELSE.filter((t) => read(t) === "patient");
    expect(leaks).toEqual([]);
    const toldApart = SOMEONE_ELSE.filter((t) => read(t) === "someone_else");
    console.info(
      `someone else: ${toldApart.length}/${SOMEONE_ELSE.length} told apart, 0 taken for the patient`,
    );
    expect(toldApart).toEqual(SOMEONE_ELSE);
  });

  it("takes every clear 'it is me' for the patient", () => {
    const missed = PATIENT.filter((t) => read(t) !== "patient");
    console.info(`patient: ${PATIENT.length - missed.length}/${PATIENT.length} accepted`);
    expect(missed).toEqual([]);
  });

  it("a request for a person, or a sound, is neither the patient nor someone else", () => {
    expect(NEITHER.map(read)).toEqual(NEITHER.map(() => "unclear"));
  });

  it("'quem fala?' is a question about who calls", () => {
    expect(ASK_WHO.map(read)).toEqual(ASK_WHO.map(() => "who_calls"));
  });
});
