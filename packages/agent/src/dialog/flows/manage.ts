// Rescheduling, cancelling and confirming an existing appointment (decision 0048): who the caller is, which
// appointment, the read-back and the write.
import type { Appointment } from "@atende/shared/schemas/appointments";
import type { Client } from "@atende/shared/schemas/clients";
import { addDays } from "@atende/shared/time";
import { listPt } from "../../answers";
import { editableFieldsOf } from "../../appointment";
import { formatCpf, isValidCpf } from "../../cpf";
import { resolveWhen, type When, wallClock } from "../../datetime";
import { verblessMove } from "../../intents";
import { extractName } from "../../names";
import { fold, numberWords } from "../../normalize";
import { shortWhen, whenWords } from "../../speak";
import { ToolError } from "../../types";
import type { Frame } from "../frame";
import { MANAGE_CHOICE_LINE, startFlow } from "../policy";
import type { Answers, Flow, ManageAsk, Session } from "../state";
import { offerTransferOrMore } from "./close";
import { ordinalIndex, search, slotRefused, toolTrouble } from "./slots";

/**
 * 'não vou conseguir ir sexta, queria passar pro dia quatorze às nove': the words before the move name the
 * appointment, those after it the new day (issue #27). Answers [reference, new when]; without a move, the day
 * said names the appointment for a cancellation or a confirmation, and is the new one for a reschedule as before.
 */
export function splitMove(dialog: Session, flow: Flow, u: Frame): [When | undefined, When | undefined] {
  if (flow !== "reschedule") return [undefined, u.when];
  // 'pra …' after the verb names the new day; 'dá pra marcar na sexta' ('na', after a booking verb) when no 'pra'.
  const m =
    /\b(passar|mudar|trocar|remarcar|reagendar|jogar|empurrar|transferir|mover|adiar|antecipar|marcar|agendar|colocar)\b.*?\b(pra|para|pro|pros)\b/.exec(
      u.norm,
    ) ??
    /\b(marcar|agendar|colocar)\b.*?\b(na|no)\b/.exec(u.norm) ??
    // 'a consulta de sexta dá pra ser na segunda', 'não vou conseguir ir na sexta, consegue pra segunda?'
    /\b(ser|ficar) (na|no|pra|para|pro)\b/.exec(u.norm) ??
    /\bnao vou (?:poder|conseguir) (ir|comparecer|levar)\b.*?\b(pra|para|pro)\b/.exec(u.norm);
  // No move verb ('tinha marcado pra sexta mas queria segunda', 'a de sexta pode ser às 10?'): the understanding
  // module says which words name the appointment and which the new day (docs/decisions/0068).
  const verbless = m ? undefined : verblessMove(u.said);
  if (!m && !verbless) return [undefined, u.when];
  // The words up to 'pra' name the appointment ('agendar minha sessão de terça pra quarta': terça).
  const before = m ? u.norm.slice(0, m.index + m[0].length - m[2]!.length) : verbless!.old;
  const after = m ? u.norm.slice(m.index + m[0].length) : verbless!.new;
  const ref = resolveWhen(before, dialog.now());
  const next = resolveWhen(after, dialog.now(), { bareNumberIsDay: /\bdia\b/.test(after) });
  return [ref?.date ? ref : undefined, next ?? (ref?.date ? undefined : u.when)];
}

