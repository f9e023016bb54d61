// The dashboard's home (issue #25, part 4; docs/decisions/0042-home-outcomes.md): what the owner opens the product for,
// above the spec's six cards. Outputs only (plain JSON).
import { z } from "../zod";

const wireInstant = z.iso.datetime({ offset: true });

export const DashboardAppointment = z.object({
  id: z.string(),
  scheduledAt: wireInstant,
  status: z.string(),
  clientName: z.string(),
  professionalName: z.string(),
});
export type DashboardAppointment = z.infer<typeof DashboardAppointment>;

export const DashboardCall = z.object({
  id: z.string(),
  startedAt: wireInstant,
  status: z.string(),
  clientName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  actionType: z.string().nullable(),
});
export type DashboardCall = z.infer<typeof DashboardCall>;

/** Why a call of the week ended without an outcome (or went to a person): a label and how many. */
export const DashboardReason = z.object({ reason: z.string(), count: z.number().int() });

/** A no-show rate over a span: appointments marked NO_SHOW among those that took place or were missed. */
export const NoShowRate = z.object({
  /** `yyyy-MM-dd` (São Paulo), both included. */
  fromDate: z.string(),
  toDate: z.string(),
  /** COMPLETED or NO_SHOW appointments in the span. */
  appointments: z.number().int(),
  noShows: z.number().int(),
  /** noShows / appointments, 0..1; null without appointments. */
  rate: z.number().nullable(),
});
export type NoShowRate = z.infer<typeof NoShowRate>;

/** The agent's confirmations (issue #23; docs/decisions/0050-confirmations.md): the week's, and the no-show rates. */
export const DashboardConfirmations = z.object({
  enabled: z.boolean(),
  /** When they were first turned on; null: never. */
  enabledSince: wireInstant.nullable(),
  /** Of the last 7 days: confirmations that went out (a message sent or a call placed), and what clients did. */
  sent: z.number().int(),
  confirmed: z.number().int(),
  rescheduled: z.number().int(),
  cancelled: z.number().int(),
  /** An answering machine got the call-back message, or nobody answered. */
  machine: z.number().int(),
  noAnswer: z.number().int(),
  /** The 90 days before confirmations were turned on, and the time since (null while never turned on). */
  noShowBefore: NoShowRate.nullable(),
  noShowAfter: NoShowRate.nullable(),
});
export type DashboardConfirmations = z.infer<typeof DashboardConfirmations>;

export const DashboardOverview = z.object({
  /** Whether the owners get these outcomes by e-mail every Monday. */
  weeklyReportEnabled: z.boolean(),
  /** `yyyy-MM-dd` in São Paulo. */
  today: z.string(),
  tomorrow: z.string(),
  appointmentsToday: z.array(DashboardAppointment),
  appointmentsTomorrow: z.array(DashboardAppointment),
  lastCalls: z.array(DashboardCall),
  confirmations: DashboardConfirmations,
  week: z.object({
    /** The last 7 São Paulo days, today included: `yyyy-MM-dd` of the first. */
    startDate: z.string(),
    endDate: z.string(),
    /** Real calls (tests excluded) the agent answered: COMPLETED or TRANSFERRED. */
    callsAnswered: z.number().int(),
    /** Of those, the ones at a time outside every professional's availability on that day. */
    callsOutsideHours: z.number().int(),
    /** callsOutsideHours / callsAnswered, 0..1 (0 without calls). */
    outsideHoursShare: z.number(),
    bookings: z.number().int(),
    reschedules: z.number().int(),
    cancellations: z.number().int(),
    /** Minutes billed this week, and the plan's (or trial's) minutes of the live cycle with what is left. */
    minutesUsed: z.number().int(),
    planMinutes: z.number().int(),
    planMinutesLeft: z.number().int(),
    transferred: z.number().int(),
    withoutOutcome: z.number().int(),
    /** Transfers and calls without an outcome, by reason. */
    reasons: z.array(DashboardReason),
    /** Calls answered per day, oldest first (the chart). */
    days: z.array(z.object({ date: z.string(), answered: z.number().int(), booked: z.number().int() })),
  }),
});
export type DashboardOverview = z.infer<typeof DashboardOverview>;

/** The reasons' pt-BR labels. */
export const DASHBOARD_REASONS = {
  transferred: "Transferida para um atendente",
  missed: "Não atendida",
  error: "Erro durante a chamada",
  cancelled: "Cancelada",
  noAction: "Encerrada sem agendamento nem informação",
} as const;

export const WeeklyReportSettingInput = z.object({
  enabled: z.boolean({ error: "Informe se o resumo semanal deve ser enviado" }),
});
