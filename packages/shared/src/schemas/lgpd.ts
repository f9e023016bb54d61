// Personal data (LGPD, Lei nº 13.709/2018; docs/decisions/0031-lgpd.md): a client's data exported and erased on
// request, a whole account exported and closed by its owner. Browser-safe: the dashboard, the tRPC procedures and the
// REST shims read these schemas and texts.
import { CONTACT_OPT_OUT_SOURCES } from "../enums";
import { LGPD_MESSAGES, RECORDING_RETENTION_MONTHS } from "../lgpd";
import { requiredText, z } from "../zod";
import { ClientRecord } from "./clients";
import { WaitlistRecord } from "./waitlist";

export { LGPD_MESSAGES, RECORDING_RETENTION_MONTHS };

const instant = z.string().describe("ISO 8601 com segundos e fuso de São Paulo (-03:00)");
const count = z.number().int().min(0);

export const ClientErasureSummary = z.object({
  clientId: z.string(),
  erasedAt: instant,
  /** Appointments whose free text (observations) was cleared; their times stay, so the agenda stays consistent. */
  appointments: count,
  /** Calls where the client was the caller, anonymised. */
  conversations: count,
  /** Recordings queued for deletion from the store. */
  recordings: count,
});
export type ClientErasureSummary = z.infer<typeof ClientErasureSummary>;

const ExportedMessage = z.object({ sender: z.string(), content: z.string(), timestamp: instant });
const ExportedAction = z.object({
  actionType: z.string(),
  timestamp: instant,
  details: z.record(z.string(), z.unknown()).nullable(),
});

export const ExportedConversation = z.object({
  id: z.string(),
  status: z.string(),
  direction: z.string(),
  startedAt: instant,
  endedAt: instant.nullable(),
  duration: z.number().nullable(),
  clientName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  clientEmail: z.string().nullable(),
  establishmentName: z.string().nullable(),
  summary: z.string().nullable(),
  /** 'Recado para retornar': the message the caller left when a transfer found nobody (decision 0034). */
  callbackMessage: z.string().nullable(),
  actionType: z.string().nullable(),
  isTest: z.boolean(),
  messages: z.array(ExportedMessage),
  actions: z.array(ExportedAction),
  collectedData: z.record(z.string(), z.string()),
  /** The recording, with the same authentication as the API (null: none, or deleted). */
  recordingUrl: z.string().nullable(),
});

export const ExportedAppointment = z.object({
  id: z.string(),
  scheduledAt: instant,
  endsAt: instant,
  status: z.string(),
  observations: z.string().nullable(),
  confirmedAt: instant.nullable(),
  createdAt: instant,
  professional: z.object({ id: z.string(), name: z.string() }),
  establishment: z.object({ id: z.string(), name: z.string() }),
  services: z.array(z.object({ offeredServiceId: z.string(), name: z.string(), duration: z.number() })),
});

/** `GET /clients/{id}/export`: everything the tenant keeps about one client. */
export const ClientExport = z.object({
  exportedAt: instant,
  business: z.object({ id: z.string(), name: z.string() }),
  client: ClientRecord.extend({
    erasedAt: instant.nullable(),
    deletedAt: instant.nullable(),
    /** Where the contact opt-out came from (docs/decisions/0051-contact-opt-out.md). */
    contactOptOutSource: z.enum(CONTACT_OPT_OUT_SOURCES).nullable(),
  }),
  appointments: z.array(ExportedAppointment),
  conversations: z.array(ExportedConversation),
  /** Their wishes on the waitlist (docs/decisions/0046-waitlist.md). */
  waitlist: z.array(WaitlistRecord),
});
export type ClientExport = z.infer<typeof ClientExport>;

const Rows = z.array(z.record(z.string(), z.unknown()));

/** `GET /account/export`: the whole account, table by table (secrets such as tokens are left out). */
export const AccountExport = z.object({
  exportedAt: instant,
  business: z.record(z.string(), z.unknown()),
  users: Rows,
  invitations: Rows,
  voiceAgents: Rows,
  establishments: Rows,
  professionals: Rows,
  offeredServices: Rows,
  offeredServiceEstablishments: Rows,
  offeredServiceProfessionals: Rows,
  availabilities: Rows,
  availabilityExceptions: Rows,
  clients: Rows,
  appointments: Rows,
  appointmentServices: Rows,
  waitlistEntries: Rows,
  /** Confirmation settings (the WhatsApp secrets left out) and sends (docs/decisions/0050-confirmations.md). */
  confirmationSettings: Rows,
  confirmationSends: Rows,
  conversations: Rows,
  conversationMessages: Rows,
  conversationActions: Rows,
  conversationData: Rows,
  callUsage: Rows,
  subscriptions: Rows,
  payments: Rows,
  minuteGrants: Rows,
  minuteDebits: Rows,
  auditLog: Rows,
});
export type AccountExport = z.infer<typeof AccountExport>;

export const AccountCloseInput = z.object({
  /** The business name, typed by the owner as the confirmation. */
  confirmation: requiredText({
    required: LGPD_MESSAGES.confirmationRequired,
    max: [200, LGPD_MESSAGES.confirmationMismatch],
  }),
});
export type AccountCloseInput = z.input<typeof AccountCloseInput>;

export const AccountCloseSummary = z.object({
  closedAt: instant,
  clients: count,
  conversations: count,
  recordings: count,
  subscriptionCanceled: z.boolean(),
});
export type AccountCloseSummary = z.infer<typeof AccountCloseSummary>;

/** Whether a typed confirmation names the business: spaces and case do not matter. */
export function confirmsBusinessName(typed: string, businessName: string): boolean {
  const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLocaleLowerCase("pt-BR");
  return normal(typed) === normal(businessName);
}
