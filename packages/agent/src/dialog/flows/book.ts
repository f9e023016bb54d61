// The booking flow (decision 0048): service, professional, establishment and day, the read-back and the write.

import { nationalPhone as storedPhone } from "@atende/shared/phone-format";
import type { Appointment } from "@atende/shared/schemas/appointments";
import type { Client } from "@atende/shared/schemas/clients";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import { childRefusal, listPt } from "../../answers";
import { formatCpf } from "../../cpf";
import { PERIOD_RANGES, type When, wallClock } from "../../datetime";
import { extractName, isFirstNameOnly, surnameSaid, withSurname } from "../../names";
import { fold } from "../../normalize";
import { phoneWords, shortWhen, whenWords } from "../../speak";
import { ToolError } from "../../types";
import { ABANDON, ANY, denies, type Frame, saysNo } from "../frame";
import type { Answers, BookAsk } from "../state";
import { orPt, type Session } from "../state";
import { offerTransferOrMore } from "./close";
import { describe, upcomingAppointments } from "./manage";
import {
  allowedEstablishments,
  allowedProfessionals,
  draftServiceNames,
  draftServices,
  extraIdsFor,
  nearestProfessional,
  offeredServices,
  servicesAsked,
} from "./services";
import { fillChoice, ordinalPick, pickOne, search, slotRefused, toolTrouble } from "./slots";
import { offerToAdd } from "./update";
import { answerWish } from "./waitlist";

export function change(dialog: Session, u: Frame, fromReadback: boolean): boolean {
  let changed = false;
  const s = u.services.length === 1 ? u.services[0] : undefined;
  if (s && dialog.flow === "book" && addsService(dialog, u, s)) {
    // 'e também uma manicure' at the read-back: added, not put in the place of the one read back.
    takeAll(dialog, [...draftServices(dialog), s]);
    dialog.setWhen(dialog.draft.when ?? {});
    changed = true;
  } else if (s && s.id !== dialog.draft.serviceId && dialog.flow === "book") {
    dialog.draft.serviceId = s.id;
    dialog.draft.professionalId = undefined;
    dialog.draft.establishmentId = undefined;
    dialog.setWhen(dialog.draft.when ?? {});
    changed = true;
  }
  const p = u.professionals.length === 1 ? u.professionals[0] : undefined;
  if (p && p.id !== dialog.draft.professionalId) {
    dialog.draft.professionalId = p.id;
    dialog.offers = [];
    dialog.chosen = undefined;
    changed = true;
  }
  if (u.when) {
    dialog.setWhen(mergeWhen(dialog, u.when));
    changed = true;
  }
  if (!changed && dialog.flow === "book" && /\bnome\b/.test(u.norm)) {
    const name = extractName(u.text.replace(/.*\bnome\b/i, ""));
    if (name) {
      dialog.client = null;
      dialog.setName(name);
      changed = true;
    } else {
      dialog.client = null;
      dialog.name = undefined;
      dialog.knownAsked = true;
      changed = true;
    }
  }
  if (changed) return true;
  if (ABANDON.test(u.norm) && !fromReadback) {
    dialog.resetFlow();
    dialog.ask("Tudo bem, não agendei nada. Posso ajudar em mais alguma coisa?", "anything_else");
    return true;
  }
  if (saysNo(u) || fromReadback) {
    dialog.ask("Tudo bem. O que você gostaria de mudar: o dia, o horário ou o profissional?", "change");
    return true;
  }
  return false;
}

/** Words that add a service to the one being booked ('e também uma manicure', 'aproveita e marca a escova'). */
const ADDS = /(^e |\b(tambem|junto|alem d\w+|aproveit\w*|mais (um|uma)|outr[oa] (servico|coisa))\b)/;

/** A service said in a later turn to go with the one being booked, not in its place (decision 0058). */
function addsService(dialog: Session, u: Frame, s: OfferedService): boolean {
  if (!dialog.draft.serviceId || saysNo(u) || !ADDS.test(u.norm)) return false;
  return !draftServices(dialog).some((x) => x.id === s.id);
}

/** 'mais uma', 'outra', 'as duas': one more appointment, the one the caller has kept (askMoveInstead). */
const ANOTHER =
  /\b(mais (um|uma)|outr[oa]|nov[oa]|as duas|os dois|ambos|ambas|manter (as|os) dois|alem d\w+)\b/;

