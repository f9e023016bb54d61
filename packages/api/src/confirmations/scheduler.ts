// The confirmations' jobs (docs/decisions/0050-confirmations.md). A periodic sweep finds, for every tenant with
// confirmations on, the appointments due one now — the contact day before their date (`previousContactDay`), from the
// tenant's send time, inside its calling window, never on a national holiday — and writes one send per appointment,
// channel and date: the unique key in the database makes a second sweep (or runner) write nothing. Each send is a job:
// it checks again (the window, the client's opt-out, the appointment unchanged, minutes and plan), then sends the
// WhatsApp template or places the call through the dial gate, and audits what it did. Nobody answering brings the
// retry, then the next channel.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, eq, gt, inArray, isNull, sql } from "@atende/db/orm";
import type { ConfirmationChannel } from "@atende/shared/enums";
import { isInContactWindow } from "@atende/shared/holidays";
import { datesConfirmedOn, fillConfirmationMessage } from "@atende/shared/schemas/confirmations";
import { dateOf, minutesOfDay, timeOfDayOf } from "@atende/shared/time";
import { hasMinutes } from "../billing/minutes";
import { CONFIRMATION_CALL_FINISHED_JOB, TRANSFER_SUMMARY_JOB } from "../calls/calls";
import type { ApiConfig } from "../config";
import type { JobHandler, JobQueue, PeriodicJob } from "../jobs/runner";
import { SYSTEM_ACTOR_EMAIL } from "../privacy/audit";
import { type AppointmentView, appointmentView, dayAndTime } from "./appointment-view";
import { finishMachineCall, placeConfirmationCall } from "./calls";
import { SKIP_REASONS, TEMPLATE_BUTTONS, UNDECIDED_CALL } from "./messages";
import { availableChannels, loadSettings, type Settings, whatsappCredentials, windowOf } from "./settings";
import { sendTransferSummary } from "./transfer-whatsapp";
import { sendWhatsapp, templateBody, WhatsappError } from "./whatsapp";

const CS = schema.confirmationSends;
const A = schema.appointments;
const C = schema.clients;

export const CONFIRMATION_JOBS = {
  sweep: "confirmations.sweep",
  send: "confirmations.send",
  /** A WhatsApp message still unanswered after the retry interval: the next channel (the call). */
  noReply: "confirmations.noReply",
  /** A confirmation call a person answered without a decision (calls.finish): the retry or the next channel. */
  callFinished: CONFIRMATION_CALL_FINISHED_JOB,
} as const;

/** The sweep looks every five minutes; sends themselves go out as soon as a runner takes them. */
export const CONFIRMATION_SWEEP_MS = 5 * 60_000;

/** A send to hand to the queue, now or at `runAt` (a retry). */
export interface DueSend {
  tenantId: string;
  sendId: string;
  attempt: number;
  runAt?: Date;
  /** The follow-up of a WhatsApp message (`noReply`) instead of a send. */
  kind?: "send" | "noReply";
}

export async function enqueueSends(queue: JobQueue, sends: readonly DueSend[]): Promise<void> {
  for (const send of sends) {
    const name = send.kind === "noReply" ? CONFIRMATION_JOBS.noReply : CONFIRMATION_JOBS.send;
    await queue.enqueue(
      name,
      { tenantId: send.tenantId, sendId: send.sendId },
      { singletonKey: `${name}:${send.sendId}:${send.attempt}`, runAt: send.runAt, maxAttempts: 3 },
    );
  }
}

async function audit(
  db: TenantTx,
  action: string,
  details: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.insert(schema.auditLog).values({
    tenantId: db.tenantId,
    actorUserId: null,
    actorEmail: SYSTEM_ACTOR_EMAIL,
    action,
    details,
    createdAt: now,
  });
}

/** Why the tenant may send nothing now: a suspended plan, or no minutes in the cycle or the packs. */
async function unavailable(db: TenantTx, now: Date): Promise<boolean> {
  const [subscription] = await db.select({ status: schema.subscriptions.status }).from(schema.subscriptions);
  if (subscription?.status === "SUSPENDED") return true;
  return !(await hasMinutes(db, now));
}

