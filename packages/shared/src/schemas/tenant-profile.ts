// The business profile (docs/decisions/0014-business-profile.md): what the agent may tell callers beyond the
// catalogues. `/dashboard/configuracoes` edits it; the owner updates, staff read.
import { LIMITS } from "../catalogue-constants";
import { BUSINESS_TYPES } from "../enums";
import { optionalText, requiredText, z } from "../zod";

const L = LIMITS.tenantProfile;

export const TENANT_PROFILE_MESSAGES = {
  ownerOnly: "Apenas o proprietário pode alterar o perfil do negócio.",
  nameRequired: "Nome do negócio é obrigatório",
  nameMin: `Nome do negócio deve ter pelo menos ${L.name.min} caracteres`,
  nameMax: `Nome do negócio não pode exceder ${L.name.max} caracteres`,
  businessTypeInvalid: `Tipo de negócio deve ser ${BUSINESS_TYPES.join(", ")}`,
  openingHoursBlank: "Horário de funcionamento não pode estar em branco se fornecido",
  openingHoursMax: `Horário de funcionamento não pode exceder ${L.openingHours.max} caracteres`,
  paymentMethodsBlank: "Formas de pagamento não podem estar em branco se fornecidas",
  paymentMethodsMax: `Formas de pagamento não podem exceder ${L.paymentMethods.max} caracteres`,
  notesBlank: "Observações não podem estar em branco se fornecidas",
  notesMax: `Observações não podem exceder ${L.notes.max} caracteres`,
} as const;
const M = TENANT_PROFILE_MESSAGES;

/**
 * The whole profile (PUT semantics): an optional field left out or null is cleared. Free texts are multi-line (the
 * form's text areas); the name is one line, as everywhere.
 */
export const TenantProfileUpdateInput = z.object({
  name: requiredText({
    required: M.nameRequired,
    min: [L.name.min, M.nameMin],
    max: [L.name.max, M.nameMax],
  }),
  businessType: z
    .enum(BUSINESS_TYPES, { error: M.businessTypeInvalid })
    .nullish()
    .transform((value) => value ?? null),
  openingHours: optionalText({
    blank: M.openingHoursBlank,
    max: [L.openingHours.max, M.openingHoursMax],
    multiline: true,
  }),
  paymentMethods: optionalText({
    blank: M.paymentMethodsBlank,
    max: [L.paymentMethods.max, M.paymentMethodsMax],
    multiline: true,
  }),
  notes: optionalText({ blank: M.notesBlank, max: [L.notes.max, M.notesMax], multiline: true }),
});
export type TenantProfileUpdate = z.infer<typeof TenantProfileUpdateInput>;

export const TenantProfile = z.object({
  name: z.string(),
  businessType: z.enum(BUSINESS_TYPES).nullable(),
  openingHours: z.string().nullable(),
  paymentMethods: z.string().nullable(),
  notes: z.string().nullable(),
});
export type TenantProfile = z.infer<typeof TenantProfile>;
