// Clients, 'Pacientes' in the product (spec 001 §3, §5 Patient form, §9 limits).
import { LIMITS } from "../catalogue-constants";
import { NOT_FOUND, OBSERVATIONS_BLANK } from "../messages";
import { looseText, optionalText, requiredText, textCharacters, z } from "../zod";
import { optionalEmail, wireInstant } from "./catalogue-fields";

export { nationalPhoneDigits } from "./catalogue-fields";

const L = LIMITS.client;

export const CLIENT_MESSAGES = {
  fullNameRequired: "Nome completo é obrigatório",
  fullNameLength: "Nome completo deve ter entre 1 e 150 caracteres",
  phoneNumberRequired: "Telefone é obrigatório",
  phoneNumberMax: "Telefone não pode exceder 30 caracteres",
  documentNumberMax: "CPF não pode exceder 20 caracteres",
  healthInsuranceProviderBlank: "Convênio não pode estar em branco se fornecido",
  healthInsuranceProviderMax: "Convênio não pode exceder 100 caracteres",
  healthInsuranceNumberBlank: "Número do convênio não pode estar em branco se fornecido",
  healthInsuranceNumberMax: "Número do convênio não pode exceder 50 caracteres",
  observationsBlank: OBSERVATIONS_BLANK,
  observationsMax: "Observações não podem exceder 1000 caracteres",
  petNameBlank: "Nome do pet não pode estar em branco se fornecido",
  petNameMax: "Nome do pet não pode exceder 60 caracteres",
  petSpeciesBlank: "Espécie não pode estar em branco se fornecida",
  petSpeciesMax: "Espécie não pode exceder 40 caracteres",
  searchMax: "Busca não pode exceder 150 caracteres",
  notFound: NOT_FOUND.client,
} as const;
const M = CLIENT_MESSAGES;

const fields = {
  fullName: requiredText({ required: M.fullNameRequired, max: [L.fullName.max, M.fullNameLength] }),
  phoneNumber: requiredText({ required: M.phoneNumberRequired, max: [L.phoneNumber.max, M.phoneNumberMax] }),
  /** CPF: optional, no format rule (spec 001 §5); blank is null. */
  documentNumber: looseText([L.documentNumber.max, M.documentNumberMax]),
  email: optionalEmail,
  healthInsuranceProvider: optionalText({
    blank: M.healthInsuranceProviderBlank,
    max: [L.healthInsuranceProvider.max, M.healthInsuranceProviderMax],
  }),
  healthInsuranceNumber: optionalText({
    blank: M.healthInsuranceNumberBlank,
    max: [L.healthInsuranceNumber.max, M.healthInsuranceNumberMax],
  }),
  observations: optionalText({
    blank: M.observationsBlank,
    max: [L.observations.max, M.observationsMax],
    multiline: true,
  }),
};

/**
 * A pet shop's client is a pet's tutor: the pet's name and species (docs/decisions/0050-confirmations.md). Optional;
 * absent from a PUT they stay as they are (an integrator that does not know them never clears them), `null` clears.
 */
const petText = (blank: string, max: [number, string]) =>
  z.string().trim().check(textCharacters()).min(1, blank).max(max[0], max[1]).nullable().optional();
const petFields = {
  petName: petText(M.petNameBlank, [L.petName.max, M.petNameMax]),
  petSpecies: petText(M.petSpeciesBlank, [L.petSpecies.max, M.petSpeciesMax]),
};

export const ClientCreateInput = z.object({ ...fields, ...petFields });
/** PUT: replaces every editable field (the pet's only when sent: see `petFields`). `tenantId` is ignored. */
export const ClientUpdateInput = z.object({ id: z.uuid({ error: "ID inválido" }), ...fields, ...petFields });

/**
 * spec 001 §2 (Patients): name contains (case-insensitive), CPF or phone contains. The dashboard filters on the
 * client side; the server offers the same search for the agent and for integrators.
 */
export const ClientListInput = z
  .object({ search: z.string().trim().check(textCharacters()).max(150, M.searchMax).optional() })
  .optional()
  .transform((input) => ({ search: input?.search ? input.search : undefined }));

/** The agent recognises a caller by number: any formatting, with or without +55. */
export const ClientFindByPhoneInput = z.object({
  phoneNumber: requiredText({ required: M.phoneNumberRequired, max: [L.phoneNumber.max, M.phoneNumberMax] }),
});

export const ClientRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  fullName: z.string(),
  documentNumber: z.string().nullable(),
  phoneNumber: z.string(),
  email: z.string().nullable(),
  healthInsuranceProvider: z.string().nullable(),
  healthInsuranceNumber: z.string().nullable(),
  observations: z.string().nullable(),
  /**
   * Since when the client asked not to be contacted by the agent (null: they may be). Read-only here: only
   * `PUT/DELETE /clients/{id}/contact-opt-out` change it (docs/decisions/0051-contact-opt-out.md).
   */
  contactOptOutAt: wireInstant.nullable(),
  /** A pet shop's client: the pet's name and species (null when none). */
  petName: z.string().nullable(),
  petSpecies: z.string().nullable(),
  createdAt: wireInstant,
});

export type ClientFormValues = z.input<typeof ClientCreateInput>;
export type ClientCreate = z.output<typeof ClientCreateInput>;
export type ClientUpdate = z.output<typeof ClientUpdateInput>;
export type Client = z.output<typeof ClientRecord>;
