// The WhatsApp webhook (docs/decisions/0050-confirmations.md): Meta's GET subscription check and the POSTed messages,
// each tenant at its own callback URL (`/webhooks/whatsapp/{tenantId}`), so the signature is checked with that
// tenant's app secret over the raw body before anything is read. A button's payload names the send it answers
// (`CONFIRMAR:<send>`, …), which row-level security keeps to the tenant, and the reply must come from the client's
// own number. A waitlist offer's reply button (`ACEITAR:<hold>`, `RECUSAR:<hold>`; decision 0046) accepts or declines
// the offer, from the wish's client's number only. A typed reply is read (typed.ts) against the client's latest
// template and what our last answer asked, and then acts as the button it means. What books or moves (a listed slot,
// an offer's 'Aceitar') and the 'Remarcar' list read the professional's Google Calendar busy time first, outside the
// transaction, as the dashboard's bookings do (decision 0029). Each reply acts in a transaction of its own, and our
// answer goes out after it committed.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, desc, eq, gt, inArray, isNotNull } from "@atende/db/orm";
import { addDays, dateOf, parseOffsetDateTime } from "@atende/shared/time";
import { TRPCError } from "@trpc/server";
import { type CalendarBusy, type CalendarService, type CalendarSteps, NO_BUSY } from "../calendar/service";
import type { ApiConfig } from "../config";
import { optOutByPhone } from "../privacy/contact-opt-out";
import {
  confirmAppointment,
  type FreedSlot,
  getAppointment,
  searchFreeSlots,
  updateAppointment,
} from "../scheduling/appointments";
import { acceptOffer, declineOffer } from "../scheduling/offers";
import { appointmentView, dayAndTime } from "./appointment-view";
import { OFFER_MESSAGES, REPLIES, TEMPLATE_BUTTONS } from "./messages";
import { OFFER_BUTTONS } from "./offer-whatsapp";
import type { DueSend } from "./scheduler";
import { loadSettings, whatsappAppSecret, whatsappCredentials } from "./settings";
import { readTypedReply } from "./typed";
import {
  buttonsBody,
  type InboundReply,
  listBody,
  numbersOfWaId,
  repliesOf,
  sendWhatsapp,
  textBody,
  validWhatsappSignature,
} from "./whatsapp";

const CS = schema.confirmationSends;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** How far ahead 'Remarcar' looks for free slots. */
const RESCHEDULE_DAYS = 14;
/** At most this many slots in the list (the issue: up to three), plus 'Prefiro que me liguem'. */
const RESCHEDULE_SLOTS = 3;

/** Meta's subscription check: the challenge when the verify token is the tenant's, else null (403). */
export async function verifyWhatsappSubscription(
  data: DataAccess,
  tenantId: string,
  query: Record<string, string | undefined>,
): Promise<string | null> {
  if (!UUID.test(tenantId) || query["hub.mode"] !== "subscribe" || !query["hub.challenge"]) return null;
  const settings = await data.inTenant(tenantId, loadSettings);
  const token = settings.whatsapp.verifyToken;
  return token && query["hub.verify_token"] === token ? query["hub.challenge"] : null;
}

/** What one reply did: a message to answer with, and sends to queue (a call the client asked for). */
interface Handled {
  answer: Record<string, unknown> | null;
  to: string;
  enqueue: DueSend[];
  /** An appointment changed: its calendar event is rewritten after the commit. */
  changed: string | null;
  /** A declined waitlist offer's range, for the next wish (the offer job, after the commit). */
  freed?: FreedSlot[];
}

export type WebhookOutcome =
  | { status: 401 }
  | { status: 404 }
  | { status: 200; handled: number; enqueue: DueSend[]; changed: string[]; freed: FreedSlot[] };

/** The calendar reads a reply needs before its transaction (the composition root's CalendarService). */
export type ReplyCalendar = Pick<CalendarService, "bookingBusy" | "slotsBusy">;

