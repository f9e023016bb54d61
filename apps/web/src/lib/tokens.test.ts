// The web app reads the access token with a hand check held to the server's own claims schema (@atende/shared/auth).
import { AccessTokenClaims } from "@atende/shared/auth";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claimsOf, decodeClaims, isAccessTokenExpired } from "./tokens";

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.assinatura`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const claims = {
  sub: "3f1c2a9e-8b7d-4c6e-9a5f-1b2c3d4e5f60",
  email: "joana@clinica.test",
  name: "Joana Araújo",
  tenantId: "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d",
  isSuperAdmin: false,
  superAdminSelectedTenantId: null,
  exp: nowSeconds() + 900,
};

describe("decodeClaims", () => {
  it("reads the claims the server signs, accents included", () => {
    expect(decodeClaims(jwt({ ...claims, iat: nowSeconds() }))).toEqual(claims);
  });

  it("reads nothing from a token that breaks the claims contract", () => {
    const { exp: _exp, ...withoutExp } = claims;
    for (const broken of [withoutExp, { ...claims, tenantId: "abc" }, { ...claims, isSuperAdmin: "sim" }]) {
      expect(decodeClaims(jwt(broken))).toBeNull();
    }
    expect(decodeClaims("nao.e.jwt")).toBeNull();
  });
});

describe("the hand check", () => {
  it("gives the server's schema's verdict, and its value, on any payload", () => {
    // Each claim valid or not, so both verdicts come up often; uuids of every version, variant and case.
    const uuidLike = fc.oneof(
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
      fc.constantFrom(
        "00000000-0000-0000-0000-000000000000",
        "ffffffff-ffff-ffff-ffff-ffffffffffff",
        "abc",
        "",
      ),
      fc.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    );
    const anything = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
    const payload = fc.record(
      {
        sub: fc.oneof(uuidLike, anything),
        email: fc.oneof(fc.string(), anything),
        name: fc.oneof(fc.string(), anything),
        tenantId: fc.oneof(uuidLike, anything),
        isSuperAdmin: fc.oneof(fc.boolean(), anything),
        superAdminSelectedTenantId: fc.oneof(fc.constant(null), uuidLike, anything),
        exp: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 53, -(2 ** 53), 1e300), anything),
        iat: fc.integer(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(payload, anything), (value) => {
        const parsed = AccessTokenClaims.safeParse(value);
        expect(claimsOf(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("isAccessTokenExpired", () => {
  it("judges by exp alone", () => {
    expect(isAccessTokenExpired(jwt({ exp: nowSeconds() + 60 }))).toBe(false);
    expect(isAccessTokenExpired(jwt({ exp: nowSeconds() - 1 }))).toBe(true);
    expect(isAccessTokenExpired(jwt({ sub: "sem-exp" }))).toBe(true);
  });
});
