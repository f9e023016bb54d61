import { getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";

/** One problem with the input: `path` is the field name, dotted when nested (docs/architecture.md). */
export interface Issue {
  path: string;
  message: string;
}

/** Carries hand-made validation issues through a TRPCError's cause to the error formatter. */
export class IssuesError extends Error {
  constructor(readonly issues: Issue[]) {
    super(issues[0]?.message ?? "Entrada inválida");
    this.name = "IssuesError";
  }
}

/** A 400 with the spec's message for one field (a rule that needs the database, e.g. another tenant's id). */
export function invalid(path: string, message: string): never {
  throw new TRPCError({ code: "BAD_REQUEST", message, cause: new IssuesError([{ path, message }]) });
}

export function notFound(message = "Registro não encontrado"): never {
  throw new TRPCError({ code: "NOT_FOUND", message });
}

export function conflict(message: string): never {
  throw new TRPCError({ code: "CONFLICT", message });
}

export function tooManyRequests(message: string): never {
  throw new TRPCError({ code: "TOO_MANY_REQUESTS", message });
}

export function forbidden(message: string): never {
  throw new TRPCError({ code: "FORBIDDEN", message });
}

/**
 * A third-party service we call for the user failed or timed out (502, 504): our server is fine, so the caller gets
 * this pt-BR message instead of 'Erro interno do servidor', and never the service's answer (which may echo our key).
 */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

/**
 * The database could not be reached (restarting, failing over, refusing connections): a 503 the caller may retry,
 * with this pt-BR message instead of 'Erro interno do servidor'. The driver reconnects by itself on the next query.
 */
export class DatabaseUnavailableError extends Error {
  constructor(readonly detail: unknown) {
    super(DATABASE_UNAVAILABLE);
    this.name = "DatabaseUnavailableError";
  }
}

export const DATABASE_UNAVAILABLE = "Serviço temporariamente indisponível. Tente novamente em instantes.";

// postgres.js's connection errors and PostgreSQL's "connection exception" (08) and "operator intervention" (57P0x:
// shutdown, crash recovery, cannot connect now) classes.
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
]);

/** Whether `error` (or one of its causes) says the database connection failed, not the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
  }
  return false;
}

export function upstreamFailed(message: string, detail: string, timedOut = false): never {
  throw new TRPCError({
    code: timedOut ? "GATEWAY_TIMEOUT" : "BAD_GATEWAY",
    message,
    cause: new UpstreamError(message, detail),
  });
}

export function unauthorized(message = "Não autenticado"): never {
  throw new TRPCError({ code: "UNAUTHORIZED", message });
}

/** The issues an error carries: hand-made ones, or a failed input parse's, with dotted paths. */
export function issuesOf(error: unknown): Issue[] | undefined {
  if (error instanceof IssuesError) return error.issues;
  if (error instanceof ZodError) {
    return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  }
  return undefined;
}

/** The error contract's body (docs/architecture.md, Requests and errors): the first issue's message, else the error's own. */
export interface ErrorShape {
  status: number;
  message: string;
  issues: Issue[];
  /** A 5xx: its cause is logged, and the caller learns nothing of it. */
  internal: boolean;
}

/** How any error a procedure ends in is shown, by tRPC's error formatter and by the REST shims alike. */
export function errorShapeOf(error: unknown): ErrorShape {
  if (isDatabaseUnavailable(error)) {
    return { status: 503, message: DATABASE_UNAVAILABLE, issues: [], internal: false };
  }
  const trpcError = getTRPCErrorFromUnknown(error);
  const status = getHTTPStatusCodeFromError(trpcError);
  // A 503 is thrown on purpose, with its pt-BR message (the live stream while the server stops, decision 0034); an
  // unexpected error is a 500.
  const internal =
    status >= 500 && !(trpcError.cause instanceof UpstreamError) && trpcError.code !== "SERVICE_UNAVAILABLE";
  const issues = internal ? [] : (issuesOf(trpcError.cause) ?? []);
  const message = internal ? "Erro interno do servidor" : (issues[0]?.message ?? trpcError.message);
  return { status, message, issues, internal };
}
