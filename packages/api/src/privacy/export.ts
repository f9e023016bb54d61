// Data portability (LGPD art. 18, V; docs/decisions/0031-lgpd.md): everything the tenant keeps about one client, and
// the whole account for its owner, as JSON. Read in the caller's tenant transaction; secrets (tokens, grants, card and
// customer ids at the payment provider) are left out.
import { schema, type TenantTx } from "@atende/db";
import { and, asc, eq, inArray } from "@atende/db/orm";
import { CLIENT_MESSAGES } from "@atende/shared/schemas/clients";
import type { AccountExport, ClientExport } from "@atende/shared/schemas/lgpd";
import { toWireInstant } from "@atende/shared/time";
import { notFound } from "../errors";
import { listWaitlist } from "../scheduling/waitlist";
import { callsOfClient } from "./anonymise";

const {
  appointments: a,
  appointmentServices: as,
  clients: cl,
  conversationActions: ca,
  conversationData: cd,
  conversationMessages: cm,
  conversations: c,
  establishments: e,
  professionals: p,
  tenants,
} = schema;

const wire = (instant: Date) => toWireInstant(instant);
const wireOrNull = (instant: Date | null) => (instant ? toWireInstant(instant) : null);

/** The client's row, deleted or not (a deleted client's data is still kept, so it is still theirs to ask for). */
export async function clientRow(db: TenantTx, id: string): Promise<typeof cl.$inferSelect> {
  const [row] = await db.select().from(cl).where(eq(cl.id, id)).limit(1);
  return row ?? notFound(CLIENT_MESSAGES.notFound);
}

async function businessOf(db: TenantTx): Promise<typeof tenants.$inferSelect> {
  const [tenant] = await db.select().from(tenants).limit(1);
  if (!tenant) throw new Error("the acting tenant is not visible in its own transaction");
  return tenant;
}

/**
 * `GET /clients/{id}/export`: the client, their appointments with services, the calls where they were the caller,
 * and their wishes on the waitlist.
 */
export async function exportClient(db: TenantTx, id: string, now: Date): Promise<ClientExport> {
  const client = await clientRow(db, id);
  const business = await businessOf(db);
  const appts = await db
    .select({ appointment: a, professionalName: p.name, establishmentName: e.name })
    .from(a)
    .innerJoin(p, and(eq(p.tenantId, a.tenantId), eq(p.id, a.professionalId)))
    .innerJoin(e, and(eq(e.tenantId, a.tenantId), eq(e.id, a.establishmentId)))
    .where(eq(a.clientId, id))
    .orderBy(asc(a.scheduledAt));
  const services = appts.length
    ? await db
        .select()
        .from(as)
        .where(
          inArray(
            as.appointmentId,
            appts.map((row) => row.appointment.id),
          ),
        )
        .orderBy(asc(as.position))
    : [];
  const calls = await db.select().from(c).where(callsOfClient(client)).orderBy(asc(c.startedAt));
  const waitlist = await listWaitlist(db, { clientId: id });
  const callIds = calls.map((call) => call.id);
  const [messages, actions, data] = callIds.length
    ? await Promise.all([
        db.select().from(cm).where(inArray(cm.conversationId, callIds)).orderBy(asc(cm.timestamp)),
        db.select().from(ca).where(inArray(ca.conversationId, callIds)).orderBy(asc(ca.timestamp)),
        db.select().from(cd).where(inArray(cd.conversationId, callIds)),
      ])
    : [[], [], []];
  return {
    exportedAt: wire(now),
    business: { id: business.id, name: business.name },
    client: {
      id: client.id,
      tenantId: client.tenantId,
      fullName: client.fullName,
      documentNumber: client.documentNumber,
      phoneNumber: client.phoneNumber,
      email: client.email,
      healthInsuranceProvider: client.healthInsuranceProvider,
      healthInsuranceNumber: client.healthInsuranceNumber,
      observations: client.observations,
      contactOptOutAt: wireOrNull(client.contactOptOutAt),
      contactOptOutSource: client.contactOptOutSource,
      petName: client.petName,
      petSpecies: client.petSpecies,
      createdAt: wire(client.createdAt),
      erasedAt: wireOrNull(client.erasedAt),
      deletedAt: wireOrNull(client.deletedAt),
    },
    appointments: appts.map(({ appointment, professionalName, establishmentName }) => ({
      id: appointment.id,
      scheduledAt: wire(appointment.scheduledAt),
      endsAt: wire(appointment.endsAt),
      status: appointment.status,
      observations: appointment.observations,
      confirmedAt: wireOrNull(appointment.confirmedAt),
      createdAt: wire(appointment.createdAt),
      professional: { id: appointment.professionalId, name: professionalName },
      establishment: { id: appointment.establishmentId, name: establishmentName },
      services: services
        .filter((service) => service.appointmentId === appointment.id)
        .map((service) => ({
          offeredServiceId: service.offeredServiceId,
          name: service.offeredServiceName,
          duration: service.duration,
        })),
    })),
    conversations: calls.map((call) => ({
      id: call.id,
      status: call.status,
      direction: call.direction,
      startedAt: wire(call.startedAt),
      endedAt: wireOrNull(call.endedAt),
      duration: call.duration,
      clientName: call.clientName,
      phoneNumber: call.phoneNumber,
      clientEmail: call.clientEmail,
      establishmentName: call.establishmentName,
      summary: call.summary,
      callbackMessage: call.callbackMessage,
      actionType: call.actionType,
      isTest: call.isTest,
      messages: messages
        .filter((message) => message.conversationId === call.id)
        .map((message) => ({
          sender: message.sender,
          content: message.content,
          timestamp: wire(message.timestamp),
        })),
      actions: actions
        .filter((action) => action.conversationId === call.id)
        .map((action) => ({
          actionType: action.actionType,
          timestamp: wire(action.timestamp),
          details: action.details ?? null,
        })),
      collectedData: Object.fromEntries(
        data.filter((point) => point.conversationId === call.id).map((point) => [point.key, point.value]),
      ),
      recordingUrl: call.recordingPath ? `/conversations/${call.id}/recording` : null,
    })),
    waitlist,
  };
}

