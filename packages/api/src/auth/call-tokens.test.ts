// A request's bearer token is verified once whatever its kind (decision 0063): an access token gives its claims, the
// agent credential its call, a call ticket or a token of another secret, expired or tampered, neither.
import { describe, expect, it } from "vitest";
import { signAgentToken, signCallTicket, verifyAgentToken, verifyBearerToken } from "./call-tokens";
import { signAccessToken } from "./tokens";

const secret = new TextEncoder().encode("bearer-secret-bearer-secret-bearer");
const other = new TextEncoder().encode("other-secret-other-secret-other-secret");
const tenantId = "0f6d1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const call = {
  voiceAgentId: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  tenantId,
  callId: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
};
const claims = {
  sub: "5b0c6f0e-8a54-4d55-9d4c-1f2a3b4c5d6e",
  email: "dora@clinica.test",
  name: "Dora",
  tenantId,
  isSuperAdmin: false,
  superAdminSelectedTenantId: null,
};

describe("verifyBearerToken", () => {
  it("tells an access token from the agent credential with one verification, and refuses everything else", async () => {
    const now = new Date();
    const access = await signAccessToken(claims, secret, 900, now);
    const agent = await signAgentToken(call, secret, 900, now);
    const ticket = await signCallTicket({ callId: call.callId, tenantId, isTest: true }, secret, now);

    const asAccess = await verifyBearerToken(access, secret, now);
    expect(asAccess.access).toMatchObject({ sub: claims.sub, tenantId });
    expect(asAccess.agent).toBeUndefined();

    expect(await verifyBearerToken(agent, secret, now)).toEqual({ access: undefined, agent: call });
    expect(await verifyAgentToken(agent, secret, now)).toEqual(call);
    expect(await verifyBearerToken(ticket, secret, now)).toEqual({ access: undefined, agent: undefined });

    // Another secret's agent credential, an expired one and a tampered one are none.
    expect(await verifyBearerToken(await signAgentToken(call, other, 900, now), secret, now)).toEqual({
      access: undefined,
      agent: undefined,
    });
    expect(await verifyBearerToken(agent, secret, new Date(now.getTime() + 3600_000))).toEqual({
      access: undefined,
      agent: undefined,
    });
    const [header, payload, signature = ""] = agent.split(".");
    const flipped = `${header}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect(await verifyBearerToken(flipped, secret, now)).toEqual({ access: undefined, agent: undefined });
  });
});