export async function advanceManage(dialog: Session): Promise<void> {
  if (!dialog.client) {
    const known = dialog.call.knownClient;
    if (known) dialog.identify(known);
    else {
      dialog.ask("Para encontrar o seu agendamento, me diga o seu nome completo ou o seu CPF.", "identify");
      return;
    }
  }
  if (!dialog.target) {
    if (!dialog.appointments.length) {
      const loaded = await loadAppointments(dialog);
      if (!loaded) return;
    }
    const byRef = dialog.manageRef?.date
      ? dialog.appointments.filter((a) => wallClock(a.scheduledAt).date === dialog.manageRef?.date)
      : [];
    if (dialog.appointments.length === 1) dialog.target = dialog.appointments[0];
    else if (byRef.length === 1) dialog.target = byRef[0];
    else {
      const w = dialog.draft.when;
      const named = w?.date || w?.time !== undefined || dialog.manageService || dialog.manageProfessional;
      let whenIsNew = false;
      const byWhen = named
        ? dialog.appointments.filter((a) => {
            const wc = wallClock(a.scheduledAt);
            return (
              (!w?.date || wc.date === w.date) &&
              (w?.time === undefined || wc.minutes === w.time) &&
              (!dialog.manageService ||
                a.offeredServices.some((s) => s.offeredServiceId === dialog.manageService)) &&
              (!dialog.manageProfessional || a.professionalId === dialog.manageProfessional)
            );
          })
        : [];
      if (byWhen.length === 0 && named && (dialog.manageService || dialog.manageProfessional)) {
        // 'a consulta de sexta … pra semana que vem': the day may be the new one; the service still names it.
        const bySubject = dialog.appointments.filter(
          (a) =>
            (!dialog.manageService ||
              a.offeredServices.some((s) => s.offeredServiceId === dialog.manageService)) &&
            (!dialog.manageProfessional || a.professionalId === dialog.manageProfessional),
        );
        if (bySubject.length === 1) {
          byWhen.push(bySubject[0]!);
          whenIsNew = true;
        }
      }
      if (byWhen.length === 1) {
        dialog.target = byWhen[0];
        // The day or time that named the appointment is not the new one; a week or a part of the day named none
        // ('remarcar minha consulta pra semana que vem' keeps the week: issue #27).
        if (dialog.flow === "reschedule" && !whenIsNew && (w?.date || w?.time !== undefined)) {
          // A shift said with it ('o exame de terça, dá pra empurrar uma hora mais tarde?') is the new time.
          const { shift, relative, dayShift } = w ?? {};
          dialog.draft.when =
            shift !== undefined || relative !== undefined || dayShift !== undefined
              ? { shift, relative, dayShift }
              : undefined;
        }
      } else {
        const list = dialog.appointments.slice(0, 3).map((a) => describe(dialog, a, false));
        dialog.ask(
          `Encontrei ${numberWords(dialog.appointments.length)} agendamentos: ${listPt(list)}. Qual deles?`,
          "pick_appt",
        );
        return;
      }
    }
  }
  const a = dialog.target!;
  if (dialog.flow === "check") {
    const at = wallClock(a.scheduledAt).minutes;
    const asked = dialog.checkTime;
    const lead =
      asked === undefined
        ? "Você tem"
        : asked === at || asked % 720 === at % 720
          ? "Isso, você tem"
          : "Não exatamente: você tem";
    dialog.say(`${lead} ${describe(dialog, a, true)}.`);
    dialog.discussed = a;
    dialog.resetFlow();
    dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
    return;
  }
  if (dialog.flow === "cancel") {
    dialog.ask(
      `Você quer cancelar ${describe(dialog, a, true)}. Confirma o cancelamento?`,
      "manage_readback",
    );
    return;
  }
  if (dialog.flow === "confirm") {
    if (a.confirmedAt) {
      dialog.say(
        `${describe(dialog, a, true)[0]!.toUpperCase()}${describe(dialog, a, true).slice(1)} já está confirmado.`,
      );
      dialog.resetFlow();
      dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      return;
    }
    dialog.ask(`Você tem ${describe(dialog, a, true)}. Confirma a sua presença?`, "manage_readback");
    return;
  }
  // Reschedule: same service, professional and place; a new time. The day that named the appointment is not
  // the new day.
  const own = wallClock(a.scheduledAt);
  // 'sexta às cinco e meia' for Friday's 14:00, said to 'Para quando…?' or to 'Quer confirmar, remarcar ou
  // cancelar?', or a shift ('uma hora mais tarde'), is a move on its own day, not the day naming it: asked again, it
  // looped (decision 0071). Elsewhere a time said with the day names the appointment (the caller may have it wrong).
  const said = dialog.draft.when;
  const askedForIt =
    dialog.lastQuestion.startsWith("Para quando você quer remarcar") ||
    dialog.lastQuestion.endsWith(MANAGE_CHOICE_LINE);
  const otherTime =
    (askedForIt && said?.time !== undefined && said.time !== own.minutes) ||
    said?.after !== undefined ||
    said?.before !== undefined ||
    said?.shift !== undefined ||
    said?.relative !== undefined;
  if (said?.date === own.date && !said.sameDay) {
    dialog.draft.when = otherTime ? { ...said, sameDay: true } : undefined;
  }
  if (dialog.draft.when) dialog.draft.when = againstAppointment(dialog.draft.when, own);
  const w = dialog.draft.when;
  if (dialog.draft.sameTime && w && w.time === undefined && !w.period)
    dialog.draft.when = { ...w, time: wallClock(a.scheduledAt).minutes };
  dialog.draft.serviceId = a.offeredServices[0]?.offeredServiceId;
  dialog.draft.professionalId = a.professionalId;
  dialog.draft.establishmentId = a.establishmentId;
  if (!dialog.draft.when) {
    dialog.ask(`Para quando você quer remarcar ${describe(dialog, a, false)}?`, "when");
    return;
  }
  if (!dialog.chosen) {
    if (!dialog.offers.length) {
      const service = dialog.service(dialog.draft.serviceId);
      if (!service) {
        dialog.say("Não consegui ler o serviço desse agendamento.");
        offerTransferOrMore(dialog);
        return;
      }
      await search(
        dialog,
        dialog.draft.when,
        service,
        dialog.draft.professionalId,
        dialog.draft.establishmentId,
      );
    }
    if (!dialog.chosen) return;
  }
  dialog.ask(
    `Então fica: ${serviceNames(dialog, a)} com ${dialog.professional(a.professionalId)?.name ?? "o profissional"} passa ${whenWords(a.scheduledAt, dialog.now()).replace(/^(na|no) /, "de ")} para ${whenWords(dialog.chosen.start, dialog.now(), true).replace(/^(na|no) /, "")}. Posso confirmar?`,
    "manage_readback",
  );
}