/**
 * `POST /webhooks/whatsapp/{tenantId}`: 404 for a tenant without WhatsApp, 401 when X-Hub-Signature-256 is not the
 * app secret's over the raw body (nothing read, nothing changed); else every message acted on and 200 (Meta retries
 * anything else, and a replayed reply changes nothing twice). Without `calendar` no busy time is read.
 */
export async function receiveWhatsapp(
  data: DataAccess,
  config: ApiConfig,
  tenantId: string,
  rawBody: string,
  signature: string | undefined,
  now: Date,
  calendar?: ReplyCalendar,
): Promise<WebhookOutcome> {
  if (!UUID.test(tenantId)) return { status: 404 };
  const settings = await data.inTenant(tenantId, loadSettings);
  const secret = whatsappAppSecret(tenantId, settings, config);
  if (!secret) return { status: 404 };
  if (!validWhatsappSignature(secret, rawBody, signature)) return { status: 401 };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { status: 200, handled: 0, enqueue: [], changed: [], freed: [] };
  }
  const credentials = whatsappCredentials(tenantId, settings, config);
  const steps: CalendarSteps = { tenantId, inTenant: (fn) => data.inTenant(tenantId, fn), now };
  const enqueue: DueSend[] = [];
  const changed: string[] = [];
  const freed: FreedSlot[] = [];
  let handled = 0;
  for (const reply of repliesOf(body)) {
    // What the reply means (a typed one read against the client's latest template), then the calendar's busy time
    // it needs, then the act: each step in a transaction of its own, Google asked with none open.
    const step = await data.inTenant(tenantId, (db) => stepOf(db, reply, now));
    if (!step) continue;
    const busy = calendar ? await busyFor(steps, calendar, step, now) : NO_BUSY;
    const result = await data
      .inTenant(tenantId, (db) => act(db, reply, step, now, busy))
      .catch(async (error: unknown): Promise<Handled> => {
        // A booking rule refused the new time (taken meanwhile, busy in the calendar, outside the window), or the
        // offer was answered or ran out meanwhile: nothing changed.
        if (error instanceof TRPCError)
          return {
            answer: textBody(step.kind === "offer" ? OFFER_MESSAGES.gone : REPLIES.slotTaken),
            to: reply.from,
            enqueue: [],
            changed: null,
          };
        throw error;
      });
    if (!result) continue;
    handled += 1;
    enqueue.push(...result.enqueue);
    if (result.changed) changed.push(result.changed);
    if (result.freed) freed.push(...result.freed);
    if (result.answer && credentials) {
      // The answer is a courtesy: a failure to send it leaves what the client did done.
      await sendWhatsapp(config.confirmations, credentials, result.to, result.answer).catch(() => undefined);
    }
  }
  return { status: 200, handled, enqueue, changed, freed };
}

type SendAction =
  | "CONFIRMAR"
  | "REMARCAR"
  | "CANCELAR"
  | "LIGAR"
  | "HORARIO"
  /** Typed: 'Quer mesmo cancelar…? Responda SIM para cancelar'. */
  | "PERGUNTAR_CANCELAR"
  /** Typed: a no to that question. */
  | "MANTER"
  /** Typed and not understood: the three options as buttons again. */
  | "OPCOES";

/** What one reply asks: a waitlist offer's button, a client's opt-out, or an action on a confirmation send. */
type Step =
  | { kind: "offer"; accept: boolean; holdId: string }
  | { kind: "optOut" }
  | {
      kind: "send";
      action: SendAction;
      sendId: string;
      /** HORARIO: the chosen start. */
      start?: Date;
      /** REMARCAR after a typed time that was none of the listed ones. */
      missed?: boolean;
    };

