// The query parameters the calendar pages read (spec 001 §2): only short texts, anything else ignored.

const text = (value: unknown): string | undefined => {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 300) : undefined;
};

export interface SuccessSearch {
  professional?: string;
}

export interface ErrorSearch {
  error?: string;
  error_description?: string;
  reason?: string;
  professional?: string;
}

export function parseSuccessSearch(search: Record<string, unknown>): SuccessSearch {
  const professional = text(search.professional);
  return professional ? { professional } : {};
}

export function parseErrorSearch(search: Record<string, unknown>): ErrorSearch {
  const parsed: ErrorSearch = {};
  for (const key of ["error", "error_description", "reason", "professional"] as const) {
    const value = text(search[key]);
    if (value) parsed[key] = value;
  }
  return parsed;
}