/**
 * A new day or time read against the appointment being moved (docs/decisions/0068): 'uma hora mais cedo' is its
 * time less an hour, 'dois dias depois' two days after its day, 'no mesmo dia' and a time said with no day ('minha
 * consulta de sexta pode ser às 10?') its day, 'mais tarde' with no time after its time. A day, a week or 'o quanto
 * antes' said with it stands.
 */
export function againstAppointment(when: When, own: { date: string; minutes: number }): When {
  const { shift, dayShift, sameDay, relative, ...w } = when;
  const dayless = !w.date && !w.range && !w.asap;
  // 'dois dias depois', 'uma semana antes': days from its day, at the time said (or its own, 'no mesmo horário').
  if (dayShift !== undefined && dayless) return { ...w, date: addDays(own.date, dayShift) };
  if (shift !== undefined) {
    w.time = own.minutes + shift;
    w.period = undefined;
  } else if (relative && w.time === undefined) {
    if (relative === "later") w.after = own.minutes + 1;
    else w.before = own.minutes;
    w.period = undefined;
  }
  const timed = w.time !== undefined || w.after !== undefined || w.before !== undefined;
  // Kept as said on the appointment's own day, so a later turn does not take that day for the one naming it.
  if (dayless && (sameDay || timed)) Object.assign(w, { date: own.date, sameDay: true });
  if (w.period === undefined) delete w.period;
  return w;
}

export function serviceNames(_dialog: Session, a: Appointment): string {
  return listPt(a.offeredServices.map((s) => s.offeredServiceName));
}

export function describe(dialog: Session, a: Appointment, withProf: boolean): string {
  const prof = dialog.professional(a.professionalId)?.name;
  return `${serviceNames(dialog, a)}${withProf && prof ? ` com ${prof}` : ""} ${whenWords(a.scheduledAt, dialog.now())}`;
}

