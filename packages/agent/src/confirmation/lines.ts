// What a confirmation call says about its appointment (issue #23; decision 0052), shared by the offline dialog and the
// Claude engine's prompt for the mode, so both read the same facts back: who is calling and why, whom they ask for,
// and the appointment (service, professional, day, time, place). Nothing about the appointment is said before the
// person on the line said they are the client (health data, LGPD).
import type { ConfirmationOutcome } from "@atende/shared/enums";
import { wallClock } from "../datetime";
import { fold } from "../normalize";
import { shortWhen, whenWords } from "../speak";
import type { AgentKnowledge, ConfirmationTarget } from "../types";

/** 'Olá! Aqui é a Sofia, assistente virtual da Clínica Bem Estar. Estou ligando para confirmar um agendamento.' */
export function openingLine(k: AgentKnowledge): string {
  const article = { FEMININE: "a", MASCULINE: "o", NEUTRAL: "" }[k.agent.voiceType];
  const who = article ? `${article} ${k.agent.name}` : k.agent.name;
  return `Olá! Aqui é ${who}, assistente virtual ${ofBusiness(k.profile.name)}. Estou ligando para confirmar um agendamento.`;
}

/** The article a business's name takes by its first word: 'a Clínica Bem Estar', 'o Consultório', none for 'Pet Amigo'. */
function articleOf(name: string): "a" | "o" | "" {
  const first = fold(name.trim().split(/\s+/)[0] ?? "");
  if (/^[a-z]+a$/.test(first)) return "a";
  if (/^[a-z]+o$/.test(first)) return "o";
  return "";
}

/** 'da Clínica Bem Estar', 'do Consultório Dr. Paulo', 'de Pet Amigo'. */
export function ofBusiness(name: string): string {
  const article = articleOf(name);
  return article ? `d${article} ${name}` : `de ${name}`;
}

/** 'a Clínica Bem Estar', 'o Consultório Dr. Paulo', 'Pet Amigo'. */
export function theBusiness(name: string): string {
  const article = articleOf(name);
  return article ? `${article} ${name}` : name;
}

/** 'para a Clínica Bem Estar', 'para o Consultório Dr. Paulo', 'para Pet Amigo'. */
export function toBusiness(name: string): string {
  return `para ${theBusiness(name)}`;
}

/**
 * 'Falo com Ana Clara Ribeiro?', or for a pet shop whose data names the pet 'Falo com o tutor do Thor?' (the client's
 * name otherwise).
 */
export function whoQuestion(k: AgentKnowledge, target: ConfirmationTarget): string {
  if (k.profile.businessType === "PETSHOP" && target.petName?.trim()) {
    return `Falo com o tutor do ${target.petName.trim()}?`;
  }
  return `Falo com ${target.client.fullName}?`;
}

export function serviceNamesOf(target: ConfirmationTarget): string {
  return target.appointment.offeredServices.map((s) => s.offeredServiceName).join(" e ");
}

export function professionalNameOf(k: AgentKnowledge, target: ConfirmationTarget): string | undefined {
  return k.professionals.find((p) => p.id === target.appointment.professionalId)?.name;
}

export function placeNameOf(k: AgentKnowledge, target: ConfirmationTarget): string | undefined {
  return k.establishments.find((e) => e.id === target.appointment.establishmentId)?.name;
}

/**
 * The appointment read back, at `scheduledAt` (the appointment's own, or a new time offered):
 * 'Limpeza com Dr. Paulo Mendes, na segunda-feira, dia 14, às nove horas, no Consultório.'
 */
export function appointmentWords(
  k: AgentKnowledge,
  target: ConfirmationTarget,
  now: Date,
  scheduledAt: string = target.appointment.scheduledAt,
): string {
  const professional = professionalNameOf(k, target);
  const place = placeNameOf(k, target);
  const parts = [serviceNamesOf(target)];
  if (professional) parts[0] += ` com ${professional}`;
  parts.push(whenWords(scheduledAt, now));
  if (place) parts.push(/^unidade\b/i.test(place) ? `na ${place}` : `na unidade ${place}`);
  const text = parts.join(", ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The read-back's day and time, for the consent reading (a reply naming another is no yes). */
export function readBackOf(scheduledAt: string, now: Date) {
  return { now, ...wallClock(scheduledAt) };
}

/** 'Obrigada pela atenção. Até logo!', in the agent's voice. */
export function goodbyeLine(k: AgentKnowledge): string {
  const thanks = { FEMININE: "Obrigada", MASCULINE: "Obrigado", NEUTRAL: "Agradeço" }[k.agent.voiceType];
  return `${thanks} pela atenção. Até logo!`;
}

/** The call's summary sentence for its outcome (the record's 'Resumo'). */
export function outcomeSummary(
  outcome: ConfirmationOutcome,
  target: ConfirmationTarget,
  movedTo?: string,
): string {
  const who = target.client.fullName;
  const what = `${serviceNamesOf(target)} de ${shortWhen(target.appointment.scheduledAt)}`;
  switch (outcome) {
    case "CONFIRMED":
      return `Ligação de confirmação: ${who} confirmou ${what}.`;
    case "RESCHEDULED":
      return `Ligação de confirmação: ${who} remarcou ${what}${movedTo ? ` para ${shortWhen(movedTo)}` : ""}.`;
    case "CANCELLED":
      return `Ligação de confirmação: ${who} cancelou ${what}.`;
    case "WRONG_PERSON":
      return `Ligação de confirmação para ${who}: atendeu outra pessoa; nada do agendamento foi dito.`;
    case "NO_DECISION":
      return `Ligação de confirmação para ${who}: sem decisão sobre ${what}.`;
  }
}

export { OPT_OUT_DATA } from "@atende/shared/understanding/opt-out";
