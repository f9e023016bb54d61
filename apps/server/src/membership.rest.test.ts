// Access ends when membership ends (issue #20; docs/decisions/0003-sessions.md): an access token whose user was
// removed from the team, or whose account was closed, is refused at every tenant door at once (REST and tRPC,
// reads and writes, the browser call's ticket), not when the token lapses 15 minutes later. Members who stay, and a
// super-admin acting in a selected tenant, are unaffected.
import { type Actor, SESSION_EXPIRED } from "@atende/api";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const EXPIRED = { message: SESSION_EXPIRED, issues: [] };
let seq = 0;

/** A STAFF member of `owner`'s tenant, as an accepted invitation makes one. */
async function addStaff(owner: Actor): Promise<Actor> {
  seq += 1;
  const email = `equipe${seq}-${Math.random().toString(36).slice(2, 8)}@clinica.test`;
  const [user] = await server.api.database.db
    .insert(schema.users)
    .values({ tenantId: owner.tenantId, email, name: `Equipe ${seq}`, role: "STAFF" })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return { ...owner, userId: user.id, email, name: user.name };
}

const patient = () => ({ fullName: `Paciente ${++seq}`, phoneNumber: "(11) 98765-4321" });

/** The tRPC doors over HTTP, as the web app calls them (a query by GET, a mutation by POST). */
const trpcList = (token: string) =>
  server.request("GET", `/trpc/clients.list?input=${encodeURIComponent("{}")}`, { token });
const trpcCreate = (token: string) =>
  server.request("POST", "/trpc/clients.create", { token, body: patient() });

async function patientsOf(tenantId: string): Promise<number> {
  const rows = await server.api.database.db
    .select({ id: schema.clients.id })
    .from(schema.clients)
    .where(eq(schema.clients.tenantId, tenantId));
  return rows.length;
}

describe("a member removed from the team", () => {
  it("is refused with 401 at once on REST and tRPC, reads and writes; the rest of the team is not", async () => {
    const owner = await server.api.seedTenant();
    const [leaving, staying] = [await addStaff(owner.actor), await addStaff(owner.actor)];
    const ownerToken = await server.tokenFor(owner.actor);
    const leavingToken = await server.tokenFor(leaving);
    const stayingToken = await server.tokenFor(staying);
    expect((await server.request("GET", "/clients", { token: leavingToken })).status).toBe(200);
    expect((await server.request("POST", "/clients", { token: leavingToken, body: patient() })).status).toBe(
      201,
    );

    const removed = await server.request("POST", "/trpc/team.removeMember", {
      token: ownerToken,
      body: { id: leaving.userId },
    });
    expect(removed.status).toBe(200);
    const before = await patientsOf(owner.tenantId);

    for (const res of [
      await server.request("GET", "/clients", { token: leavingToken }),
      await server.request("POST", "/clients", { token: leavingToken, body: patient() }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(EXPIRED);
    }
    for (const res of [await trpcList(leavingToken), await trpcCreate(leavingToken)]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: { message: SESSION_EXPIRED } });
    }
    expect((await server.request("GET", "/subscription", { token: leavingToken })).status).toBe(401);
    expect(await patientsOf(owner.tenantId)).toBe(before);

    expect((await server.request("GET", "/clients", { token: stayingToken })).status).toBe(200);
    expect((await server.request("POST", "/clients", { token: stayingToken, body: patient() })).status).toBe(
      201,
    );
    expect((await trpcCreate(ownerToken)).status).toBe(200);
    expect(await patientsOf(owner.tenantId)).toBe(before + 2);
  });

  it("cannot use a token of their old tenant after joining another one", async () => {
    const first = await server.api.seedTenant();
    const second = await server.api.seedTenant();
    const member = await addStaff(first.actor);
    const oldToken = await server.tokenFor(member);
    // Moved: the same user row now belongs to the second tenant (as a fresh sign-in elsewhere would make it).
    await server.api.database.db
      .update(schema.users)
      .set({ tenantId: second.tenantId })
      .where(eq(schema.users.id, member.userId));
    expect((await server.request("GET", "/clients", { token: oldToken })).status).toBe(401);
    const newToken = await server.tokenFor({ ...member, tenantId: second.tenantId });
    expect((await server.request("GET", "/clients", { token: newToken })).status).toBe(200);
  });
});

describe("a closed account", () => {
  it("refuses the owner's and the team's old tokens with 401, and nothing is written into it", async () => {
    const owner = await server.api.seedTenant({ name: "Clínica Encerrada" });
    const staff = await addStaff(owner.actor);
    const [ownerToken, staffToken] = await Promise.all([
      server.tokenFor(owner.actor),
      server.tokenFor(staff),
    ]);
    expect((await server.request("POST", "/clients", { token: staffToken, body: patient() })).status).toBe(
      201,
    );

    const closed = await server.request("POST", "/account/close", {
      token: ownerToken,
      body: { confirmation: "Clínica Encerrada" },
    });
    expect(closed.status).toBe(200);
    const before = await patientsOf(owner.tenantId);

    for (const token of [ownerToken, staffToken]) {
      for (const res of [
        await server.request("GET", "/clients", { token }),
        await server.request("POST", "/clients", { token, body: patient() }),
        await server.request("GET", "/account/export", { token }),
        await trpcList(token),
        await trpcCreate(token),
      ]) {
        expect(res.status).toBe(401);
      }
    }
    expect(await patientsOf(owner.tenantId)).toBe(before);
  });

  it("opens no browser call with a ticket issued before it closed", async () => {
    const owner = await server.api.seedTenant({ name: "Clínica do Ticket" });
    await owner.api.voiceAgent.create({
      name: "Sofia",
      welcomeMessage: "Olá! Aqui é a Sofia. Como posso ajudar?",
    });
    const issued = await server.request<{ customParameters: { token: string } }>(
      "POST",
      "/voice-agent/browser-call",
      {
        as: owner.actor,
      },
    );
    expect(issued.status).toBe(200);
    await owner.api.account.close({ confirmation: "Clínica do Ticket" });
    const opened = await server.request("POST", "/trpc/calls.open", {
      body: { token: issued.body.customParameters.token, streamSid: "MZ-fechada" },
    });
    expect(opened.status).toBe(401);
  });
});

describe("a super-admin acting in a selected tenant", () => {
  it("keeps working though not a member of it, and stops when their own user is gone", async () => {
    const root = await server.api.seedTenant({ email: "root@atende.test", superAdmin: true });
    const clinic = await server.api.seedTenant();
    const asAdmin = { ...root.actor, selectedTenantId: clinic.tenantId };
    const token = await server.tokenFor(asAdmin);
    expect((await server.request("GET", "/clients", { token })).status).toBe(200);
    expect((await server.request("POST", "/clients", { token, body: patient() })).status).toBe(201);
    expect((await trpcList(token)).status).toBe(200);
    expect(await patientsOf(clinic.tenantId)).toBe(1);

    await server.api.database.db.delete(schema.users).where(eq(schema.users.id, root.userId));
    expect((await server.request("GET", "/clients", { token })).status).toBe(401);
    expect((await server.request("POST", "/clients", { token, body: patient() })).status).toBe(401);
  });
});
