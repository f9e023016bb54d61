// The landing page's contact form (spec 000 §2 "Contact", §7 POST /contact, §8 "Contact"): store the message, e-mail
// it to sales through the outbox in the same transaction, and bound what one address may send
// (docs/decisions/0025-public-site.md). Everything here runs through the shared door: the table belongs to no tenant.
import { type SharedTx, type SystemDb, schema } from "@atende/db";
import { and, count, desc, eq, gt, sql } from "@atende/db/orm";
import {
  CONTACT_MESSAGES,
  type ContactInput,
  type ContactMessageRecord,
  type ContactResult,
} from "@atende/shared/schemas/contact";
import { toWireInstant } from "@atende/shared/time";
import type { z } from "zod";
import type { ApiConfig } from "../config";
import { tooManyRequests } from "../errors";
import { enqueueEmail } from "../mail/outbox";

const { contactMessages } = schema;
const HOUR_MS = 3_600_000;

type ParsedContact = z.output<typeof ContactInput>;

/** How many messages the super-admin page shows (newest first). */
export const CONTACT_LIST_LIMIT = 200;

export async function sendContactMessage(
  db: SharedTx,
  config: ApiConfig,
  input: ParsedContact,
  clientAddress: string,
  now: Date,
): Promise<ContactResult> {
  const sent: ContactResult = { success: true, message: CONTACT_MESSAGES.sent };
  // The spam trap (the hidden `website` field): a bot is told what a person is told, so it learns nothing to adapt.
  if (input.website?.trim()) return sent;
  const limit = config.contact.perAddressPerHour;
  if (limit > 0) {
    // One address at a time: two concurrent requests cannot both take the last place in the hour.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${clientAddress}`}))`);
    const [recent] = await db
      .select({ n: count() })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.clientAddress, clientAddress),
          gt(contactMessages.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= limit) tooManyRequests(CONTACT_MESSAGES.tooMany);
  }
  await db.insert(contactMessages).values({
    name: input.name,
    phone: input.phone,
    email: input.email,
    segment: input.segment,
    message: input.message,
    clientAddress,
    createdAt: now,
  });
  const to = config.contact.salesEmail;
  if (to) await enqueueEmail(db, contactEmail(to, input));
  return sent;
}

function contactEmail(to: string, input: ParsedContact) {
  const lines = [
    `Nome: ${input.name}`,
    `Telefone: ${input.phone}`,
    `Email: ${input.email}`,
    `Segmento: ${input.segment}`,
    "",
    input.message ?? "(sem mensagem)",
  ];
  return {
    to,
    subject: `Contato pelo site: ${input.name} (${input.segment})`,
    text: lines.join("\n"),
  };
}

/** The newest messages first, for the super-admin page. */
export async function listContactMessages(sys: SystemDb): Promise<ContactMessageRecord[]> {
  const rows = await sys
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(CONTACT_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    segment: row.segment,
    message: row.message,
    createdAt: toWireInstant(row.createdAt),
  }));
}
