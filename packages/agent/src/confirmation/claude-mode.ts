// The Claude engine's confirmation call (issue #23; decision 0052): the Claude session of a reception call, started on
// this mode's system prompt (the same facts, the appointment and its client, and the rules of a confirmation call),
// its opening said without a model call, and a narrower tool list: the free slots and the three writes on the
// appointment (behind the same confirmation gate, decision 0021), transfer and end, plus two of its own, the wrong
// person and the opt-out. The outcome is read from what the tools did; when the model fails, the offline
// confirmation dialog carries the call on.
import type { ConfirmationOutcome } from "@atende/shared/enums";
import type { Appointment } from "@atende/shared/schemas/appointments";
import type { Client } from "@atende/shared/schemas/clients";
import { toWireMinute } from "@atende/shared/time";
import { z } from "@atende/shared/zod";
import { consentOf } from "../consent";
import { wallClock } from "../datetime";
import { CONSENT_RULE, knowledgeSection, SPEAKING_RULES } from "../llm/prompt";
import { TOOLS, type ToolDef, tool } from "../llm/tools";
import { normalize } from "../normalize";
import { dateWords, timeWords, whenWords } from "../speak";
import type {
  AgentEvent,
  AgentKnowledge,
  AgentSession,
  AgentTools,
  CallerInput,
  CallInfo,
  ConfirmationSession,
  ConfirmationTarget,
} from "../types";
import { OPT_OUT, whoAnswerOf } from "./dialog";
import {
  appointmentWords,
  OPT_OUT_DATA,
  openingLine,
  outcomeSummary,
  placeNameOf,
  professionalNameOf,
  serviceNamesOf,
  theBusiness,
  whoQuestion,
} from "./lines";

/** What a Claude session runs on besides the reception's defaults. */
export interface ClaudeMode {
  system: string;
  /** Said first, without a model call. */
  opening: string[];
  /** Recorded with the opening. */
  greetEvents: AgentEvent[];
  tools: ToolDef[];
  /** What the model has seen from the start: the appointment and its client. */
  seen: { appointments: Appointment[]; clients: Client[] };
  /** The session the call goes on with when the model fails. */
  fallback(): AgentSession;
}

/** The reception's tools a confirmation call keeps: no booking or registration, only this appointment's. */
const KEPT = new Set([
  "find_free_slots",
  "check_availability",
  "reschedule_appointment",
  "cancel_appointment",
  "confirm_appointment",
  "transfer_call",
  "end_call",
]);

const WRITE_OUTCOMES: Readonly<Record<string, ConfirmationOutcome>> = {
  confirm_appointment: "CONFIRMED",
  reschedule_appointment: "RESCHEDULED",
  cancel_appointment: "CANCELLED",
};

