// The landing page's contact form (spec 000 §2 "Contact", §3 "Contact message", §5 "Contact form", §7 POST /contact,
// §8 "Contact"). Browser-safe: the web form, the procedure and the REST shim validate with this one schema.

import { requiredText, textCharacters, z } from "../zod";
import { EMAIL_INVALID } from "./catalogue-fields";

/** The form's segment options, verbatim (spec 000 §2): also the values on the wire and in the table. */
export const CONTACT_SEGMENTS = ["Clínica", "Consultório", "Hospital", "Estética", "Pet"] as const;
export type ContactSegment = (typeof CONTACT_SEGMENTS)[number];

export const CONTACT_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  nameMax: "Nome não pode exceder 120 caracteres",
  phoneRequired: "Telefone é obrigatório",
  phoneInvalid: "Telefone deve ter 10 ou 11 dígitos",
  emailRequired: "Email é obrigatório",
  emailInvalid: EMAIL_INVALID,
  segmentRequired: "Selecione um segmento",
  messageMax: "Mensagem não pode exceder 2000 caracteres",
  /** spec 000 §8: the success text the server answers (and the client's fallback). */
  sent: "Mensagem enviada com sucesso! Entraremos em contato em breve.",
  /** 429: the per-address budget (docs/decisions/0025-public-site.md). */
  tooMany: "Muitas mensagens enviadas deste endereço. Tente novamente mais tarde ou ligue para nós.",
} as const;
const M = CONTACT_MESSAGES;

/** Lower case without accents: 'Clínica', 'clinica' and 'CLINICA' are one segment. */
const folded = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase();
const SEGMENT_BY_FOLDED = new Map<string, ContactSegment>(CONTACT_SEGMENTS.map((s) => [folded(s), s]));

/**
 * The spec does not say what the original front end sent as option values (spec 000 §2 gives the labels only), so
 * the labels and their plain codes ('clinica', 'consultorio', 'estetica', 'pet'…) are all accepted and stored as the
 * label.
 */
const segment = z
  .string({ error: M.segmentRequired })
  .check(textCharacters())
  .transform((value, ctx) => {
    const found = SEGMENT_BY_FOLDED.get(folded(value));
    if (!found) {
      ctx.addIssue({ code: "custom", message: M.segmentRequired });
      return z.NEVER;
    }
    return found;
  });

/** A Brazilian phone as the form masks it, '(00) 00000-0000' (spec 000 §5): 10 or 11 digits, +55 allowed. */
const phone = requiredText({ required: M.phoneRequired, max: [30, M.phoneInvalid] }).refine((value) => {
  let digits = value.replace(/\D/g, "");
  if (value.startsWith("+") && digits.startsWith("55")) digits = digits.slice(2);
  return digits.length === 10 || digits.length === 11;
}, M.phoneInvalid);

export const ContactInput = z.object({
  name: requiredText({ required: M.nameRequired, max: [120, M.nameMax] }),
  phone,
  email: requiredText({ required: M.emailRequired, max: [254, M.emailInvalid] }).refine(
    (value) => z.regexes.email.test(value),
    M.emailInvalid,
  ),
  segment,
  message: z
    .string()
    .trim()
    .check(textCharacters({ multiline: true }))
    .max(2000, M.messageMax)
    .nullish()
    .transform((value) => (value ? value : null)),
  /**
   * The spam trap: a field the form hides from people (off screen, out of the tab order, autocomplete off). A bot
   * that fills every input fills it; then the answer is the same success and nothing is stored nor sent.
   */
  website: z.string().max(500).nullish(),
});
export type ContactInput = z.input<typeof ContactInput>;

export const ContactResult = z.object({ success: z.boolean(), message: z.string() });
export type ContactResult = z.infer<typeof ContactResult>;

/** A stored message, as the super-admin page lists it. */
export const ContactMessageRecord = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  segment: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessageRecord = z.infer<typeof ContactMessageRecord>;
