// The WhatsApp webhook (docs/decisions/0050-confirmations.md): Meta's GET subscription check and the POSTed messages,
// each tenant at its own callback URL (`/webhooks/whatsapp/{tenantId}`), so the signature is checked with that
// tenant's app secret over the raw body before anything is read. A button's payload names the send it answers
// (`CONFIRMAR:<send>`, …), which row-level security keeps to the tenant, and the reply must come from the patient's
// own number. A waitlist offer's reply button (`ACEITAR:<hold>`, `RECUSAR:<hold>`; decision 0046) accepts or declines
// the offer, from the wish's patient's number only. Each reply acts in a transaction of its own, and our answer goes out after it committed.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, eq } from "@atende/db/orm";
import { addDays, dateOf, parseOffsetDateTime } from "@atende/shared/time";
import { TRPCError } from "@trpc/server";
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
import { OFFER_MESSAGES, REPLIES, STOP_WORDS } from "./messages";
import { OFFER_BUTTONS } from "./offer-whatsapp";
import type { DueSend } from "./scheduler";
import { loadSettings, whatsappAppSecret, whatsappCredentials } from "./settings";
import {
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

/** What one reply did: a message to answer with, and sends to queue (a call the patient asked for). */
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

/**
 * `POST /webhooks/whatsapp/{tenantId}`: 404 for a tenant without WhatsApp, 401 when X-Hub-Signature-256 is not the
 * app secret's over the raw body (nothing read, nothing changed); else every message acted on and 200 (Meta retries
 * anything else, and a replayed reply changes nothing twice).
 */
export async function receiveWhatsapp(
  data: DataAccess,
  config: ApiConfig,
  tenantId: string,
  rawBody: string,
  signature: string | undefined,
  now: Date,
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
  const enqueue: DueSend[] = [];
  const changed: string[] = [];
  const freed: FreedSlot[] = [];
  let handled = 0;
  for (const reply of repliesOf(body)) {
    const result = await data
      .inTenant(tenantId, (db) => act(db, reply, now))
      .catch(async (error: unknown): Promise<Handled> => {
        // A booking rule refused the new time (taken meanwhile, outside the window), or the offer was answered or ran
        // out meanwhile: nothing changed.
        if (error instanceof TRPCError)
          return {
            answer: textBody(offerAction(reply.payload) ? OFFER_MESSAGES.gone : REPLIES.slotTaken),
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
      // The answer is a courtesy: a failure to send it leaves what the patient did done.
      await sendWhatsapp(config.confirmations, credentials, result.to, result.answer).catch(() => undefined);
    }
  }
  return { status: 200, handled, enqueue, changed, freed };
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
 * the range to the next wish. Only the wish's patient's own number acts; an answered or expired offer is apologised for.
 */
async function actOnOffer(
  db: TenantTx,
  reply: InboundReply,
  offer: { accept: boolean; holdId: string },
  now: Date,
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
  const appointment = await acceptOffer(db, offer.holdId, now, actor);
  const { date, time } = dayAndTime(hold.startsAt);
  return done(
    OFFER_MESSAGES.booked(hold.serviceName, hold.professionalName, hold.establishmentName, date, time),
    { changed: appointment.id },
  );
}

const normalised = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toUpperCase();

/** `yyyyMMddHHmm` of a São Paulo wall-clock start, as list rows carry it. */
const slotKey = (start: string) => start.slice(0, 16).replace(/[-T:]/g, "");
const slotInstant = (key: string) =>
  parseOffsetDateTime(
    `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T${key.slice(8, 10)}:${key.slice(10, 12)}:00-03:00`,
  );

async function act(db: TenantTx, reply: InboundReply, now: Date): Promise<Handled | null> {
  const business = async () => {
    const [row] = await db
      .select({ name: schema.tenants.name })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, db.tenantId));
    return row?.name ?? "";
  };
  if (!reply.payload) {
    if (reply.text && STOP_WORDS.has(normalised(reply.text))) {
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
    return null;
  }
  const offer = offerAction(reply.payload);
  if (offer) return actOnOffer(db, reply, offer, now);
  const match = /^(CONFIRMAR|REMARCAR|CANCELAR|LIGAR|HORARIO):([0-9a-f-]{36})(?::(\d{12}))?$/.exec(
    reply.payload,
  );
  if (!match?.[1] || !match[2] || !UUID.test(match[2])) return null;
  const [, action, sendId, slot] = match;
  const [send] = await db.select().from(CS).where(eq(CS.id, sendId));
  if (!send) return null;
  const view = await appointmentView(db, send.appointmentId);
  // Only the patient's own number acts on their appointment.
  if (!view?.clientPhoneE164 || !numbersOfWaId(reply.from).includes(view.clientPhoneE164)) return null;
  const done = (answer: Record<string, unknown> | null, extra: Partial<Handled> = {}): Handled => ({
    answer,
    to: reply.from,
    enqueue: [],
    changed: null,
    ...extra,
  });
  if (view.clientGone) return done(textBody(REPLIES.gone));
  const moved = dateOf(view.scheduledAt) !== send.forDate;

  if (action === "CONFIRMAR") {
    if (view.status === "CANCELED") return done(textBody(REPLIES.alreadyCancelled));
    if (moved || view.status !== "SCHEDULED") return done(textBody(REPLIES.gone));
    await confirmAppointment(db, view.id, now, "WHATSAPP");
    const { date, time } = dayAndTime(view.scheduledAt);
    return done(textBody(REPLIES.confirmed(date, time)), { changed: view.id });
  }
  if (action === "CANCELAR") {
    if (view.status === "CANCELED") return done(textBody(REPLIES.alreadyCancelled));
    if (moved || view.status !== "SCHEDULED") return done(textBody(REPLIES.gone));
    const current = await getAppointment(db, view.id);
    await updateAppointment(
      db,
      view.id,
      {
        clientId: current.clientId,
        professionalId: current.professionalId,
        establishmentId: current.establishmentId,
        scheduledAt: view.scheduledAt,
        offeredServices: current.offeredServices.map((s) => s.offeredServiceId),
        observations: current.observations,
        status: "CANCELED",
      },
      now,
    );
    return done(textBody(REPLIES.cancelled), { changed: view.id });
  }
  const start = action === "HORARIO" && slot ? slotInstant(slot) : undefined;
  if (start && view.status === "SCHEDULED" && start.getTime() === view.scheduledAt.getTime()) {
    // Chosen again (a replay): it is already the appointment's time.
    const { date, time } = dayAndTime(start);
    return done(textBody(REPLIES.rescheduled(date, time)));
  }
  if (view.status !== "SCHEDULED" || moved) return done(textBody(REPLIES.gone));
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
    const today = dateOf(now);
    const slots = (
      await searchFreeSlots(
        db,
        {
          offeredServices: view.serviceIds,
          startDate: addDays(today, 1),
          endDate: addDays(today, RESCHEDULE_DAYS),
          professionalId: view.professionalId,
          establishmentId: view.establishmentId,
        },
        now,
      )
    )
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
    const rows = slots.map((s) => {
      const start = parseOffsetDateTime(s.start) ?? now;
      const { date, time, weekday } = dayAndTime(start);
      return {
        id: `HORARIO:${send.id}:${slotKey(s.start)}`,
        title: `${weekday} ${date} às ${time}`,
        description: view.professionalName,
      };
    });
    rows.push({ id: `LIGAR:${send.id}`, title: REPLIES.callMe, description: "" });
    return done(listBody(REPLIES.chooseSlot, REPLIES.listButton, REPLIES.listSection, rows));
  }
  // HORARIO: the chosen slot, through the booking rules (a slot taken meanwhile is refused, and said).
  if (!start) return null;
  const current = await getAppointment(db, view.id);
  await updateAppointment(
    db,
    view.id,
    {
      clientId: current.clientId,
      professionalId: current.professionalId,
      establishmentId: current.establishmentId,
      scheduledAt: start,
      offeredServices: current.offeredServices.map((s) => s.offeredServiceId),
      observations: current.observations,
      status: "SCHEDULED",
    },
    now,
  );
  const { date, time } = dayAndTime(start);
  return done(textBody(REPLIES.rescheduled(date, time)), { changed: view.id });
}