/** The mode's system prompt (pt-BR), built once when the call starts so the prompt cache applies. */
export function buildConfirmationPrompt(
  k: AgentKnowledge,
  call: CallInfo,
  target: ConfirmationTarget,
): string {
  const now = call.now();
  const { date, minutes } = wallClock(now);
  const a = target.appointment;
  const forwarding = k.agent.forwardingPhone;
  const place = k.establishments.find((e) => e.id === a.establishmentId);
  const who =
    k.profile.businessType === "PETSHOP" && target.petName
      ? `o tutor do ${target.petName} (${target.client.fullName})`
      : target.client.fullName;
  return [
    `Você é ${k.agent.name}, assistente virtual de voz de ${k.profile.name}. Você está fazendo uma ligação, em português do Brasil, para confirmar um agendamento de ${target.client.fullName}.`,
    `Você já disse: "${openingLine(k)} ${whoQuestion(k, target)}"`,
    "",
    ...SPEAKING_RULES,
    "",
    "## Regras da ligação de confirmação",
    `- Você pediu para falar com ${who}. Só fale do agendamento (serviço, profissional, dia, horário ou unidade) depois que a pessoa disser que é ela. Esses são dados de saúde.`,
    `- Se quem atendeu não for essa pessoa, ou ela não estiver: não diga nada do agendamento; peça para avisar que ${theBusiness(k.profile.name)} ligou e pedir para retornar a ligação, chame wrong_person, despeça-se e chame end_call.`,
    "- Com a pessoa certa: leia o agendamento (serviço, profissional, dia, horário e unidade) e pergunte se pode confirmar a presença.",
    "- Confirmar: depois do sim à leitura, chame confirm_appointment.",
    "- Cancelar: diga qual agendamento será cancelado (serviço, dia e horário) e pergunte se pode cancelar; só depois do sim chame cancel_appointment.",
    "- Remarcar: chame find_free_slots com o mesmo serviço (offeredServices), o mesmo profissional (professionalId) e a mesma unidade (establishmentId); ofereça no máximo três horários que a ferramenta devolveu; leia o escolhido (serviço, profissional, dia, horário e unidade) e pergunte se pode remarcar; só depois do sim chame reschedule_appointment.",
    "- O sistema recusa confirmar, cancelar ou remarcar sem um sim à leitura daquele dia e horário na sua fala anterior.",
    CONSENT_RULE,
    "- 'Não, espera' ou 'peraí' é a pessoa pedindo a vez: diga que pode falar e espere; não é resposta à pergunta interrompida.",
    "- Se a pessoa disser que não quer receber ligações, chame opt_out_of_calls e diga que vai anotar; se ela ainda não decidiu sobre o agendamento e é a pessoa certa, pergunte se pode confirmar.",
    "- Se a pessoa adiar ('vou ver e ligo depois'), diga que ela pode ligar para remarcar ou cancelar, despeça-se e chame end_call.",
    "- Responda perguntas somente com os fatos abaixo; nunca invente.",
    forwarding
      ? "- Se a pessoa pedir para falar com alguém, use transfer_call."
      : "- Não há atendente humano para transferir.",
    "- Depois de confirmar, remarcar ou cancelar, despeça-se e chame end_call.",
    "",
    "## A chamada",
    `Agora: ${dateWords(date, date, true).replace(/^hoje, /, "")}, ${timeWords(minutes)} (${toWireMinute(now)}, horário de Brasília, America/Sao_Paulo).`,
    `Hoje é ${date}. Use datas yyyy-MM-dd e horários yyyy-MM-ddTHH:mm:00-03:00 nas ferramentas.`,
    `Telefone chamado: ${call.callerNumber ?? "não informado"}.`,
    `Paciente: ${target.client.fullName} (id ${target.client.id}).`,
    target.petName ? `Pet: ${target.petName}.` : undefined,
    "",
    "## O agendamento a confirmar",
    `- id ${a.id}`,
    `- Serviço: ${serviceNamesOf(target)} (ids ${a.offeredServices.map((s) => s.offeredServiceId).join(", ")})`,
    `- Profissional: ${professionalNameOf(k, target) ?? "não informado"} (id ${a.professionalId})`,
    `- Dia e horário: ${whenWords(a.scheduledAt, now)} (${a.scheduledAt})`,
    `- Unidade: ${placeNameOf(k, target) ?? "não informada"} (id ${a.establishmentId})${place ? `, ${place.address}` : ""}`,
    `- Presença ${a.confirmedAt ? "já confirmada" : "ainda não confirmada"}`,
    `- Leitura: ${appointmentWords(k, target, now)}`,
    "",
    knowledgeSection(k, date),
  ]
    .filter((l): l is string => l !== undefined)
    .join("\n");
}