/** Whether the settings allow sending at `now`: on, inside the window (no holiday), from the send time. */
function sendingTime(settings: Settings, now: Date): boolean {
  return (
    settings.enabled &&
    isInContactWindow(now, windowOf(settings)) &&
    minutesOfDay(timeOfDayOf(now)) >= minutesOfDay(settings.sendFrom)
  );
}

/** The appointment dates whose confirmations go out today (their contact day before is today). */
export function datesDueOn(today: string, settings: Settings): string[] {
  return datesConfirmedOn(today, windowOf(settings));
}

/**
 * One tenant's sweep: a send on its first available channel for every appointment due a confirmation today, and the
 * sends still waiting (a job lost, a retry held back by the window) handed to the queue again.
 */
export async function planTenant(db: TenantTx, config: ApiConfig, now: Date): Promise<DueSend[]> {
  const settings = await loadSettings(db);
  if (!sendingTime(settings, now)) return [];
  if (await unavailable(db, now)) return [];
  const [first] = availableChannels(settings, config);
  const today = dateOf(now);
  const dates = datesDueOn(today, settings);
  if (first && dates.length > 0) {
    const due = await db
      .select({ id: A.id, scheduledAt: A.scheduledAt })
      .from(A)
      .innerJoin(C, eq(C.id, A.clientId))
      .where(
        and(
          eq(A.status, "SCHEDULED"),
          isNull(A.confirmedAt),
          isNull(C.contactOptOutAt),
          isNull(C.deletedAt),
          isNull(C.erasedAt),
          inArray(sql`(${A.scheduledAt} at time zone 'America/Sao_Paulo')::date`, dates),
        ),
      );
    if (due.length > 0)
      await db
        .insert(CS)
        .values(
          due.map((a) => ({
            tenantId: db.tenantId,
            appointmentId: a.id,
            channel: first,
            forDate: dateOf(a.scheduledAt),
          })),
        )
        .onConflictDoNothing();
  }
  // Every send still waiting for an appointment not yet past (the new ones, a retry, one whose job was lost).
  const waiting = await db
    .select({ id: CS.id, attempts: CS.attempts })
    .from(CS)
    .innerJoin(A, eq(A.id, CS.appointmentId))
    .where(and(eq(CS.status, "PENDING"), gt(CS.forDate, today), gt(A.scheduledAt, now)));
  return waiting.map((send) => ({ tenantId: db.tenantId, sendId: send.id, attempt: send.attempts }));
}

export async function sweepConfirmations(
  data: DataAccess,
  config: ApiConfig,
  queue: JobQueue,
  now: Date,
): Promise<DueSend[]> {
  const S = schema.confirmationSettings;
  const tenants = await data
    .system("tenantSweeps")
    .select({ id: S.tenantId })
    .from(S)
    .innerJoin(schema.tenants, eq(schema.tenants.id, S.tenantId))
    .where(and(eq(S.enabled, true), isNull(schema.tenants.closedAt)));
  const all: DueSend[] = [];
  for (const tenant of tenants) {
    const due = await data.inTenant(tenant.id, (db) => planTenant(db, config, now));
    await enqueueSends(queue, due);
    all.push(...due);
  }
  return all;
}

/**
 * The next channel after `channel` for the send's appointment and date, when one is available: its send is written
 * (once, by the unique key) and answered to be queued.
 */
async function nextChannel(
  db: TenantTx,
  settings: Settings,
  config: ApiConfig,
  send: { appointmentId: string; channel: ConfirmationChannel; forDate: string },
): Promise<DueSend[]> {
  const channels = availableChannels(settings, config);
  const next =
    channels[channels.indexOf(send.channel) + 1] ??
    (channels.includes(send.channel) ? undefined : channels[0]);
  if (!next || next === send.channel) return [];
  const [created] = await db
    .insert(CS)
    .values({
      tenantId: db.tenantId,
      appointmentId: send.appointmentId,
      channel: next,
      forDate: send.forDate,
    })
    .onConflictDoNothing()
    .returning({ id: CS.id });
  return created ? [{ tenantId: db.tenantId, sendId: created.id, attempt: 0 }] : [];
}

/**
 * The template's body parameters: client's first name, business, services, professional, day, time, place. A pet
 * shop's services name the pet ('Banho e tosa de Thor'), the template's parameters staying the approved seven.
 */
