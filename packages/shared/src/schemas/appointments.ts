// Appointments (spec 001 §3, §4, §5 "Appointment create form", "Edit form", "Advisory availability check"; §7; §9)
// and the REST shapes we add (docs/architecture.md, REST details: availability check, free slots). Browser-safe: the
// web forms, the procedures, the REST shims and the agent's tools validate with these schemas and show these texts.
import { APPOINTMENT_STATUSES, type AppointmentStatus, CONFIRMED_VIA } from "../enums";
import { DATE_RANGE_ORDER, NOT_FOUND, OBSERVATIONS_BLANK } from "../messages";
import { dayNumber, formatMinutesOfDay } from "../time";
import { csvList, isoDate, offsetDateTime, optionalText, uuidField, z } from "../zod";

/** spec 001 §9: 1 to 10 services per appointment. */
export const MAX_SERVICES_PER_APPOINTMENT = 10;
/** The free-slot search covers at most this many days (both ends included), so it answers while a caller waits. */
export const MAX_FREE_SLOT_RANGE_DAYS = 62;
/** Free-slot starts sit on this clock grid (:00, :05, …; docs/architecture.md, REST details). */
export const SLOT_GRID_MINUTES = 5;

/** spec 001 §4, Appointment status: the pt-BR labels. */
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  SCHEDULED: "Agendado",
  COMPLETED: "Realizado",
  CANCELED: "Cancelado",
  NO_SHOW: "Não compareceu",
};

export const APPOINTMENT_MESSAGES = {
  clientRequired: "ID do cliente é obrigatório",
  clientInvalid: "ID do cliente deve ser um UUID válido",
  professionalRequired: "ID do profissional é obrigatório",
  professionalInvalid: "ID do profissional deve ser um UUID válido",
  establishmentRequired: "ID do estabelecimento é obrigatório",
  establishmentInvalid: "ID do estabelecimento deve ser um UUID válido",
  scheduledAtRequired: "Data e horário do agendamento são obrigatórios",
  /** Not in the spec: an unparseable date-time (the form never sends one). */
  scheduledAtInvalid: "Data e horário do agendamento inválidos",
  scheduledAtFuture: "Data de agendamento deve ser no futuro",
  servicesMin: "Deve conter pelo menos 1 serviço",
  servicesMax: "Deve conter no máximo 10 serviços",
  serviceInvalid: "ID do serviço deve ser um UUID válido",
  observationsBlank: OBSERVATIONS_BLANK,
  observationsMax: "Observações não podem exceder 2000 caracteres",
  statusRequired: "Status é obrigatório",
  statusInvalid: "Status deve ser um valor válido",
  listDatesRequired: "Datas de início e fim são obrigatórias para carregar agendamentos",
  // Not in the spec (the form never sends them): bad dates and ranges in queries.
  startDateRequired: "Data de início é obrigatória",
  endDateRequired: "Data de fim é obrigatória",
  startDateInvalid: "Data de início inválida",
  endDateInvalid: "Data de fim inválida",
  dateRangeOrder: DATE_RANGE_ORDER,
  freeSlotRangeMax: `Intervalo de datas não pode exceder ${MAX_FREE_SLOT_RANGE_DAYS} dias`,
  // spec 001 §8, store fallback names: the booking rules' answers for ids that do not resolve.
  clientNotFound: NOT_FOUND.client,
  professionalNotFound: NOT_FOUND.professional,
  establishmentNotFound: NOT_FOUND.establishment,
  serviceNotFound: NOT_FOUND.service,
  appointmentNotFound: "Agendamento não encontrado",
  /** A race lost to the exclusion constraint when the winner is not visible yet. */
  conflictGeneric: "Conflito com agendamento existente",
  /** spec 001 §5, advisory check: the two warnings. */
  noAvailabilityHere: "Profissional não disponível neste local na data selecionada",
  noAvailability:
    "Profissional não possui disponibilidades cadastradas. Configure as disponibilidades primeiro ou crie o agendamento manualmente.",
  /** spec 001 §5: the confirmation the form asks for the two warnings. */
  warningConfirmation:
    "Deseja criar o agendamento mesmo assim? Certifique-se de que o profissional estará disponível no horário.",
  /** spec 001 §5: the toast of the two blocking outcomes. */
  unavailableToast: "Horário não disponível",
  cannotConfirmCanceled: "Agendamento cancelado não pode ser confirmado",
} as const;

