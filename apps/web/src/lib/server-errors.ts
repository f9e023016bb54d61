import type { AppRouter } from "@atende/api";
import { isTRPCClientError, type TRPCClientError } from "@trpc/client";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

function asAppError(error: unknown): TRPCClientError<AppRouter> | undefined {
  return isTRPCClientError<AppRouter>(error) ? error : undefined;
}

/**
 * The server's pt-BR message for a refused call (invalid input, 404, 409), or undefined when it gave none a user
 * should read (a network failure, a 500 'Erro interno do servidor' is still a message worth showing).
 */
export function serverMessageOf(error: unknown): string | undefined {
  const appError = asAppError(error);
  if (!appError?.data) return undefined;
  return appError.message || undefined;
}

/** The HTTP status of a refused tRPC call. */
export function httpStatusOf(error: unknown): number | undefined {
  return asAppError(error)?.data?.httpStatus;
}

/**
 * Puts each issue of a 400 (`data.issues: [{path, message}]`, packages/api/src/trpc.ts) on the form field of the
 * same name; issues about no field of this form are left to the caller's toast. Returns whether any field got one.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const issues = asAppError(error)?.data?.issues ?? [];
  let placed = false;
  for (const issue of issues) {
    // A nested path ('acceptedHealthInsurances.0') belongs to its top-level field.
    const field = fields.find((name) => name === issue.path || issue.path.startsWith(`${name}.`));
    if (field) {
      setError(field, { type: "server", message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/**
 * The issues of a 400 keyed by their dotted path ('scheduledAt', 'offeredServices.0'), the first message of each:
 * for forms that keep their own field errors rather than react-hook-form's.
 */
export function serverIssuesOf(error: unknown): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const issue of asAppError(error)?.data?.issues ?? []) issues[issue.path] ??= issue.message;
  return issues;
}
