// A REST shim is a declaration, not code: (method, documented path, procedure). apps/server mounts each
// one as a thin Hono route that calls the very same procedure, and /openapi.json is generated from the procedure's
// own zod schemas. Path parameters (`{id}`) and, for GET and DELETE, the query string become the procedure's input;
// for POST and PUT the JSON body does, with the path parameters laid over it.
import type { AnyProcedure } from "@trpc/server";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface RestRoute {
  method: HttpMethod;
  /** The documented path, OpenAPI style: `/appointments/{id}`. */
  path: string;
  procedure: AnyProcedure;
  /** Success status: 201 for a POST that creates, 204 for DELETE, else 200 (docs/architecture.md, Requests). */
  status: number;
  summary: string;
  tag: string;
  /** Reachable without a bearer token. */
  public: boolean;
}

export interface RestOptions {
  summary: string;
  /** Defaults by method: DELETE 204, otherwise 200; a creating POST says 201. */
  status?: number;
  public?: boolean;
}

export function restGroup(tag: string) {
  return (method: HttpMethod, path: string, procedure: AnyProcedure, options: RestOptions): RestRoute => ({
    method,
    path,
    procedure,
    status: options.status ?? (method === "DELETE" ? 204 : 200),
    summary: options.summary,
    tag,
    public: options.public ?? false,
  });
}
