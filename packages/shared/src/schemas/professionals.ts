// Professionals (spec 001 §3, §5 Professional, §9 limits). The form's Portuguese names (nome, cargo,
// registroProfissional, telefone, planosSaudeIds, observacoes) map to these wire names on submit.
import { LIMITS } from "../catalogue-constants";
import { NOT_FOUND, OBSERVATIONS_BLANK } from "../messages";
import { looseText, optionalText, requiredText, textCharacters, z } from "../zod";
import { optionalEmail, wireInstant } from "./catalogue-fields";

const L = LIMITS.professional;

export const PROFESSIONAL_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  nameLength: "Nome deve ter entre 1 e 150 caracteres",
  specialtyRequired: "Especialidade é obrigatória",
  specialtyLength: "Especialidade deve ter entre 2 e 100 caracteres",
  registrationMax: "Registro profissional deve ter no máximo 50 caracteres",
  phoneNumberMax: "Telefone deve ter no máximo 30 caracteres",
  insuranceBlank: "Nome do convênio não pode estar em branco",
  insuranceMax: "Nome do convênio não pode exceder 100 caracteres",
  insurancesInvalid: "Convênios aceitos devem ser uma lista de nomes",
  observationsBlank: OBSERVATIONS_BLANK,
  observationsMax: "Observações não podem exceder 1000 caracteres",
  notFound: NOT_FOUND.professional,
} as const;
const M = PROFESSIONAL_MESSAGES;

const insuranceName = z
  .string({ error: M.insuranceBlank })
  .trim()
  .check(textCharacters())
  .min(1, M.insuranceBlank)
  .max(L.insuranceName.max, M.insuranceMax);

const fields = {
  name: requiredText({ required: M.nameRequired, max: [L.name.max, M.nameLength] }),
  specialty: requiredText({
    required: M.specialtyRequired,
    min: [L.specialty.min, M.specialtyLength],
    max: [L.specialty.max, M.specialtyLength],
  }),
  // spec 001 §5: "Empty optional strings are sent as null"; these three have no blank rule of their own.
  registration: looseText([L.registration.max, M.registrationMax]),
  email: optionalEmail,
  phoneNumber: looseText([L.phoneNumber.max, M.phoneNumberMax]),
  /** Nullable (the wizard sends null); given, each name 1-100 and not blank; repeated names kept once. */
  acceptedHealthInsurances: z
    .array(insuranceName, { error: M.insurancesInvalid })
    .nullish()
    .transform((names) => (names ? [...new Set(names)] : null)),
  observations: optionalText({
    blank: M.observationsBlank,
    max: [L.observations.max, M.observationsMax],
    multiline: true,
  }),
};

export const ProfessionalCreateInput = z.object(fields);
/** PUT: replaces every editable field. `tenantId` is ignored. */
export const ProfessionalUpdateInput = z.object({ id: z.uuid({ error: "ID inválido" }), ...fields });

export const ProfessionalRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  specialty: z.string(),
  registration: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  acceptedHealthInsurances: z.array(z.string()).nullable(),
  observations: z.string().nullable(),
  createdAt: wireInstant,
});

export type ProfessionalFormValues = z.input<typeof ProfessionalCreateInput>;
export type ProfessionalCreate = z.output<typeof ProfessionalCreateInput>;
export type ProfessionalUpdate = z.output<typeof ProfessionalUpdateInput>;
export type Professional = z.output<typeof ProfessionalRecord>;