const SEND_PAYLOAD = /^(CONFIRMAR|REMARCAR|CANCELAR|LIGAR|HORARIO):([0-9a-f-]{36})(?::(\d{12}))?$/;
/** The action a typed reply's reading stands for (the opt-out is a step of its own). */
const TYPED_ACTIONS: Record<ReturnType<typeof readTypedReply>["kind"], SendAction | null> = {
  optOut: null,
  confirm: "CONFIRMAR",
  askCancel: "PERGUNTAR_CANCELAR",
  cancel: "CANCELAR",
  keep: "MANTER",
  reschedule: "REMARCAR",
  slot: "HORARIO",
  unclear: "OPCOES",
};

/**
 * The step a reply asks for. A button names its send or hold. A typed message is about the client's latest template
 * (the newest WhatsApp send that went out to this number for an appointment still ahead), read against what our last
 * answer asked; a number with no template gets nothing but its opt-out.
 */
async function stepOf(db: TenantTx, reply: InboundReply, now: Date): Promise<Step | null> {
  if (reply.payload) {
    const offer = offerAction(reply.payload);
    if (offer) return { kind: "offer", ...offer };
    const match = SEND_PAYLOAD.exec(reply.payload);
    if (!match?.[1] || !match[2] || !UUID.test(match[2])) return null;
    const start = match[1] === "HORARIO" && match[3] ? slotInstant(match[3]) : undefined;
    if (match[1] === "HORARIO" && !start) return null;
    return {
      kind: "send",
      action: match[1] as SendAction,
      sendId: match[2],
      ...(start ? { start } : {}),
    };
  }
  if (!reply.text?.trim()) return null;
  const A = schema.appointments;
  const [latest] = await db
    .select({
      id: CS.id,
      awaitingReply: CS.awaitingReply,
      offeredSlots: CS.offeredSlots,
      scheduledAt: A.scheduledAt,
    })
    .from(CS)
    .innerJoin(A, eq(A.id, CS.appointmentId))
    .innerJoin(schema.clients, eq(schema.clients.id, A.clientId))
    .where(
      and(
        eq(CS.channel, "WHATSAPP"),
        isNotNull(CS.lastAttemptAt),
        gt(A.scheduledAt, now),
        inArray(schema.clients.phoneE164, numbersOfWaId(reply.from)),
      ),
    )
    .orderBy(desc(CS.lastAttemptAt))
    .limit(1);
  const typed = readTypedReply(reply.text, {
    awaiting: latest?.awaitingReply ?? null,
    offeredSlots: latest?.offeredSlots ?? [],
    scheduledAt: latest?.scheduledAt ?? now,
    now,
  });
  if (typed.kind === "optOut") return { kind: "optOut" };
  const action = TYPED_ACTIONS[typed.kind];
  if (!latest || !action) return null;
  return {
    kind: "send",
    action,
    sendId: latest.id,
    ...(typed.kind === "slot" ? { start: typed.start } : {}),
    ...(typed.kind === "reschedule" && typed.missed ? { missed: true } : {}),
  };
}

/** The free-slot search of 'Remarcar': the same services, professional and place, from tomorrow for two weeks. */
function rescheduleSearch(
  view: { serviceIds: string[]; professionalId: string; establishmentId: string },
  now: Date,
) {
  const today = dateOf(now);
  return {
    offeredServices: view.serviceIds,
    startDate: addDays(today, 1),
    endDate: addDays(today, RESCHEDULE_DAYS),
    professionalId: view.professionalId,
    establishmentId: view.establishmentId,
  };
}

/**
 * The professional's Google Calendar busy time a step needs, read before its transaction (decision 0029): over the
 * held slot for an offer's 'Aceitar', over the chosen slot for a listed time, over the search's days for the
 * 'Remarcar' list. Nothing for the other steps.
 */
