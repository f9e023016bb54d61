// /openapi.json, generated from the same zod schemas the procedures validate with, so the documentation of a REST
// path cannot drift from what it accepts.
import type { RestRoute } from "@atende/api";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

function toSchema(parser: unknown, io: "input" | "output"): JsonSchema | undefined {
  if (!(parser instanceof z.ZodType)) return undefined;
  const { $schema: _ignored, ...schema } = z.toJSONSchema(parser, {
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return schema;
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
}

function withoutProperties(schema: JsonSchema, names: string[]): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || names.length === 0) return schema;
  const kept = Object.fromEntries(Object.entries(properties).filter(([key]) => !names.includes(key)));
  const required = (schema.required as string[] | undefined)?.filter((key) => !names.includes(key));
  return { ...schema, properties: kept, ...(required ? { required } : {}) };
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

export function buildOpenApi(routes: readonly RestRoute[], serverOrigin: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const def = route.procedure._def as { inputs?: unknown[]; output?: unknown };
    const input = def.inputs?.[0] ? toSchema(def.inputs[0], "input") : undefined;
    const output = def.output ? toSchema(def.output, "output") : undefined;
    const names = pathParams(route.path);
    const inputProps = (input?.properties ?? {}) as Record<string, JsonSchema>;
    const requiredInput = new Set((input?.required as string[] | undefined) ?? []);
    const parameters: unknown[] = names.map((name) => ({
      name,
      in: "path",
      required: true,
      schema: inputProps[name] ?? { type: "string" },
    }));
    const operation: Record<string, unknown> = {
      tags: [route.tag],
      summary: route.summary,
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, "").replace(/[/-](\w)/g, (_, ch: string) => ch.toUpperCase())}`,
      security: route.public ? [] : [{ bearerAuth: [] }],
    };
    if (route.method === "GET" || route.method === "DELETE") {
      for (const [name, schema] of Object.entries(inputProps)) {
        if (names.includes(name)) continue;
        parameters.push({ name, in: "query", required: requiredInput.has(name), schema });
      }
    } else if (input) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: withoutProperties(input, names) } },
      };
    }
    if (parameters.length) operation.parameters = parameters;
    const success =
      route.status === 204
        ? { description: "Sem conteúdo" }
        : {
            description: route.status === 201 ? "Criado" : "OK",
            content: { "application/json": { schema: output ?? {} } },
          };
    operation.responses = {
      [route.status]: success,
      400: errorResponse("Entrada inválida (mensagens em pt-BR em `issues`)"),
      ...(route.public ? {} : { 401: errorResponse("Não autenticado") }),
      ...(names.includes("id")
        ? { 404: errorResponse("Não encontrado (também para o id de outra conta)") }
        : {}),
      ...(route.method !== "GET" ? { 409: errorResponse("Conflito") } : {}),
    };
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Atende API",
      version: "1.0.0",
      description:
        "API REST do recepcionista por telefone com IA. Autentique com `Authorization: Bearer <accessToken>`. " +
        "Horários no fuso de São Paulo (`yyyy-MM-ddTHH:mm:00-03:00`), datas `yyyy-MM-dd`, valores em centavos (BRL). " +
        'Erros: `{ "message": "…", "issues": [{ "path": "campo", "message": "…" }] }`.',
    },
    servers: [{ url: serverOrigin }],
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        Error: {
          type: "object",
          required: ["message", "issues"],
          properties: {
            message: { type: "string" },
            issues: {
              type: "array",
              items: {
                type: "object",
                required: ["path", "message"],
                properties: { path: { type: "string" }, message: { type: "string" } },
              },
            },
          },
        },
      },
    },
    paths,
  };
}
