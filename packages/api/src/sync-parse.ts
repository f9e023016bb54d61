// Input and output validation without the asynchronous parser (issue #22, docs/decisions/0054-request-cost.md).
// tRPC validates with a zod schema's `parseAsync`; zod compiles an object's parser into one specialised function only
// for synchronous parses, so every procedure paid the interpreted path: validating a week of agenda (150
// appointments) took 0.5-0.8 ms asynchronously and 0.05 ms synchronously, 9-11 % of a read's CPU. Nothing is
// validated less: the same schema parses the same value, the answer is the same (undeclared fields stripped, the same
// `ZodError` on a bad value), and a schema that needs asynchronous work (an async refinement) still gets it.
import { z } from "zod";

const syncFirstSchemas = new WeakSet<object>();

/**
 * Makes `schema.parseAsync` try the synchronous `parse` first, falling back to the asynchronous parse only when zod
 * meets a promise. Returns the same schema (still a zod type: /openapi.json reads it).
 */
export function syncFirst<S>(schema: S): S {
  if (!(schema instanceof z.ZodType) || syncFirstSchemas.has(schema)) return schema;
  const parseAsync = schema.parseAsync.bind(schema);
  const parse = schema.parse.bind(schema);
  schema.parseAsync = ((data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>) => {
    try {
      return Promise.resolve(parse(data, params));
    } catch (error) {
      if (error instanceof z.core.$ZodAsyncError) return parseAsync(data, params);
      return Promise.reject(error);
    }
  }) as typeof schema.parseAsync;
  syncFirstSchemas.add(schema);
  return schema;
}

/** Whether `schema` went through `syncFirst` (the procedure walk checks every procedure's parsers). */
export function isSyncFirst(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && syncFirstSchemas.has(schema);
}

/** Whether `value` is a tRPC procedure builder (what `.use`, `.input`, `.output` and `.meta` return). */
function isBuilder(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  const builder = value as { _def?: unknown; query?: unknown; input?: unknown };
  return (
    builder._def !== undefined && typeof builder.query === "function" && typeof builder.input === "function"
  );
}

/**
 * A tRPC procedure builder whose `.input(schema)` and `.output(schema)` get `syncFirst(schema)`, and whose every derived
 * builder does the same: wrapping the root builder covers every procedure built from it.
 */
export function syncParsing<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const parsers = key === "input" || key === "output" ? [syncFirst(args[0]), ...args.slice(1)] : args;
        const result: unknown = value.apply(target, parsers);
        return isBuilder(result) ? syncParsing(result) : result;
      };
    },
  });
}
