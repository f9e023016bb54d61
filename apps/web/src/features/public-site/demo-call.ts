// The landing page's demo call (spec 000 §5 "Demo call phone", §8 "Demo call toasts"): pure, unit-tested.

export const DEMO_CALL_TEXTS = {
  required: "Por favor, informe seu número de telefone",
  invalid: "Por favor, informe um número de telefone válido",
  started: "Ligação iniciada! Você receberá uma chamada em instantes.",
  failed: "Erro ao iniciar ligação. Tente novamente.",
  unreachable: "Erro ao conectar com o serviço. Tente novamente.",
} as const;

/** spec 000 §5/§9: the masked input holds at most 15 characters, '(00) 00000-0000'. */
export const DEMO_PHONE_MAX_LENGTH = 15;

/** The refusal of a typed number, or null when it may be sent (spec 000 §5). */
export function demoPhoneProblem(value: string): string | null {
  if (value.trim() === "") return DEMO_CALL_TEXTS.required;
  const digits = value.replace(/\D/g, "");
  return digits.length === 10 || digits.length === 11 ? null : DEMO_CALL_TEXTS.invalid;
}

/**
 * The number as sent: +55 and the digits (spec 000 §5). The spec adds +55 "unless the digits already start with 55",
 * but only 10 or 11 digits pass the check above, so they are always national, and a number of DDD 55 (Rio Grande do
 * Sul: '(55) 99999-8888') would lose its country code by that rule; here it keeps it. The server reads both alike.
 */
export function demoCallNumber(value: string): string {
  return `+55${value.replace(/\D/g, "")}`;
}
