import { addDays, isoWeekday } from "@atende/shared/time";
import { wallClock } from "../datetime";
// The policy (decision 0048): from a turn's frame and the state, what to do next: the pending question's flow takes
// its answer first, then a new intent, a question or any slot said in passing (mixed initiative), then the flow under
// way moves one step and asks its next missing thing.
import { childAgeMonths } from "../facts";
import type { Intent } from "../intents";
import { isEmergency, namesOwnAppointment } from "../intents";
import { dateWords, WEEKDAY_NAMES } from "../speak";
import type { CallerInput } from "../types";
import { ADDS_ONE, advanceBook, BOOK_ANSWERS, fillDraft, MOVE_HINT } from "./flows/book";
import { CALLER_ANSWERS, noteMentions, noteName } from "./flows/caller";
import { CLOSING_ANSWERS, goodbye, offerTransferOrMore, transfer } from "./flows/close";
import { answerTopics, notOffered } from "./flows/faq";
import { advanceManage, describe, MANAGE_ANSWERS, ownAppointment, splitMove } from "./flows/manage";
import { advanceUpdate, startUpdate, UPDATE_ANSWERS } from "./flows/update";
import { advanceWish } from "./flows/waitlist";
import { answersYesNo, CONTACT_WANTED, denies, type Frame, STRONG_BOOK, saysNo, takeAsNo } from "./frame";
import type { Answers } from "./state";
import { type Flow, type ManageFlow, type Pending, type Session, TONE_ACK, WRITE_READBACKS } from "./state";
import { understand } from "./understand";

/**
 * Where 'mudei de telefone' starts an update: between tasks. Inside a booking or a lookup the words answer the
 * question asked ('Qual é o seu telefone?', 'o número dois'); the caller can ask once it is done.
 */
/** A change word on a registration field itself ('trocar meu telefone', 'atualizar o cadastro'). */
const FIELD_CHANGE =
  /\b(atualiz\w*|alter\w*|mud\w*|troc\w*|corrig\w*)( o| a)?( meu| minha)? (telefone|celular|numero|nome|cpf|convenio|plano|e ?mail|cadastro|dados|endereco)\b/;

export const UPDATE_ALLOWED = new Set<Pending>(["open", "anything_else", "offer_book", "transfer_offer"]);