/**
 * A client's appointments still ahead (scheduled, after now, within a year), soonest first; undefined when the agenda
 * could not be read.
 */
export async function upcomingAppointments(
  dialog: Session,
  client: { id: string },
): Promise<Appointment[] | undefined> {
  const today = dialog.today();
  let list: Appointment[];
  try {
    list = await dialog.tools.listAppointments({
      startDate: today,
      endDate: addDays(today, 365),
      clientId: client.id,
    });
  } catch {
    return undefined;
  }
  const nowMs = dialog.now().getTime();
  return list
    .filter(
      (a) =>
        a.clientId === client.id && a.status === "SCHEDULED" && new Date(a.scheduledAt).getTime() > nowMs,
    )
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
}

export async function loadAppointments(dialog: Session): Promise<boolean> {
  const list = await upcomingAppointments(dialog, dialog.client!);
  if (!list) {
    dialog.say("Tive um problema para consultar a agenda.");
    offerTransferOrMore(dialog);
    return false;
  }
  dialog.appointments = list;
  if (!dialog.appointments.length) {
    const who = dialog.client!.fullName.split(" ")[0];
    dialog.say(`${who}, não encontrei nenhum agendamento futuro no seu nome.`);
    dialog.resetFlow();
    dialog.ask("Quer marcar um horário?", "offer_book");
    return false;
  }
  return true;
}

export async function fillIdentify(dialog: Session, u: Frame): Promise<boolean> {
  let results: Client[] = [];
  let by: "cpf" | "name" | undefined;
  if (u.digits.length >= 11 && isValidCpf(u.digits.slice(0, 11))) {
    const cpf = u.digits.slice(0, 11);
    by = "cpf";
    try {
      results = (await dialog.tools.searchClients(cpf)).filter(
        (c) => (c.documentNumber ?? "").replace(/\D/g, "") === cpf,
      );
      if (!results.length)
        results = (await dialog.tools.searchClients(formatCpf(cpf))).filter(
          (c) => (c.documentNumber ?? "").replace(/\D/g, "") === cpf,
        );
    } catch {
      results = [];
    }
  } else if (u.digits.length >= 5) {
    dialog.ask("Esse CPF não parece válido. Pode repetir, número por número?", "identify");
    return true;
  } else {
    const name = extractName(u.text);
    if (!name) return false;
    by = "name";
    try {
      let found = await dialog.tools.searchClients(name);
      if (!found.length) {
        // The recogniser may drop accents ('joao'): search by each longer word, compare without accents.
        const byWord = new Map<string, Client>();
        for (const word of name.split(/\s+/).filter((x) => x.length >= 4)) {
          for (const c of await dialog.tools.searchClients(word)) byWord.set(c.id, c);
        }
        found = [...byWord.values()].filter((c) => fold(c.fullName).includes(fold(name)));
      }
      const exact = found.filter((c) => fold(c.fullName) === fold(name));
      results = exact.length ? exact : found;
    } catch {
      results = [];
    }
  }
  if (results.length === 1) {
    dialog.identify(results[0]!);
    return true;
  }
  dialog.identifyTries++;
  if (results.length > 1) {
    dialog.ask("Encontrei mais de um cadastro com esse nome. Pode me dizer o seu CPF?", "identify");
    return true;
  }
  if (dialog.identifyTries >= 2) {
    dialog.say("Não encontrei o seu cadastro.");
    dialog.resetFlow();
    offerTransferOrMore(dialog);
    return true;
  }
  dialog.ask(
    by === "cpf"
      ? "Não encontrei cadastro com esse CPF. Pode me dizer o seu nome completo?"
      : "Não encontrei cadastro com esse nome. Pode repetir o nome completo ou me dizer o CPF?",
    "identify",
  );
  return true;
}