/** 'os dois', 'ambos', 'as duas coisas': both services asked about. */
const BOTH = /\b(os dois|as duas|ambos|ambas|os 2|as 2|tudo|as duas coisas|todos|todas)\b/;

/**
 * The services the caller wants in this booking: one appointment when one professional and one establishment do them
 * all, else one after another (`Draft.queued`), each read back.
 */
function takeAll(dialog: Session, services: OfferedService[], whens: { when?: When }[] = []) {
  const profs = services.reduce<string[]>(
    (acc, s) => acc.filter((p) => s.allowedProfessionals.includes(p)),
    services[0]!.allowedProfessionals,
  );
  const places = services.reduce<string[]>(
    (acc, s) => acc.filter((e) => s.availableEstablishments.includes(e)),
    services[0]!.availableEstablishments,
  );
  dialog.draft.serviceId = services[0]!.id;
  dialog.draft.serviceChoices = undefined;
  dialog.offers = [];
  dialog.chosen = undefined;
  // Each one's own day, when the caller said one with it ('fisioterapia na quarta … e nutricional na quinta').
  const days = new Set(whens.flatMap((x) => (x.when?.date ? [x.when.date] : [])));
  if (profs.length && places.length && days.size < 2) {
    dialog.draft.extraServiceIds = services.slice(1).map((s) => s.id);
    return;
  }
  const firstWhen = whens[0]?.when;
  if (firstWhen?.date || firstWhen?.range) dialog.setWhen(mergeWhen(dialog, firstWhen));
  dialog.draft.extraServiceIds = undefined;
  dialog.draft.queued = services.slice(1).map((s, i) => ({ serviceId: s.id, when: whens[i + 1]?.when }));
  dialog.say(
    `Vou marcar um de cada vez: primeiro ${services[0]!.name}, depois ${listPt(services.slice(1).map((s) => s.name))}.`,
  );
}

/**
 * The services the words name; for a child ('um corte pro meu filho de dois anos') only those that see children, so
 * the child's service is the one whose age note is checked (decision 0067).
 */
function childServices(dialog: Session, u: Frame): OfferedService[] {
  if (u.services.length < 2 || dialog.childAge === undefined || dialog.childAge >= 18 * 12) return u.services;
  const kids = u.services.filter((s) => s.childFriendly);
  return kids.length ? kids : u.services;
}

/** Takes every slot the words carry ('limpeza com a Dra. Ana sexta de manhã'). */
export function fillDraft(dialog: Session, u: Frame, skip: string[] = []) {
  const asked = skip.includes("service") ? undefined : servicesAsked(dialog, u);
  if (asked && "both" in asked) {
    // Asked before anything is searched: the two, or one of them (never the better-matching one alone).
    dialog.draft.serviceId = undefined;
    dialog.draft.extraServiceIds = undefined;
    dialog.draft.serviceChoices = undefined;
    dialog.draft.bothAsked = asked.both.map((x) => ({ serviceId: x.service.id, when: x.when }));
    dialog.offers = [];
    dialog.chosen = undefined;
  } else if (asked && "oneByOne" in asked) {
    // 'uma escova e uma manicure' with two professionals: one booking each, never one of them dropped.
    const [first, ...rest] = asked.oneByOne;
    dialog.draft.serviceId = first!.service.id;
    dialog.draft.extraServiceIds = undefined;
    dialog.draft.serviceChoices = undefined;
    dialog.draft.queued = rest.map((x) => ({ serviceId: x.service.id, when: x.when }));
    dialog.offers = [];
    dialog.chosen = undefined;
    dialog.say(
      `Vou marcar um de cada vez: primeiro ${first!.service.name}, depois ${listPt(rest.map((x) => x.service.name))}.`,
    );
    const firstWhen = first!.when?.date || first!.when?.range ? first!.when : u.when;
    if (!skip.includes("when") && firstWhen) dialog.setWhen(mergeWhen(dialog, firstWhen));
    skip = [...skip, "when"];
  } else if (asked && "together" in asked) {
    dialog.draft.serviceId = asked.together[0]!.id;
    dialog.draft.extraServiceIds = asked.together.slice(1).map((x) => x.id);
    dialog.draft.serviceChoices = undefined;
    dialog.offers = [];
    dialog.chosen = undefined;
  } else if (asked) {
    // 'corte e escova': which 'corte' is asked first; nothing is booked with one of the two dropped.
    dialog.draft.serviceId = undefined;
    dialog.draft.extraServiceIds = "choices" in asked ? asked.with.map((x) => x.id) : undefined;
    dialog.draft.serviceChoices = "choices" in asked ? asked.choices.map((x) => x.id) : undefined;
    dialog.offers = [];
    dialog.chosen = undefined;
  } else if (!skip.includes("service") && childServices(dialog, u).length === 1) {
    const s = childServices(dialog, u)[0]!;
    if (addsService(dialog, u, s)) {
      takeAll(dialog, [...draftServices(dialog), s]);
    } else if (s.id !== dialog.draft.serviceId) {
      dialog.draft.serviceId = s.id;
      dialog.offers = [];
      dialog.chosen = undefined;
    }
  }
  if (!skip.includes("professional") && u.professionals.length === 1) {
    const p = u.professionals[0]!;
    const service = dialog.service(dialog.draft.serviceId);
    if (!service || service.allowedProfessionals.includes(p.id)) dialog.draft.professionalId = p.id;
  }
  if (!skip.includes("professional") && !dialog.draft.professionalId) {
    // 'com a Tatiana' when Tânia does it: the nearest name, offered (docs/decisions/0066).
    const near = nearestProfessional(dialog, u);
    if (near) dialog.draft.nearProfessional = { id: near.professional.id, said: near.said };
  }
  if (!skip.includes("location") && u.establishments.length === 1 && /\b(unidade|na|no|em)\b/.test(u.norm)) {
    dialog.draft.establishmentId = u.establishments[0]!.id;
  }
  if (!skip.includes("when") && u.when) dialog.setWhen(mergeWhen(dialog, u.when));
}