function templateParameters(view: AppointmentView): string[] {
  const { date, time, weekday } = dayAndTime(view.scheduledAt);
  const pet = view.businessType === "PETSHOP" ? view.petName?.trim() : undefined;
  return [
    view.clientName.split(/\s+/)[0] ?? view.clientName,
    view.businessName,
    pet ? `${view.serviceNames} de ${pet}` : view.serviceNames,
    view.professionalName,
    `${weekday}, ${date}`,
    time,
    view.establishmentName,
  ];
}

/** What the agent says on the call: the tenant's message with its placeholders filled. */
export function spokenMessage(settings: Settings, view: AppointmentView): string {
  const { date, time } = dayAndTime(view.scheduledAt);
  return fillConfirmationMessage(settings.message, {
    paciente: view.clientName,
    negocio: view.businessName,
    servico: view.serviceNames,
    profissional: view.professionalName,
    data: date,
    hora: time,
    local: view.establishmentName,
  });
}

/**
 * The send job: sends one confirmation, if it is still due. Answers the sends to queue next (the next channel when
 * this one could not send).
 */
export async function runSend(
  db: TenantTx,
  config: ApiConfig,
  sendId: string,
  now: Date,
): Promise<DueSend[]> {
  const [send] = await db.select().from(CS).where(eq(CS.id, sendId)).for("update");
  if (send?.status !== "PENDING") return [];
  const settings = await loadSettings(db);
  // Outside the window (or turned off) the send waits: the sweep hands it over again inside the window.
  if (!sendingTime(settings, now)) return [];
  const skip = async (detail: string) => {
    await db.update(CS).set({ status: "SKIPPED", detail, outcomeAt: now }).where(eq(CS.id, send.id));
    await audit(
      db,
      "confirmation.skipped",
      { sendId, appointmentId: send.appointmentId, channel: send.channel, detail },
      now,
    );
    return [];
  };
  const view = await appointmentView(db, send.appointmentId);
  if (!view || view.clientGone) return skip(SKIP_REASONS.changed);
  if (view.optedOutAt) return skip(SKIP_REASONS.optedOut);
  if (
    view.status !== "SCHEDULED" ||
    view.confirmedAt ||
    dateOf(view.scheduledAt) !== send.forDate ||
    view.scheduledAt <= now
  )
    return skip(SKIP_REASONS.changed);
  if (await unavailable(db, now)) return skip(SKIP_REASONS.unavailable);

  const attempt = send.attempts + 1;
  const fail = async (detail: string) => {
    await db
      .update(CS)
      .set({ status: "FAILED", detail, attempts: attempt, lastAttemptAt: now, outcomeAt: now })
      .where(eq(CS.id, send.id));
    await audit(
      db,
      "confirmation.failed",
      { sendId, appointmentId: send.appointmentId, channel: send.channel, attempt, detail },
      now,
    );
    return nextChannel(db, settings, config, send);
  };

  if (send.channel === "WHATSAPP") {
    const credentials = whatsappCredentials(db.tenantId, settings, config);
    if (!credentials) return fail(SKIP_REASONS.noChannel);
    if (!view.clientPhoneE164) return fail(SKIP_REASONS.noPhone);
    let messageId: string;
    try {
      messageId = await sendWhatsapp(
        config.confirmations,
        credentials,
        view.clientPhoneE164.replace(/^\+/, ""),
        templateBody({
          template: settings.whatsapp.template,
          language: settings.whatsapp.language,
          bodyParameters: templateParameters(view),
          buttonPayloads: TEMPLATE_BUTTONS.map((button) => `${button}:${send.id}`),
        }),
      );
    } catch (error) {
      if (error instanceof WhatsappError) return fail(`WhatsApp: ${error.message}`);
      throw error;
    }
    await db
      .update(CS)
      .set({ status: "SENT", messageId, attempts: attempt, lastAttemptAt: now, detail: null })
      .where(eq(CS.id, send.id));
    await audit(
      db,
      "confirmation.sent",
      { sendId, appointmentId: send.appointmentId, channel: send.channel, attempt },
      now,
    );
    // No reply within the retry interval is no answer: the next channel then (a call after the message).
    return [
      {
        tenantId: db.tenantId,
        sendId: send.id,
        attempt,
        kind: "noReply",
        runAt: new Date(now.getTime() + settings.retryAfterMinutes * 60_000),
      },
    ];
  }

  const call = await placeConfirmationCall(db, config, send.id, view, now);
  if (!call.placed) return fail(call.detail);
  await db
    .update(CS)
    .set({ status: "SENT", callSid: call.callSid, attempts: attempt, lastAttemptAt: now, detail: null })
    .where(eq(CS.id, send.id));
  await audit(
    db,
    "confirmation.sent",
    { sendId, appointmentId: send.appointmentId, channel: send.channel, attempt, callSid: call.callSid },
    now,
  );
  return [];
}