export function pickAppointment(dialog: Session, u: Frame): Appointment | undefined {
  const list = dialog.appointments;
  const idx = ordinalIndex(dialog, u);
  if (idx !== undefined && !u.when?.date) return idx === -1 ? list[list.length - 1] : list[idx];
  let candidates = list;
  if (u.when) {
    candidates = candidates.filter((a) => {
      const wc = wallClock(a.scheduledAt);
      if (u.when?.date && wc.date !== u.when.date) return false;
      if (u.when?.time !== undefined && wc.minutes !== u.when.time && wc.minutes % 720 !== u.when.time % 720)
        return false;
      return true;
    });
  }
  if (u.services.length)
    candidates = candidates.filter((a) =>
      a.offeredServices.some((s) => u.services.some((x) => x.id === s.offeredServiceId)),
    );
  if (u.professionals.length)
    candidates = candidates.filter((a) => u.professionals.some((p) => p.id === a.professionalId));
  if (candidates.length === 1 && candidates !== list) return candidates[0];
  if (u.yes && list.length === 1) return list[0];
  return undefined;
}

export async function commitManage(dialog: Session): Promise<void> {
  const a = dialog.target!;
  const base = editableFieldsOf(a);
  const who = dialog.client?.fullName ?? "Paciente";
  try {
    if (dialog.flow === "cancel") {
      await dialog.write(`cancel:${a.id}`, (id) =>
        dialog.tools.updateAppointment(id, { ...base, status: "CANCELED" }),
      );
      dialog.emit({ type: "action", actionType: "APPOINTMENT_CANCELLED", details: { appointmentId: a.id } });
      dialog.lastCancelled = a;
      dialog.outcomes.push(
        `Paciente ${who} cancelou ${serviceNames(dialog, a)} de ${shortWhen(a.scheduledAt)}.`,
      );
      dialog.say(`Pronto, cancelei ${serviceNames(dialog, a)} ${whenWords(a.scheduledAt, dialog.now())}.`);
      dialog.resetFlow();
      dialog.ask("Quer marcar um novo horário?", "offer_book");
      return;
    }
    if (dialog.flow === "confirm") {
      await dialog.write(`confirm:${a.id}`, (id) => dialog.tools.confirmAppointment(id, a.id));
      dialog.emit({ type: "action", actionType: "APPOINTMENT_CONFIRMED", details: { appointmentId: a.id } });
      dialog.outcomes.push(
        `Paciente ${who} confirmou ${serviceNames(dialog, a)} de ${shortWhen(a.scheduledAt)}.`,
      );
      dialog.say(`Obrigado, presença confirmada ${whenWords(a.scheduledAt, dialog.now())}.`);
      dialog.resetFlow();
      dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      return;
    }
    const slot = dialog.chosen!;
    const updated = await dialog.write(`reschedule:${a.id}:${slot.start}`, (id) =>
      dialog.tools.updateAppointment(id, {
        ...base,
        scheduledAt: slot.start,
        professionalId: slot.professionalId,
        establishmentId: slot.establishmentId,
        status: "SCHEDULED",
      }),
    );
    dialog.emit({
      type: "action",
      actionType: "APPOINTMENT_RESCHEDULED",
      details: { appointmentId: a.id, from: a.scheduledAt, scheduledAt: updated.scheduledAt },
    });
    dialog.data("Data e hora", shortWhen(updated.scheduledAt));
    dialog.outcomes.push(
      `Paciente ${who} remarcou ${serviceNames(dialog, a)} de ${shortWhen(a.scheduledAt)} para ${shortWhen(updated.scheduledAt)}.`,
    );
    dialog.say(
      `Pronto, remarcado para ${whenWords(updated.scheduledAt, dialog.now()).replace(/^(na|no) /, "")}.`,
    );
    dialog.resetFlow();
    dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
  } catch (error) {
    if (error instanceof ToolError && dialog.flow === "reschedule") {
      await slotRefused(dialog, error);
      return;
    }
    if (error instanceof ToolError) {
      dialog.say(`Não consegui concluir: ${error.message.replace(/\.$/, "")}.`);
      dialog.resetFlow();
      offerTransferOrMore(dialog);
      return;
    }
    toolTrouble(dialog, error, "Tive um problema para acessar a agenda.");
  }
}