export async function turn(dialog: Session, input: CallerInput): Promise<void> {
  if (input.kind === "silence") {
    if (input.prompts >= 2) return goodbye(dialog, "Como não ouvi resposta, vou encerrar a ligação.");
    const q = dialog.lastQuestion || "Como posso ajudar?";
    dialog.say("Você ainda está aí?");
    dialog.ask(q, dialog.pending);
    return;
  }
  dialog.askedThisTurn = false;
  const text = input.kind === "dtmf" ? input.digits : input.text;
  if (!text.trim()) return;
  const u = understand(dialog, text, input.kind === "dtmf");
  noteMentions(dialog, u);
  if (!u.dtmf && MOVE_HINT.test(u.norm)) dialog.moveHinted = true;
  if (!u.dtmf && ADDS_ONE.test(u.norm)) dialog.addHinted = true;
  if (!u.dtmf) dialog.childAge = childAgeMonths(text) ?? dialog.childAge;
  if (!u.dtmf && isEmergency(u.said)) return emergency(dialog);
  if (!u.dtmf && notOffered(dialog, u)) return;
  // For a known client 'outro número' changes the record (an update); in a new client's booking it is the contact.
  // A new caller asking to book with 'pode anotar outro número pra contato' in the same breath: the contact too
  // (docs/decisions/0066), not a registration to look up.
  const newBooking = !dialog.client && !dialog.call.knownClient && u.intents.includes("book");
  const contact = !u.update || (!dialog.client && (dialog.flow === "book" || newBooking));
  if (u.update && contact && newBooking && CONTACT_WANTED.test(u.norm)) u.update = undefined;
  if (!u.dtmf && contact && CONTACT_WANTED.test(u.norm) && !dialog.phone && dialog.pending !== "phone") {
    // 'quero deixar outro número pra contato': asked now when nothing else was said, else before the read-back.
    dialog.contactWanted = true;
    if (!u.intents.length && !u.when && !u.services.length) {
      dialog.ask("Claro. Qual é o número, com DDD?", "phone");
      return;
    }
  }
  const named = noteName(dialog, u);

  // An unheard question is not asked: a bare 'sim' or 'não' to it is not an answer.
  if (!dialog.questionHeard && answersYesNo(u) && isYesNoQuestion(dialog)) {
    dialog.say("Desculpe, acho que você não ouviu a pergunta.");
    dialog.ask(dialog.lastQuestion, dialog.pending);
    return;
  }

  // A 'não' that cut 'Posso ajudar em mais alguma coisa?' short answered nothing ('não, peraí, …'): no goodbye, the
  // caller is listened to (issue #27). A goodbye or thanks said with it still closes.
  if (
    !dialog.questionHeard &&
    dialog.pending === "anything_else" &&
    denies(u) &&
    !u.acts.includes("bye") &&
    !u.acts.includes("thank") &&
    !u.consent.closing
  ) {
    dialog.ask("Pois não, pode falar. Em que posso ajudar?", "open");
    return;
  }

  if (replyWithoutAnswer(dialog, u)) return;

  const rebooking = dialog.pending === "offer_book" && (u.yes || u.intents.includes("reschedule"));
  // 'mudar a minha consulta … qualquer coisa meu celular é …': the move is the task; the number said in passing is
  // no registration change unless a change word is on it ('e trocar meu telefone').
  const moving = u.intents.some(
    (i) => i === "reschedule" || i === "cancel" || i === "confirm" || i === "check",
  );
  const updating =
    !!u.update &&
    dialog.flow !== "update" &&
    UPDATE_ALLOWED.has(dialog.pending) &&
    (!moving || FIELD_CHANGE.test(u.norm));
  const hasNewFlow =
    updating ||
    (!rebooking &&
      u.intents.some(
        (i) =>
          (i === "reschedule" || i === "cancel" || i === "confirm" || i === "check") &&
          !answersQuestion(dialog, u, i),
      ));
  if (u.intents.includes("transfer") && !saysNo(u)) return transfer(dialog);
  if (isGoodbye(dialog, u)) return goodbye(dialog);

  if (
    /^(alo+|oi+|ola|bom dia|boa tarde|boa noite|oi tudo bem|ola tudo bem|tudo bem)$/.test(u.norm) &&
    dialog.pending === "open"
  ) {
    dialog.ask("Olá! Como posso ajudar?", "open");
    return;
  }
  if (
    !dialog.flow &&
    !hasNewFlow &&
    (/\b(minha (consulta|marcacao|sessao)|meu (agendamento|horario|exame))\b/.test(u.norm) ||
      // A known caller speaking of an appointment they have ('eu tenho duas fisioterapias essa semana, quarta e
      // sexta', 'o meu corte com a Juliana é quinta, né?'): it is looked up, never booked again (decision 0071).
      (!!dialog.call.knownClient && namesOwnAppointment(u.norm))) &&
    !STRONG_BOOK.test(u.norm) &&
    !u.topics.length
  ) {
    dialog.heldRef = u.when?.date ? u.when : undefined;
    // A known caller's appointment is looked up first and said (issue #27), then what to do with it is asked.
    const own = await ownAppointment(dialog, u);
    dialog.discussed = own;
    dialog.ask(
      own
        ? `Você tem ${describe(dialog, own, true)}. ${MANAGE_CHOICE_LINE}`
        : "Você quer confirmar, remarcar ou cancelar o seu agendamento?",
      "open",
    );
    return;
  }

  // 'sim, qual o endereço mesmo?' at a yes/no question: answer first, then act on the yes.
  let answered = false;
  if (u.topics.length && answersYesNo(u) && isYesNoQuestion(dialog)) {
    answerTopics(dialog, u);
    answered = true;
  }

  let handled = false;
  if (!hasNewFlow) handled = await fillPending(dialog, u);
  if (dialog.ended) return;

  // 'Você tem … Quer confirmar, remarcar ou cancelar?' answered with a new day ('quinta da outra semana, dia 13, no
  // mesmo horário, tem vaga?'): a move of that appointment (docs/decisions/0070), not a new booking.
  const discussed = dialog.discussed;
  if (
    !handled &&
    !hasNewFlow &&
    discussed &&
    !dialog.flow &&
    dialog.pending === "open" &&
    dialog.lastQuestion.endsWith(MANAGE_CHOICE_LINE) &&
    (u.when?.date || u.when?.time !== undefined) &&
    !/\b(marcar|marca|agendar|agenda|outr[oa]|mais (um|uma))\b/.test(u.norm) &&
    !saysNo(u)
  ) {
    startFlow(dialog, "reschedule", u);
    dialog.manageRef = { date: wallClock(discussed.scheduledAt).date };
    handled = true;
  }

  if (!handled && updating) {
    startUpdate(dialog, u);
    handled = true;
    // 'preciso atualizar meu convênio' is no question about the convênios accepted; 'aceitam Amil?' is.
    if (!/\b(aceita\w*|atende\w*|quais|qual)\b/.test(u.norm) && !u.text.includes("?")) u.topics = [];
  }
  if (!handled) {
    const manage = u.intents.find(
      (i): i is ManageFlow => i === "reschedule" || i === "cancel" || i === "confirm" || i === "check",
    );
    if (manage && !answersQuestion(dialog, u, manage)) {
      startFlow(dialog, manage, u);
      handled = true;
    } else if (
      // 'vocês têm ortopedista na quinta à tarde, umas duas horas?': a service and its day asked for, no booking word.
      (u.intents.includes("book") ||
        (u.intents.length === 0 &&
          u.services.length > 0 &&
          !!u.when?.date &&
          !dialog.flow &&
          /\b(tem|teria|tera|ha|consegue|conseguem|conseguiria)\b/.test(u.norm) &&
          !namesOwnAppointment(u.norm))) &&
      (STRONG_BOOK.test(u.norm) ||
        (!u.topics.length && !isYesNoQuestion(dialog)) ||
        // 'quanto custa uma coloração e, se der, já deixar reservado no sábado às nove', 'seria possível conseguir
        // uma consulta com a pediatra na quinta, lá pelas dez': a question and a request with its day (decision 0070).
        (!isYesNoQuestion(dialog) &&
          (u.when?.date !== undefined || u.when?.time !== undefined) &&
          u.services.length > 0))
    ) {
      // At a yes/no question a bare 'consulta' is not a new booking; a verb ('marcar') is.
      if (dialog.flow !== "book") startFlow(dialog, "book", u);
      else fillDraft(dialog, u);
      handled = true;
    }
  }

  // 'vocês têm consulta com a doutora Ana na sexta?' with the booking under way: the service named is offered, no list.
  if (handled && dialog.flow === "book" && u.services.length > 0)
    u.topics = u.topics.filter((t) => t !== "services");
  if (u.topics.length && !answered) {
    const asQuestion =
      !handled ||
      /\b(quanto|qual|quais|onde|como|tem|aceita\w*|atende\w*|precis\w*|pode|posso|voces|e gratis|dura|demora)\b/.test(
        u.norm,
      );
    if (asQuestion) {
      answerTopics(dialog, u);
      answered = true;
    }
  }
  if (dialog.pending === "transfer_offer" && answered) return;

  if (!handled && !answered && named && !u.when && !u.services.length && !u.professionals.length) {
    // Only a name was said: taken, and the question asked before comes again from the flow. A name with a request
    // ('eu sou a Lúcia, queria uma limpeza pra sexta') goes on to the request below.
    handled = true;
    if (dialog.pending === "cpf" || dialog.pending === "phone") dialog.pending = "open";
  }
  if (!handled && !answered) {
    if (dialog.flow === "book" && (u.when || u.services.length || u.professionals.length)) {
      fillDraft(dialog, u);
    } else if (!dialog.flow && (u.when || u.services.length === 1)) {
      // 'limpeza na sexta de manhã' with no verb: a booking.
      startFlow(dialog, "book", u);
    } else if (dialog.flow && denies(u) && u.intents.length === 0 && u.services.length === 0) {
      // A plain 'não' to an open question ('Para qual dia?'): the caller changed their mind.
      dialog.resetFlow();
      dialog.ask("Tudo bem. Posso ajudar em mais alguma coisa?", "anything_else");
      return;
    } else {
      dialog.misses++;
      // A known caller not understood at the opening ('ele tá com uma alergia e a veterinária pediu pra ele ficar sem
      // banho uns dias'): most call about the appointment they have, so it is said and what to do with it asked
      // (docs/decisions/0070), once.
      if (dialog.misses === 1 && !dialog.flow && dialog.pending === "open" && dialog.call.knownClient) {
        const own = await ownAppointment(dialog, { ...u, when: undefined });
        if (own && dialog.timesAsked(MANAGE_CHOICE_LINE) === 0) {
          dialog.discussed = own;
          dialog.ask(`Você tem ${describe(dialog, own, true)}. ${MANAGE_CHOICE_LINE}`, "open");
          return;
        }
      }
      if (dialog.misses >= 2 && unstick(dialog)) {
        dialog.misses = 0;
        await advance(dialog, false);
        return;
      }
      if (dialog.misses >= 3 && dialog.k.agent.forwardingPhone) {
        dialog.ask(
          "Desculpe, não estou conseguindo entender. Quer que eu transfira para um atendente?",
          "transfer_offer",
        );
        return;
      }
      await askAgain(dialog);
      return;
    }
  }
  dialog.misses = 0;
  if (askWeekdayConflict(dialog, u)) return;
  await advance(dialog, answered);
}

