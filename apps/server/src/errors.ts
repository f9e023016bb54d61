import { type Issue, issuesOf } from "@atende/api";
import { getTRPCErrorFromUnknown } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";

export interface ErrorBody {
  message: string;
  issues: Issue[];
}

/** The JSON error contract (docs/architecture.md, Requests and errors) for anything a procedure threw. */
export function errorResponse(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  const trpcError = getTRPCErrorFromUnknown(error);
  const status = getHTTPStatusCodeFromError(trpcError);
  const internal = status >= 500;
  const issues = issuesOf(trpcError.cause) ?? [];
  const message = internal ? "Erro interno do servidor" : (issues[0]?.message ?? trpcError.message);
  return { status, body: { message, issues }, internal };
}

export const body = (message: string): ErrorBody => ({ message, issues: [] });
