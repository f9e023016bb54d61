import { describe, expect, it } from "vitest";
import { searchTenants, type TenantSummary } from "./tenant-search";

const clinic: TenantSummary = {
  id: "3f1c2a44-0000-4000-8000-000000000001",
  name: "Clínica Bem Estar",
  firstUserName: "Ana Prado",
  firstUserEmail: "Ana@Clinica.test",
  voiceNumber: "+551130001000",
};
const salon: TenantSummary = {
  id: "9a9b9c9d-0000-4000-8000-000000000002",
  name: "Salão Bela",
  firstUserName: null,
  firstUserEmail: null,
  voiceNumber: null,
};

describe("searchTenants (spec 001 §5)", () => {
  it("keeps every tenant for a blank term", () => {
    expect(searchTenants([clinic, salon], "  ")).toEqual([clinic, salon]);
  });

  it("matches name, first user, e-mail, voice number and id, ignoring case", () => {
    expect(searchTenants([clinic, salon], "CLÍNICA")).toEqual([clinic]);
    expect(searchTenants([clinic, salon], "ana prado")).toEqual([clinic]);
    expect(searchTenants([clinic, salon], "ana@clinica")).toEqual([clinic]);
    expect(searchTenants([clinic, salon], "3000100")).toEqual([clinic]);
    expect(searchTenants([clinic, salon], "9A9B9C")).toEqual([salon]);
  });

  it("finds nothing when no field contains the term", () => {
    expect(searchTenants([clinic, salon], "pet shop")).toEqual([]);
  });
});