export async function advanceBook(dialog: Session): Promise<void> {
  const d = dialog.draft;
  // Service
  if (!d.serviceId && d.bothAsked?.length) {
    const names = d.bothAsked.map((x) => dialog.service(x.serviceId)?.name ?? "");
    dialog.ask(`Você quer agendar ${listPt(names)}, ou só um deles?`, "service");
    return;
  }
  if (!d.serviceId && d.serviceChoices?.length) {
    const choices = d.serviceChoices.map((id) => dialog.service(id)?.name ?? "");
    const also = (d.extraServiceIds ?? []).map((id) => dialog.service(id)?.name ?? "");
    dialog.ask(`Você quer ${orPt(choices)}${also.length ? `, junto com ${listPt(also)}` : ""}?`, "service");
    return;
  }
  if (!d.serviceId) {
    const services = offeredServices(dialog);
    if (services.length === 1) d.serviceId = services[0]!.id;
    else {
      const names = services.map((s) => s.name);
      dialog.ask(`Qual serviço você gostaria de agendar? Temos ${orPt(names)}.`, "service");
      return;
    }
  }
  const service = dialog.service(d.serviceId)!;
  const refusal = childRefusal(dialog.childAge, service);
  if (refusal) {
    // 'Dá pra marcar …? ele tem 14 anos' was answered as a question just before: the no is not said twice.
    if (dialog.lastSaid !== refusal) dialog.say(refusal);
    dialog.resetFlow();
    offerTransferOrMore(dialog);
    return;
  }
  // Professional
  const allowed = allowedProfessionals(dialog);
  if (!allowed.length) {
    dialog.say(`No momento não há profissional disponível para ${service.name}.`);
    dialog.resetFlow();
    offerTransferOrMore(dialog);
    return;
  }
  if (d.professionalId && !allowed.some((p) => p.id === d.professionalId)) {
    const p = dialog.professional(d.professionalId);
    dialog.say(`${p?.name ?? "Esse profissional"} não atende ${service.name}.`);
    d.professionalId = undefined;
  }
  if (!d.professionalId && !d.anyProfessional) {
    const near = d.nearProfessional && allowed.find((p) => p.id === d.nearProfessional!.id);
    if (allowed.length === 1) d.professionalId = allowed[0]!.id;
    else if (near) {
      dialog.ask(
        `Não temos ${d.nearProfessional!.said} aqui. O nome mais parecido é ${near.name}. Quer agendar com ${near.name}?`,
        "professional",
      );
      return;
    } else {
      dialog.ask(
        `Com qual profissional? Pode ser com ${orPt(allowed.map((p) => p.name))}, ou tanto faz.`,
        "professional",
      );
      return;
    }
  }
  // Establishment
  const establishments = allowedEstablishments(dialog);
  if (!d.establishmentId && !d.anyLocation) {
    if (establishments.length <= 1) d.establishmentId = establishments[0]?.id;
    else {
      dialog.ask(
        `Em qual unidade você prefere? Temos ${orPt(establishments.map((e) => e.name))}.`,
        "location",
      );
      return;
    }
  }
  // Day and time
  if (!d.when) {
    dialog.ask("Para qual dia e horário você gostaria?", "when");
    return;
  }
  if (!dialog.chosen) {
    if (!dialog.offers.length) {
      const found = await search(dialog, d.when, service, d.professionalId, d.establishmentId);
      if (!found) return;
    }
    if (!dialog.chosen) return;
  }
  // Who
  if (!dialog.client) {
    const known = dialog.call.knownClient;
    if (known && !dialog.knownAsked) {
      dialog.ask(`Estou falando com ${known.fullName}?`, "confirm_name");
      return;
    }
    if (!dialog.name) {
      dialog.ask("Qual é o seu nome completo?", "name");
      return;
    }
    // A first name alone is not a whole name: a patient registered as 'Mariana' is a wrong write (decision 0069).
    // The surname is asked once; a caller who gives none is read back under the name they gave.
    if (isFirstNameOnly(dialog.name) && !dialog.surnameAsked) {
      dialog.surnameAsked = true;
      dialog.ask(`E qual é o seu sobrenome, ${dialog.name}?`, "name");
      return;
    }
    if (!dialog.cpf && !dialog.cpfAsked) {
      dialog.cpfAsked = true;
      dialog.ask("Se quiser, me diga o seu CPF, número por número. Ou diga pular.", "cpf");
      return;
    }
    if ((!dialog.call.callerNumber || dialog.contactWanted) && !dialog.phone) {
      dialog.ask("Qual é o seu telefone com DDD?", "phone");
      return;
    }
  }
  if (await askMoveInstead(dialog)) return;
  readback(dialog);
}