/**
 * A WhatsApp confirmation still unanswered after the retry interval (the client tapped nothing): NO_ANSWER and the
 * next channel, when the appointment still waits for it. A reply meanwhile, whatever its outcome, leaves it alone.
 */
export async function messageUnanswered(
  db: TenantTx,
  config: ApiConfig,
  sendId: string,
  now: Date,
): Promise<DueSend[]> {
  const [send] = await db.select().from(CS).where(eq(CS.id, sendId)).for("update");
  if (send?.status !== "SENT" || send.channel !== "WHATSAPP") return [];
  const view = await appointmentView(db, send.appointmentId);
  if (view?.status !== "SCHEDULED" || view.confirmedAt || dateOf(view.scheduledAt) !== send.forDate)
    return [];
  await db.update(CS).set({ status: "NO_ANSWER", outcomeAt: now }).where(eq(CS.id, send.id));
  return nextChannel(db, await loadSettings(db), config, send);
}

/** Twilio's final statuses of a call nobody answered. */
const UNANSWERED = new Set(["no-answer", "busy", "failed", "canceled"]);

/**
 * Twilio's status report for a confirmation call (run before the calls' own handling of the report): a machine's
 * call is finished with its summary and metered; a call nobody answered brings the retry (after the tenant's
 * interval, inside the window) or, with the attempts spent, NO_ANSWER and the next channel. Anything else, and a
 * replay, changes nothing here.
 */
export async function confirmationCallEnded(
  data: DataAccess,
  config: ApiConfig,
  params: Record<string, string>,
  now: Date,
): Promise<DueSend[]> {
  const callSid = params.CallSid ?? "";
  if (!callSid) return [];
  const [ticket] = await data
    .system("inboundCallRouting")
    .select({ id: schema.callTickets.id, tenantId: schema.callTickets.tenantId })
    .from(schema.callTickets)
    .where(eq(schema.callTickets.callSid, callSid))
    .limit(1);
  if (!ticket) return [];
  return data.inTenant(ticket.tenantId, async (db) => {
    const [send] = await db
      .select()
      .from(CS)
      .where(and(eq(CS.callSid, callSid), eq(CS.channel, "CALL")))
      .for("update");
    if (!send) return [];
    if (send.status === "MACHINE") {
      const reported = Number(params.CallDuration);
      await finishMachineCall(
        db,
        ticket.id,
        Number.isInteger(reported) ? Math.max(0, Math.min(reported, 86_400)) : 0,
        now,
      );
      return [];
    }
    if (send.status !== "SENT" || !UNANSWERED.has(params.CallStatus ?? "")) return [];
    const settings = await loadSettings(db);
    if (settings.retry && send.attempts < 2) {
      const runAt = new Date(now.getTime() + settings.retryAfterMinutes * 60_000);
      await db
        .update(CS)
        .set({ status: "PENDING", detail: "Sem resposta: nova tentativa" })
        .where(eq(CS.id, send.id));
      return [{ tenantId: db.tenantId, sendId: send.id, attempt: send.attempts, runAt }];
    }
    await db.update(CS).set({ status: "NO_ANSWER", outcomeAt: now }).where(eq(CS.id, send.id));
    return nextChannel(db, settings, config, send);
  });
}

/**
 * A confirmation call a person answered and the agent finished without a decision (the conversation's outcome,
 * decision 0052): the wrong person (nothing was said about the appointment) gets no second call, the send is
 * NO_ANSWER and the next channel follows; no decision is treated as no answer (the retry after the interval while
 * one is left, then NO_ANSWER and the next channel). A call the sweep of lost calls ended (decision 0032: its outcome
 * INTERRUPTED, the gateway gone) counts as unanswered the same way. The send must still be SENT for this call: a replay,
 * a later finish, or an appointment confirmed, moved or cancelled meanwhile changes nothing.
 */
