// The team against the real database: the owner invites, revokes and removes; an invited e-mail's first sign-in joins
// the tenant as STAFF; staff manage nothing; a removed member's sessions end; another tenant's ids are 404.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { TEAM_MESSAGES as M } from "@atende/shared/schemas/team";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAccessToken } from "../auth/tokens";
import { actorFromClaims } from "../context";
import { listOutbox } from "../mail/outbox";
import { createTestApi, type TestApi } from "../testing";
import { signIn } from "./auth";

let t: TestApi;
let root: Awaited<ReturnType<TestApi["seedTenant"]>>;
beforeAll(async () => {
  t = await createTestApi();
  root = await t.seedTenant({ email: "root@atende.test", superAdmin: true });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
let seq = 0;
const uniqueEmail = (prefix = "equipe") =>
  `${prefix}${++seq}-${Math.random().toString(36).slice(2, 8)}@clinica.test`;

/** Signs `email` in as the OAuth callback would; answers the tokens, the claims and a caller acting as them. */
async function signInAs(email: string, name = "Pessoa") {
  const pair = await signIn(t.data.system("signIn"), { email, name }, t.config, t.now());
  const claims = await verifyAccessToken(pair.accessToken, t.config.jwtSecret);
  if (!claims) throw new Error("sign-in issued an invalid token");
  const actor = actorFromClaims(claims, t.config);
  return { pair, claims, actor, api: t.callerFor(actor) };
}

const outboxOf = (to: string) => t.data.inShared((db) => listOutbox(db, { to }));
const tenantCount = async () => (await t.database.db.select().from(schema.tenants)).length;

describe("inviting", () => {
  it("lists the invitation and enqueues a pt-BR e-mail with the sign-in link", async () => {
    const a = await t.seedTenant({ name: "Clínica Sorriso & Cia" });
    const email = uniqueEmail();
    const invitation = await a.api.team.invite({ email: `  ${email.toUpperCase()} ` });
    expect(invitation).toMatchObject({ email });
    const team = await a.api.team.list();
    expect(team.members).toEqual([expect.objectContaining({ id: a.userId, role: "OWNER" })]);
    expect(team.invitations).toEqual([invitation]);
    const [mail] = await outboxOf(email);
    expect(mail?.subject).toBe("Você foi convidado para a equipe de Clínica Sorriso & Cia no Atende");
    expect(mail?.text).toContain(`${t.config.serverOrigin}/login`);
    expect(mail?.html).toContain("Clínica Sorriso &#38; Cia");
  });

  it("answers 409 for an e-mail already invited or already a member, and sends nothing more", async () => {
    const a = await t.seedTenant();
    const email = uniqueEmail();
    await a.api.team.invite({ email });
    await expect(a.api.team.invite({ email })).rejects.toMatchObject({
      code: "CONFLICT",
      message: M.alreadyInvited,
    });
    await expect(a.api.team.invite({ email: a.actor.email.toUpperCase() })).rejects.toMatchObject({
      code: "CONFLICT",
      message: M.alreadyMember,
    });
    expect(await outboxOf(email)).toHaveLength(1);
    expect(await outboxOf(a.actor.email)).toHaveLength(0);
  });

  it("refuses a bad e-mail with a 400 that changes nothing", async () => {
    const a = await t.seedTenant();
    for (const email of ["", "sem-arroba", "a\u0000b@clinica.test", `${"a".repeat(250)}@x.test`]) {
      await expect(a.api.team.invite({ email }), email).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    expect((await a.api.team.list()).invitations).toEqual([]);
  });

  it("replaces an expired invitation instead of refusing it", async () => {
    const a = await t.seedTenant();
    const email = uniqueEmail();
    t.setNow(new Date(Date.now() - 8 * DAY));
    try {
      await a.api.team.invite({ email });
    } finally {
      t.setNow(undefined);
    }
    expect((await a.api.team.list()).invitations).toEqual([]);
    const fresh = await a.api.team.invite({ email });
    expect((await a.api.team.list()).invitations).toEqual([fresh]);
  });
});

describe("joining by invitation", () => {
  it("makes the invited e-mail's first sign-in a STAFF member of the inviting tenant, with no tenant of its own", async () => {
    const a = await t.seedTenant();
    const email = uniqueEmail();
    await a.api.team.invite({ email });
    const before = await tenantCount();
    const staff = await signInAs(email.toUpperCase(), "Bia");
    expect(staff.claims.tenantId).toBe(a.tenantId);
    expect(await tenantCount()).toBe(before);
    const team = await a.api.team.list();
    expect(team.invitations).toEqual([]);
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      [a.actor.email, "OWNER"],
      [email, "STAFF"],
    ]);
    // Staff work in the tenant's dashboard...
    await staff.api.establishments.create({
      name: "Sede",
      address: "Rua das Flores, 100",
      hasParking: false,
    });
    expect(await a.api.establishments.list()).toMatchObject([{ name: "Sede" }]);
    // ...and sign in again into the same tenant.
    expect((await signInAs(email)).claims.tenantId).toBe(a.tenantId);
  });

  it("ignores an expired or revoked invitation: the sign-in creates a tenant of its own, as its OWNER", async () => {
    const a = await t.seedTenant();
    const expired = uniqueEmail();
    t.setNow(new Date(Date.now() - 8 * DAY));
    try {
      await a.api.team.invite({ email: expired });
    } finally {
      t.setNow(undefined);
    }
    const revoked = uniqueEmail();
    const invitation = await a.api.team.invite({ email: revoked });
    expect(await a.api.team.revokeInvitation({ id: invitation.id })).toEqual({ id: invitation.id });
    for (const email of [expired, revoked]) {
      const person = await signInAs(email);
      expect(person.claims.tenantId).not.toBe(a.tenantId);
      const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
      expect(user?.role).toBe("OWNER");
    }
  });
});

describe("staff", () => {
  it("manage nothing of the team (403, pt-BR), and a demotion applies at once", async () => {
    const a = await t.seedTenant();
    const staffEmail = uniqueEmail();
    const invitation = await a.api.team.invite({ email: staffEmail });
    const staff = await signInAs(staffEmail);
    const refused = { code: "FORBIDDEN", message: "Apenas o proprietário pode gerenciar a equipe." };
    await expect(staff.api.team.list()).rejects.toMatchObject(refused);
    await expect(staff.api.team.invite({ email: uniqueEmail() })).rejects.toMatchObject(refused);
    await expect(staff.api.team.revokeInvitation({ id: invitation.id })).rejects.toMatchObject(refused);
    await expect(staff.api.team.removeMember({ id: a.userId })).rejects.toMatchObject(refused);
    await t.database.db.update(schema.users).set({ role: "STAFF" }).where(eq(schema.users.id, a.userId));
    await expect(a.api.team.list()).rejects.toMatchObject(refused);
  });
});

describe("removing a member", () => {
  it("deletes the member, ends their sessions, and their next sign-in starts a tenant of their own", async () => {
    const a = await t.seedTenant();
    const email = uniqueEmail();
    await a.api.team.invite({ email });
    const staff = await signInAs(email);
    expect(await a.api.team.removeMember({ id: staff.claims.sub })).toEqual({ id: staff.claims.sub });
    expect((await a.api.team.list()).members.map((m) => m.id)).toEqual([a.userId]);
    await expect(
      t.callerFor(null).user.refreshToken({ refreshToken: staff.pair.refreshToken }),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const again = await signInAs(email);
    expect(again.claims.tenantId).not.toBe(a.tenantId);
    await expect(again.api.establishments.list()).resolves.toEqual([]);
    // Invited again later, the person cannot join: an e-mail has one account, in one tenant.
    await a.api.team.invite({ email });
    expect((await signInAs(email)).claims.tenantId).toBe(again.claims.tenantId);
  });

  it("refuses oneself and the owner (403) and another tenant's member (404), changing nothing", async () => {
    const a = await t.seedTenant();
    const b = await t.seedTenant();
    const bStaffEmail = uniqueEmail();
    const bInvitation = await b.api.team.invite({ email: uniqueEmail() });
    await b.api.team.invite({ email: bStaffEmail });
    const bStaff = await signInAs(bStaffEmail);
    await expect(a.api.team.removeMember({ id: a.userId })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: M.cannotRemoveSelf,
    });
    await expect(a.api.team.removeMember({ id: bStaff.claims.sub })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(a.api.team.removeMember({ id: b.userId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(a.api.team.revokeInvitation({ id: bInvitation.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(a.api.team.removeMember({ id: "not-a-uuid" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const bTeam = await b.api.team.list();
    expect(bTeam.members).toHaveLength(2);
    expect(bTeam.invitations.map((i) => i.id)).toContain(bInvitation.id);
    expect(JSON.stringify(await a.api.team.list())).not.toContain(bStaffEmail);

    const asAdminInB = t.callerFor({ ...root.actor, selectedTenantId: b.tenantId });
    await expect(asAdminInB.team.removeMember({ id: b.userId })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: M.cannotRemoveOwner,
    });
  });
});

describe("a super-admin acting in a tenant", () => {
  it("manages its team as its owner would", async () => {
    const b = await t.seedTenant();
    const asAdminInB = t.callerFor({ ...root.actor, selectedTenantId: b.tenantId });
    const email = uniqueEmail();
    await asAdminInB.team.invite({ email });
    expect((await b.api.team.list()).invitations.map((i) => i.email)).toEqual([email]);
    // In their own tenant, they are its owner.
    await expect(root.api.team.list()).resolves.toMatchObject({
      members: [{ id: root.userId, role: "OWNER" }],
    });
  });
});
