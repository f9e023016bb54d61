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

export const DashboardOverview = z.object({
  /** Whether the owners get these outcomes by e-mail every Monday. */
  weeklyReportEnabled: z.boolean(),
  /** `yyyy-MM-dd` in São Paulo. */
  today: z.string(),
  tomorrow: z.string(),
  appointmentsToday: z.array(DashboardAppointment),
  appointmentsTomorrow: z.array(DashboardAppointment),
  lastCalls: z.array(DashboardCall),
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