/** What the answer to each of this flow's questions takes (the policy asks the pending question first). */
export const MANAGE_ANSWERS: Answers<ManageAsk> = {
  identify: (dialog, u) => {
    return fillIdentify(dialog, u);
  },
  pick_appt: (dialog, u) => {
    const pick = pickAppointment(dialog, u);
    if (pick) {
      dialog.target = pick;
      return true;
    }
    return false;
  },
  manage_readback: async (dialog, u) => {
    const at = dialog.flow === "reschedule" ? dialog.chosen?.start : dialog.target?.scheduledAt;
    if (dialog.consents(u, at)) {
      await commitManage(dialog);
      return true;
    }
    if (u.consent.reason === "defer" && !u.when) {
      dialog.resetFlow();
      dialog.say("Tudo bem, deixei o seu agendamento como está.");
      dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      return true;
    }
    // 'não, a outra': the caller means their other appointment; it is read back in turn (issue #27).
    const others = dialog.appointments.filter((a) => a.id !== dialog.target?.id);
    if (u.consent.other && others.length >= 1) {
      const pick = others.length === 1 ? others[0] : pickAppointment(dialog, { ...u, when: u.when });
      if (pick) {
        dialog.target = pick;
        dialog.chosen = undefined;
        dialog.offers = [];
        if (dialog.flow === "reschedule" && !u.when) dialog.draft.when = undefined;
        return true;
      }
    }
    // 'isso, só a de sexta' to a cancellation read back for Wednesday: the caller's appointment on the day said is the
    // one meant (docs/decisions/0070); it is read back in turn, never written on this reply.
    if ((dialog.flow === "cancel" || dialog.flow === "confirm") && u.when?.date && !u.no) {
      const onDay = others.filter((a) => wallClock(a.scheduledAt).date === u.when?.date);
      if (onDay.length === 1) {
        dialog.target = onDay[0];
        return true;
      }
    }
    if (u.no) {
      if (dialog.flow === "cancel" || dialog.flow === "confirm") {
        dialog.say(
          dialog.flow === "cancel" ? "Tudo bem, mantive o seu agendamento." : "Tudo bem, não confirmei.",
        );
        dialog.resetFlow();
        dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      } else {
        dialog.ask("Tudo bem. O que você gostaria de mudar?", "change");
      }
      return true;
    }
    return false;
  },
  offer_book: (dialog, u) => {
    if (u.yes || u.intents.includes("book") || u.intents.includes("reschedule") || u.when) {
      const was = dialog.lastCancelled;
      startFlow(dialog, "book", u);
      if (was) {
        // 'Quer marcar um novo horário?' after a cancellation: the same service, professional and place.
        dialog.draft.serviceId ??= was.offeredServices[0]?.offeredServiceId;
        dialog.draft.professionalId ??= was.professionalId;
        dialog.draft.establishmentId ??= was.establishmentId;
      }
      return true;
    }
    if (u.no) {
      dialog.ask("Tudo bem. Posso ajudar em mais alguma coisa?", "anything_else");
      return true;
    }
    return false;
  },
};

/**
 * The known caller's one future appointment the words name ('é sobre a minha consulta de sexta'): by the day and the
 * service said, or their only one. Nothing is kept: the flow the caller then names looks it up again.
 */
export async function ownAppointment(dialog: Session, u: Frame): Promise<Appointment | undefined> {
  const client = dialog.client ?? dialog.call.knownClient;
  if (!client) return undefined;
  let mine = await upcomingAppointments(dialog, client);
  if (!mine) return undefined;
  // A day that is none of theirs may be the new one asked for ('a minha consulta … dá pra ficar pra quinta?').
  const onDay = mine.filter((a) => wallClock(a.scheduledAt).date === u.when?.date);
  if (u.when?.date && onDay.length) mine = onDay;
  if (u.services.length)
    mine = mine.filter((a) =>
      a.offeredServices.some((s) => u.services.some((x) => x.id === s.offeredServiceId)),
    );
  return mine.length === 1 ? mine[0] : undefined;
}
