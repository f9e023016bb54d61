// The web app reads the access token with the server's own claims schema (@atende/shared/auth).
import { describe, expect, it } from "vitest";
import { decodeClaims, isAccessTokenExpired } from "./tokens";

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

describe("isAccessTokenExpired", () => {
  it("judges by exp alone", () => {
    expect(isAccessTokenExpired(jwt({ exp: nowSeconds() + 60 }))).toBe(false);
    expect(isAccessTokenExpired(jwt({ exp: nowSeconds() - 1 }))).toBe(true);
    expect(isAccessTokenExpired(jwt({ sub: "sem-exp" }))).toBe(true);
  });
});
