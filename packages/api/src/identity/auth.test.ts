import { schema } from "@atende/db";
import { count, eq, sql } from "@atende/db/orm";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashRefreshToken, openSuccessor, signAccessToken, verifyAccessToken } from "../auth/tokens";
import { actorFromClaims } from "../context";
import { createTestApi, type TestApi } from "../testing";
import { REFRESH_REUSE_GRACE_MS, refreshSession, SESSION_EXPIRED, signIn, type TokenPair } from "./auth";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const DAY = 24 * 60 * 60 * 1000;
let seq = 0;
const uniqueEmail = (prefix = "pessoa") =>
  `${prefix}${++seq}-${Math.random().toString(36).slice(2, 8)}@clinica.test`;

/** The app router as whoever the bearer token says, exactly as the server builds the context (null: refused). */
async function callerWithToken(token: string) {
  const claims = await verifyAccessToken(token, api.config.jwtSecret);
  return api.callerFor(claims ? actorFromClaims(claims, api.config) : null);
}

async function refresh(refreshToken: string): Promise<TokenPair> {
  return api.callerFor(null).user.refreshToken({ refreshToken });
}

async function expectSessionExpired(promise: Promise<unknown>) {
  await expect(promise).rejects.toMatchObject({ code: "UNAUTHORIZED", message: SESSION_EXPIRED });
}

async function countRows(
  table: typeof schema.tenants | typeof schema.users | typeof schema.refreshTokenFamilies,
) {
  const [row] = await api.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe("signIn", () => {
  it("creates the user and a tenant named after them on the first sign-in only", async () => {
    const email = uniqueEmail("Ana.Souza");
    const tenantsBefore = await countRows(schema.tenants);
    const usersBefore = await countRows(schema.users);

    const first = await signIn(
      api.data.system("signIn"),
      { email: `  ${email.toUpperCase()} `, name: " Ana Souza " },
      api.config,
    );
    const claims = decodeJwt(first.accessToken);
    expect(claims).toMatchObject({
      email: email.toLowerCase(),
      name: "Ana Souza",
      isSuperAdmin: false,
      superAdminSelectedTenantId: null,
    });
    expect(await countRows(schema.tenants)).toBe(tenantsBefore + 1);
    expect(await countRows(schema.users)).toBe(usersBefore + 1);
    const [tenant] = await api.database.db
      .select()
      .from(schema.tenants)
      .where(eq(schema.tenants.id, String(claims.tenantId)));
    expect(tenant?.name).toBe("Ana Souza");

    // Second sign-in, other capitalisation and a new name (as Google may report): same user and tenant.
    const second = await signIn(api.data.system("signIn"), { email, name: "Ana S. Lima" }, api.config);
    const again = decodeJwt(second.accessToken);
    expect(again.sub).toBe(claims.sub);
    expect(again.tenantId).toBe(claims.tenantId);
    expect(again.name).toBe("Ana S. Lima");
    expect(await countRows(schema.tenants)).toBe(tenantsBefore + 1);
    expect(await countRows(schema.users)).toBe(usersBefore + 1);
    const [user] = await api.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, String(claims.sub)));
    expect(user).toMatchObject({ email: email.toLowerCase(), name: "Ana S. Lima" });
    expect(user?.lastSignInAt).toBeInstanceOf(Date);
  });

  it("issues an access token with every claim and an opaque refresh token stored only as a hash", async () => {
    const now = new Date();
    const pair = await signIn(
      api.data.system("signIn"),
      { email: uniqueEmail(), name: "Bruno" },
      api.config,
      now,
    );
    const claims = decodeJwt(pair.accessToken);
    expect(Object.keys(claims).sort()).toEqual(
      ["email", "exp", "iat", "isSuperAdmin", "name", "sub", "superAdminSelectedTenantId", "tenantId"].sort(),
    );
    expect(claims.exp).toBe(Math.floor(now.getTime() / 1000) + api.config.accessTokenTtlSeconds);

    expect(pair.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await api.database.db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, hashRefreshToken(pair.refreshToken)));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.expiresAt.getTime()).toBe(now.getTime() + 30 * DAY);
    const [leak] = await api.database.db
      .select({ n: count() })
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, pair.refreshToken));
    expect(leak?.n).toBe(0);
  });

  it("makes the configured e-mails super-admins, whatever their case", async () => {
    const pair = await signIn(
      api.data.system("signIn"),
      { email: "ROOT@atende.test", name: "Raiz" },
      api.config,
    );
    expect(decodeJwt(pair.accessToken)).toMatchObject({
      isSuperAdmin: true,
      superAdminSelectedTenantId: null,
    });
  });

  it("creates one user when the same person signs in twice at once", async () => {
    const email = uniqueEmail("duplo");
    const [a, b] = await Promise.all([
      signIn(api.data.system("signIn"), { email, name: "Duplo" }, api.config),
      signIn(api.data.system("signIn"), { email, name: "Duplo" }, api.config),
    ]);
    expect(decodeJwt(a.accessToken).sub).toBe(decodeJwt(b.accessToken).sub);
    const rows = await api.database.db
      .select()
      .from(schema.users)
      .where(eq(sql`lower(${schema.users.email})`, email));
    expect(rows).toHaveLength(1);
  });
});

