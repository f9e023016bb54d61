// The agent test page's summary texts (spec 001 §2 "Agent test page"), pure so they are unit-tested.

/** spec 001 §9: "test page lists up to 3 service names". */
export const SUMMARY_SERVICE_LIMIT = 3;

/** Up to three names, then 'e mais N serviços' (singular for one). */
export function summariseServices(names: readonly string[]): { shown: string[]; more: string | null } {
  const shown = names.slice(0, SUMMARY_SERVICE_LIMIT);
  const rest = names.length - shown.length;
  if (rest <= 0) return { shown, more: null };
  return { shown, more: `e mais ${rest} ${rest === 1 ? "serviço" : "serviços"}` };
}

export function establishmentLine(establishment: { name: string } | null | undefined): string {
  return establishment?.name ?? "Local não configurado";
}

export function professionalLine(
  professional: { name: string; specialty: string } | null | undefined,
): string {
  return professional ? `${professional.name} - ${professional.specialty}` : "Profissional não configurado";
}
