import { wallClock } from "../datetime";
// The policy (decision 0048): from a turn's frame and the state, what to do next: the pending question's flow takes
// its answer first, then a new intent, a question or any slot said in passing (mixed initiative), then the flow under
// way moves one step and asks its next missing thing.
import { childAgeMonths } from "../facts";
import type { Intent } from "../intents";
import { isEmergency } from "../intents";
import type { CallerInput } from "../types";
import { advanceBook, BOOK_ANSWERS, fillDraft } from "./flows/book";
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
  if (!u.dtmf) dialog.childAge = childAgeMonths(text) ?? dialog.childAge;
  if (!u.dtmf && isEmergency(u.said)) return emergency(dialog);
  if (!u.dtmf && notOffered(dialog, u)) return;
  // For a known client 'outro número' changes the record (an update); in a new client's booking it is the contact.
  const contact = !u.update || (!dialog.client && dialog.flow === "book");
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

  if (replyWithoutAnswer(dialog, u)) return;

  const rebooking = dialog.pending === "offer_book" && (u.yes || u.intents.includes("reschedule"));
  const updating = !!u.update && dialog.flow !== "update" && UPDATE_ALLOWED.has(dialog.pending);
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
    /\b(minha (consulta|marcacao|sessao)|meu (agendamento|horario|exame))\b/.test(u.norm) &&
    !STRONG_BOOK.test(u.norm) &&
    !u.topics.length
  ) {
    dialog.heldRef = u.when?.date ? u.when : undefined;
    // A known caller's appointment is looked up first and said (issue #27), then what to do with it is asked.
    const own = await ownAppointment(dialog, u);
    dialog.discussed = own;
    dialog.ask(
      own
        ? `Você tem ${describe(dialog, own, true)}. Quer confirmar, remarcar ou cancelar?`
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
      u.intents.includes("book") &&
      (STRONG_BOOK.test(u.norm) || (!u.topics.length && !isYesNoQuestion(dialog)))
    ) {
      // At a yes/no question a bare 'consulta' is not a new booking; a verb ('marcar') is.
      if (dialog.flow !== "book") startFlow(dialog, "book", u);
      else fillDraft(dialog, u);
      handled = true;
    }
  }

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
  await advance(dialog, answered);
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
    (dialog.pending === "choose_slot" && dialog.offers.length === 1)
  );
}

export function isGoodbye(dialog: Session, u: Frame): boolean {
  if (u.acts.includes("bye")) {
    // 'só isso' during a booking question is not goodbye when a slot is being filled ('às dez, só isso').
    return !u.when || dialog.pending === "anything_else" || dialog.pending === "open";
  }
  const closing =
    dialog.pending === "anything_else" || dialog.pending === "offer_book" || dialog.pending === "open";
  if (u.acts.includes("thank") && closing && !u.topics.length && !u.intents.some((i) => i !== "thanks"))
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
 * A question not understood is asked again, but never a third time (issue #27): an optional answer (the CPF, a
 * contact number when the caller id will do) is left out, a preference becomes 'tanto faz' (`unstick`), else a
 * person is offered, else the task is set aside and nothing is written.
 */
export async function askAgain(dialog: Session, lead = "Desculpe, não entendi."): Promise<void> {
  const question = dialog.lastQuestion || "Como posso ajudar?";
  // 'Qual fica melhor?' a third time is rewritten by `ask` itself (the times said, another day asked for).
  if (
    dialog.timesAsked(question) < 2 ||
    BETWEEN_TASKS.has(dialog.pending) ||
    dialog.pending === "choose_slot"
  ) {
    dialog.say(lead);
    dialog.ask(question, dialog.pending);
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
    dialog.manageRef = ref ?? dialog.heldRef;
    // 'pode cancelar ele' right after the appointment was said: that one (issue #27).
    if (!dialog.manageRef && !next && !u.services.length && !u.professionals.length && dialog.discussed)
      dialog.manageRef = { date: wallClock(dialog.discussed.scheduledAt).date };
    dialog.heldRef = undefined;
    if (u.services.length === 1) dialog.manageService = u.services[0]!.id;
    if (u.professionals.length === 1) dialog.manageProfessional = u.professionals[0]!.id;
  }
}
