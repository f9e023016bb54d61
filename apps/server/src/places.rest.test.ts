// GET /places/autocomplete against a local fake of Google Places Autocomplete (New): the request Google gets (key in
// the header, Brazil, pt-BR, session token), the suggestions we answer, the short-input and no-key answers, and every
// failure of Google as a pt-BR 502/504 that never shows Google's body or our key.
import { PLACES_MESSAGES } from "@atende/shared/schemas/places";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";
import { type FakePlacesServer, startFakePlacesServer } from "./fake-places-server";
import { createTestServer, type TestServer } from "./testing";

let fake: FakePlacesServer;
let server: TestServer;
let plain: TestServer;
let tenant: Awaited<ReturnType<TestServer["api"]["seedTenant"]>>;

beforeAll(async () => {
  fake = await startFakePlacesServer();
  [server, plain] = await Promise.all([
    // A timeout a loaded CI machine's first request still answers in; the slow case waits well past it.
    createTestServer({ config: { places: { apiKey: fake.apiKey, baseUrl: fake.origin, timeoutMs: 2_000 } } }),
    createTestServer(),
  ]);
  tenant = await server.api.seedTenant();
});
afterAll(async () => {
  await Promise.all([server.close(), plain.close(), fake.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.mode = { kind: "ok" };
});

const SESSION = "3f1c2a9e-8d7b-4c6a-9f1e-2b3c4d5e6f70";
const ask = (query: Record<string, string>, target = server, as = tenant.actor) =>
  target.request<{ message?: string; enabled?: boolean; suggestions?: unknown[] }>(
    "GET",
    "/places/autocomplete",
    {
      as,
      query,
    },
  );

describe("GET /places/autocomplete with GOOGLE_MAPS_API_KEY", () => {
  it("asks Google for Brazilian addresses in pt-BR and answers the place predictions", async () => {
    const res = await ask({ input: "Avenida Paulista, 1000", sessionToken: SESSION });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      enabled: true,
      suggestions: [
        {
          placeId: "ChIJ-paulista-1000",
          description: "Avenida Paulista, 1000 - Bela Vista, São Paulo - SP, Brasil",
          mainText: "Avenida Paulista, 1000",
          secondaryText: "Bela Vista, São Paulo - SP, Brasil",
        },
        {
          placeId: "ChIJ-paulista-centro",
          description: "Avenida Paulista, 1000 - Centro, Paulínia - SP, Brasil",
          mainText: "Avenida Paulista, 1000 - Centro, Paulínia - SP, Brasil",
          secondaryText: "",
        },
      ],
    });
    expect(fake.requests).toEqual([
      {
        method: "POST",
        path: "/v1/places:autocomplete",
        apiKey: fake.apiKey,
        body: {
          input: "Avenida Paulista, 1000",
          includedRegionCodes: ["br"],
          regionCode: "br",
          languageCode: "pt-BR",
          sessionToken: SESSION,
        },
      },
    ]);
  });

  it("answers no suggestions below 3 characters without calling Google", async () => {
    for (const input of ["", "Av", "  R  "]) {
      const res = await ask({ input });
      expect(res.body).toEqual({ enabled: true, suggestions: [] });
    }
    expect(fake.requests).toEqual([]);
  });

  it.each([
    [
      "a refused key (403)",
      { kind: "status", status: 403, body: { error: { message: "API key not valid" } } },
    ],
    ["a Google error (500)", { kind: "status", status: 500, body: { error: { message: "backend error" } } }],
    ["a quota error (429)", { kind: "status", status: 429, body: { error: { message: "quota" } } }],
    ["an answer that is not JSON", { kind: "garbage" }],
    ["an answer of the wrong shape", { kind: "status", status: 200, body: { suggestions: "many" } }],
  ] as const)("answers 502 in pt-BR for %s, showing nothing of Google's answer", async (_name, mode) => {
    fake.mode = mode;
    const res = await ask({ input: "Rua das Flores" });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: PLACES_MESSAGES.unavailable, issues: [] });
    expect(JSON.stringify(res.body)).not.toContain(fake.apiKey);
  });

  it("answers 504 in pt-BR when Google does not answer in time", async () => {
    fake.mode = { kind: "slow", delayMs: 6_000 };
    const res = await ask({ input: "Rua das Flores" });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ message: PLACES_MESSAGES.timedOut, issues: [] });
  });

  it("answers 502 when Google cannot be reached at all", async () => {
    const unreachable = await createTestServer({
      config: { places: { apiKey: "k", baseUrl: "http://127.0.0.1:9", timeoutMs: 300 } },
    });
    try {
      const someone = await unreachable.api.seedTenant();
      const res = await ask({ input: "Rua das Flores" }, unreachable, someone.actor);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: PLACES_MESSAGES.unavailable, issues: [] });
    } finally {
      await unreachable.close();
    }
  });

  it("refuses a bad session token or an overlong input with a 400, before calling Google", async () => {
    const token = await ask({ input: "Rua das Flores", sessionToken: "não é token!" });
    expect(token.status).toBe(400);
    expect(token.body).toMatchObject({ message: PLACES_MESSAGES.sessionTokenInvalid });
    const long = await ask({ input: "R".repeat(201) });
    expect(long.body).toMatchObject({ message: PLACES_MESSAGES.inputMax });
    expect(fake.requests).toEqual([]);
  });

  it("answers 401 without a token, before calling Google", async () => {
    const res = await server.request("GET", "/places/autocomplete", { query: { input: "Rua das Flores" } });
    expect(res.status).toBe(401);
    expect(fake.requests).toEqual([]);
  });
});

describe("GET /places/autocomplete without a key", () => {
  it("answers enabled: false so the form keeps a plain address input", async () => {
    const someone = await plain.api.seedTenant();
    const res = await ask({ input: "Avenida Paulista" }, plain, someone.actor);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: false, suggestions: [] });
  });
});

describe("the Places settings", () => {
  it("take Google's origin by default and refuse a fake one in production", () => {
    expect(loadEnv({ GOOGLE_MAPS_API_KEY: "k" }).GOOGLE_PLACES_API_URL).toBe("https://places.googleapis.com");
    expect(loadEnv({ GOOGLE_PLACES_API_URL: "http://127.0.0.1:9999/x" }).GOOGLE_PLACES_API_URL).toBe(
      "http://127.0.0.1:9999",
    );
    expect(() => loadEnv({ NODE_ENV: "production", GOOGLE_PLACES_API_URL: "http://127.0.0.1:9999" })).toThrow(
      EnvError,
    );
  });
});