/**
 * Words of a caller who may be moving an appointment they have, said in any turn of the call: 'eu tenho horário',
 * 'a minha consulta', 'não dava pra ser …', 'no mesmo horário', 'em vez de' (docs/decisions/0070).
 */
export const MOVE_HINT =
  /\b((eu )?(tenho|tinha) (um |uma |o |a )?(horario|consulta|sessao|agendamento|exame|retorno|banho|corte|atendimento)|(minha|meu|a|o) (consulta|sessao|horario|agendamento|exame|retorno|banho|corte|atendimento)( \w+)? (dela|dele|de \w+|do \w+|da \w+|marcad\w*|agendad\w*)|(minha|meu) (consulta|sessao|horario|agendamento|exame|retorno)|mesmo (dia|horario)|(nao )?(da|dava|daria|podia|poderia|teria como|tem como) (pra |para )?(ser|ficar|passar|mudar|trocar)|em vez d\w+|ao inves d\w+|no lugar d\w+|outro dia|nao vou (poder|conseguir) ir)\b/;

/** Words of one more appointment ('e queria marcar também um exame', 'mais uma sessão'): no move is asked about. */
export const ADDS_ONE =
  /\b(tambem|mais (um|uma)|outr[oa] (consulta|sessao|horario|agendamento|exame)|alem d\w+|junto)\b/;

/**
 * A client booking a service they already have booked ahead, with words of a move ('com a Dra. Sônia eu tenho
 * horário segunda que vem… não dava pra ser na quarta?'): a new appointment would leave the old one standing, the
 * wrong write issue #27 names (docs/decisions/0070). Asked once, before the read-back: yes moves that appointment
 * (its own read-back follows), no books one more. Several of the same (a series) ask nothing; without such words
 * (a second appointment asked for plainly) nothing is asked.
 */
