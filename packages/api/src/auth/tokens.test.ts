// Access tokens are verified with node:crypto's HMAC on the spot (decision 0061; before, jose through WebCrypto with a
// key imported once per secret, decision 0059): one secret never verifies a token of another, nothing about a token
// is remembered between verifications, and what jose's `jwtVerify` refuses is refused.
import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
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

  it("refuses what jose would refuse: a header beyond HS256, a signature not in canonical base64url, nbf ahead", async () => {
    const secret = new TextEncoder().encode("third-secret-third-secret-third!!");
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const exp = Math.floor(Date.now() / 1000) + 900;
    // Signed correctly with the secret, whatever the header says.
    const signed = (header: object, payload: object) => {
      const input = `${b64(header)}.${b64(payload)}`;
      return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
    };
    const body = { ...claims, exp };
    expect(await verifyAccessToken(signed({ alg: "HS256", typ: "JWT" }, body), secret)).toMatchObject({
      sub: claims.sub,
    });
    expect(await verifyAccessToken(signed({ alg: "HS384" }, body), secret)).toBeUndefined();
    expect(await verifyAccessToken(signed({ alg: "none" }, body), secret)).toBeUndefined();
    expect(
      await verifyAccessToken(signed({ alg: "HS256", crit: ["x"], x: 1 }, body), secret),
    ).toBeUndefined();
    expect(
      await verifyAccessToken(signed({ alg: "HS256", b64: false, crit: ["b64"] }, body), secret),
    ).toBeUndefined();
    expect(await verifyAccessToken(signed({ alg: "HS256" }, { ...claims }), secret)).toBeUndefined(); // no exp
    expect(
      await verifyAccessToken(signed({ alg: "HS256" }, { ...body, exp: "later" }), secret),
    ).toBeUndefined();
    expect(await verifyAccessToken(signed({ alg: "HS256" }, { ...body, nbf: exp }), secret)).toBeUndefined();
    expect(
      await verifyAccessToken(signed({ alg: "HS256" }, { ...body, iat: "now" }), secret),
    ).toBeUndefined();
    const token = await new SignJWT(body).setProtectedHeader({ alg: "HS256" }).sign(secret);
    expect(await verifyAccessToken(token, secret)).toMatchObject({ sub: claims.sub });
    // Base64url decoding is lenient; the signature must be written exactly as the HMAC encodes.
    expect(await verifyAccessToken(`${token}=`, secret)).toBeUndefined();
    expect(await verifyAccessToken(`${token}.`, secret)).toBeUndefined();
    // Expired from the second of exp, as jose judges it.
    expect(await verifyAccessToken(token, secret, new Date(exp * 1000))).toBeUndefined();
    expect(await verifyAccessToken(token, secret, new Date(exp * 1000 - 1000))).toMatchObject({
      sub: claims.sub,
    });
  });
});