/**
 * 'quinta, dia 14' when the 14th is a Friday: asked, never guessed (issue #27; docs/decisions/0065). The time said
 * is kept; the two days are the draft's range, so a bare 'sexta' or 'quinta' in the answer is one of them.
 */
export function askWeekdayConflict(dialog: Session, u: Frame): boolean {
  const w = dialog.draft.when;
  if (u.when?.weekdayConflict === undefined || w?.weekdayConflict === undefined || !w.date) return false;
  if ((dialog.flow !== "book" && dialog.flow !== "reschedule") || dialog.isAskingNow()) return false;
  const today = dialog.today();
  let other = addDays(w.date, w.weekdayConflict - isoWeekday(w.date));
  if (other < today) other = addDays(other, 7);
  const { date, weekdayConflict: _, ...rest } = w;
  const [start, end] = date < other ? [date, other] : [other, date];
  dialog.setWhen({ ...rest, range: { start, end } });
  dialog.ask(
    `Só para confirmar: o dia ${Number(date.slice(8, 10))} é ${isoWeekday(date) >= 6 ? "um" : "uma"} ${WEEKDAY_NAMES[isoWeekday(date)]}. Você quer ${dateWords(date, today)}, ou ${dateWords(other, today)}?`,
    "when",
  );
  return true;
}

