import { schema } from "@atende/db";
import { and, asc, eq, isNull } from "@atende/db/orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAccessToken } from "../auth/tokens";
import { type Actor, actingTenantOf, actorFromClaims } from "../context";
import { SESSION_EXPIRED, signIn, type TokenPair } from "../identity/auth";
import { SUPER_ADMIN_ACTIONS, TENANT_NOT_FOUND } from "../identity/auth-super-admin";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";
import { SUPER_ADMIN_ONLY } from "../trpc";

let api: TestApi;
let clinic: SeededTenant; // tenant B, the one the super-admin will act in
let clinicEstablishmentId: string;
beforeAll(async () => {
  api = await createTestApi();
  clinic = await api.seedTenant({ name: "Clínica Sorriso" });
  await api.database.db
    .update(schema.tenants)
    .set({ voiceNumber: "+551140000001" })
    .where(eq(schema.tenants.id, clinic.tenantId));
  // A second, later user of B: the first user stays the owner.
  await api.database.db.insert(schema.users).values({
    tenantId: clinic.tenantId,
    email: `recepcao-${clinic.tenantId}@clinica.test`,
    name: "Recepção",
  });
  const [establishment] = await api.database.db
    .insert(schema.establishments)
    .values({ tenantId: clinic.tenantId, name: "Unidade Centro", address: "Rua A, 1" })
    .returning();
  if (!establishment) throw new Error("no establishment");
  clinicEstablishmentId = establishment.id;
});
afterAll(() => api.close());

async function actorOf(accessToken: string): Promise<Actor> {
  const claims = await verifyAccessToken(accessToken, api.config.jwtSecret);
  if (!claims) throw new Error("token refused");
  return actorFromClaims(claims, api.config);
}

async function callerOf(pair: TokenPair) {
  return api.callerFor(await actorOf(pair.accessToken));
}

/** What a tenant-scoped handler would see: establishments under row-level security for the acting tenant. */
async function visibleEstablishments(pair: TokenPair): Promise<string[]> {
  const actor = await actorOf(pair.accessToken);
  return api.data.inTenant(actingTenantOf(actor), async (tx) =>
    (await tx.select({ id: schema.establishments.id }).from(schema.establishments)).map((row) => row.id),
  );
}

async function auditRows() {
  return api.database.db
    .select()
    .from(schema.auditLog)
    .orderBy(asc(schema.auditLog.createdAt), asc(schema.auditLog.action));
}

async function liveFamiliesOf(userId: string) {
  return api.database.db
    .select()
    .from(schema.refreshTokenFamilies)
    .where(
      and(eq(schema.refreshTokenFamilies.userId, userId), isNull(schema.refreshTokenFamilies.revokedAt)),
    );
}

async function signInAdmin(): Promise<TokenPair> {
  return signIn(api.data.system("signIn"), { email: "root@atende.test", name: "Raiz" }, api.config);
}

