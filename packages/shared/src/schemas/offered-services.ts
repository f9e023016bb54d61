// Offered services (spec 001 §3, §4 form dependencies, §5 Offered service, §9 limits and defaults).
import { OFFERED_SERVICE_DEFAULTS as D, LIMITS } from "../catalogue-constants";
import { MODALITIES, PRICE_TYPES } from "../enums";
import { NOT_FOUND } from "../messages";
import { optionalText, requiredText, z } from "../zod";
import { enumWithDefault, flag, idList, integerWithDefault, wireInstant } from "./catalogue-fields";

const L = LIMITS.offeredService;

export const OFFERED_SERVICE_MESSAGES = {
  nameRequired: "Nome do serviço é obrigatório",
  nameLength: "Nome do serviço deve ter entre 2 e 200 caracteres",
  durationRequired: "Duração é obrigatória",
  durationInteger: "Duração deve ser um número inteiro de minutos",
  durationMin: "Duração deve ser de pelo menos 1 minuto",
  durationMax: "Duração não pode exceder 24 horas (1440 minutos)",
  bufferBeforeRequired: "Buffer antes é obrigatório",
  bufferBeforeInteger: "Buffer antes deve ser um número inteiro de minutos",
  bufferBeforeMin: "Buffer antes não pode ser negativo",
  bufferBeforeMax: "Buffer antes não pode exceder 2 horas (120 minutos)",
  bufferAfterRequired: "Buffer depois é obrigatório",
  bufferAfterInteger: "Buffer depois deve ser um número inteiro de minutos",
  bufferAfterMin: "Buffer depois não pode ser negativo",
  bufferAfterMax: "Buffer depois não pode exceder 2 horas (120 minutos)",
  priceTypeRequired: "Tipo de preço é obrigatório",
  priceTypeInvalid: "Tipo de preço deve ser FIXED ou VARIABLE",
  priceMin: "Preço deve ser pelo menos 0",
  priceInteger: "Preço deve ser um número inteiro de centavos",
  priceMax: "Preço não pode exceder R$ 1.000.000,00",
  priceRequiredWhenFixed: "Preço deve ser especificado para tipo de preço fixo",
  establishmentsRequired: "Estabelecimentos disponíveis são obrigatórios",
  establishmentIdInvalid: "ID do estabelecimento deve ser um UUID válido",
  establishmentNotFound: NOT_FOUND.establishment,
  professionalsRequired: "Profissionais permitidos são obrigatórios",
  professionalIdInvalid: "ID do profissional deve ser um UUID válido",
  professionalNotFound: NOT_FOUND.professional,
  modalityRequired: "Modalidade é obrigatória",
  modalityInvalid: "Modalidade deve ser IN_PERSON, REMOTE ou BOTH",
  childFriendlyInvalid: "Atende crianças deve ser verdadeiro ou falso",
  childAgeObservationBlank: "Observação sobre idade não pode estar em branco se fornecida",
  childAgeObservationMax: "Observação sobre idade não pode exceder 500 caracteres",
  childAgeObservationMustBeNull:
    "Observação sobre idade deve ser nula se serviço não for adequado para crianças",
  requiresPreparationInvalid: "Preparo prévio deve ser verdadeiro ou falso",
  preparationInstructionsBlank: "Instruções de preparação não podem estar em branco se fornecidas",
  preparationInstructionsMax: "Instruções de preparação não podem exceder 1000 caracteres",
  preparationInstructionsRequired:
    "Instruções de preparação devem ser fornecidas se serviço requer preparação",
  observationBlank: "Observação não pode estar em branco se fornecida",
  observationMax: "Observação não pode exceder 1000 caracteres",
  notFound: NOT_FOUND.service,
} as const;
const M = OFFERED_SERVICE_MESSAGES;