async function askMoveInstead(dialog: Session): Promise<boolean> {
  const d = dialog.draft;
  const client = dialog.client;
  const slot = dialog.chosen;
  if (
    d.moveInsteadAsked ||
    !dialog.moveHinted ||
    dialog.addHinted ||
    !client ||
    !slot ||
    d.extraServiceIds?.length ||
    d.queued?.length
  )
    return false;
  d.moveInsteadAsked = true;
  const ahead = (await upcomingAppointments(dialog, client)) ?? [];
  const same = ahead.filter(
    (a) =>
      a.scheduledAt !== slot.start &&
      a.offeredServices.length === 1 &&
      a.offeredServices[0]!.offeredServiceId === d.serviceId,
  );
  if (same.length !== 1) return false;
  const a = same[0]!;
  d.moveInsteadOf = a;
  dialog.ask(
    `Você já tem ${describe(dialog, a, true)}. Quer remarcar esse agendamento para ${whenWords(slot.start, dialog.now(), true).replace(/^(na|no) /, "")}?`,
    "move_instead",
  );
  return true;
}

export function readback(dialog: Session) {
  const slot = dialog.chosen!;
  const service = dialog.service(dialog.draft.serviceId)!;
  const prof = dialog.professional(slot.professionalId);
  const est = dialog.establishment(slot.establishmentId);
  const who = dialog.client?.fullName ?? dialog.name;
  const where = est && dialog.k.establishments.length > 1 ? `, na unidade ${est.name}` : "";
  const whose = who ? `, no nome de ${who}` : "";
  // A contact number other than the caller id is read back digit by digit before it is stored (issue #27); in a
  // sentence of its own, so its digits are no time of the read-back (gate.ts reads each sentence).
  const contact =
    !dialog.client && dialog.phone && dialog.phone !== dialog.call.callerNumber
      ? ` Telefone de contato: ${phoneWords(dialog.phone)}.`
      : "";
  dialog.ask(
    `Então fica: ${draftServiceNames(dialog) || service.name} com ${prof?.name ?? "o profissional"}, ${whenWords(slot.start, dialog.now(), true)}${where}${whose}.${contact} Posso confirmar?`,
    "readback",
  );
}

export async function ensureClient(dialog: Session): Promise<Client> {
  if (dialog.client) return dialog.client;
  // A contact number the caller gave wins over the caller id (issue #27: 'pode anotar o meu celular …').
  const phone = dialog.phone ?? dialog.call.callerNumber ?? "";
  if (dialog.cpf) {
    const found = (await dialog.tools.searchClients(dialog.cpf)).find(
      (c) => (c.documentNumber ?? "").replace(/\D/g, "") === dialog.cpf,
    );
    if (found) {
      dialog.identify(found);
      return found;
    }
    // The CPF is on no record: a client registered under this exact name with no CPF is the caller (not a second
    // registration); adding the CPF is then offered after the booking.
    if (dialog.name) {
      const sameName = (await dialog.tools.searchClients(dialog.name)).filter(
        (c) => fold(c.fullName) === fold(dialog.name!),
      );
      if (sameName.length === 1 && !sameName[0]!.documentNumber) {
        dialog.identify(sameName[0]!);
        dialog.mentioned.cpf = dialog.cpf;
        return sameName[0]!;
      }
    }
  }
  const fullName = dialog.name ?? "Paciente";
  const created = await dialog.write(`client:${fold(fullName)}:${dialog.cpf ?? ""}:${phone}`, (id) =>
    dialog.tools.createClient(id, {
      fullName,
      // Our writers store the national form `(11) 98765-4321` (docs/decisions/0041-phone-format.md).
      phoneNumber: storedPhone(phone),
      documentNumber: dialog.cpf ? formatCpf(dialog.cpf) : null,
    }),
  );
  dialog.client = created;
  dialog.registeredNow = true;
  dialog.emit({ type: "client", client: created });
  dialog.emit({ type: "action", actionType: "CLIENT_REGISTERED", details: { clientId: created.id } });
  return created;
}

