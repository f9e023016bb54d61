// Yes and no in their many spoken forms: the consent reading of consent.ts (decision 0039) as a plain yes, no or
// neither. 'sim, mas na sexta', 'ok obrigado tchau', 'não, espera' and 'acho, não sei' are neither; 'não tem
// problema' and 'por que não' are yes; 'não, pode ser na sexta' and 'eu ligo depois' are no.
import { consentOf } from "./consent";

export type YesNo = "yes" | "no";

/** 'yes', 'no', or undefined when the words do not say either clearly. */
export function yesNo(text: string): YesNo | undefined {
  const c = consentOf(text);
  return c.answer === "unclear" ? undefined : c.answer;
}
