// Access tokens are verified with a key imported once per secret (decision 0059): the key of one secret never
// verifies a token of another, and nothing about a token is remembered between verifications.
import { describe, expect, it } from "vitest";
import { signAccessToken, verifyAccessToken } from "./tokens";

const claims = {
  sub: "5b0c6f0e-8a54-4d55-9d4c-1f2a3b4c5d6e",
  email: "dora@clinica.test",
  name: "Dora",
  tenantId: "0f6d1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
  isSuperAdmin: false,
  superAdminSelectedTenantId: null,
};

describe("verifyAccessToken", () => {
  it("keeps each secret's key to that secret, and judges every token again", async () => {
    const first = new TextEncoder().encode("first-secret-first-secret-first!!");
    const second = new TextEncoder().encode("second-secret-second-secret-second");
    const ofFirst = await signAccessToken(claims, first, 900);
    const ofSecond = await signAccessToken(claims, second, 900);

    expect(await verifyAccessToken(ofFirst, first)).toMatchObject({ sub: claims.sub });
    expect(await verifyAccessToken(ofSecond, second)).toMatchObject({ sub: claims.sub });
    expect(await verifyAccessToken(ofFirst, second)).toBeUndefined();
    expect(await verifyAccessToken(ofSecond, first)).toBeUndefined();

    // The same token, verified before, is refused once it has expired.
    const later = new Date(Date.now() + 3600_000);
    expect(await verifyAccessToken(ofFirst, first, later)).toBeUndefined();
    // A tampered signature is refused with a key already in use.
    const [header, payload, signature = ""] = ofFirst.split(".");
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, first)).toBeUndefined();
  });
});
