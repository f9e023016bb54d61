// The availability form and its calls (spec 001 §3, §5 'Availability form', §7; docs/architecture.md, REST details).
// Browser-safe: the web form, the tRPC procedures and the REST shims validate with these very schemas.
import { DAYS_OF_WEEK, OCCURRENCE_SCOPES, PATTERN_TYPES } from "../enums";
import { DATE_OUT_OF_RANGE, DATE_RANGE_ORDER, NOT_FOUND } from "../messages";
import { type DateProblem, dayNumber, minutesOfDay, parseDateTimeInRange, timeOfDayOf } from "../time";
import { isoDate, optionalText, textCharacters, z } from "../zod";

export const AVAILABILITY_MESSAGES = {
  professionalRequired: "ID do profissional é obrigatório",
  professionalInvalid: "ID do profissional inválido",
  professionalNotFound: NOT_FOUND.professional,
  establishmentRequired: "ID do estabelecimento é obrigatório",
  establishmentInvalid: "ID do estabelecimento inválido",
  establishmentNotFound: NOT_FOUND.establishment,
  timeInvalid: "Formato de horário inválido",
  startRequired: "Horário de início é obrigatório",
  endRequired: "Horário de fim é obrigatório",
  startBeforeEnd: "Horário de início deve ser antes do horário de fim",
  patternRequired: "Padrão de recorrência é obrigatório",
  patternTypeInvalid: "Tipo de padrão inválido (use WEEKLY, MONTHLY ou MANUAL_DATES)",
  daysOfWeekRequired: "Pelo menos um dia da semana deve ser especificado",
  dayOfWeekInvalid: "Dia da semana inválido (use MONDAY a SUNDAY)",
  dayOfMonthMin: "Dia do mês deve ser >= 1",
  dayOfMonthMax: "Dia do mês deve ser <= 31",
  dayOfMonthInvalid: "Dia do mês deve ser um número inteiro",
  daysOfMonthRequired: "Pelo menos um dia do mês deve ser especificado",
  datesRequired: "Pelo menos uma data deve ser especificada para padrão manual",
  datesMax: "No máximo 366 datas podem ser especificadas",
  dateRequired: "Data é obrigatória",
  dateInvalid: "Data inválida",
  periodStartRequired: "Data de início é obrigatória",
  periodStartInvalid: "Data de início inválida",
  periodEndRequired: "Data de fim é obrigatória",
  periodEndInvalid: "Data de fim inválida",
  periodOrder: DATE_RANGE_ORDER,
  periodMax: "O período deve ter no máximo 2 anos",
  notesMax: "Notas devem ter no máximo 1000 caracteres",
  notesBlank: "Notas não podem estar em branco",
  scopeRequired: "Escopo é obrigatório",
  scopeInvalid: "Escopo inválido (use SINGLE, FUTURE ou ALL)",
  rangeMax: "O intervalo deve ter no máximo 400 dias",
  notFound: "Disponibilidade não encontrada",
  occurrenceNotFound: "Ocorrência não encontrada",
  duplicate:
    "Já existe uma disponibilidade igual para este profissional neste local, nos mesmos dias e horário",
} as const;

const M = AVAILABILITY_MESSAGES;

/** Longest period of a WEEKLY or MONTHLY pattern, in days from start to end (two years, one leap day). */
export const MAX_PERIOD_DAYS = 731;
/** Most dates of a MANUAL_DATES pattern. */
export const MAX_MANUAL_DATES = 366;
/** Longest range of the expanded list, both ends included. */
export const MAX_EXPANDED_RANGE_DAYS = 400;

const isMissing = (input: unknown) => input === undefined || input === null || input === "";

