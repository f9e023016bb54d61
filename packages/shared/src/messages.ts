// pt-BR texts that more than one schema shows. Each lives here once.
import { MAX_DATE, MIN_DATE } from "./time";

/** An unknown, deleted or other tenant's reference, with the spec's fallback names (spec 001 §8). */
export const NOT_FOUND = {
  professional: "Profissional não encontrado",
  establishment: "Local não encontrado",
  client: "Cliente não encontrado",
  service: "Serviço não encontrado",
} as const;

/** spec 001 §5 (professional, appointment and client forms). */
export const OBSERVATIONS_BLANK = "Observações não podem estar em branco se fornecidas";

/** spec 001 §5 (availability form), also for any start/end date pair. */
export const DATE_RANGE_ORDER = "Data de fim deve ser igual ou posterior à data de início";

/**
 * Any text field holding a character no one can see or store: a control character, or half of a UTF-16 surrogate
 * pair (the rule and its reasons: `textCharacters` in zod.ts).
 */
export const TEXT_INVALID_CHARACTERS = "Texto contém caracteres inválidos";

/** Any date or date-time outside the years a calendar may name (`MIN_DATE`/`MAX_DATE` in time.ts). */
export const DATE_OUT_OF_RANGE = `Data deve estar entre os anos ${MIN_DATE.slice(0, 4)} e ${MAX_DATE.slice(0, 4)}`;
