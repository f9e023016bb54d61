// Questions (decision 0048): answers from the tenant's records (answers.ts, facts.ts) about the service in context,
// and services not offered said plainly.
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import { answerTopic, listPt } from "../../answers";
import { unofferedService, type WeeklyWindow, weeklyWindows } from "../../facts";
import { isQuestion, type Topic } from "../../intents";
import { matchServices, servicesNamedWhole } from "../../match";
import type { Frame } from "../frame";
import { type Session, WRITE_READBACKS } from "../state";
import { offerTransferOrMore } from "./close";

/** How a topic is named in a call summary (shared with the Claude engine). */
export const TOPIC_LABELS: Record<Topic, string> = {
  price: "preço",
  preparation: "preparo",
  address: "endereço",
  parking: "estacionamento",
  accessibility: "acessibilidade",
  insurance: "convênios",
  children: "atendimento infantil",
  hours: "horário de funcionamento",
  payment: "formas de pagamento",
  duration: "duração",
  services: "serviços",
  professionals: "profissionais",
  modality: "modalidade",
  entrance: "como chegar",
};

export function acceptedInsurances(dialog: Session): string[] {
  return [...new Set(dialog.k.professionals.flatMap((p) => p.acceptedHealthInsurances ?? []))];
}

/**
 * A service the caller asks for that the business does not offer: said plainly ('Não oferecemos tomografia.'),
 * with what is offered, instead of a booking or an answer about something else (issue #27). True when the turn
 * was answered here.
 */
export function notOffered(dialog: Session, u: Frame): boolean {
  if (u.services.length || dialog.pending === "name" || WRITE_READBACKS.has(dialog.pending)) return false;
  // A question about the place, the plans or the payment is not about a service.
  const aboutService = new Set<Topic>([
    "price",
    "duration",
    "preparation",
    "children",
    "modality",
    "services",
  ]);
  if (u.topics.some((t) => !aboutService.has(t))) return false;
  const wanted = unofferedService(u.text, dialog.k.services);
  if (!wanted) return false;
  if (!u.intents.includes("book") && !u.topics.length && !isQuestion(u.text) && dialog.pending !== "service")
    return false;
  dialog.say(`Não oferecemos ${wanted}.`);
  if (dialog.k.services.length) dialog.say(`Oferecemos ${listPt(dialog.k.services.map((s) => s.name))}.`);
  if (dialog.flow === "book" && !dialog.draft.serviceId) {
    dialog.ask("Quer agendar algum desses?", "service");
  } else if (dialog.flow && dialog.lastQuestion) {
    // A booking or a change under way goes on: its question again.
    dialog.ask(dialog.lastQuestion, dialog.pending);
  } else {
    offerTransferOrMore(dialog);
  }
  return true;
}

export function contextService(dialog: Session, u: Frame): OfferedService | undefined {
  if (u.services.length === 1) return u.services[0];
  const draft = dialog.service(dialog.draft.serviceId);
  if (draft) return draft;
  const t = dialog.target?.offeredServices[0]?.offeredServiceId;
  if (t) return dialog.service(t);
  // 'e quanto tempo dura?' right after the price of a service: the service just talked about (issue #27).
  const focus = dialog.service(dialog.focusService);
  if (focus) return focus;
  if (dialog.k.services.length === 1) return dialog.k.services[0];
  return undefined;
}

/** The weekly windows that apply to the booking being made (its service, professional and establishment). */
export function bookingWindows(dialog: Session): WeeklyWindow[] | undefined {
  const s = dialog.service(dialog.draft.serviceId);
  const professionalIds = dialog.draft.professionalId
    ? [dialog.draft.professionalId]
    : s?.allowedProfessionals.length
      ? s.allowedProfessionals
      : undefined;
  const establishmentIds = dialog.draft.establishmentId
    ? [dialog.draft.establishmentId]
    : s?.availableEstablishments.length
      ? s.availableEstablishments
      : undefined;
  return weeklyWindows(dialog.k.availabilities, dialog.today(), {
    ...(professionalIds ? { professionalIds } : {}),
    ...(establishmentIds ? { establishmentIds } : {}),
  });
}

export function contextLocations(dialog: Session, u: Frame): Establishment[] {
  if (u.establishments.length === 1) return u.establishments;
  const e = dialog.establishment(dialog.draft.establishmentId);
  return e ? [e] : dialog.k.establishments;
}

export function answerTopics(dialog: Session, u: Frame) {
  let unknown = false;
  const focus = contextService(dialog, u);
  if (focus) dialog.focusService = focus.id;
  // Two topics answered from one record ('tem elevador ou é escada?': access and entrance) say its sentence once.
  const told = new Set<string>();
  for (const topic of u.topics.slice(0, 3)) {
    const text = answer(dialog, topic, u);
    if (text) {
      const fresh = text.split(/(?<=[.!?])\s+/).filter((s) => !told.has(s));
      for (const s of fresh) told.add(s);
      if (fresh.length) dialog.say(fresh.join(" "));
      dialog.topicsGiven.add(TOPIC_LABELS[topic]);
      dialog.emit({ type: "action", actionType: "INFORMATION_PROVIDED", details: { topic } });
    } else unknown = true;
  }
  if (unknown) unknownInfo(dialog);
}

export function unknownInfo(dialog: Session) {
  if (dialog.k.agent.forwardingPhone) {
    dialog.say("Não tenho essa informação.");
    dialog.ask("Quer que eu transfira para um atendente?", "transfer_offer");
  } else {
    dialog.say("Não tenho essa informação aqui, e não consigo transferir a ligação agora.");
  }
}

/** Two or more services asked about together ('a consulta clínica e o exame de sangue', 'mão e pé'), else undefined. */
function namedTogether(dialog: Session, u: Frame): OfferedService[] | undefined {
  if (u.services.length > 1) return u.services;
  const whole = servicesNamedWhole(u.said, dialog.k.services);
  if (whole.length > 1) return whole;
  // 'Quanto custa a consulta com a Dra. Beatriz? E o mapeamento de pintas, quanto sai?': one service per question.
  const each = new Map<string, OfferedService>();
  for (const clause of u.text.split(/[?!.;]+|\s+e\s+(?=(?:o|a|os|as)\s)/i)) {
    const found = matchServices(clause, dialog.k.services);
    if (found.length === 1) each.set(found[0]!.id, found[0]!);
  }
  return each.size > 1 ? [...each.values()] : undefined;
}

/** The answer from the tenant's data (answers.ts), or undefined when the data does not say. */
export function answer(dialog: Session, topic: Topic, u: Frame): string | undefined {
  const named = namedTogether(dialog, u);
  return answerTopic(topic, {
    k: dialog.k,
    today: dialog.today(),
    text: u.text,
    norm: u.norm,
    service: named ? undefined : contextService(dialog, u),
    named,
    locations: contextLocations(dialog, u),
    professionals: u.professionals,
    childAge: dialog.childAge,
  });
}