/** A row as JSON: instants as wire strings, the columns named as in the API (camelCase), some left out. */
function plain(row: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key)) continue;
    out[key] = value instanceof Date ? wire(value) : value;
  }
  return out;
}

/**
 * `GET /account/export`: every table of the account, in its own transaction (one consistent picture). Left out: the
 * payment provider's customer and card ids, the calendar grants and invitation tokens, call tickets and the agent's
 * idempotency records (technical, no content of their own).
 */
export async function exportAccount(db: TenantTx, now: Date): Promise<AccountExport> {
  const s = schema;
  const rows = async (query: PromiseLike<Record<string, unknown>[]>, omit: readonly string[] = []) =>
    (await query).map((row) => plain(row, omit));
  const business = await businessOf(db);
  return {
    exportedAt: wire(now),
    business: plain(business),
    users: await rows(db.select().from(s.users)),
    invitations: await rows(db.select().from(s.invitations)),
    voiceAgents: await rows(db.select().from(s.voiceAgents)),
    establishments: await rows(db.select().from(s.establishments)),
    professionals: await rows(db.select().from(s.professionals)),
    offeredServices: await rows(db.select().from(s.offeredServices)),
    offeredServiceEstablishments: await rows(db.select().from(s.offeredServiceEstablishments)),
    offeredServiceProfessionals: await rows(db.select().from(s.offeredServiceProfessionals)),
    availabilities: await rows(db.select().from(s.availabilities)),
    availabilityExceptions: await rows(db.select().from(s.availabilityExceptions)),
    clients: await rows(db.select().from(s.clients)),
    appointments: await rows(db.select().from(s.appointments).orderBy(asc(s.appointments.scheduledAt))),
    appointmentServices: await rows(db.select().from(s.appointmentServices)),
    waitlistEntries: await rows(
      db.select().from(s.waitlistEntries).orderBy(asc(s.waitlistEntries.createdAt)),
    ),
    confirmationSettings: await rows(db.select().from(s.confirmationSettings), [
      "whatsappAccessToken",
      "whatsappAppSecret",
      "whatsappVerifyToken",
    ]),
    confirmationSends: await rows(
      db.select().from(s.confirmationSends).orderBy(asc(s.confirmationSends.createdAt)),
    ),
    conversations: await rows(db.select().from(s.conversations).orderBy(asc(s.conversations.startedAt))),
    conversationMessages: await rows(
      db.select().from(s.conversationMessages).orderBy(asc(s.conversationMessages.timestamp)),
    ),
    conversationActions: await rows(db.select().from(s.conversationActions)),
    conversationData: await rows(db.select().from(s.conversationData)),
    callUsage: await rows(db.select().from(s.callUsage)),
    subscriptions: await rows(db.select().from(s.subscriptions), ["providerCustomerId", "providerCardId"]),
    payments: await rows(db.select().from(s.payments)),
    minuteGrants: await rows(db.select().from(s.minuteGrants)),
    minuteDebits: await rows(db.select().from(s.minuteDebits)),
    auditLog: await rows(db.select().from(s.auditLog).orderBy(asc(s.auditLog.createdAt))),
  };
}