// São Paulo has kept -03:00 since 2019; a bare time of day carries no date to look an older offset up with.
const SAO_PAULO_OFFSET = -180;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function offsetMinutes(offset: string): number {
  if (offset === "Z") return 0;
  const sign = offset.startsWith("-") ? -1 : 1;
  const digits = offset.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

/**
 * The São Paulo time of day, in minutes since midnight, of a slot time: a wire time
 * (`yyyy-MM-ddTHH:mm:00-03:00`, any ISO 8601 date-time with an offset, its date within the calendar's years), `HH:mm`,
 * `HH:mm:ss` or `HH:mm:ss-03:00`. Seconds are dropped. Else why it is not one.
 */
export function parseSlotTime(value: string): number | DateProblem {
  const text = value.trim();
  if (text.includes("T")) {
    const instant = parseDateTimeInRange(text);
    return instant instanceof Date ? minutesOfDay(timeOfDayOf(instant)) : instant;
  }
  const m = TIME_OF_DAY.exec(text);
  if (!m) return "invalid";
  const [, hh, mm, ss, offset] = m;
  const hours = Number(hh);
  const minutes = Number(mm);
  if (hours > 23 || minutes > 59 || Number(ss ?? 0) > 59) return "invalid";
  const local = hours * 60 + minutes;
  if (!offset) return local;
  return (((local - offsetMinutes(offset) + SAO_PAULO_OFFSET) % 1440) + 1440) % 1440;
}

function slotTime(required: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? required : M.timeInvalid) })
    .check(textCharacters())
    .transform((value, ctx) => {
      if (value.trim() === "") {
        ctx.addIssue({ code: "custom", message: required });
        return z.NEVER;
      }
      const minutes = parseSlotTime(value);
      if (typeof minutes !== "number") {
        const message = minutes === "out-of-range" ? DATE_OUT_OF_RANGE : M.timeInvalid;
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return minutes;
    });
}

/**
 * A window `{start, end}` as São Paulo minutes of the day; start strictly before end (spec 001 §5). A missing slot
 * reports both times as required, on `slot.start` and `slot.end`.
 */
export const slotInput = z.preprocess(
  (value) => value ?? {},
  z
    .object({ start: slotTime(M.startRequired), end: slotTime(M.endRequired) })
    .refine((slot) => slot.start < slot.end, { message: M.startBeforeEnd, path: ["start"] }),
);

function idField(required: string, invalid: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? required : invalid) })
    .trim()
    .min(1, required)
    .pipe(z.uuid({ error: invalid }));
}

export const notesInput = optionalText({ blank: M.notesBlank, max: [1000, M.notesMax], multiline: true });

const period = z.preprocess(
  (value) => value ?? {},
  z
    .object({
      start: isoDate({ required: M.periodStartRequired, invalid: M.periodStartInvalid }),
      end: isoDate({ required: M.periodEndRequired, invalid: M.periodEndInvalid }),
    })
    .refine((p) => p.end >= p.start, { message: M.periodOrder, path: ["end"] })
    .refine((p) => dayNumber(p.end) - dayNumber(p.start) <= MAX_PERIOD_DAYS, {
      message: M.periodMax,
      path: ["end"],
    }),
);

const dayOfWeek = z.enum(DAYS_OF_WEEK, { error: M.dayOfWeekInvalid });

const dayOfMonth = z
  .number({ error: M.dayOfMonthInvalid })
  .int({ error: M.dayOfMonthInvalid })
  .min(1, M.dayOfMonthMin)
  .max(31, M.dayOfMonthMax);

const ascendingUnique = <T extends string | number>(values: T[]) =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const weeklyPattern = z.object({
  type: z.literal("WEEKLY"),
  daysOfWeek: z
    .array(dayOfWeek, { error: M.daysOfWeekRequired })
    .min(1, M.daysOfWeekRequired)
    .transform((days) => DAYS_OF_WEEK.filter((day) => days.includes(day))),
  period,
});

const monthlyPattern = z.object({
  type: z.literal("MONTHLY"),
  daysOfMonth: z
    .array(dayOfMonth, { error: M.daysOfMonthRequired })
    .min(1, M.daysOfMonthRequired)
    .transform(ascendingUnique),
  period,
});

const manualPattern = z.object({
  type: z.literal("MANUAL_DATES"),
  dates: z
    .array(isoDate({ required: M.dateRequired, invalid: M.dateInvalid }), { error: M.datesRequired })
    .min(1, M.datesRequired)
    .max(MAX_MANUAL_DATES, M.datesMax)
    .transform(ascendingUnique),
});

export const patternInput = z.discriminatedUnion("type", [weeklyPattern, monthlyPattern, manualPattern], {
  error: (issue) => (issue.code === "invalid_union" ? M.patternTypeInvalid : M.patternRequired),
});

/** A per-date change sent with a creation payload (the web form always sends none; spec 001 §3). */
export const exceptionInput = z.object({
  date: isoDate({ required: M.dateRequired, invalid: M.dateInvalid }),
  cancelled: z.boolean().optional().default(false),
  slot: z
    .object({ start: slotTime(M.startRequired), end: slotTime(M.endRequired) })
    .refine((slot) => slot.start < slot.end, { message: M.startBeforeEnd, path: ["start"] })
    .nullish()
    .transform((slot) => slot ?? null),
  notes: notesInput,
});