const range = (start: number, end: number) => `${formatMinutesOfDay(start)} - ${formatMinutesOfDay(end)}`;

/** 'Horário fora da disponibilidade (08:00 - 12:00)': the window, in minutes of the São Paulo day. */
export function outsideWindowMessage(windowStart: number, windowEnd: number): string {
  return `Horário fora da disponibilidade (${range(windowStart, windowEnd)})`;
}

/** 'Conflito com agendamento existente (10:00 - 10:45)': the EXISTING appointment's occupied range. */
export function conflictMessage(existingStart: number, existingEnd: number): string {
  return `Conflito com agendamento existente (${range(existingStart, existingEnd)})`;
}

/** 'Horário disponível (até 10:45)'. */
export function availableMessage(end: number): string {
  return `Horário disponível (até ${formatMinutesOfDay(end)})`;
}

/** 'Serviço Limpeza não é oferecido por este profissional neste local'. */
export function serviceNotOfferedMessage(serviceName: string): string {
  return `Serviço ${serviceName} não é oferecido por este profissional neste local`;
}

// ─── Fields ──────────────────────────────────────────────────────────────────────────────────────────────────────

const m = APPOINTMENT_MESSAGES;

export const clientIdField = uuidField({ required: m.clientRequired, invalid: m.clientInvalid });
export const professionalIdField = uuidField({
  required: m.professionalRequired,
  invalid: m.professionalInvalid,
});
export const establishmentIdField = uuidField({
  required: m.establishmentRequired,
  invalid: m.establishmentInvalid,
});

/**
 * The start of the appointment, any ISO 8601 date-time with an offset. Appointments are whole minutes (the wire
 * carries `HH:mm:00`), so seconds are dropped here: what is stored is what is shown.
 */
export const scheduledAtField = offsetDateTime({
  required: m.scheduledAtRequired,
  invalid: m.scheduledAtInvalid,
}).transform((instant) => new Date(Math.floor(instant.getTime() / 60_000) * 60_000));

const serviceIds = z
  .array(z.uuid({ error: m.serviceInvalid }), {
    error: (issue) => (issue.input === undefined || issue.input === null ? m.servicesMin : undefined),
  })
  .min(1, m.servicesMin)
  .max(MAX_SERVICES_PER_APPOINTMENT, m.servicesMax);

/** 1-10 service ids (create and update send plain ids, spec 001 §3). */
export const offeredServiceIdsField = serviceIds;
/** The same list in a query string (`offeredServices=id,id`); tRPC callers send an array. */
export const offeredServiceIdsQuery = csvList(serviceIds);

export const observationsField = optionalText({
  blank: m.observationsBlank,
  max: [2000, m.observationsMax],
  multiline: true,
});

export const statusField = z.enum(APPOINTMENT_STATUSES, {
  error: (issue) => (issue.input === undefined || issue.input === null ? m.statusRequired : m.statusInvalid),
});

// ─── Inputs ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** spec 001 §5, Appointment create form; §7 Create appointment. New appointments are SCHEDULED (§4). */
export const AppointmentCreateInput = z.object({
  clientId: clientIdField,
  professionalId: professionalIdField,
  establishmentId: establishmentIdField,
  scheduledAt: scheduledAtField,
  offeredServices: offeredServiceIdsField,
  observations: observationsField,
});
export type AppointmentCreateInput = z.input<typeof AppointmentCreateInput>;

/** spec 001 §5, Edit form: a PUT replaces the editable fields, status included. */
export const AppointmentUpdateInput = AppointmentCreateInput.extend({
  id: z.uuid({ error: "ID inválido" }),
  status: statusField,
});
export type AppointmentUpdateInput = z.input<typeof AppointmentUpdateInput>;

const optionalUuid = (invalid: string) => z.uuid({ error: invalid }).optional();

const listDate = isoDate({ required: m.listDatesRequired, invalid: m.listDatesRequired });

function rangeOrdered(value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  if (value.endDate < value.startDate) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: m.dateRangeOrder });
  }
}