describe("superAdmin", () => {
  it("lists every tenant, newest first, with its first user and voice number", async () => {
    const admin = await signInAdmin();
    const later = await api.seedTenant({ name: "Pet Feliz" });
    const list = await (await callerOf(admin)).superAdmin.tenants();

    const ids = list.map((tenant) => tenant.id);
    const adminTenant = String(decodeJwt(admin.accessToken).tenantId);
    expect(ids.indexOf(later.tenantId)).toBeLessThan(ids.indexOf(adminTenant));
    expect(ids.indexOf(adminTenant)).toBeLessThan(ids.indexOf(clinic.tenantId));
    const [owner] = await api.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, clinic.userId));
    expect(list.find((tenant) => tenant.id === clinic.tenantId)).toEqual({
      id: clinic.tenantId,
      name: "Clínica Sorriso",
      firstUserName: owner?.name,
      firstUserEmail: owner?.email,
      voiceNumber: "+551140000001",
    });
    expect(list).toHaveLength(await api.database.db.$count(schema.tenants));
  });

  it("selects a tenant: the claims and the data seen change, the old session ends, and clear undoes it", async () => {
    const admin = await signInAdmin();
    const adminActor = await actorOf(admin.accessToken);
    const ownTenant = adminActor.tenantId;
    expect(await visibleEstablishments(admin)).not.toContain(clinicEstablishmentId);

    const selected = await (await callerOf(admin)).superAdmin.selectTenant({ tenantId: clinic.tenantId });
    expect(decodeJwt(selected.accessToken)).toMatchObject({
      sub: adminActor.userId,
      tenantId: ownTenant,
      isSuperAdmin: true,
      superAdminSelectedTenantId: clinic.tenantId,
    });
    expect(await visibleEstablishments(selected)).toEqual([clinicEstablishmentId]);
    expect(await (await callerOf(selected)).superAdmin.selectedTenant()).toEqual({
      tenantInfo: expect.objectContaining({
        id: clinic.tenantId,
        name: "Clínica Sorriso",
        voiceNumber: "+551140000001",
      }),
    });
    // user.me still names the admin's own tenant.
    expect((await (await callerOf(selected)).user.me()).tenantId).toBe(ownTenant);

    // The session from before the selection is over: its refresh token cannot bring the old view back.
    await expect(
      api.callerFor(null).user.refreshToken({ refreshToken: admin.refreshToken }),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: SESSION_EXPIRED,
    });
    expect(await liveFamiliesOf(adminActor.userId)).toHaveLength(1);

    // The selection lives on the session: a refresh keeps it.
    const refreshed = await api.callerFor(null).user.refreshToken({ refreshToken: selected.refreshToken });
    expect(decodeJwt(refreshed.accessToken).superAdminSelectedTenantId).toBe(clinic.tenantId);

    const cleared = await (await callerOf(refreshed)).superAdmin.clearSelection();
    expect(decodeJwt(cleared.accessToken)).toMatchObject({
      tenantId: ownTenant,
      superAdminSelectedTenantId: null,
    });
    expect(await visibleEstablishments(cleared)).not.toContain(clinicEstablishmentId);
    expect(await (await callerOf(cleared)).superAdmin.selectedTenant()).toEqual({ tenantInfo: null });
    await expect(
      api.callerFor(null).user.refreshToken({ refreshToken: refreshed.refreshToken }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const afterClear = await api.callerFor(null).user.refreshToken({ refreshToken: cleared.refreshToken });
    expect(decodeJwt(afterClear.accessToken).superAdminSelectedTenantId).toBeNull();
  });

  it("answers 404 for an unknown tenant and changes nothing", async () => {
    const admin = await signInAdmin();
    const actor = await actorOf(admin.accessToken);
    const families = await liveFamiliesOf(actor.userId);
    const audits = (await auditRows()).length;
    const caller = await callerOf(admin);
    for (const tenantId of ["00000000-0000-4000-8000-000000000000", "nao-e-um-id"]) {
      await expect(caller.superAdmin.selectTenant({ tenantId })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: TENANT_NOT_FOUND,
      });
    }
    expect(await liveFamiliesOf(actor.userId)).toEqual(families);
    expect((await auditRows()).length).toBe(audits);
    // The session in hand still works.
    const again = await api.callerFor(null).user.refreshToken({ refreshToken: admin.refreshToken });
    expect(decodeJwt(again.accessToken).superAdminSelectedTenantId).toBeNull();
  });

  it("writes every super-admin action to the audit log, in the tenant acted on", async () => {
    const admin = await signInAdmin();
    const actor = await actorOf(admin.accessToken);
    const before = new Set((await auditRows()).map((row) => row.id));

    await (await callerOf(admin)).superAdmin.tenants();
    const selected = await (await callerOf(admin)).superAdmin.selectTenant({ tenantId: clinic.tenantId });
    await (await callerOf(selected)).superAdmin.selectedTenant();
    await (await callerOf(selected)).superAdmin.clearSelection();

    const rows = (await auditRows()).filter((row) => !before.has(row.id));
    const who = { actorUserId: actor.userId, actorEmail: "root@atende.test" };
    expect(rows.map((row) => row.action).sort()).toEqual(Object.values(SUPER_ADMIN_ACTIONS).sort());
    const byAction = (action: string) => rows.find((row) => row.action === action);
    expect(byAction(SUPER_ADMIN_ACTIONS.list)).toMatchObject({ ...who, tenantId: actor.tenantId });
    expect(byAction(SUPER_ADMIN_ACTIONS.list)?.details).toMatchObject({ count: expect.any(Number) });
    expect(byAction(SUPER_ADMIN_ACTIONS.select)).toMatchObject({ ...who, tenantId: clinic.tenantId });
    expect(byAction(SUPER_ADMIN_ACTIONS.selected)).toMatchObject({ ...who, tenantId: clinic.tenantId });
    expect(byAction(SUPER_ADMIN_ACTIONS.clear)).toMatchObject({
      ...who,
      tenantId: clinic.tenantId,
      details: { previousSelectedTenantId: clinic.tenantId },
    });
  });

  it("refuses ordinary users (403) on all four operations and changes nothing", async () => {
    const families = await liveFamiliesOf(clinic.userId);
    const audits = (await auditRows()).length;
    const refusal = { code: "FORBIDDEN", message: SUPER_ADMIN_ONLY };
    await expect(clinic.api.superAdmin.tenants()).rejects.toMatchObject(refusal);
    await expect(clinic.api.superAdmin.selectTenant({ tenantId: clinic.tenantId })).rejects.toMatchObject(
      refusal,
    );
    await expect(clinic.api.superAdmin.selectedTenant()).rejects.toMatchObject(refusal);
    await expect(clinic.api.superAdmin.clearSelection()).rejects.toMatchObject(refusal);
    expect(await liveFamiliesOf(clinic.userId)).toEqual(families);
    expect((await auditRows()).length).toBe(audits);
  });

  it("refuses a token that still says super-admin once the e-mail left SUPER_ADMIN_EMAILS", async () => {
    const stale: Actor = { ...clinic.actor, isSuperAdmin: true };
    await expect(api.callerFor(stale).superAdmin.tenants()).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: SUPER_ADMIN_ONLY,
    });
  });

  it("refuses callers without a token (401)", async () => {
    const anonymous = api.callerFor(null);
    await expect(anonymous.superAdmin.tenants()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anonymous.superAdmin.clearSelection()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anonymous.user.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