/**
 * Replies that answer nothing (decision 0039): a hold ('não, espera…', 'peraí') keeps the line open and is no
 * answer to the question it cut off; 'pode repetir?' repeats it; at the read-back of a write, a yes-word with a
 * goodbye ('ok, obrigado, tchau') asks once more, plainly, before anything is written or the call ends. A hold or
 * a change asked for at a read-back ('quero mudar o horário') is taken as its 'não' by the read-back itself.
 */
export function replyWithoutAnswer(dialog: Session, u: Frame): boolean {
  const c = u.consent;
  const content =
    !!u.when ||
    u.services.length > 0 ||
    u.professionals.length > 0 ||
    u.establishments.length > 0 ||
    u.topics.length > 0 ||
    u.intents.some((i) => i !== "goodbye" && i !== "thanks") ||
    !!u.update ||
    u.digits.length > 0;
  if (WRITE_READBACKS.has(dialog.pending) && (c.reason === "hold" || c.reason === "change") && !u.when) {
    takeAsNo(u);
    return false;
  }
  if (content) return false;
  if (u.acts.includes("hold")) {
    if (dialog.pending === "anything_else" || dialog.pending === "open" || dialog.pending === "offer_book") {
      dialog.ask("Claro, pode falar. Em que posso ajudar?", "open");
    } else {
      dialog.say("Claro, sem pressa.");
      dialog.ask(dialog.lastQuestion || "Em que posso ajudar?", dialog.pending);
    }
    return true;
  }
  if (u.acts.includes("repeat") && dialog.lastQuestion) {
    dialog.ask(dialog.lastQuestion, dialog.pending);
    return true;
  }
  if (WRITE_READBACKS.has(dialog.pending) && c.reason === "closing" && c.yesWord) {
    dialog.say("Antes de encerrar, só para eu ter certeza.");
    // The question itself, without what follows it ('… lista de espera …? Se vagar um horário, avisamos.').
    const question = dialog.lastQuestion.replace(/\?[^?]*$/, "");
    dialog.ask(`${question}? Diga sim ou não, por favor.`, dialog.pending);
    return true;
  }
  return false;
}

