// "No input causes a 500": every REST path, fed generated junk and near-valid values in each of its own fields,
// answers a 4xx with the JSON error shape (or a success), never a 5xx.
import { restRoutes } from "@atende/api";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
let tenant: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;
beforeAll(async () => {
  server = await createTestServer();
  tenant = await server.api.seedTenant();
});
afterAll(() => server.close());

function fieldsOf(parser: unknown): string[] {
  if (!(parser instanceof z.ZodType)) return [];
  const schema = z.toJSONSchema(parser, { io: "input", unrepresentable: "any" }) as { properties?: object };
  return Object.keys(schema.properties ?? {});
}

/** Values that look almost right as well as plain junk. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    "",
    " ",
    "00000000-0000-0000-0000-000000000000",
    "2030-02-30",
    "2030-03-04T10:00:00-03:00",
    "25:99",
    "1e309",
    "-1",
    "x".repeat(5000),
    "'; drop table appointments; --",
    "%_\\",
  ),
  fc.integer(),
  fc.double(),
  fc.constant(null),
);

describe("no input causes a 500", () => {
  it.each(restRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s",
    async (_key, route) => {
      const def = route.procedure._def as { inputs?: unknown[] };
      const fields = fieldsOf(def.inputs?.[0]);
      const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
      const input = fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] });
      const param = fc.oneof(
        fc.uuid(),
        fc.constantFrom("nao-e-uuid", "2030-03-04", "%2e%2e"),
        fc.string({ maxLength: 20 }),
      );
      await fc.assert(
        fc.asyncProperty(
          input,
          fc.array(param, { minLength: pathParams.length, maxLength: pathParams.length }),
          async (body, params) => {
            let path = route.path;
            pathParams.forEach((name, i) => {
              path = path.replace(`{${name}}`, encodeURIComponent(params[i] || "x"));
            });
            const asQuery = route.method === "GET" || route.method === "DELETE";
            const query = asQuery
              ? Object.fromEntries(
                  Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
                )
              : undefined;
            const res = await server.request(route.method, path, {
              as: tenant.actor,
              body: asQuery ? undefined : body,
              query,
            });
            expect(res.status, JSON.stringify({ path, body, res: res.body })).toBeLessThan(500);
            if (res.status >= 400)
              expect(res.body).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});
