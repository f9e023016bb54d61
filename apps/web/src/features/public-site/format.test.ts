import { formatBrl as sharedFormatBrl, maskPhone as sharedMaskPhone } from "@atende/shared/format";
import fc from "fast-check";
import { describe, it } from "vitest";
import { formatBrl, maskPhone } from "./format";

describe("the public pages' copies of the phone mask and the price format", () => {
  it("mask every input as @atende/shared/format does", () => {
    const typed = fc.string({ unit: fc.constantFrom(..."0123456789()- +ab"), maxLength: 20 });
    fc.assert(fc.property(typed, (value) => maskPhone(value) === sharedMaskPhone(value)));
  });

  it("format every amount as @atende/shared/format does", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        (cents) => formatBrl(cents) === sharedFormatBrl(cents),
      ),
    );
  });
});