/** The confirmation session on a Claude session started with this mode (`start`). */
export function claudeConfirmation(options: {
  knowledge: AgentKnowledge;
  call: CallInfo;
  tools: AgentTools;
  target: ConfirmationTarget;
  start(mode: ClaudeMode): AgentSession;
  fallback(): ConfirmationSession;
}): ConfirmationSession {
  const { knowledge: k, call, tools, target } = options;
  const state: { outcome: ConfirmationOutcome; movedTo?: string; optedOut: boolean } = {
    outcome: "NO_DECISION",
    optedOut: false,
  };
  // The offline dialog holds 'Falo com …?' in code (decision 0052): until the person on the line says they are the
  // client, its words answer, not the model's, so nothing about the appointment reaches anyone else. It also carries
  // the call on when the model fails.
  const offline = options.fallback();
  let identified = false;
  let carrier: "model" | "offline" = "model";
  let lastReplier: AgentSession = offline;
  const tracked = TOOLS.filter((t) => KEPT.has(t.name)).map((t): ToolDef => {
    const outcome = WRITE_OUTCOMES[t.name];
    if (!outcome) return t;
    return {
      ...t,
      async run(input, ctx) {
        const result = await t.run(input, ctx);
        const id = (input as { appointmentId?: unknown } | null)?.appointmentId;
        if (!result.isError && id === target.appointment.id) {
          state.outcome = outcome;
          const moved = result.events?.find(
            (e) => e.type === "action" && e.actionType === "APPOINTMENT_RESCHEDULED",
          );
          const to = moved?.type === "action" ? moved.details?.scheduledAt : undefined;
          if (typeof to === "string") state.movedTo = to;
        }
        return result;
      },
    };
  });
  const own: ToolDef[] = [
    tool({
      name: "wrong_person",
      description:
        "Registra que quem atendeu não é o paciente (ou ele não está). Depois, sem falar do agendamento, despeça-se e chame end_call.",
      schema: z.object({}),
      async run() {
        if (state.outcome === "NO_DECISION") state.outcome = "WRONG_PERSON";
        return { content: "Registrado. Não fale do agendamento; despeça-se e chame end_call." };
      },
    }),
    tool({
      name: "opt_out_of_calls",
      description: "Registra que o paciente não quer mais receber ligações de confirmação.",
      schema: z.object({}),
      async run(_input, _raw, ctx) {
        state.optedOut = true;
        // The opt-out endpoint's hook (issue #23 deliverable 1), when the gateway has one; the record keeps the wish.
        await tools.optOutOfCalls?.(ctx.toolUseId, target.client.id);
        return {
          content: "Registrado. Diga que foi anotado.",
          events: [{ type: "data", key: OPT_OUT_DATA.key, value: OPT_OUT_DATA.value }],
        };
      },
    }),
  ];
  // end_call stays last: the tools' cache breakpoint is on the last one, and the list is the same every request.
  const list = [
    ...tracked.filter((t) => t.name !== "end_call"),
    ...own,
    ...tracked.filter((t) => t.name === "end_call"),
  ];
  const session = options.start({
    system: buildConfirmationPrompt(k, call, target),
    opening: [openingLine(k), whoQuestion(k, target)],
    greetEvents: [
      { type: "client", client: target.client },
      { type: "data", key: "Nome", value: target.client.fullName },
    ],
    tools: list,
    seen: { appointments: [target.appointment], clients: [target.client] },
    fallback: () => {
      carrier = "offline";
      return offline;
    },
  });
  /** The offline dialog's reply before the client is identified; a reply that ends the call makes it the carrier. */
  async function* fromOffline(input: CallerInput, signal: AbortSignal): AsyncGenerator<AgentEvent> {
    lastReplier = offline;
    for await (const event of offline.respond(input, signal)) {
      if (event.type === "end" || event.type === "transfer") carrier = "offline";
      yield event;
    }
  }
  const outcome = (): ConfirmationOutcome => (carrier === "offline" ? offline.outcome() : state.outcome);
  return {
    greet: (signal) => {
      lastReplier = session;
      return session.greet(signal);
    },
    respond: (input, signal) => {
      if (!identified && carrier === "model") {
        const n = input.kind === "speech" ? normalize(input.text) : "";
        const patient =
          input.kind === "speech" && !OPT_OUT.test(n) && whoAnswerOf(n, consentOf(input.text)) === "patient";
        if (!patient) return fromOffline(input, signal);
        identified = true;
      }
      lastReplier = carrier === "offline" ? offline : session;
      return session.respond(input, signal);
    },
    interrupted: (heard) => lastReplier.interrupted(heard),
    // A guess only once the model carries the call: before, the words are the offline dialog's to read.
    speculate: (text: string) =>
      identified && carrier === "model" ? (session.speculate?.(text) ?? null) : null,
    summary() {
      // Carried by the offline dialog (the wrong person, a model failure): its own account of what it did.
      if (carrier === "offline") return offline.summary();
      const parts = [outcomeSummary(outcome(), target, state.movedTo)];
      if (state.optedOut) parts.push("Pediu para não receber mais ligações de confirmação.");
      return parts.join(" ");
    },
    outcome,
  };
}
