import { describe, expect, it } from "vitest";
import { packConfirmed, paidPackIds, parseReturnParams, subscriptionConfirmed } from "./confirmation";

describe("the return URL", () => {
  it("reads payment_id, status and external_reference, as Mercado Pago's redirects carry them", () => {
    expect(
      parseReturnParams({
        payment_id: 123,
        status: "approved",
        external_reference: "a1b2",
        preference_id: "x",
      }),
    ).toEqual({ paymentId: "123", status: "approved", externalReference: "a1b2" });
    expect(parseReturnParams({ external_reference: "  ", status: ["x"] })).toEqual({});
  });
});

describe("a subscription purchase is confirmed", () => {
  it("when ACTIVE or TRIAL (spec 000 §3), and the named payment is paid", () => {
    expect(subscriptionConfirmed({ status: "TRIAL" }, null, undefined)).toBe(true);
    expect(subscriptionConfirmed({ status: "ACTIVE" }, null, undefined)).toBe(true);
    expect(subscriptionConfirmed({ status: "PAST_DUE" }, null, undefined)).toBe(false);
    expect(subscriptionConfirmed(null, null, undefined)).toBe(false);
    const payments = [
      { id: "p1", status: "CONFIRMED" as const },
      { id: "p2", status: "PENDING" as const },
    ];
    expect(subscriptionConfirmed({ status: "TRIAL" }, payments, "p1")).toBe(true);
    // A trial already running does not confirm a cycle whose payment is still pending.
    expect(subscriptionConfirmed({ status: "TRIAL" }, payments, "p2")).toBe(false);
    expect(subscriptionConfirmed({ status: "ACTIVE" }, payments, "unknown")).toBe(false);
    expect(subscriptionConfirmed({ status: "ACTIVE" }, null, "p1")).toBe(false);
  });
});

describe("a minute pack purchase is confirmed", () => {
  const first = [
    { id: "old", status: "PAID" as const },
    { id: "waiting", status: "PENDING" as const },
  ];

  it("when the pack named by external_reference is PAID", () => {
    expect(packConfirmed(first, "old", null)).toBe(true);
    expect(packConfirmed(first, "waiting", null)).toBe(false);
    expect(packConfirmed([{ id: "waiting", status: "PAID" }], "waiting", null)).toBe(true);
    // Another pack paid meanwhile is not this purchase.
    expect(packConfirmed([{ id: "other", status: "PAID" }], "waiting", new Set())).toBe(false);
  });

  it("without a reference, when a pack is PAID that the first list did not have paid", () => {
    const baseline = paidPackIds(first);
    expect(baseline).toEqual(new Set(["old"]));
    expect(packConfirmed(first, undefined, baseline)).toBe(false);
    expect(packConfirmed([...first, { id: "new", status: "PAID" }], undefined, baseline)).toBe(true);
    expect(packConfirmed([{ id: "waiting", status: "PAID" }], undefined, baseline)).toBe(true);
    expect(packConfirmed([{ id: "new", status: "PAID" }], undefined, null)).toBe(false);
  });
});