/** spec 001 §7: both dates required (yyyy-MM-dd, both included); filters optional. */
export const AppointmentListInput = z
  .object({
    startDate: listDate,
    endDate: listDate,
    professionalId: optionalUuid(m.professionalInvalid),
    establishmentId: optionalUuid(m.establishmentInvalid),
    clientId: optionalUuid(m.clientInvalid),
  })
  .superRefine(rangeOrdered);
export type AppointmentListInput = z.input<typeof AppointmentListInput>;

/**
 * docs/architecture.md, REST details: the advisory check. `appointmentId` (our addition, optional) names the
 * appointment being edited, so it does not conflict with itself.
 */
export const AvailabilityCheckInput = z.object({
  professionalId: professionalIdField,
  establishmentId: establishmentIdField,
  scheduledAt: scheduledAtField,
  offeredServices: offeredServiceIdsQuery,
  appointmentId: z.uuid({ error: "ID inválido" }).optional(),
});
export type AvailabilityCheckInput = z.input<typeof AvailabilityCheckInput>;

/** docs/architecture.md, REST details: free slots for 1-10 services over at most 62 days. */
export const FreeSlotsInput = z
  .object({
    offeredServices: offeredServiceIdsQuery,
    startDate: isoDate({ required: m.startDateRequired, invalid: m.startDateInvalid }),
    endDate: isoDate({ required: m.endDateRequired, invalid: m.endDateInvalid }),
    professionalId: optionalUuid(m.professionalInvalid),
    establishmentId: optionalUuid(m.establishmentInvalid),
  })
  .superRefine((value, ctx) => {
    rangeOrdered(value, ctx);
    const days = dayNumber(value.endDate) - dayNumber(value.startDate) + 1;
    if (days > MAX_FREE_SLOT_RANGE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: m.freeSlotRangeMax });
    }
  });
export type FreeSlotsInput = z.input<typeof FreeSlotsInput>;

// ─── Outputs (plain JSON: times are wire strings) ────────────────────────────────────────────────────────────────

export const AppointmentServiceItem = z.object({
  offeredServiceId: z.string(),
  offeredServiceName: z.string(),
  duration: z.number().int(),
  bufferDurationBefore: z.number().int(),
  bufferDurationAfter: z.number().int(),
});
export type AppointmentServiceItem = z.infer<typeof AppointmentServiceItem>;

export const Appointment = z.object({
  id: z.string(),
  tenantId: z.string(),
  clientId: z.string(),
  professionalId: z.string(),
  establishmentId: z.string(),
  /** `yyyy-MM-ddTHH:mm:00-03:00`. */
  scheduledAt: z.string(),
  /** The end of the occupied range (scheduledAt + Σ duration and both buffers), same format. */
  endsAt: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  observations: z.string().nullable(),
  /** `yyyy-MM-ddTHH:mm:ss-03:00`, null until confirmed. */
  confirmedAt: z.string().nullable(),
  /** How the confirmation came: TEAM (dashboard or REST), CALL (the agent on a call), WHATSAPP (a button). */
  confirmedVia: z.enum(CONFIRMED_VIA).nullable(),
  offeredServices: z.array(AppointmentServiceItem),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof Appointment>;

export const AVAILABILITY_CHECK_STATUSES = [
  "AVAILABLE",
  "NO_AVAILABILITY_HERE",
  "NO_AVAILABILITY",
  "OUTSIDE_WINDOW",
  "CONFLICT",
] as const;
export type AvailabilityCheckStatus = (typeof AVAILABILITY_CHECK_STATUSES)[number];
/** The outcomes that refuse a booking; the other two non-AVAILABLE ones are warnings (spec 001 §5). */
export const BLOCKING_CHECK_STATUSES = [
  "OUTSIDE_WINDOW",
  "CONFLICT",
] as const satisfies readonly AvailabilityCheckStatus[];

export const AvailabilityCheckResult = z.object({
  status: z.enum(AVAILABILITY_CHECK_STATUSES),
  message: z.string(),
  /** The end of the occupied range the booking would have. */
  endsAt: z.string(),
});
export type AvailabilityCheckResult = z.infer<typeof AvailabilityCheckResult>;

export const FreeSlot = z.object({
  start: z.string(),
  end: z.string(),
  professionalId: z.string(),
  establishmentId: z.string(),
});
export type FreeSlot = z.infer<typeof FreeSlot>;