/**
 * The same question is not asked a third time (issue #27): a preference the caller could not give is taken as
 * 'tanto faz', said so, and the flow goes on with every professional or establishment that fits.
 */
export function unstick(dialog: Session): boolean {
  // 'Para qual dia?' not understood twice: the nearest free times are offered instead of asking a third time.
  if (dialog.pending === "when" && (dialog.flow === "book" || dialog.flow === "reschedule")) {
    dialog.setWhen({ asap: true });
    dialog.say("Vou ver os próximos horários livres.");
    return true;
  }
  if (dialog.flow !== "book") return false;
  if (dialog.pending === "professional") {
    dialog.draft.anyProfessional = true;
    dialog.say("Sem problema: vou procurar com qualquer profissional que atenda.");
    return true;
  }
  if (dialog.pending === "location") {
    dialog.draft.anyLocation = true;
    dialog.say("Sem problema: vou procurar em qualquer unidade.");
    return true;
  }
  return false;
}

/** 'sim, pode cancelar' to 'Confirma o cancelamento?' answers the question; it does not start a new flow. */
export function answersQuestion(dialog: Session, u: Frame, intent: Intent): boolean {
  if (!isYesNoQuestion(dialog)) return false;
  // 'sim, pode remarcar' to 'Quer remarcar esse agendamento …?' answers it.
  if (dialog.pending === "move_instead" && intent === "reschedule") return true;
  return intent === "confirm" || (answersYesNo(u) && intent === dialog.flow);
}

export function isYesNoQuestion(dialog: Session): boolean {
  return (
    dialog.pending === "readback" ||
    dialog.pending === "manage_readback" ||
    dialog.pending === "confirm_name" ||
    dialog.pending === "transfer_offer" ||
    dialog.pending === "offer_book" ||
    dialog.pending === "update_readback" ||
    dialog.pending === "add_offer" ||
    dialog.pending === "waitlist_offer" ||
    dialog.pending === "move_instead" ||
    (dialog.pending === "choose_slot" && dialog.offers.length === 1)
  );
}