/**
 * The creation payload (spec 001 §3): professionalId, establishmentId, slot, pattern, exceptions, notes.
 * `exceptions` may be omitted; an empty list changes nothing.
 */
export const availabilityInput = z.object({
  professionalId: idField(M.professionalRequired, M.professionalInvalid),
  establishmentId: idField(M.establishmentRequired, M.establishmentInvalid),
  slot: slotInput,
  pattern: patternInput,
  exceptions: z
    .array(exceptionInput)
    .max(MAX_MANUAL_DATES)
    .nullish()
    .transform((list) => list ?? []),
  notes: notesInput,
});
export type AvailabilityInput = z.input<typeof availabilityInput>;
export type AvailabilityData = z.output<typeof availabilityInput>;

const availabilityId = z.uuid({ error: "ID inválido" });

export const availabilityUpdateInput = availabilityInput.extend({ id: availabilityId });

export const availabilityListInput = z.object({
  professionalId: z.uuid({ error: M.professionalInvalid }).optional(),
  establishmentId: z.uuid({ error: M.establishmentInvalid }).optional(),
});

/** The agenda's range (spec 001 §4 'Agenda loading'); without dates, the current São Paulo month. */
export const expandedListInput = z
  .object({
    startDate: isoDate({ required: M.periodStartInvalid, invalid: M.periodStartInvalid }).optional(),
    endDate: isoDate({ required: M.periodEndInvalid, invalid: M.periodEndInvalid }).optional(),
    professionalId: z.uuid({ error: M.professionalInvalid }).optional(),
    establishmentId: z.uuid({ error: M.establishmentInvalid }).optional(),
  })
  .refine((r) => !r.startDate || !r.endDate || r.endDate >= r.startDate, {
    message: M.periodOrder,
    path: ["endDate"],
  })
  .refine(
    (r) =>
      !r.startDate || !r.endDate || dayNumber(r.endDate) - dayNumber(r.startDate) < MAX_EXPANDED_RANGE_DAYS,
    { message: M.rangeMax, path: ["endDate"] },
  );

const scope = z.enum(OCCURRENCE_SCOPES, {
  error: (issue) => (isMissing(issue.input) ? M.scopeRequired : M.scopeInvalid),
});

/** `occurrenceId` is the occurrence's date (docs/architecture.md, REST details); anything else is not found. */
const occurrenceId = z.string({ error: M.occurrenceNotFound });

export const occurrenceEditInput = z.object({
  id: availabilityId,
  occurrenceId,
  slot: slotInput,
  notes: notesInput,
  scope,
});

export const occurrenceCancelInput = z.object({ id: availabilityId, occurrenceId, scope });

// ─── Outputs (plain JSON, no transforms: /openapi.json is generated from them) ───────────────────────────────────

const wireSlot = z.object({
  start: z.string().describe("yyyy-MM-ddTHH:mm:00-03:00"),
  end: z.string().describe("yyyy-MM-ddTHH:mm:00-03:00"),
});

export const availabilityRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  professionalId: z.string(),
  establishmentId: z.string(),
  pattern: z.object({
    type: z.enum(PATTERN_TYPES),
    daysOfWeek: z.array(z.enum(DAYS_OF_WEEK)).optional(),
    daysOfMonth: z.array(z.number()).optional(),
    period: z.object({ start: z.string(), end: z.string() }).optional(),
    dates: z.array(z.string()).optional(),
  }),
  slot: wireSlot.describe("Times of day, on the pattern's first date"),
  notes: z.string().nullable(),
  exceptions: z.array(
    z.object({
      date: z.string(),
      cancelled: z.boolean(),
      slot: wireSlot.nullable().describe("The edited window on that date; null when cancelled or unchanged"),
      notes: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
});
export type AvailabilityRecord = z.infer<typeof availabilityRecord>;

/** One expanded occurrence (spec 001 §3 'Availability (expanded occurrence)'): `id` is the availability's id. */
export const expandedOccurrence = z.object({
  id: z.string(),
  professionalId: z.string(),
  establishmentId: z.string(),
  date: z.string(),
  slot: wireSlot,
  notes: z.string().nullable(),
  patternType: z.enum(PATTERN_TYPES),
});
export type ExpandedOccurrence = z.infer<typeof expandedOccurrence>;