export async function commit(dialog: Session): Promise<void> {
  const slot = dialog.chosen!;
  const service = dialog.service(dialog.draft.serviceId)!;
  let client: Client;
  try {
    client = await ensureClient(dialog);
  } catch (error) {
    toolTrouble(dialog, error, "Não consegui fazer o seu cadastro agora.");
    return;
  }
  const input = {
    clientId: client.id,
    professionalId: slot.professionalId,
    establishmentId: slot.establishmentId,
    scheduledAt: slot.start,
    offeredServices: [service.id, ...extraIdsFor(dialog, service)],
  };
  let appt: Appointment;
  try {
    appt = await dialog.write(
      `create:${client.id}:${slot.professionalId}:${slot.establishmentId}:${slot.start}:${service.id}`,
      (id) => dialog.tools.createAppointment(id, input),
    );
  } catch (error) {
    if (error instanceof ToolError) {
      await slotRefused(dialog, error);
      return;
    }
    toolTrouble(dialog, error, "Tive um problema para acessar a agenda.");
    return;
  }
  const prof = dialog.professional(appt.professionalId);
  dialog.emit({
    type: "action",
    actionType: "APPOINTMENT_CREATED",
    details: {
      appointmentId: appt.id,
      scheduledAt: appt.scheduledAt,
      professionalId: appt.professionalId,
      offeredServiceId: service.id,
    },
  });
  const booked = draftServices(dialog);
  const names = listPt(booked.map((x) => x.name)) || service.name;
  dialog.data("Serviço", names);
  if (prof) dialog.data("Profissional", prof.name);
  dialog.data("Data e hora", shortWhen(appt.scheduledAt));
  const est = dialog.establishment(appt.establishmentId);
  if (est && dialog.k.establishments.length > 1) dialog.data("Unidade", est.name);
  dialog.outcomes.push(
    `Paciente ${client.fullName} agendou ${names} com ${prof?.name ?? "profissional"} para ${shortWhen(appt.scheduledAt)}.`,
  );
  dialog.say(`Pronto, está agendado: ${names} ${whenWords(appt.scheduledAt, dialog.now())}.`);
  for (const x of booked.length ? booked : [service]) {
    if (x.requiresPreparation && x.preparationInstructions) {
      dialog.say(`Sobre o preparo${booked.length > 1 ? ` de ${x.name}` : ""}: ${x.preparationInstructions}`);
    }
  }
  const queued = dialog.draft.queued;
  dialog.resetFlow();
  if (queued?.length) {
    // The next service asked for in the same breath: its own day, else the same day after this one ends.
    const [next, ...rest] = queued;
    const end = wallClock(appt.endsAt);
    dialog.flow = "book";
    dialog.draft.serviceId = next!.serviceId;
    dialog.draft.queued = rest;
    const own = next!.when?.date || next!.when?.range ? next!.when! : { date: end.date };
    // The same day: after this one ends (the caller cannot be in two rooms at once).
    const sameDay = own.date === end.date && (own.time === undefined || own.time < end.minutes);
    const { time: _overlapping, ...day } = own;
    dialog.setWhen(sameDay ? { ...day, after: Math.max(own.after ?? 0, end.minutes) } : own);
    dialog.say(`Agora ${dialog.service(next!.serviceId)?.name ?? "o próximo"}.`);
    await advanceBook(dialog);
    return;
  }
  if (offerToAdd(dialog, client)) return;
  dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
}

export function mergeWhen(dialog: Session, next: When): When {
  const prev = dialog.draft.when;
  if (!prev) return next;
  // 'e às três?' keeps the day; 'e na quinta?' keeps the part of the day.
  if (
    !next.date &&
    !next.range &&
    (next.time !== undefined || next.period || next.after !== undefined || next.before !== undefined)
  ) {
    return { ...next, date: prev.date, range: prev.range } as When;
  }
  if ((next.date || next.range) && next.time === undefined && !next.period && prev.period) {
    return { ...next, period: prev.period };
  }
  // 'às 9h' kept while only the day was asked ('quinta ou sexta?' after a weekday that was not the day's).
  if (next.date && next.time === undefined && !next.period && !prev.date && prev.time !== undefined)
    return { ...next, time: prev.time };
  return next;
}

/** Whether a day or time said agrees with the slot chosen (the same day, time or part of the day). */
export function agreesWithChosen(dialog: Session, w: When): boolean {
  if (!dialog.chosen) return false;
  const c = wallClock(dialog.chosen.start);
  if (w.date && w.date !== c.date) return false;
  if (w.time !== undefined && w.time !== c.minutes) return false;
  if (w.period) {
    const r = PERIOD_RANGES[w.period];
    if (c.minutes < r.start || c.minutes >= r.end) return false;
  }
  return !w.range && w.after === undefined && w.before === undefined;
}

/**
 * A new client's whole name said at the read-back of a booking ('isso, Mariana Costa Lima' when it read 'no nome de
 * Mariana'): the name read back, completed (the same first name, more words), or undefined. The changed name is
 * read back again before anything is written (decision 0069): a yes said with it is a yes to the old name.
 */
