/** The PostgreSQL error behind a Drizzle error (Drizzle wraps driver errors in `DrizzleQueryError`). */
export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
}

export function pgErrorOf(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === "object" && current !== null && "code" in current) {
      const e = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
      if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
        const constraint = e.constraint ?? e.constraint_name;
        return { code: e.code, constraint: typeof constraint === "string" ? constraint : undefined };
      }
    }
    current =
      typeof current === "object" && current !== null && "cause" in current ? current.cause : undefined;
  }
  return undefined;
}

export const PG_EXCLUSION_VIOLATION = "23P01";
export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
