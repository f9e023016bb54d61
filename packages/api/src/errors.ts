import { TRPCError } from "@trpc/server";

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

export function forbidden(message: string): never {
  throw new TRPCError({ code: "FORBIDDEN", message });
}

export function unauthorized(message = "Não autenticado"): never {
  throw new TRPCError({ code: "UNAUTHORIZED", message });
}