export function nameAtReadback(dialog: Session, u: Frame): string | undefined {
  if (u.dtmf || dialog.client || !dialog.name || u.when || u.services.length) return undefined;
  const surname = surnameSaid(u.text);
  const said = surname ? withSurname(dialog.name, surname) : (u.introduced ?? u.name);
  if (!said) return undefined;
  const had = fold(dialog.name).split(" ");
  const now = fold(said).split(" ");
  return now.length > had.length && now[0] === had[0] ? said : undefined;
}

/** What the answer to each of this flow's questions takes (the policy asks the pending question first). */
export const BOOK_ANSWERS: Answers<BookAsk> = {
  service: (dialog, u) => {
    const asked = dialog.draft.bothAsked ?? [];
    const both = asked.flatMap((x) => dialog.service(x.serviceId) ?? []);
    if (both.length) {
      const named = u.services.filter((s) => both.includes(s));
      if (named.length === 1 && !BOTH.test(u.norm)) {
        // 'só a consulta': that one alone.
        dialog.draft.bothAsked = undefined;
        dialog.draft.serviceId = named[0]!.id;
        fillDraft(dialog, u, ["service"]);
        return true;
      }
      if (BOTH.test(u.norm) || (u.yes && !saysNo(u))) {
        dialog.draft.bothAsked = undefined;
        takeAll(dialog, both, asked);
        fillDraft(dialog, u, ["service"]);
        return true;
      }
      if (denies(u)) {
        dialog.draft.bothAsked = undefined;
        dialog.draft.serviceChoices = both.map((s) => s.id);
        dialog.ask(`Qual deles: ${orPt(both.map((s) => s.name))}?`, "service");
        return true;
      }
      return false;
    }
    const choices = (dialog.draft.serviceChoices ?? []).flatMap((id) => dialog.service(id) ?? []);
    if (choices.length) {
      // 'Você quer Corte feminino ou Corte masculino, junto com Escova?': one of them, with the others.
      const pick =
        pickOne(
          dialog,
          u.services.filter((s) => choices.includes(s)),
          u,
        ) ?? ordinalPick(dialog, u, choices);
      const only = u.services.length === 1 && !choices.includes(u.services[0]!) ? u.services[0] : undefined;
      if (!pick && !only) return false;
      // 'só a escova': the other service alone, as the caller now says.
      const extras = only
        ? []
        : (dialog.draft.extraServiceIds ?? []).flatMap((id) => dialog.service(id) ?? []);
      dialog.draft.serviceChoices = undefined;
      if (pick && extras.length) {
        // The one picked with the others asked with it: together when one professional does them all, else one after
        // another ('a de clínica geral' with the blood test found no one doing both: decision 0069).
        takeAll(dialog, [pick, ...extras]);
      } else {
        dialog.draft.extraServiceIds = undefined;
        dialog.draft.serviceId = (pick ?? only)!.id;
      }
      fillDraft(dialog, u, ["service"]);
      return true;
    }
    // 'Uma escova, e já aproveitar pra fazer a pedicure': the two, as asked together (docs/decisions/0066).
    if (servicesAsked(dialog, u)) {
      fillDraft(dialog, u);
      return true;
    }
    const s = pickOne(dialog, u.services, u) ?? ordinalPick(dialog, u, offeredServices(dialog));
    if (s) {
      dialog.draft.serviceId = s.id;
      fillDraft(dialog, u, ["service"]);
      return true;
    }
    if (u.when || u.professionals.length) {
      fillDraft(dialog, u);
      return true;
    }
    return false;
  },
  professional: (dialog, u) => {
    const near = dialog.draft.nearProfessional;
    dialog.draft.nearProfessional = undefined;
    if (near && !u.professionals.length && !ANY.test(u.norm)) {
      // 'Quer agendar com Tânia Oliveira?': a yes, or the same name said again (never asked a third time), takes her;
      // a no asks with every name.
      if ((u.yes && !saysNo(u)) || nearestProfessional(dialog, u)?.professional.id === near.id) {
        dialog.draft.professionalId = near.id;
        fillDraft(dialog, u, ["professional"]);
        return true;
      }
      if (saysNo(u)) {
        const names = allowedProfessionals(dialog).map((p) => p.name);
        dialog.ask(
          `Tudo bem. Com qual profissional? Pode ser com ${orPt(names)}, ou tanto faz.`,
          "professional",
        );
        return true;
      }
    }
    if (ANY.test(u.norm)) {
      dialog.draft.anyProfessional = true;
      fillDraft(dialog, u, ["professional"]);
      return true;
    }
    const allowed = allowedProfessionals(dialog);
    const p = u.professionals.filter((x) => allowed.some((a) => a.id === x.id));
    const pick = p.length === 1 ? p[0] : ordinalPick(dialog, u, allowed);
    if (pick) {
      dialog.draft.professionalId = pick.id;
      fillDraft(dialog, u, ["professional"]);
      return true;
    }
    const other = nearestProfessional(dialog, u);
    if (other) {
      dialog.draft.nearProfessional = { id: other.professional.id, said: other.said };
      fillDraft(dialog, u, ["professional"]);
      return true;
    }
    if (u.when) {
      fillDraft(dialog, u);
      return true;
    }
    return false;
  },
  location: (dialog, u) => {
    if (ANY.test(u.norm)) {
      dialog.draft.anyLocation = true;
      fillDraft(dialog, u, ["location"]);
      return true;
    }
    const allowed = allowedEstablishments(dialog);
    const e = u.establishments.filter((x) => allowed.some((a) => a.id === x.id));
    const pick = e.length === 1 ? e[0] : ordinalPick(dialog, u, allowed);
    if (pick) {
      dialog.draft.establishmentId = pick.id;
      fillDraft(dialog, u, ["location"]);
      return true;
    }
    if (u.when) {
      fillDraft(dialog, u);
      return true;
    }
    return false;
  },
  when: (dialog, u) => {
    if (u.when) {
      dialog.setWhen(mergeWhen(dialog, u.when));
      fillDraft(dialog, u, ["when"]);
      return true;
    }
    if (u.yes && /\b(qualquer|tanto faz|pode ser)\b/.test(u.norm)) {
      dialog.setWhen({ asap: true });
      return true;
    }
    if (u.services.length > 0 || u.professionals.length > 0) {
      fillDraft(dialog, u);
      return true;
    }
    return false;
  },
  choose_slot: (dialog, u) => {
    return fillChoice(dialog, u);
  },
  readback: async (dialog, u) => {
    const whole = nameAtReadback(dialog, u);
    if (whole) {
      dialog.setName(whole);
      readback(dialog);
      return true;
    }
    if (dialog.consents(u, dialog.chosen?.start)) {
      await commit(dialog);
      return true;
    }
    // 'obrigada, eu ligo depois pra confirmar': not now; nothing is booked and nothing is asked to change.
    if (u.consent.reason === "defer" && !u.when) {
      dialog.resetFlow();
      dialog.say("Tudo bem, não agendei nada. Quando quiser, é só ligar de novo.");
      dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      return true;
    }
    if (saysNo(u) || u.when || u.professionals.length || u.services.length) {
      return change(dialog, u, true);
    }
    return false;
  },
  change: (dialog, u) => {
    return change(dialog, u, false);
  },
  move_instead: (dialog, u) => {
    const a = dialog.draft.moveInsteadOf;
    if (!a) return false;
    // 'isso, pode remarcar', 'muda essa': the appointment moved to the time chosen, read back as a move.
    if ((u.yes && !saysNo(u)) || (u.intents.includes("reschedule") && !saysNo(u))) {
      const slot = dialog.chosen;
      dialog.resetFlow();
      dialog.flow = "reschedule";
      dialog.data("Motivo", "Remarcação");
      dialog.appointments = [a];
      dialog.target = a;
      if (slot) {
        // On the appointment's own day too ('de manhã mesmo dia'): the day is the new one, not the one naming it.
        const at = wallClock(slot.start);
        dialog.draft.when = { date: at.date, time: at.minutes, sameDay: true };
        dialog.offers = [slot];
        dialog.chosen = slot;
      }
      return true;
    }
    // 'não, é mais uma', 'não, quero as duas': one more, read back as a booking.
    if (saysNo(u) || ANOTHER.test(u.norm)) {
      dialog.say("Tudo bem, marco mais um.");
      return true;
    }
    return false;
  },
  waitlist_offer: (dialog, u) => answerWish(dialog, u),
};
