// The public pages' calls (issue #11; docs/decisions/0026-public-pages-rendering.md): plain `fetch` to the REST shims
// (GET /plans, GET /minute-pack, POST /calls/make-call, POST /contact), typed by @atende/shared's request and answer
// types, so neither tRPC, TanStack Query nor zod is part of their first load. The server checks every input with its
// own schema and answers a refusal in the error contract (`{message, issues: [{path, message}]}`).
import { apiUrl } from "../../lib/env";

/** A refused or failed call: the HTTP status and the server's message, if any; `issues` keyed by field path. */
export interface Refusal {
  ok: false;
  status: number | undefined;
  message: string | undefined;
  issues: Record<string, string>;
}
export type Answer<T> = { ok: true; data: T } | Refusal;

function refusalOf(status: number | undefined, payload: unknown): Refusal {
  const issues: Record<string, string> = {};
  let message: string | undefined;
  if (payload && typeof payload === "object") {
    const body = payload as { message?: unknown; issues?: unknown };
    if (typeof body.message === "string" && body.message !== "") message = body.message;
    if (Array.isArray(body.issues)) {
      for (const issue of body.issues as { path?: unknown; message?: unknown }[]) {
        if (typeof issue.path === "string" && typeof issue.message === "string") {
          issues[issue.path] ??= issue.message;
        }
      }
    }
  }
  return { ok: false, status, message, issues };
}

/**
 * Calls a public REST route. `T` is the route's documented answer (a type of @atende/shared): the server validates
 * its own output against the same schema, so the body is trusted as that type. A network failure is a refusal with
 * no status.
 */
export async function publicRequest<T>(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return refusalOf(undefined, undefined);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok || payload === undefined) return refusalOf(response.status, payload);
  return { ok: true, data: payload as T };
}
