// The waitlist (issue 23 part 4; docs/decisions/0046-waitlist.md): a client's wish for a service with a professional
// (or any), at an establishment (or any), between two dates, in a part of the day. Browser-safe: the dashboard's
// dialog, the tRPC procedures and the REST shims validate with these very schemas.
import { DAY_PARTS, type DayPart, HOLD_STATUSES, WAITLIST_STATUSES, type WaitlistStatus } from "../enums";
import { DATE_RANGE_ORDER } from "../messages";
import { dayNumber, formatMinutesOfDay } from "../time";
import { isoDate, optionalText, uuidField, z } from "../zod";
import { wireInstant } from "./catalogue-fields";

/** Longest range of one wish, both ends included: beyond it the wish is a standing order, not a waitlist. */
export const MAX_WAITLIST_RANGE_DAYS = 180;

export const WAITLIST_MESSAGES = {
  clientRequired: "Paciente é obrigatório",
  clientInvalid: "ID do paciente inválido",
  clientNotFound: "Paciente não encontrado",
  serviceRequired: "Serviço é obrigatório",
  serviceInvalid: "ID do serviço inválido",
  serviceNotFound: "Serviço não encontrado",
  professionalInvalid: "ID do profissional inválido",
  professionalNotFound: "Profissional não encontrado",
  establishmentInvalid: "ID do local inválido",
  establishmentNotFound: "Local não encontrado",
  serviceNotOffered: "O profissional escolhido não realiza este serviço",
  serviceNotOfferedHere: "Este serviço não é oferecido no local escolhido",
  fromRequired: "Data inicial é obrigatória",
  fromInvalid: "Data inicial inválida",
  untilRequired: "Data final é obrigatória",
  untilInvalid: "Data final inválida",
  rangeOrder: DATE_RANGE_ORDER,
  rangeMax: `O período deve ter no máximo ${MAX_WAITLIST_RANGE_DAYS} dias`,
  untilPast: "O período já terminou: escolha uma data final a partir de hoje",
  dayPartInvalid: "Período do dia inválido (use MORNING, AFTERNOON, EVENING ou ANY)",
  statusInvalid: "Status inválido (use WAITING, OFFERED, BOOKED, CANCELLED ou EXPIRED)",
  notesBlank: "Observações não podem estar em branco se fornecidas",
  notesMax: "Observações não podem exceder 1000 caracteres",
  notFound: "Pedido da lista de espera não encontrado",
  offerNotFound: "Oferta da lista de espera não encontrada",
  offerClosed: "Esta oferta já foi respondida",
  offerExpired: "Esta oferta expirou: o horário foi oferecido ao próximo da lista de espera",
  holdMinutesRequired: "Tempo de reserva é obrigatório",
  holdMinutesInvalid: "Tempo de reserva deve ser um número inteiro de minutos",
  holdMinutesRange: "Tempo de reserva deve ser de 5 a 120 minutos",
  offerByCallInvalid: "Preferência de ligação deve ser verdadeiro ou falso",
} as const;
const M = WAITLIST_MESSAGES;

/** The dashboard's names of the parts of the day, with their São Paulo hours (decision 0046). */
export const DAY_PART_LABELS: Record<DayPart, string> = {
  MORNING: "Manhã (até 12h)",
  AFTERNOON: "Tarde (12h às 18h)",
  EVENING: "Noite (a partir das 18h)",
  ANY: "Qualquer horário",
};

/** The dashboard's name of a wish for any professional, and of "any establishment". */
export const ANY_PROFESSIONAL_LABEL = "Qualquer profissional";
export const ANY_ESTABLISHMENT_LABEL = "Qualquer local";

export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  WAITING: "Aguardando",
  OFFERED: "Vaga oferecida",
  BOOKED: "Agendado",
  CANCELLED: "Cancelado",
  EXPIRED: "Expirado",
};

/** The label of a hold on the agenda (decision 0046). */
export const HOLD_LABEL = "Reservado para lista de espera";

/**
 * 'Horário reservado para um paciente da lista de espera até 14:15 (10:00 - 10:30)': a booking on a slot held for
 * another client's wish, with the hold's expiry and range, minutes of the São Paulo day.
 */
export function heldSlotMessage(expiresMinute: number, start: number, end: number): string {
  return `Horário reservado para um paciente da lista de espera até ${formatMinutesOfDay(expiresMinute)} (${formatMinutesOfDay(start)} - ${formatMinutesOfDay(end)})`;
}

/** An optional reference: absent, null or "" mean "any". */
const anyOr = (invalid: string) =>
  z
    .string({ error: invalid })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!z.uuid().safeParse(value).success) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return value;
    });

const dayPartField = z.enum(DAY_PARTS, { error: M.dayPartInvalid });

