// Establishments (spec 001 §3, §4 form dependencies, §5 Location, §9 limits). The form, the procedures and the
// REST shims validate with these schemas.
import { LIMITS } from "../catalogue-constants";
import { PARKING_TYPES } from "../enums";
import { NOT_FOUND } from "../messages";
import { optionalText, requiredText, z } from "../zod";
import { flag, wireInstant } from "./catalogue-fields";

const L = LIMITS.establishment;

export const ESTABLISHMENT_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  nameLength: "Nome deve ter entre 2 e 200 caracteres",
  addressRequired: "Endereço é obrigatório",
  addressMin: "Endereço deve ter pelo menos 10 caracteres",
  addressMax: "Endereço não pode exceder 500 caracteres",
  descriptionBlank: "Descrição não pode estar em branco se fornecida",
  descriptionMax: "Descrição não pode exceder 1000 caracteres",
  parkingTypeRequired: "Tipo de estacionamento deve ser especificado quando estacionamento está disponível",
  parkingTypeInvalid: "Tipo de estacionamento deve ser FREE ou PAID",
  hasParkingInvalid: "Estacionamento deve ser verdadeiro ou falso",
  hasAccessibilityInvalid: "Acessibilidade deve ser verdadeiro ou falso",
  notFound: NOT_FOUND.establishment,
} as const;
const M = ESTABLISHMENT_MESSAGES;

const fields = {
  name: requiredText({
    required: M.nameRequired,
    min: [L.name.min, M.nameLength],
    max: [L.name.max, M.nameLength],
  }),
  address: requiredText({
    required: M.addressRequired,
    min: [L.address.min, M.addressMin],
    max: [L.address.max, M.addressMax],
  }),
  description: optionalText({
    blank: M.descriptionBlank,
    max: [L.description.max, M.descriptionMax],
    multiline: true,
  }),
  hasParking: flag(false, M.hasParkingInvalid),
  parkingType: z.enum(PARKING_TYPES, { error: M.parkingTypeInvalid }).nullish(),
  hasAccessibility: flag(false, M.hasAccessibilityInvalid),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

/** spec 001 §4/§5: parkingType is required when there is parking and cleared when there is none. */
function parkingRule<T extends Fields>(value: T, ctx: z.core.$RefinementCtx<T>) {
  if (value.hasParking && !value.parkingType) {
    ctx.addIssue({ code: "custom", path: ["parkingType"], message: M.parkingTypeRequired });
  }
}

function normalise<T extends Fields>(value: T) {
  return { ...value, parkingType: value.hasParking ? (value.parkingType ?? null) : null };
}

export const EstablishmentCreateInput = z.object(fields).superRefine(parkingRule).transform(normalise);
/** PUT: replaces every editable field (an omitted optional field takes its default). `tenantId` is ignored. */
export const EstablishmentUpdateInput = z
  .object({ id: z.uuid({ error: "ID inválido" }), ...fields })
  .superRefine(parkingRule)
  .transform(normalise);

export const EstablishmentRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  address: z.string(),
  description: z.string().nullable(),
  hasParking: z.boolean(),
  parkingType: z.enum(PARKING_TYPES).nullable(),
  hasAccessibility: z.boolean(),
  createdAt: wireInstant,
});

export type EstablishmentFormValues = z.input<typeof EstablishmentCreateInput>;
export type EstablishmentCreate = z.output<typeof EstablishmentCreateInput>;
export type EstablishmentUpdate = z.output<typeof EstablishmentUpdateInput>;
export type Establishment = z.output<typeof EstablishmentRecord>;