async function busyFor(
  steps: CalendarSteps,
  calendar: ReplyCalendar,
  step: Step,
  now: Date,
): Promise<CalendarBusy> {
  if (step.kind === "offer") {
    if (!step.accept) return NO_BUSY;
    const H = schema.waitlistHolds;
    const [hold] = await steps.inTenant((db) =>
      db
        .select({
          professionalId: H.professionalId,
          startsAt: H.startsAt,
          offeredServiceId: H.offeredServiceId,
        })
        .from(H)
        .where(eq(H.id, step.holdId)),
    );
    if (!hold) return NO_BUSY;
    return calendar.bookingBusy(steps, {
      professionalId: hold.professionalId,
      scheduledAt: hold.startsAt,
      offeredServices: [hold.offeredServiceId],
    });
  }
  if (step.kind !== "send" || (step.action !== "HORARIO" && step.action !== "REMARCAR")) return NO_BUSY;
  const view = await steps.inTenant(async (db) => {
    const [send] = await db
      .select({ appointmentId: CS.appointmentId })
      .from(CS)
      .where(eq(CS.id, step.sendId));
    return send ? appointmentView(db, send.appointmentId) : undefined;
  });
  if (!view) return NO_BUSY;
  if (step.action === "HORARIO" && step.start)
    return calendar.bookingBusy(steps, {
      professionalId: view.professionalId,
      scheduledAt: step.start,
      offeredServices: view.serviceIds,
    });
  return calendar.slotsBusy(steps, rescheduleSearch(view, now));
}

const OFFER_PAYLOAD = new RegExp(`^(${OFFER_BUTTONS.accept}|${OFFER_BUTTONS.decline}):([0-9a-f-]{36})$`);

/** A waitlist offer's button: the action and the hold, or null. */
function offerAction(payload: string | null): { accept: boolean; holdId: string } | null {
  const match = payload ? OFFER_PAYLOAD.exec(payload) : null;
  if (!match?.[1] || !match[2] || !UUID.test(match[2])) return null;
  return { accept: match[1] === OFFER_BUTTONS.accept, holdId: match[2] };
}

/**
 * 'Aceitar' books the held slot (acceptOffer, the one booking path) and reads it back; 'Recusar' declines it and hands
 * the range to the next wish. Only the wish's client's own number acts; an answered or expired offer is apologised for.
 * `busy` is the professional's calendar over the held slot, read before the transaction (a busy slot is refused).
 */
async function actOnOffer(
  db: TenantTx,
  reply: InboundReply,
  offer: { accept: boolean; holdId: string },
  now: Date,
  busy: CalendarBusy,
): Promise<Handled | null> {
  const H = schema.waitlistHolds;
  const W = schema.waitlistEntries;
  const C = schema.clients;
  const [hold] = await db
    .select({
      status: H.status,
      expiresAt: H.expiresAt,
      startsAt: H.startsAt,
      phone: C.phoneE164,
      serviceName: schema.offeredServices.name,
      professionalName: schema.professionals.name,
      establishmentName: schema.establishments.name,
    })
    .from(H)
    .innerJoin(W, and(eq(W.tenantId, H.tenantId), eq(W.id, H.waitlistEntryId)))
    .innerJoin(C, and(eq(C.tenantId, H.tenantId), eq(C.id, W.clientId)))
    .innerJoin(schema.offeredServices, eq(schema.offeredServices.id, H.offeredServiceId))
    .innerJoin(schema.professionals, eq(schema.professionals.id, H.professionalId))
    .innerJoin(schema.establishments, eq(schema.establishments.id, H.establishmentId))
    .where(eq(H.id, offer.holdId));
  if (!hold?.phone || !numbersOfWaId(reply.from).includes(hold.phone)) return null;
  const done = (text: string, extra: Partial<Handled> = {}): Handled => ({
    answer: textBody(text),
    to: reply.from,
    enqueue: [],
    changed: null,
    ...extra,
  });
  if (hold.status !== "ACTIVE" || hold.expiresAt.getTime() <= now.getTime()) return done(OFFER_MESSAGES.gone);
  const actor = { userId: null, email: "whatsapp" };
  if (!offer.accept) {
    const freed = await declineOffer(db, offer.holdId, now, actor);
    return done(OFFER_MESSAGES.declined, { freed: [freed] });
  }
  const appointment = await acceptOffer(db, offer.holdId, now, actor, busy);
  const { date, time } = dayAndTime(hold.startsAt);
  return done(
    OFFER_MESSAGES.booked(hold.serviceName, hold.professionalName, hold.establishmentName, date, time),
    { changed: appointment.id },
  );
}