const fields = {
  name: requiredText({
    required: M.nameRequired,
    min: [L.name.min, M.nameLength],
    max: [L.name.max, M.nameLength],
  }),
  duration: integerWithDefault({
    fallback: D.duration,
    required: M.durationRequired,
    integer: M.durationInteger,
    min: [L.duration.min, M.durationMin],
    max: [L.duration.max, M.durationMax],
  }),
  bufferDurationBefore: integerWithDefault({
    fallback: D.bufferDurationBefore,
    required: M.bufferBeforeRequired,
    integer: M.bufferBeforeInteger,
    min: [L.buffer.min, M.bufferBeforeMin],
    max: [L.buffer.max, M.bufferBeforeMax],
  }),
  bufferDurationAfter: integerWithDefault({
    fallback: D.bufferDurationAfter,
    required: M.bufferAfterRequired,
    integer: M.bufferAfterInteger,
    min: [L.buffer.min, M.bufferAfterMin],
    max: [L.buffer.max, M.bufferAfterMax],
  }),
  priceType: enumWithDefault(PRICE_TYPES, D.priceType, {
    required: M.priceTypeRequired,
    invalid: M.priceTypeInvalid,
  }),
  /** Omitted: 0 for FIXED (free, 'Gratuito'); null for FIXED is refused; VARIABLE clears it. */
  priceInCents: z
    .number({ error: M.priceInteger })
    .int(M.priceInteger)
    .min(L.priceInCents.min, M.priceMin)
    .max(L.priceInCents.max, M.priceMax)
    .nullish(),
  availableEstablishments: idList({ required: M.establishmentsRequired, invalid: M.establishmentIdInvalid }),
  allowedProfessionals: idList({ required: M.professionalsRequired, invalid: M.professionalIdInvalid }),
  modality: enumWithDefault(MODALITIES, D.modality, {
    required: M.modalityRequired,
    invalid: M.modalityInvalid,
  }),
  childFriendly: flag(D.childFriendly, M.childFriendlyInvalid),
  childAgeObservation: optionalText({
    blank: M.childAgeObservationBlank,
    max: [L.childAgeObservation.max, M.childAgeObservationMax],
    multiline: true,
  }),
  requiresPreparation: flag(D.requiresPreparation, M.requiresPreparationInvalid),
  preparationInstructions: optionalText({
    blank: M.preparationInstructionsBlank,
    max: [L.preparationInstructions.max, M.preparationInstructionsMax],
    multiline: true,
  }),
  observation: optionalText({
    blank: M.observationBlank,
    max: [L.observation.max, M.observationMax],
    multiline: true,
  }),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

/** spec 001 §4/§5: the rules between fields. */
function crossFieldRules<T extends Fields>(value: T, ctx: z.core.$RefinementCtx<T>) {
  if (value.priceType === "FIXED" && value.priceInCents === null) {
    ctx.addIssue({ code: "custom", path: ["priceInCents"], message: M.priceRequiredWhenFixed });
  }
  if (!value.childFriendly && value.childAgeObservation !== null) {
    ctx.addIssue({ code: "custom", path: ["childAgeObservation"], message: M.childAgeObservationMustBeNull });
  }
  if (value.requiresPreparation && value.preparationInstructions === null) {
    ctx.addIssue({
      code: "custom",
      path: ["preparationInstructions"],
      message: M.preparationInstructionsRequired,
    });
  }
}

/** spec 001 §4: VARIABLE clears the price; no preparation clears the instructions. */
function normalise<T extends Fields>(value: T) {
  return {
    ...value,
    priceInCents: value.priceType === "VARIABLE" ? null : (value.priceInCents ?? D.priceInCents),
    preparationInstructions: value.requiresPreparation ? value.preparationInstructions : null,
  };
}

export const OfferedServiceCreateInput = z.object(fields).superRefine(crossFieldRules).transform(normalise);
/** PUT: replaces every editable field (an omitted optional field takes its default). */
export const OfferedServiceUpdateInput = z
  .object({ id: z.uuid({ error: "ID inválido" }), ...fields })
  .superRefine(crossFieldRules)
  .transform(normalise);

export const OfferedServiceRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  duration: z.number().int(),
  bufferDurationBefore: z.number().int(),
  bufferDurationAfter: z.number().int(),
  priceType: z.enum(PRICE_TYPES),
  priceInCents: z.number().int().nullable(),
  /** Establishment ids, ordered by the establishments' names. */
  availableEstablishments: z.array(z.string()),
  /** Professional ids, ordered by the professionals' names. */
  allowedProfessionals: z.array(z.string()),
  modality: z.enum(MODALITIES),
  childFriendly: z.boolean(),
  childAgeObservation: z.string().nullable(),
  requiresPreparation: z.boolean(),
  preparationInstructions: z.string().nullable(),
  observation: z.string().nullable(),
  createdAt: wireInstant,
});

export type OfferedServiceFormValues = z.input<typeof OfferedServiceCreateInput>;
export type OfferedServiceCreate = z.output<typeof OfferedServiceCreateInput>;
export type OfferedServiceUpdate = z.output<typeof OfferedServiceUpdateInput>;
export type OfferedService = z.output<typeof OfferedServiceRecord>;
