// Checks a forwarding number (spec 000 §2 "Agent settings panel": the forwarding phone and WhatsApp each have a
// 'Testar' button) with libphonenumber-js's full metadata, which knows Brazil's number plan: which DDDs exist, mobile
// (9 + 8 digits) versus fixed line (2-5 + 7 digits), 0800 and 4004 numbers. It answers what it checked, in pt-BR,
// without calling anyone: placing a real test call is the telephony gateway's job.
import { type NumberType, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { VALID_DDDS } from "./enums";

export type ForwardingNumberType = "MOBILE" | "FIXED_LINE" | "TOLL_FREE" | "SHARED_COST" | "OTHER";

export interface ForwardingNumberCheck {
  valid: boolean;
  /** +5511987654321, when valid. */
  e164: string | null;
  /** (11) 98765-4321, when valid. */
  national: string | null;
  type: ForwardingNumberType | null;
  /** A mobile can hold WhatsApp; a fixed line only with WhatsApp Business, which cannot be told from the number. */
  canReceiveWhatsapp: boolean;
  /** What the check found, to show next to the field. */
  message: string;
}

export const FORWARDING_CHECK_MESSAGES = {
  tooShort: "Número incompleto: informe o DDD e o número (10 ou 11 dígitos).",
  tooLong: "Número longo demais: informe o DDD e o número (10 ou 11 dígitos).",
  unknownDdd: (ddd: string) => `DDD ${ddd} não existe.`,
  missingNinthDigit: "Celular sem o 9º dígito: celulares têm 9 dígitos após o DDD, começando por 9.",
  notBrazilian: "Informe um número do Brasil.",
  invalid: "Número de telefone inválido.",
  /** Premium-rate and shared-cost numbers (0300, 0500, 0900): a transfer there would cost the caller or us. */
  charged: "Números 0300, 0500 e 0900 (tarifados) não são aceitos: informe um celular, fixo, 0800 ou 400x.",
} as const;
const M = FORWARDING_CHECK_MESSAGES;

const DDDS: ReadonlySet<string> = new Set(VALID_DDDS);

function typeOf(type: NumberType): ForwardingNumberType {
  switch (type) {
    case "MOBILE":
    case "FIXED_LINE":
    case "TOLL_FREE":
    case "SHARED_COST":
      return type;
    default:
      return "OTHER";
  }
}

function okMessage(type: ForwardingNumberType, national: string): string {
  switch (type) {
    case "MOBILE":
      return `Celular válido: ${national}. Pode receber ligações e WhatsApp.`;
    case "FIXED_LINE":
      return `Telefone fixo válido: ${national}. Pode receber ligações; WhatsApp só se a linha usar o WhatsApp Business.`;
    case "TOLL_FREE":
      return `Número 0800 válido: ${national}. Pode receber ligações, mas não WhatsApp.`;
    case "SHARED_COST":
      return `Número de custo compartilhado válido: ${national}. Pode receber ligações, mas não WhatsApp.`;
    default:
      return `Número válido: ${national}.`;
  }
}

const refused = (message: string): ForwardingNumberCheck => ({
  valid: false,
  e164: null,
  national: null,
  type: null,
  canReceiveWhatsapp: false,
  message,
});

/** Why a Brazilian number is not valid, from its national digits (DDD + number), in the order a person fixes it. */
function problemOf(nationalDigits: string): string {
  if (nationalDigits.length < 10) return M.tooShort;
  if (nationalDigits.length > 11) return M.tooLong;
  const ddd = nationalDigits.slice(0, 2);
  if (!DDDS.has(ddd)) return M.unknownDdd(ddd);
  // 10 digits whose number starts with 6-9 is a mobile written before the 9th digit was added.
  if (nationalDigits.length === 10 && /^[6-9]$/.test(nationalDigits.charAt(2))) return M.missingNinthDigit;
  return M.invalid;
}

/** Checks `text` as a Brazilian number: with or without +55, masked or as digits. */
export function checkForwardingNumber(text: string): ForwardingNumberCheck {
  const parsed = parsePhoneNumberFromString(text, "BR");
  if (parsed && parsed.country !== undefined && parsed.country !== "BR" && parsed.isValid())
    return refused(M.notBrazilian);
  if (parsed?.countryCallingCode !== "55") {
    const digits = text.replace(/\D/g, "");
    return refused(
      text.trim().startsWith("+") && !digits.startsWith("55") ? M.notBrazilian : problemOf(digits),
    );
  }
  const nationalDigits = String(parsed.nationalNumber);
  // 0800 and 4004 numbers have no DDD; their own rules are the metadata's.
  if (!parsed.isValid())
    return refused(/^(0|[34]00)/.test(nationalDigits) ? M.invalid : problemOf(nationalDigits));
  // The same rule as the dial gate's for the forwarding phone (docs/decisions/0033-dial-gate.md).
  if (!dialableFor(classifyDialNumber(parsed.number).kind, "BUSINESS")) return refused(M.charged);
  const type = typeOf(parsed.getType() ?? "FIXED_LINE_OR_MOBILE");
  const national = parsed.formatNational();
  return {
    valid: true,
    e164: parsed.number,
    national,
    type,
    canReceiveWhatsapp: type === "MOBILE",
    message: okMessage(type, national),
  };
}

/** A caller's number in E.164 (any country; Brazilian when written without one), or null when it is not a number. */
export function e164Of(text: string | undefined | null): string | null {
  if (!text || text.length > 30) return null;
  const parsed = parsePhoneNumberFromString(text, "BR");
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * Whether the public demo call may ring `e164`: a valid Brazilian mobile or fixed line only. Premium-rate (0900),
 * toll-free (0800), shared-cost (0300, 0500, 4004), short and foreign numbers are refused (docs/decisions/0019).
 */
export function demoCallableNumber(e164: string): boolean {
  return dialableFor(classifyDialNumber(e164).kind, "PERSONAL");
}

// ─── What we may dial (docs/decisions/0033-dial-gate.md) ──────────────────────────────────────────────────────────

/**
 * A number's class for the dial gate. `SWITCHBOARD` is Brazil's 400x numbers (8 digits, no DDD: one number for a
 * business in every city), which the metadata files as shared cost like 0300; everything the metadata does not hold
 * valid in Brazil is `SHORT` (190, 102, 4-digit carriers' services), `INTERNATIONAL` or `INVALID`.
 */
export type DialKind =
  | "MOBILE"
  | "FIXED_LINE"
  | "TOLL_FREE"
  | "SWITCHBOARD"
  | "PREMIUM_RATE"
  | "SHARED_COST"
  | "INTERNATIONAL"
  | "SHORT"
  | "INVALID";

/**
 * Who a dial may reach: `PERSONAL` (a test call to the owner's own phone, the demo call) only Brazilian mobiles and
 * fixed lines; `BUSINESS` (the forwarding phone, transfers) also 0800 and 400x.
 */
export type DialAudience = "PERSONAL" | "BUSINESS";

export interface DialClass {
  kind: DialKind;
  /** E.164, when the number is a valid Brazilian one of any kind. */
  e164: string | null;
}

/** Classifies `text` (E.164, or Brazilian digits with or without mask and +55) for the dial gate. */
export function classifyDialNumber(text: string): DialClass {
  if (typeof text !== "string" || text.length > 30) return { kind: "INVALID", e164: null };
  const parsed = parsePhoneNumberFromString(text, "BR");
  if (!parsed) {
    const digits = text.replace(/\D/g, "");
    return { kind: digits.length > 0 && digits.length <= 6 ? "SHORT" : "INVALID", e164: null };
  }
  if (parsed.countryCallingCode !== "55") return { kind: "INTERNATIONAL", e164: null };
  if (!parsed.isValid()) {
    const digits = String(parsed.nationalNumber);
    return { kind: digits.length <= 6 ? "SHORT" : "INVALID", e164: null };
  }
  const e164 = parsed.number;
  const national = String(parsed.nationalNumber);
  switch (parsed.getType()) {
    case "MOBILE":
      return { kind: "MOBILE", e164 };
    case "FIXED_LINE":
    case "FIXED_LINE_OR_MOBILE":
      return { kind: "FIXED_LINE", e164 };
    case "TOLL_FREE":
      return { kind: "TOLL_FREE", e164 };
    case "PREMIUM_RATE":
      return { kind: "PREMIUM_RATE", e164 };
    case "SHARED_COST":
      return { kind: /^400\d{5}$/.test(national) ? "SWITCHBOARD" : "SHARED_COST", e164 };
    default:
      return { kind: "INVALID", e164: null };
  }
}

const AUDIENCES: Record<DialAudience, ReadonlySet<DialKind>> = {
  PERSONAL: new Set<DialKind>(["MOBILE", "FIXED_LINE"]),
  BUSINESS: new Set<DialKind>(["MOBILE", "FIXED_LINE", "TOLL_FREE", "SWITCHBOARD"]),
};

/** Whether a number of `kind` may be dialled for `audience`. */
export function dialableFor(kind: DialKind, audience: DialAudience): boolean {
  return AUDIENCES[audience].has(kind);
}
