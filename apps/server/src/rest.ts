// Mounts the REST shims declared in packages/api (each domain's rest.ts, joined in rest-routes.ts): each is a thin
// route that calls the same tRPC procedure (docs/architecture.md, Requests and errors: REST shims reuse procedures; no
// business logic here).
import { type AppRouter, appRouter, type Context, type RestRoute, restRoutes } from "@atende/api";
import type { AnyProcedure } from "@trpc/server";
import { callTRPCProcedure } from "@trpc/server";
import type { Hono, Context as HonoContext } from "hono";
import { body as errorBody, errorResponse } from "./errors";

/** The dotted tRPC path of every procedure, so a declaration can name the procedure object itself. */
function procedurePaths(router: AppRouter): Map<AnyProcedure, string> {
  const paths = new Map<AnyProcedure, string>();
  // At run time `_def.procedures` is flat ("appointments.create" → procedure), whatever its declared type says.
  const flat: object = router._def.procedures;
  for (const [path, value] of Object.entries(flat)) {
    if (isProcedure(value)) paths.set(value, path);
  }
  return paths;
}

function isProcedure(value: unknown): value is AnyProcedure {
  return (
    typeof value === "function" &&
    "_def" in value &&
    typeof value._def === "object" &&
    value._def !== null &&
    "procedure" in value._def
  );
}

export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

class BadJson extends Error {}
class NotJson extends Error {}

export const NOT_JSON = "Content-Type deve ser application/json";

/** Media types are case-insensitive and may carry parameters (`application/json; charset=utf-8`). */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(";", 1)[0]?.trim().toLowerCase() === "application/json";
}

async function readJsonBody(c: HonoContext): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  // No body at all (a bodiless POST such as a confirm) is an empty input, whatever the client called its type.
  if (text.trim() === "") return {};
  if (!isJson(c.req.header("content-type"))) throw new NotJson();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadJson();
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new BadJson();
  return parsed as Record<string, unknown>;
}

function queryInput(c: HonoContext): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    // Null or empty query parameters are omitted by the clients (spec 000 §7); treat an empty one as absent.
    const present = values.filter((v) => v !== "");
    if (present.length === 1) input[key] = present[0];
    else if (present.length > 1) input[key] = present;
  }
  return input;
}

export function mountRest(
  app: Hono,
  contextFor: (c: HonoContext) => Promise<Context>,
  onInternalError: (error: unknown, c: HonoContext) => void,
  routes: readonly RestRoute[] = restRoutes,
): void {
  const paths = procedurePaths(appRouter);
  for (const route of routes) {
    const path = paths.get(route.procedure);
    if (!path)
      throw new Error(`REST ${route.method} ${route.path}: procedure is not mounted in the app router`);
    const type = route.procedure._def.type;
    app.on(route.method, honoPath(route.path), async (c) => {
      let input: Record<string, unknown>;
      if (route.method === "GET" || route.method === "DELETE") {
        input = queryInput(c);
      } else {
        try {
          input = await readJsonBody(c);
        } catch (error) {
          if (error instanceof BadJson) return c.json(errorBody("JSON inválido no corpo da requisição"), 400);
          if (error instanceof NotJson) return c.json(errorBody(NOT_JSON), 415);
          throw error;
        }
      }
      Object.assign(input, c.req.param());
      try {
        const data = await callTRPCProcedure({
          router: appRouter,
          path,
          type,
          ctx: await contextFor(c),
          getRawInput: async () => input,
          signal: c.req.raw.signal,
          batchIndex: 0,
        });
        if (route.status === 204) return c.body(null, 204);
        return c.json(data ?? null, route.status as 200);
      } catch (error) {
        const { status, body, internal } = errorResponse(error);
        if (internal) onInternalError(error, c);
        return c.json(body, status as 400);
      }
    });
  }
}
