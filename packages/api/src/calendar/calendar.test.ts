// The calendar's pure parts: the grant's encryption at rest, the event ids, what of a calendar counts as busy.
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, parseEncryptionKey } from "./crypto";
import { busyOf, eventIdOf, eventOf, firstBusyOverlap, TENANT_PROPERTY } from "./events";

const key = new Uint8Array(32).fill(3);
const owner = { tenantId: "t-1", professionalId: "p-1" };

describe("a grant at rest", () => {
  it("decrypts with its key and owner only, and never shows the token", () => {
    const sealed = encryptSecret(key, "1//segredo-do-google", owner);
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(sealed).not.toContain("segredo");
    expect(encryptSecret(key, "1//segredo-do-google", owner)).not.toBe(sealed);
    expect(decryptSecret(key, sealed, owner)).toBe("1//segredo-do-google");
    expect(() => decryptSecret(new Uint8Array(32).fill(4), sealed, owner)).toThrow();
    expect(() => decryptSecret(key, sealed, { ...owner, professionalId: "p-2" })).toThrow();
    expect(() => decryptSecret(key, `${sealed.slice(0, -2)}AA`, owner)).toThrow();
  });

  it("reads ENCRYPTION_KEY as 32 bytes of hex or base64", () => {
    expect(parseEncryptionKey("ab".repeat(32))?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(32, 1).toString("base64"))?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(32, 1).toString("base64url"))?.length).toBe(32);
    expect(parseEncryptionKey("ab".repeat(31))).toBeUndefined();
    expect(parseEncryptionKey(Buffer.alloc(31, 1).toString("base64"))).toBeUndefined();
    expect(parseEncryptionKey("não é uma chave")).toBeUndefined();
  });
});

describe("an appointment's event", () => {
  it("has an id Google accepts, derived from the appointment's", () => {
    const id = eventIdOf("0F8FAD5B-D9CB-469F-A165-70867728950E");
    expect(id).toBe("atd0f8fad5bd9cb469fa16570867728950e");
    expect(id).toMatch(/^[a-v0-9]{5,1024}$/);
  });

  it("carries the patient's name and phone, never more of them", () => {
    const event = eventOf({
      id: "0f8fad5b-d9cb-469f-a165-70867728950e",
      tenantId: "t-1",
      scheduledAt: new Date("2030-03-04T12:00:00Z"),
      endsAt: new Date("2030-03-04T12:30:00Z"),
      clientName: "Maria",
      clientPhone: "11987654321",
      services: ["Consulta", "Limpeza"],
      observations: null,
      establishmentName: "Sede",
      establishmentAddress: "Rua das Flores, 100",
    });
    expect(event.summary).toBe("Consulta – Maria (Consulta, Limpeza)");
    expect(event.start).toEqual({ dateTime: "2030-03-04T09:00:00-03:00", timeZone: "America/Sao_Paulo" });
    expect(event.description).not.toContain("Observações");
    expect(event.extendedProperties?.private?.[TENANT_PROPERTY]).toBe("t-1");
  });
});

describe("busy time", () => {
  const at = (time: string) => `2030-03-04T${time}:00-03:00`;
  it("counts opaque, confirmed events not declined, and other businesses' appointments, not this tenant's", () => {
    const busy = busyOf(
      [
        { id: "a1", start: { dateTime: at("09:00") }, end: { dateTime: at("10:00") } },
        { id: "a2", status: "cancelled", start: { dateTime: at("10:00") }, end: { dateTime: at("11:00") } },
        {
          id: "a3",
          transparency: "transparent",
          start: { dateTime: at("11:00") },
          end: { dateTime: at("12:00") },
        },
        {
          id: "a4",
          start: { dateTime: at("13:00") },
          end: { dateTime: at("14:00") },
          extendedProperties: { private: { [TENANT_PROPERTY]: "mine" } },
        },
        {
          id: "a5",
          start: { dateTime: at("14:00") },
          end: { dateTime: at("15:00") },
          extendedProperties: { private: { [TENANT_PROPERTY]: "another business" } },
        },
        {
          id: "a6",
          start: { dateTime: at("15:00") },
          end: { dateTime: at("16:00") },
          attendees: [{ self: true, responseStatus: "declined" }],
        },
        { id: "a7", start: { date: "2030-03-05" }, end: { date: "2030-03-06" } },
        { id: "a8", start: { dateTime: "lixo" }, end: { dateTime: at("16:00") } },
      ],
      "mine",
    );
    expect(busy.map((b) => [b.start.toISOString(), b.end.toISOString()])).toEqual([
      ["2030-03-04T12:00:00.000Z", "2030-03-04T13:00:00.000Z"],
      ["2030-03-04T17:00:00.000Z", "2030-03-04T18:00:00.000Z"],
      ["2030-03-05T03:00:00.000Z", "2030-03-06T03:00:00.000Z"],
    ]);
    // Half-open ranges: touching is not overlapping.
    expect(firstBusyOverlap(busy, new Date(at("08:30")), new Date(at("09:00")))).toBeUndefined();
    expect(firstBusyOverlap(busy, new Date(at("09:59")), new Date(at("10:30")))).toBe(busy[0]);
  });
});