export async function confirmationCallFinished(
  db: TenantTx,
  config: ApiConfig,
  callId: string,
  now: Date,
): Promise<DueSend[]> {
  const [call] = await db
    .select({
      outcome: schema.conversations.confirmationOutcome,
      callSid: schema.callTickets.callSid,
    })
    .from(schema.conversations)
    .innerJoin(schema.callTickets, eq(schema.callTickets.id, schema.conversations.id))
    .where(eq(schema.conversations.id, callId));
  if (!call?.callSid) return [];
  const lost = call.outcome === "INTERRUPTED";
  const outcome = lost ? "NO_DECISION" : call.outcome;
  if (outcome !== "WRONG_PERSON" && outcome !== "NO_DECISION") return [];
  const [send] = await db
    .select()
    .from(CS)
    .where(and(eq(CS.callSid, call.callSid), eq(CS.channel, "CALL")))
    .for("update");
  if (send?.status !== "SENT") return [];
  const settings = await loadSettings(db);
  if (outcome === "NO_DECISION" && settings.retry && send.attempts < 2) {
    await db
      .update(CS)
      .set({ status: "PENDING", detail: lost ? UNDECIDED_CALL.lostRetry : UNDECIDED_CALL.retry })
      .where(eq(CS.id, send.id));
    const runAt = new Date(now.getTime() + settings.retryAfterMinutes * 60_000);
    return [{ tenantId: db.tenantId, sendId: send.id, attempt: send.attempts, runAt }];
  }
  await db
    .update(CS)
    .set({
      status: "NO_ANSWER",
      detail: lost ? UNDECIDED_CALL.LOST : UNDECIDED_CALL[outcome],
      outcomeAt: now,
    })
    .where(eq(CS.id, send.id));
  return nextChannel(db, settings, config, send);
}

/** The job runner's handlers and the periodic sweep (composition.ts). */
export function confirmationJobs(deps: {
  data: DataAccess;
  config: ApiConfig;
  queue: JobQueue;
  now: () => Date;
}): { handlers: Record<string, JobHandler>; periodic: PeriodicJob[] } {
  return {
    handlers: {
      async [CONFIRMATION_JOBS.sweep]() {
        await sweepConfirmations(deps.data, deps.config, deps.queue, deps.now());
      },
      async [CONFIRMATION_JOBS.noReply](payload) {
        const { tenantId, sendId } = payload;
        if (typeof tenantId !== "string" || typeof sendId !== "string") return;
        const next = await deps.data.inTenant(tenantId, (db) =>
          messageUnanswered(db, deps.config, sendId, deps.now()),
        );
        await enqueueSends(deps.queue, next);
      },
      async [CONFIRMATION_JOBS.callFinished](payload) {
        const { tenantId, callId } = payload;
        if (typeof tenantId !== "string" || typeof callId !== "string") return;
        const next = await deps.data.inTenant(tenantId, (db) =>
          confirmationCallFinished(db, deps.config, callId, deps.now()),
        );
        await enqueueSends(deps.queue, next);
      },
      async [CONFIRMATION_JOBS.send](payload) {
        const { tenantId, sendId } = payload;
        if (typeof tenantId !== "string" || typeof sendId !== "string") return;
        const next = await deps.data.inTenant(tenantId, (db) => runSend(db, deps.config, sendId, deps.now()));
        await enqueueSends(deps.queue, next);
      },
      // The warm transfer's summary to the forwarding WhatsApp (docs/decisions/0056-transfer-return-and-summary.md).
      async [TRANSFER_SUMMARY_JOB](payload) {
        const { tenantId, callId, leg } = payload;
        if (typeof tenantId !== "string" || typeof callId !== "string" || typeof leg !== "number") return;
        await sendTransferSummary(deps.data, deps.config, { tenantId, callId, leg }, deps.now());
      },
    },
    periodic: [{ name: CONFIRMATION_JOBS.sweep, everyMs: CONFIRMATION_SWEEP_MS }],
  };
}
