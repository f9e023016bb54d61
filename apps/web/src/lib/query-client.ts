import { QueryClient } from "@tanstack/react-query";
import { isTRPCClientError } from "@trpc/client";
import { AuthenticationError, HttpError } from "./auth-client";

/** The HTTP status behind a failed call, whether it came through tRPC or a REST call. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (isTRPCClientError(error)) {
    const data: unknown = error.data;
    if (
      typeof data === "object" &&
      data !== null &&
      "httpStatus" in data &&
      typeof data.httpStatus === "number"
    ) {
      return data.httpStatus;
    }
  }
  return undefined;
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  // tRPC wraps what its fetch threw: a failed refresh arrives as the error's cause.
  if (
    error instanceof AuthenticationError ||
    (error instanceof Error && error.cause instanceof AuthenticationError)
  ) {
    return false;
  }
  const status = statusOf(error);
  // A batch that mixes a public procedure (plans.list) with signed-in ones answers 207 when the access token expired
  // on its way: the signed-in ones come back UNAUTHORIZED inside a response that is no 401, so authFetch did not
  // refresh. Asked once more, authFetch sees the token past its `exp` and refreshes first.
  if (status === 401) return failureCount < 1;
  if (status !== undefined && status < 500) return false; // the answer will not change by asking again
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
