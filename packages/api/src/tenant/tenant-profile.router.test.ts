// The business profile against the real database: every member reads it, the owner (or a super-admin acting in the
// tenant) updates it, bad input changes nothing, and one tenant's update never touches another.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { TENANT_PROFILE_MESSAGES as M } from "@atende/shared/schemas/tenant-profile";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorShapeOf } from "../errors";
import {
  createTestApi,
  type SeededTenant,
  type TestApi,
  validEstablishment,
  validVoiceAgent,
} from "../testing";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const profile = {
  name: "Clínica Bem Viver",
  businessType: "CLINICA",
  openingHours: "Segunda a sexta, das 8h às 18h\nSábado, das 8h às 12h",
  paymentMethods: "Pix, cartão de crédito e débito",
  notes: "Estacionamento conveniado na Rua B.",
} as const;

describe("tenant.profile", () => {
  it("starts with the tenant's name and nothing else, and the owner's update is read back", async () => {
    const a = await t.seedTenant({ name: "Clínica A" });
    expect(await a.api.tenant.profile.get()).toEqual({
      name: "Clínica A",
      businessType: null,
      openingHours: null,
      paymentMethods: null,
      notes: null,
    });
    expect(await a.api.tenant.profile.update({ ...profile, name: "  Clínica Bem Viver " })).toEqual(profile);
    expect(await a.api.tenant.profile.get()).toEqual(profile);
    // PUT semantics: what is left out is cleared.
    expect(await a.api.tenant.profile.update({ name: "Clínica Bem Viver" })).toMatchObject({
      businessType: null,
      notes: null,
    });
  });

  it("lets staff read it and refuses them the update (403, pt-BR)", async () => {
    const a = await t.seedTenant();
    await a.api.tenant.profile.update(profile);
    const [staff] = await t.database.db
      .insert(schema.users)
      .values({ tenantId: a.tenantId, email: `staff-${a.tenantId}@clinica.test`, name: "Bia", role: "STAFF" })
      .returning();
    if (!staff) throw new Error("seed failed");
    const asStaff = t.callerFor({ ...a.actor, userId: staff.id, email: staff.email, name: staff.name });
    expect(await asStaff.tenant.profile.get()).toEqual(profile);
    await expect(asStaff.tenant.profile.update({ ...profile, notes: "Invasão" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: M.ownerOnly,
    });
    expect((await a.api.tenant.profile.get()).notes).toBe(profile.notes);
  });

  it("refuses bad input with a 400 and the field's message, changing nothing", async () => {
    const a = await t.seedTenant();
    await a.api.tenant.profile.update(profile);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...profile, name: "" }, M.nameRequired],
      [{ ...profile, name: "A" }, M.nameMin],
      [{ ...profile, name: "Clínica\nFalsa" }, "Texto contém caracteres inválidos"],
      [{ ...profile, businessType: "PADARIA" }, M.businessTypeInvalid],
      [{ ...profile, openingHours: "   " }, M.openingHoursBlank],
      [{ ...profile, paymentMethods: "x".repeat(501) }, M.paymentMethodsMax],
      [{ ...profile, notes: "a\u0000b" }, "Texto contém caracteres inválidos"],
      [{ ...profile, notes: "\ud800" }, "Texto contém caracteres inválidos"],
      [{ ...profile, notes: "x".repeat(2001) }, M.notesMax],
    ];
    for (const [input, message] of bad) {
      // @ts-expect-error: deliberately wrong input, as a client could send it
      const error = await a.api.tenant.profile.update(input).catch((failure: unknown) => failure);
      expect(errorShapeOf(error), message).toMatchObject({ status: 400, message });
    }
    expect(await a.api.tenant.profile.get()).toEqual(profile);
  });

  it("changes only the acting tenant; a super-admin acting in a tenant updates that one", async () => {
    const a = await t.seedTenant({ name: "Clínica A" });
    const b = await t.seedTenant({ name: "Clínica B" });
    await a.api.tenant.profile.update(profile);
    expect((await b.api.tenant.profile.get()).name).toBe("Clínica B");
    const root = await t.seedTenant({ email: "root@atende.test", superAdmin: true });
    const asAdminInB = t.callerFor({ ...root.actor, selectedTenantId: b.tenantId });
    await asAdminInB.tenant.profile.update({ name: "Clínica B Renovada", businessType: "PETSHOP" });
    expect(await b.api.tenant.profile.get()).toMatchObject({
      name: "Clínica B Renovada",
      businessType: "PETSHOP",
    });
    expect((await a.api.tenant.profile.get()).name).toBe(profile.name);
    const [rootTenant] = await t.database.db
      .select()
      .from(schema.tenants)
      .where(eq(schema.tenants.id, root.tenantId));
    expect(rootTenant?.businessType).toBeNull();
  });

  describe("prefilled by the setup wizard (decision 0044)", () => {
    /** A tenant as sign-up leaves it: named after its owner, no kind of business. */
    async function freshSignUp(): Promise<SeededTenant> {
      const a = await t.seedTenant();
      await t.database.db
        .update(schema.tenants)
        .set({ name: a.actor.name })
        .where(eq(schema.tenants.id, a.tenantId));
      return a;
    }

    it("takes the kind of business from the agent's preset and the name from the first establishment", async () => {
      const a = await freshSignUp();
      expect(await a.api.tenant.profile.get()).toMatchObject({ name: a.actor.name, businessType: null });
      await a.api.voiceAgent.createInSetup({ ...validVoiceAgent, agentType: "PETSHOP" });
      expect(await a.api.tenant.profile.get()).toMatchObject({ name: a.actor.name, businessType: "PETSHOP" });
      await a.api.establishments.create({ ...validEstablishment, name: " Pet Feliz Moema " });
      expect(await a.api.tenant.profile.get()).toEqual({
        name: "Pet Feliz Moema",
        businessType: "PETSHOP",
        openingHours: null,
        paymentMethods: null,
        notes: null,
      });
      // Once: a second establishment, or another preset later, leaves the profile as it is.
      await a.api.establishments.create({ ...validEstablishment, name: "Pet Feliz Pinheiros" });
      await a.api.voiceAgent.update({ ...validVoiceAgent, agentType: "CLINICA_DE_SAUDE" });
      expect(await a.api.tenant.profile.get()).toMatchObject({
        name: "Pet Feliz Moema",
        businessType: "PETSHOP",
      });
    });

    it("maps each preset to a kind of business", async () => {
      const cases = [
        ["CONSULTORIO_PARTICULAR", "CONSULTORIO"],
        ["CONSULTORIO_COMPARTILHADO", "CONSULTORIO"],
        ["CLINICA_DE_SAUDE", "CLINICA"],
        ["HOSPITAL", "HOSPITAL"],
        ["SALAO_DE_BELEZA", "SALAO_DE_BELEZA"],
      ] as const;
      for (const [agentType, businessType] of cases) {
        const a = await freshSignUp();
        await a.api.voiceAgent.createInSetup({ ...validVoiceAgent, agentType });
        expect((await a.api.tenant.profile.get()).businessType, agentType).toBe(businessType);
      }
    });

    it("the settings panel's creation (and REST's) sends a fixed preset, which fills nothing", async () => {
      const a = await freshSignUp();
      await a.api.voiceAgent.create({ ...validVoiceAgent, agentType: "CLINICA_DE_SAUDE" });
      expect((await a.api.tenant.profile.get()).businessType).toBeNull();
    });

    it("never overwrites what the owner already wrote, nor touches another tenant", async () => {
      const a = await freshSignUp();
      const other = await freshSignUp();
      await a.api.tenant.profile.update({ name: "Estética Bella", businessType: "ESTETICA" });
      await a.api.voiceAgent.createInSetup({ ...validVoiceAgent, agentType: "SALAO_DE_BELEZA" });
      await a.api.establishments.create({ ...validEstablishment, name: "Unidade Centro" });
      expect(await a.api.tenant.profile.get()).toMatchObject({
        name: "Estética Bella",
        businessType: "ESTETICA",
      });
      expect(await other.api.tenant.profile.get()).toMatchObject({
        name: other.actor.name,
        businessType: null,
      });
    });
  });
});