/** `yyyyMMddHHmm` of a São Paulo wall-clock start, as list rows carry it. */
const slotKey = (start: string) => start.slice(0, 16).replace(/[-T:]/g, "");
const slotInstant = (key: string) =>
  parseOffsetDateTime(
    `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T${key.slice(8, 10)}:${key.slice(10, 12)}:00-03:00`,
  );

async function act(
  db: TenantTx,
  reply: InboundReply,
  step: Step,
  now: Date,
  busy: CalendarBusy,
): Promise<Handled | null> {
  const business = async () => {
    const [row] = await db
      .select({ name: schema.tenants.name })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, db.tenantId));
    return row?.name ?? "";
  };
  if (step.kind === "optOut") {
    const ids: string[] = [];
    for (const number of numbersOfWaId(reply.from))
      ids.push(...(await optOutByPhone(db, number, "WHATSAPP", now)));
    if (ids.length === 0) return null;
    return {
      answer: textBody(REPLIES.optedOut(await business())),
      to: reply.from,
      enqueue: [],
      changed: null,
    };
  }
  if (step.kind === "offer") return actOnOffer(db, reply, step, now, busy);
  const { action, sendId, start } = step;
  const [send] = await db.select().from(CS).where(eq(CS.id, sendId));
  if (!send) return null;
  const view = await appointmentView(db, send.appointmentId);
  // Only the client's own number acts on their appointment.
  if (!view?.clientPhoneE164 || !numbersOfWaId(reply.from).includes(view.clientPhoneE164)) return null;
  // What our answer asks next, for the typed reply that follows (typed.ts): nothing unless set below.
  const awaiting = async (state: "CANCEL" | "SLOT" | null, slots: Date[] | null = null) => {
    await db.update(CS).set({ awaitingReply: state, offeredSlots: slots }).where(eq(CS.id, send.id));
  };
  await awaiting(null);
  const done = (answer: Record<string, unknown> | null, extra: Partial<Handled> = {}): Handled => ({
    answer,
    to: reply.from,
    enqueue: [],
    changed: null,
    ...extra,
  });
  if (view.clientGone) return done(textBody(REPLIES.gone));
  const moved = dateOf(view.scheduledAt) !== send.forDate;
  const { date: day, time: hour, weekday } = dayAndTime(view.scheduledAt);
  const fieldsOf = async () => {
    const current = await getAppointment(db, view.id);
    return {
      clientId: current.clientId,
      professionalId: current.professionalId,
      establishmentId: current.establishmentId,
      offeredServices: current.offeredServices.map((s) => s.offeredServiceId),
      observations: current.observations,
    };
  };

  if (action === "CONFIRMAR") {
    if (view.status === "CANCELED") return done(textBody(REPLIES.alreadyCancelled));
    if (moved || view.status !== "SCHEDULED") return done(textBody(REPLIES.gone));
    await confirmAppointment(db, view.id, now, "WHATSAPP");
    return done(textBody(REPLIES.confirmed(day, hour)), { changed: view.id });
  }
  if (action === "CANCELAR" || action === "PERGUNTAR_CANCELAR" || action === "MANTER") {
    if (view.status === "CANCELED") return done(textBody(REPLIES.alreadyCancelled));
    if (moved || view.status !== "SCHEDULED") return done(textBody(REPLIES.gone));
    if (action === "MANTER") return done(textBody(REPLIES.kept(day, hour)));
    if (action === "PERGUNTAR_CANCELAR") {
      // A typed cancellation is asked once more (a button is the client's explicit choice; a sentence may not be).
      await awaiting("CANCEL");
      return done(textBody(REPLIES.reallyCancel(weekday, day, hour)));
    }
    const freed: FreedSlot[] = [];
    await updateAppointment(
      db,
      view.id,
      { ...(await fieldsOf()), scheduledAt: view.scheduledAt, status: "CANCELED" },
      now,
      NO_BUSY,
      freed,
    );
    // The slot goes to the waitlist's first matching wish (decision 0046), after the commit.
    return done(textBody(REPLIES.cancelled), { changed: view.id, freed });
  }
  if (
    action === "HORARIO" &&
    start &&
    view.status === "SCHEDULED" &&
    start.getTime() === view.scheduledAt.getTime()
  ) {
    // Chosen again (a replay): it is already the appointment's time.
    const { date, time } = dayAndTime(start);
    return done(textBody(REPLIES.rescheduled(date, time)));
  }
  if (view.status !== "SCHEDULED" || moved) return done(textBody(REPLIES.gone));
  if (action === "OPCOES") {
    return done(
      buttonsBody(
        REPLIES.options(weekday, day, hour),
        TEMPLATE_BUTTONS.map((button, index) => ({
          id: `${button}:${send.id}`,
          title: REPLIES.optionTitles[index] ?? button,
        })),
      ),
    );
  }
  if (action === "LIGAR") {
    const [call] = await db
      .insert(CS)
      .values({ tenantId: db.tenantId, appointmentId: view.id, channel: "CALL", forDate: send.forDate })
      .onConflictDoNothing()
      .returning({ id: CS.id });
    return done(textBody(REPLIES.callScheduled), {
      enqueue: call ? [{ tenantId: db.tenantId, sendId: call.id, attempt: 0 }] : [],
    });
  }
  if (action === "REMARCAR") {
    const slots = (await searchFreeSlots(db, rescheduleSearch(view, now), now, busy))
      .filter((s) => s.professionalId === view.professionalId && s.establishmentId === view.establishmentId)
      .slice(0, RESCHEDULE_SLOTS);
    if (slots.length === 0) {
      const [call] = await db
        .insert(CS)
        .values({ tenantId: db.tenantId, appointmentId: view.id, channel: "CALL", forDate: send.forDate })
        .onConflictDoNothing()
        .returning({ id: CS.id });
      return done(textBody(REPLIES.noSlots), {
        enqueue: call ? [{ tenantId: db.tenantId, sendId: call.id, attempt: 0 }] : [],
      });
    }
    const starts = slots.map((s) => parseOffsetDateTime(s.start) ?? now);
    const rows = slots.map((s, index) => {
      const { date, time, weekday: day } = dayAndTime(starts[index] ?? now);
      return {
        id: `HORARIO:${send.id}:${slotKey(s.start)}`,
        title: `${index + 1}. ${day} ${date} às ${time}`,
        description: view.professionalName,
      };
    });
    rows.push({ id: `LIGAR:${send.id}`, title: REPLIES.callMe, description: "" });
    await awaiting("SLOT", starts);
    const lead = step.missed ? `${REPLIES.slotNotListed} ${REPLIES.chooseSlot}` : REPLIES.chooseSlot;
    return done(listBody(lead, REPLIES.listButton, REPLIES.listSection, rows));
  }
  // HORARIO: the chosen slot, through the booking rules and the calendar's busy time (a slot taken meanwhile is
  // refused, and said); the old range goes to the waitlist.
  if (!start) return null;
  const freed: FreedSlot[] = [];
  await updateAppointment(
    db,
    view.id,
    { ...(await fieldsOf()), scheduledAt: start, status: "SCHEDULED" },
    now,
    busy,
    freed,
  );
  const { date, time } = dayAndTime(start);
  return done(textBody(REPLIES.rescheduled(date, time)), { changed: view.id, freed });
}
