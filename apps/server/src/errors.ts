import { errorShapeOf, type Issue } from "@atende/api";

export interface ErrorBody {
  message: string;
  issues: Issue[];
}

/** The JSON error contract for anything a procedure threw: the same shaping tRPC's error formatter uses. */
export function errorResponse(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  const { status, message, issues, internal } = errorShapeOf(error);
  return { status, body: { message, issues }, internal };
}

export const body = (message: string): ErrorBody => ({ message, issues: [] });