export const WaitlistCreateInput = z
  .object({
    clientId: uuidField({ required: M.clientRequired, invalid: M.clientInvalid }),
    offeredServiceId: uuidField({ required: M.serviceRequired, invalid: M.serviceInvalid }),
    /** null: any professional who performs the service. */
    professionalId: anyOr(M.professionalInvalid),
    /** null: any establishment that offers the service. */
    establishmentId: anyOr(M.establishmentInvalid),
    fromDate: isoDate({ required: M.fromRequired, invalid: M.fromInvalid }),
    untilDate: isoDate({ required: M.untilRequired, invalid: M.untilInvalid }),
    dayPart: dayPartField.default("ANY"),
    notes: optionalText({ blank: M.notesBlank, max: [1000, M.notesMax], multiline: true }),
    /**
     * The client asked to be called about an offer (docs/decisions/0057-waitlist-offer-call.md): the agent calls even
     * when WhatsApp would reach them.
     */
    offerByCall: z.boolean({ error: M.offerByCallInvalid }).default(false),
  })
  .superRefine((input, ctx) => {
    const days = dayNumber(input.untilDate) - dayNumber(input.fromDate);
    if (days < 0) ctx.addIssue({ code: "custom", path: ["untilDate"], message: M.rangeOrder });
    else if (days + 1 > MAX_WAITLIST_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["untilDate"], message: M.rangeMax });
  });

/** The list, filtered by professional (exactly that one) and status; REST sends them as query parameters. */
export const WaitlistListInput = z
  .object({
    professionalId: uuidField({ required: M.professionalInvalid, invalid: M.professionalInvalid }).optional(),
    status: z.enum(WAITLIST_STATUSES, { error: M.statusInvalid }).optional(),
  })
  .optional()
  .transform((input) => ({ professionalId: input?.professionalId, status: input?.status }));

export const WaitlistRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  offeredServiceId: z.string(),
  offeredServiceName: z.string(),
  professionalId: z.string().nullable(),
  professionalName: z.string().nullable(),
  establishmentId: z.string().nullable(),
  establishmentName: z.string().nullable(),
  fromDate: z.string(),
  untilDate: z.string(),
  dayPart: z.enum(DAY_PARTS),
  notes: z.string().nullable(),
  offerByCall: z.boolean(),
  status: z.enum(WAITLIST_STATUSES),
  createdAt: wireInstant,
  /** The offer that is open for this wish (an ACTIVE hold not yet expired), if any. */
  offer: z
    .object({
      id: z.string(),
      professionalId: z.string(),
      professionalName: z.string(),
      establishmentId: z.string(),
      establishmentName: z.string(),
      startsAt: wireInstant,
      endsAt: wireInstant,
      expiresAt: wireInstant,
      /** The channel that sent it, or "STAFF" when none could: the clinic tells the client and answers here. */
      sentVia: z.string().nullable(),
    })
    .nullable(),
  /** When the wish was booked from an offer: the appointment. */
  appointmentId: z.string().nullable(),
});

/** A hold as the agenda shows it: the slot, whom it is for, until when. */
export const WaitlistHoldRecord = z.object({
  id: z.string(),
  waitlistEntryId: z.string(),
  clientName: z.string(),
  offeredServiceName: z.string(),
  professionalId: z.string(),
  establishmentId: z.string(),
  startsAt: wireInstant,
  endsAt: wireInstant,
  expiresAt: wireInstant,
  status: z.enum(HOLD_STATUSES),
});

/** The agenda's holds: ACTIVE and unexpired ones whose start falls on the São Paulo dates given (both included). */
export const WaitlistHoldsInput = z.object({
  startDate: isoDate({ required: M.fromRequired, invalid: M.fromInvalid }),
  endDate: isoDate({ required: M.untilRequired, invalid: M.untilInvalid }),
  professionalId: uuidField({ required: M.professionalInvalid, invalid: M.professionalInvalid }).optional(),
});

/** Accepting or declining an offer (its hold's id). */
export const WaitlistOfferInput = z.object({
  id: uuidField({ required: M.offerNotFound, invalid: M.offerNotFound }),
});

/**
 * An offer as its call's agent reads it (docs/decisions/0057-waitlist-offer-call.md): the held slot, the wish's client
 * and the names the agent says, and whether it is still open (ACTIVE and not run out).
 */
export const WaitlistCallOffer = z.object({
  id: z.string(),
  open: z.boolean(),
  clientId: z.string(),
  offeredServiceId: z.string(),
  offeredServiceName: z.string(),
  professionalId: z.string(),
  professionalName: z.string(),
  establishmentId: z.string(),
  establishmentName: z.string(),
  startsAt: wireInstant,
  endsAt: wireInstant,
  expiresAt: wireInstant,
});
export type WaitlistCallOfferRecord = z.output<typeof WaitlistCallOffer>;

/** How long a freed slot is held for the wish it is offered to, per tenant (decision 0046; default 15 minutes). */
export const WaitlistSettings = z.object({
  holdMinutes: z
    .number({ error: (issue) => (issue.input === undefined ? M.holdMinutesRequired : M.holdMinutesInvalid) })
    .int(M.holdMinutesInvalid)
    .min(5, M.holdMinutesRange)
    .max(120, M.holdMinutesRange),
});
export type WaitlistSettingsValues = z.output<typeof WaitlistSettings>;

export type WaitlistFormValues = z.input<typeof WaitlistCreateInput>;
export type WaitlistCreate = z.output<typeof WaitlistCreateInput>;
export type WaitlistEntry = z.output<typeof WaitlistRecord>;
export type WaitlistHold = z.output<typeof WaitlistHoldRecord>;