export function isGoodbye(dialog: Session, u: Frame): boolean {
  // 'pensando bem, cancela esse eletro … tchau': the task asked for is done first (its read-back is asked); a
  // booking put off ('eu ligo depois pra marcar, tchau') is no task.
  if (u.intents.some((i) => i === "reschedule" || i === "cancel")) return false;
  // A question asked with a closing word is answered first ('… e se a doutora aceita Bradesco? era isso').
  if (u.acts.includes("bye") && u.topics.length && !u.consent.closing) return false;
  if (u.acts.includes("bye")) {
    // 'só isso' during a booking question is not goodbye when a slot is being filled ('às dez, só isso').
    return !u.when || dialog.pending === "anything_else" || dialog.pending === "open";
  }
  const closing =
    dialog.pending === "anything_else" || dialog.pending === "offer_book" || dialog.pending === "open";
  if (
    u.acts.includes("thank") &&
    closing &&
    !u.topics.length &&
    !u.when &&
    !u.intents.some((i) => i !== "thanks")
  )
    return true;
  // 'tá ótimo, vou ver aqui na minha agenda e te ligo depois, valeu': put off, between tasks (docs/decisions/0070).
  // 'vou ver com o meu convênio se eles reembolsam e te retorno, obrigada': a word of a topic in a deferral asks
  // nothing (decision 0071).
  if (closing && u.consent.reason === "defer" && (!u.topics.length || !u.text.includes("?")) && !u.when)
    return true;
  if (
    dialog.pending === "anything_else" &&
    denies(u) &&
    !u.topics.length &&
    u.intents.length === 0 &&
    !u.update
  )
    return true;
  return false;
}

/** An emergency happening now: the emergency services first, then a person or the rest of the call. */
function emergency(dialog: Session): void {
  dialog.say(
    dialog.k.agent.agentType === "PETSHOP"
      ? "Se é uma emergência, procure agora um hospital veterinário de plantão."
      : "Se é uma emergência, ligue agora para o SAMU, no 192, ou vá ao pronto-socorro mais próximo.",
  );
  dialog.resetFlow();
  offerTransferOrMore(dialog);
}

/** Questions between tasks: asked again as often as the caller comes back to them. */
const BETWEEN_TASKS = new Set<Pending>(["open", "anything_else"]);
/**
 * What to do with the caller's appointment is asked between tasks too, but it is a question of its own: not a third
 * time either (docs/decisions/0068: a caller answering 'sim' heard it three times).
 */
const MANAGE_CHOICE = /confirmar, remarcar ou cancelar/;
export const MANAGE_CHOICE_LINE = "Quer confirmar, remarcar ou cancelar?";

/**
 * A question not understood is asked again, but never a third time (issue #27): an optional answer (the CPF, a
 * contact number when the caller id will do) is left out, a preference becomes 'tanto faz' (`unstick`), else a
 * person is offered, else the task is set aside and nothing is written.
 */
export async function askAgain(dialog: Session, lead = "Desculpe, não entendi."): Promise<void> {
  const question = dialog.lastQuestion || "Como posso ajudar?";
  // 'Qual fica melhor?' a third time is rewritten by `ask` itself (the times said, another day asked for).
  if (
    dialog.timesAsked(question) < 2 ||
    (BETWEEN_TASKS.has(dialog.pending) && !MANAGE_CHOICE.test(question)) ||
    dialog.pending === "choose_slot"
  ) {
    dialog.say(lead);
    // At the opening the welcome and the recording notice are not said again: only its question.
    const again = dialog.pending === "open" ? (question.split(/(?<=[.!])\s+/).pop() ?? question) : question;
    dialog.ask(again, dialog.pending);
    return;
  }
  if (unstick(dialog)) {
    await advance(dialog, false);
    return;
  }
  if (dialog.pending === "cpf") {
    dialog.cpfAsked = true;
    dialog.pending = "open";
    dialog.say("Tudo bem, seguimos sem o CPF.");
    await advance(dialog, false);
    return;
  }
  if (dialog.pending === "phone" && dialog.call.callerNumber) {
    dialog.contactWanted = false;
    dialog.pending = "open";
    dialog.say("Tudo bem, fica o número de onde você está ligando.");
    await advance(dialog, false);
    return;
  }
  dialog.say("Desculpe, não estou conseguindo entender.");
  if (dialog.k.agent.forwardingPhone && dialog.pending !== "transfer_offer") {
    dialog.ask("Quer que eu transfira para um atendente?", "transfer_offer");
    return;
  }
  if (dialog.flow) dialog.say("Deixei isso de lado por enquanto, sem alterar nada.");
  dialog.resetFlow();
  dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
}