describe("user.me", () => {
  it("answers the signed-in user with their own tenant", async () => {
    const email = uniqueEmail();
    const pair = await signIn(api.data.system("signIn"), { email, name: "Carla" }, api.config);
    const claims = decodeJwt(pair.accessToken);
    const me = await (await callerWithToken(pair.accessToken)).user.me();
    expect(me).toEqual({ id: claims.sub, email, name: "Carla", tenantId: claims.tenantId, role: "OWNER" });
  });

  it("answers STAFF for someone who joined a tenant by invitation", async () => {
    const owner = await signIn(api.data.system("signIn"), { email: uniqueEmail(), name: "Dona" }, api.config);
    const email = uniqueEmail("convidada");
    await (await callerWithToken(owner.accessToken)).team.invite({ email });
    const staff = await signIn(api.data.system("signIn"), { email, name: "Equipe" }, api.config);
    const me = await (await callerWithToken(staff.accessToken)).user.me();
    expect(me).toMatchObject({ email, role: "STAFF", tenantId: decodeJwt(owner.accessToken).tenantId });
  });

  it("refuses a user that no longer exists, although the token is still valid", async () => {
    const pair = await signIn(api.data.system("signIn"), { email: uniqueEmail(), name: "Saiu" }, api.config);
    const caller = await callerWithToken(pair.accessToken);
    await api.database.db
      .delete(schema.users)
      .where(eq(schema.users.id, String(decodeJwt(pair.accessToken).sub)));
    await expect(caller.user.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // The cascade took the sessions too.
    await expectSessionExpired(refresh(pair.refreshToken));
  });

  it("refuses expired, tampered, foreign and unsigned access tokens", async () => {
    const pair = await signIn(api.data.system("signIn"), { email: uniqueEmail(), name: "Dora" }, api.config);
    const claims = decodeJwt(pair.accessToken);
    const asClaims = {
      sub: String(claims.sub),
      email: String(claims.email),
      name: String(claims.name),
      tenantId: String(claims.tenantId),
      isSuperAdmin: true,
      superAdminSelectedTenantId: null,
    };
    const [header = "", payload = "", signature = ""] = pair.accessToken.split(".");
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

    const refused: Record<string, string> = {
      expired: await signAccessToken(asClaims, api.config.jwtSecret, 900, new Date(Date.now() - 3600_000)),
      tampered: `${header}.${flip(payload, 10)}.${signature}`,
      "other secret": await signAccessToken(
        asClaims,
        new TextEncoder().encode("another-secret-another-secret!!"),
        900,
      ),
      "alg none": `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...asClaims, exp: Math.floor(Date.now() / 1000) + 900 })}.`,
      HS512: await new SignJWT({ ...asClaims })
        .setProtectedHeader({ alg: "HS512" })
        .setSubject(asClaims.sub)
        .setExpirationTime("15m")
        .sign(api.config.jwtSecret),
      garbage: "not.a.jwt",
    };
    expect((await (await callerWithToken(pair.accessToken)).user.me()).id).toBe(claims.sub);
    for (const [label, token] of Object.entries(refused)) {
      await expect((await callerWithToken(token)).user.me(), label).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
  });
});

describe("user.refreshToken", () => {
  it("rotates the refresh token: the new pair works, the old token is spent", async () => {
    const email = uniqueEmail();
    const first = await signIn(api.data.system("signIn"), { email, name: "Eva" }, api.config);
    const second = await refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await (await callerWithToken(second.accessToken)).user.me()).email).toBe(email);
    expect(decodeJwt(second.accessToken)).toMatchObject({ sub: decodeJwt(first.accessToken).sub, email });

    const third = await refresh(second.refreshToken);
    expect((await (await callerWithToken(third.accessToken)).user.me()).email).toBe(email);
    // Both spent tokens stay in the same family, marked rotated.
    const rows = await api.database.db
      .select()
      .from(schema.refreshTokens)
      .where(
        sql`${schema.refreshTokens.tokenHash} in (${hashRefreshToken(first.refreshToken)}, ${hashRefreshToken(
          second.refreshToken,
        )}, ${hashRefreshToken(third.refreshToken)})`,
      );
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
    expect(rows.filter((row) => row.rotatedAt !== null)).toHaveLength(2);
  });

  it("revokes the whole family when a spent token is presented again after the grace", async () => {
    const start = new Date("2030-02-01T12:00:00-03:00");
    const first = await signIn(
      api.data.system("signIn"),
      { email: uniqueEmail(), name: "Fábio" },
      api.config,
      start,
    );
    const other = await signIn(
      api.data.system("signIn"),
      { email: uniqueEmail(), name: "Outra sessão" },
      api.config,
      start,
    );
    try {
      api.setNow(start);
      const second = await refresh(first.refreshToken);
      api.setNow(new Date(start.getTime() + REFRESH_REUSE_GRACE_MS + 1000));
      await expectSessionExpired(refresh(first.refreshToken)); // reuse, past the grace
      await expectSessionExpired(refresh(second.refreshToken)); // the family's newest token died with it
      const [family] = await api.database.db
        .select()
        .from(schema.refreshTokenFamilies)
        .innerJoin(schema.refreshTokens, eq(schema.refreshTokens.familyId, schema.refreshTokenFamilies.id))
        .where(eq(schema.refreshTokens.tokenHash, hashRefreshToken(second.refreshToken)));
      expect(family?.refresh_token_families.revokedAt).toBeInstanceOf(Date);

      // Another session (family) is untouched.
      expect((await refresh(other.refreshToken)).refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      api.setNow(undefined);
    }
  });

  it("within the grace, a rotated token answers the same successor (a reload during a refresh), chain included", async () => {
    const start = new Date("2030-03-01T12:00:00-03:00");
    const first = await signIn(
      api.data.system("signIn"),
      { email: uniqueEmail(), name: "Íris" },
      api.config,
      start,
    );
    try {
      api.setNow(start);
      const second = await refresh(first.refreshToken); // the answer the reloaded page never received
      api.setNow(new Date(start.getTime() + 5_000));
      const replayed = await refresh(first.refreshToken);
      expect(replayed.refreshToken).toBe(second.refreshToken);
      expect(decodeJwt(replayed.accessToken).sub).toBe(decodeJwt(second.accessToken).sub);
      // The successor was spent meanwhile (another tab went on): the old token follows the chain to the live one.
      const third = await refresh(second.refreshToken);
      api.setNow(new Date(start.getTime() + 10_000));
      expect((await refresh(first.refreshToken)).refreshToken).toBe(third.refreshToken);
      // The live token still rotates normally: nothing was revoked.
      api.setNow(new Date(start.getTime() + 12_000));
      const fourth = await refresh(third.refreshToken);
      expect(fourth.refreshToken).not.toBe(third.refreshToken);
      // Past its grace, the first token is a reuse again: the family is revoked.
      api.setNow(new Date(start.getTime() + REFRESH_REUSE_GRACE_MS + 1000));
      await expectSessionExpired(refresh(first.refreshToken));
      await expectSessionExpired(refresh(fourth.refreshToken));
    } finally {
      api.setNow(undefined);
    }
  });

  it("the successor is sealed: the database row alone does not reveal it", async () => {
    const first = await signIn(api.data.system("signIn"), { email: uniqueEmail(), name: "Jade" }, api.config);
    const second = await refresh(first.refreshToken);
    const [row] = await api.database.db
      .select({ sealed: schema.refreshTokens.successorSealed })
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, hashRefreshToken(first.refreshToken)));
    expect(row?.sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(row?.sealed).not.toContain(second.refreshToken);
    expect(openSuccessor(first.refreshToken, row?.sealed ?? "")).toBe(second.refreshToken);
    expect(openSuccessor(second.refreshToken, row?.sealed ?? "")).toBeUndefined();
    expect(openSuccessor(hashRefreshToken(first.refreshToken), row?.sealed ?? "")).toBeUndefined();
  });

  it("two concurrent refreshes with the same token both keep the session, with the same successor", async () => {
    const pair = await signIn(api.data.system("signIn"), { email: uniqueEmail(), name: "Gil" }, api.config);
    const now = new Date();
    const results = await Promise.all([
      refreshSession(api.data.system("tokenRefresh"), pair.refreshToken, api.config, now),
      refreshSession(api.data.system("tokenRefresh"), pair.refreshToken, api.config, now),
    ]);
    expect(results[0].refreshToken).toBe(results[1].refreshToken);
    // Only one token was issued: the family stays one line, and its live token rotates.
    expect((await refresh(results[0].refreshToken)).refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses an expired refresh token; each rotation gets its own 30 days", async () => {
    const start = new Date("2030-01-01T12:00:00-03:00");
    const pair = await signIn(
      api.data.system("signIn"),
      { email: uniqueEmail(), name: "Hugo" },
      api.config,
      start,
    );
    try {
      api.setNow(new Date(start.getTime() + 29 * DAY));
      const renewed = await refresh(pair.refreshToken);
      api.setNow(new Date(start.getTime() + 29 * DAY + 29 * DAY)); // 58 days after sign-in, 29 after rotation
      const again = await refresh(renewed.refreshToken);
      api.setNow(new Date(start.getTime() + 58 * DAY + 30 * DAY + 1000));
      await expectSessionExpired(refresh(again.refreshToken));
    } finally {
      api.setNow(undefined);
    }
  });

  it("refuses unknown and empty tokens with 401, a missing one as invalid input", async () => {
    await expectSessionExpired(refresh("x".repeat(43)));
    await expectSessionExpired(refresh(""));
    const caller = api.callerFor(null);
    // @ts-expect-error: the field is required
    await expect(caller.user.refreshToken({})).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("judges super-admin at every refresh: removing the e-mail demotes, and the selection goes with it", async () => {
    const email = uniqueEmail("admin");
    const promoted = { ...api.config, superAdminEmails: new Set([email]) };
    const demoted = { ...api.config, superAdminEmails: new Set<string>() };
    const { tenantId: otherTenant } = await api.seedTenant();

    const pair = await signIn(api.data.system("signIn"), { email, name: "Íris" }, promoted);
    expect(decodeJwt(pair.accessToken).isSuperAdmin).toBe(true);
    // Keep a selection on the family, as superAdmin.selectTenant does.
    await api.database.db.execute(
      sql`update refresh_token_families set selected_tenant_id = ${otherTenant} where id = (select family_id from refresh_tokens where token_hash = ${hashRefreshToken(pair.refreshToken)})`,
    );
    const selected = await refreshSession(
      api.data.system("tokenRefresh"),
      pair.refreshToken,
      promoted,
      new Date(),
    );
    expect(decodeJwt(selected.accessToken)).toMatchObject({
      isSuperAdmin: true,
      superAdminSelectedTenantId: otherTenant,
    });

    const down = await refreshSession(
      api.data.system("tokenRefresh"),
      selected.refreshToken,
      demoted,
      new Date(),
    );
    expect(decodeJwt(down.accessToken)).toMatchObject({
      isSuperAdmin: false,
      superAdminSelectedTenantId: null,
    });

    // Promoted again: a super-admin once more, but the old selection is not brought back.
    const up = await refreshSession(api.data.system("tokenRefresh"), down.refreshToken, promoted, new Date());
    expect(decodeJwt(up.accessToken)).toMatchObject({ isSuperAdmin: true, superAdminSelectedTenantId: null });
  });
});
