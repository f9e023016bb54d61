// E-mail (docs/decisions/0013-team-and-e-mail.md; docs/architecture.md). Every
// message goes to the `email_outbox` table first, in the transaction of the change that causes it: a rolled-back
// invitation leaves nothing to send. Without SMTP that is all (the outbox is the embedded delivery, read in
// development at /dev/outbox). With SMTP a sender polls the outbox and hands what is unsent to nodemailer; a poll
// only sees committed rows, so nothing is sent "after commit" by hand, and a message is never sent for a change that
// did not happen.
import { type DataAccess, type SharedTx, schema, type TenantTx } from "@atende/db";
import { and, asc, desc, eq, isNull, lt, sql } from "@atende/db/orm";
import nodemailer from "nodemailer";

const { emailOutbox } = schema;

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Puts `message` in the outbox inside `db`'s transaction. The tenant door may insert into the outbox but never read
 * it (the rows carry no tenant), hence no RETURNING: the caller learns nothing it could not already know.
 */
export async function enqueueEmail(db: TenantTx | SharedTx, message: EmailMessage): Promise<void> {
  await db.insert(emailOutbox).values({
    // Addresses are compared lower-cased everywhere (sign-in, invitations, /dev/outbox?to=).
    to: message.to.trim().toLowerCase(),
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  });
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
}

/** Escapes text for HTML content and attribute values (e-mail bodies, the /dev/outbox page). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** How many messages /dev/outbox shows at most. */
export const OUTBOX_PAGE_SIZE = 100;

/** The newest messages first, all of them or those to one address (the development outbox). */
export function listOutbox(db: SharedTx, filter: { to?: string | undefined } = {}): Promise<OutboxEntry[]> {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(filter.to ? eq(emailOutbox.to, filter.to.trim().toLowerCase()) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE);
}

/** Attempts per message before the sender gives up on it (the row keeps its last error). */
export const MAX_SEND_ATTEMPTS = 5;

export interface EmailSenderOptions {
  /** nodemailer's connection URL, e.g. smtp://user:pass@host:587 or smtps://host:465. */
  smtpUrl: string;
  /** The From header, e.g. 'Atende <nao-responda@atende.com.br>'. */
  from: string;
  /** Messages per poll. */
  batchSize?: number;
  now?: () => Date;
}

export interface EmailSender {
  /** Sends what is unsent (oldest first, one batch); answers how many messages it tried. */
  deliverPending(): Promise<number>;
  /** Polls every `intervalMs` until `stop`. */
  start(intervalMs: number, onError: (error: unknown) => void): void;
  /** Stops polling, waits for a poll under way, closes the SMTP connection. */
  stop(): Promise<void>;
}

/**
 * The SMTP sender. Each poll is one shared-door transaction that locks its batch (`for update skip locked`), so two
 * server processes never send one message twice; a crash between sending and commit sends it again at the next poll
 * (at least once, never lost). A failed send records its error and counts an attempt; the next poll retries it until
 * MAX_SEND_ATTEMPTS.
 */
export function createEmailSender(
  data: Pick<DataAccess, "inShared">,
  options: EmailSenderOptions,
): EmailSender {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const now = options.now ?? (() => new Date());
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;

  const deliverPending = () =>
    data.inShared(async (db) => {
      const due = await db
        .select()
        .from(emailOutbox)
        .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS)))
        .orderBy(asc(emailOutbox.createdAt))
        .limit(options.batchSize ?? 20)
        .for("update", { skipLocked: true });
      for (const message of due) {
        let outcome: { sentAt: Date; error: null } | { sentAt: null; error: string };
        try {
          await transport.sendMail({
            from: options.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
          });
          outcome = { sentAt: now(), error: null };
        } catch (error) {
          outcome = { sentAt: null, error: error instanceof Error ? error.message : String(error) };
        }
        await db
          .update(emailOutbox)
          .set({ ...outcome, attempts: sql`${emailOutbox.attempts} + 1` })
          .where(eq(emailOutbox.id, message.id));
      }
      return due.length;
    });

  return {
    deliverPending,
    start(intervalMs, onError) {
      timer ??= setInterval(() => {
        if (running) return; // the previous poll is still sending
        running = deliverPending();
        running.catch(onError).finally(() => {
          running = undefined;
        });
      }, intervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
      transport.close();
    },
  };
}