/** Every question's answer-taker, by the flow that asks it (the record type makes it complete). */
const ANSWERS: Answers<Pending> = {
  ...BOOK_ANSWERS,
  ...CALLER_ANSWERS,
  ...MANAGE_ANSWERS,
  ...UPDATE_ANSWERS,
  ...CLOSING_ANSWERS,
};

/** Lets the pending question take what it can; true when the words answered it. */
export function fillPending(dialog: Session, u: Frame): boolean | Promise<boolean> {
  return ANSWERS[dialog.pending](dialog, u);
}

/** Moves the current flow one step: asks the next missing thing, or acts. */
export async function advance(dialog: Session, answeredQuestion: boolean): Promise<void> {
  if (dialog.ended) return;
  if (dialog.isAskingNow()) return;
  // A new caller's registration for the waitlist (flows/waitlist.ts): its name, number and read-back come first.
  if (dialog.wish?.register) return advanceWish(dialog);
  switch (dialog.flow) {
    case "book":
      return advanceBook(dialog);
    case "reschedule":
    case "cancel":
    case "confirm":
    case "check":
      return advanceManage(dialog);
    case "update":
      return advanceUpdate(dialog);
    default:
      if (answeredQuestion) dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      else if (dialog.pending === "open" || dialog.pending === "anything_else")
        dialog.ask("Como posso ajudar?", "open");
  }
}

export function startFlow(dialog: Session, flow: Flow, u: Frame) {
  dialog.resetFlow();
  dialog.flow = flow;
  dialog.say(TONE_ACK[dialog.k.agent.voiceTone] ?? "Certo.");
  const motive = {
    book: "Agendamento",
    reschedule: "Remarcação",
    cancel: "Cancelamento",
    confirm: "Confirmação",
    check: "Consulta de agendamento",
    update: "Atualização de cadastro",
  }[flow];
  dialog.data("Motivo", motive);
  if (flow === "book") {
    // 'quanto custa a consulta?' … 'quero marcar uma': the service just talked about.
    if (u.services.length !== 1 && dialog.focusService) dialog.draft.serviceId = dialog.focusService;
    fillDraft(dialog, u);
  } else {
    const [ref, next] = splitMove(dialog, flow, u);
    if (next) dialog.draft.when = next;
    if (flow === "check" && next?.time !== undefined) {
      // The time asked about is checked, not used to find the appointment (the caller may have it wrong).
      dialog.checkTime = next.time;
      dialog.draft.when = next.date ? { date: next.date } : undefined;
    }
    if (/\b(mesmo horario|mesma hora|mesmo hora)\b/.test(u.norm)) dialog.draft.sameTime = true;
    // A cancellation or confirmation naming its day now ('pode tirar só a de sexta') is that day's appointment, not
    // the one a day said before named (decision 0071).
    dialog.manageRef = ref ?? (flow !== "reschedule" && next?.date ? undefined : dialog.heldRef);
    // 'pode cancelar ele' right after the appointment was said: that one (issue #27).
    if (!dialog.manageRef && !next && !u.services.length && !u.professionals.length && dialog.discussed)
      dialog.manageRef = { date: wallClock(dialog.discussed.scheduledAt).date };
    dialog.heldRef = undefined;
    if (u.services.length === 1) dialog.manageService = u.services[0]!.id;
    if (u.professionals.length === 1) dialog.manageProfessional = u.professionals[0]!.id;
  }
}
