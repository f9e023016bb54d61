import { describe, expect, it } from "vitest";
import {
  centsToPriceInput,
  formatBrl,
  formatDate,
  formatDateTime,
  formatDayMonthTime,
  maskCep,
  maskCpf,
  maskPhone,
  parsePriceToCents,
} from "./format";

// Intl writes a no-break space between the symbol and the amount.
const nbsp = (text: string) => text.replace(/ /g, "\u00a0");

describe("maskPhone", () => {
  it("masks landlines and mobiles", () => {
    expect(maskPhone("1134567890")).toBe("(11) 3456-7890");
    expect(maskPhone("11987654321")).toBe("(11) 98765-4321");
  });
  it("masks partial input as it is typed", () => {
    expect(maskPhone("")).toBe("");
    expect(maskPhone("1")).toBe("(1");
    expect(maskPhone("11")).toBe("(11");
    expect(maskPhone("119")).toBe("(11) 9");
    expect(maskPhone("1198765")).toBe("(11) 9876-5");
  });
  it("keeps only digits and cuts after eleven", () => {
    expect(maskPhone("(11) 98765-4321 ramal 2")).toBe("(11) 98765-4321");
    expect(maskPhone("abc")).toBe("");
  });
});

describe("maskCpf and maskCep", () => {
  it("masks a whole CPF and a partial one", () => {
    expect(maskCpf("12345678909")).toBe("123.456.789-09");
    expect(maskCpf("1234")).toBe("123.4");
    expect(maskCpf("123.456.789-0912")).toBe("123.456.789-09");
  });
  it("masks a CEP", () => {
    expect(maskCep("01310100")).toBe("01310-100");
    expect(maskCep("0131")).toBe("0131");
  });
});

describe("prices", () => {
  it("formats cents as BRL", () => {
    expect(formatBrl(12345)).toBe(nbsp("R$ 123,45"));
    expect(formatBrl(100000)).toBe(nbsp("R$ 1.000,00"));
    expect(formatBrl(0)).toBe(nbsp("R$ 0,00"));
  });
  it("parses the price input (spec 001 §5: digits, one comma or dot, at most 2 decimals)", () => {
    expect(parsePriceToCents("150")).toBe(15000);
    expect(parsePriceToCents("150,5")).toBe(15050);
    expect(parsePriceToCents("150.55")).toBe(15055);
    expect(parsePriceToCents("0,29")).toBe(29); // 0.29 * 100 is 28.999…: rounded
    expect(parsePriceToCents(" 10, ")).toBe(1000);
    expect(parsePriceToCents("")).toBeUndefined();
    expect(parsePriceToCents("1,234")).toBeUndefined();
    expect(parsePriceToCents("1.000,00")).toBeUndefined();
    expect(parsePriceToCents("-5")).toBeUndefined();
  });
  it("writes cents back into the input's form", () => {
    expect(centsToPriceInput(15050)).toBe("150,50");
    expect(centsToPriceInput(0)).toBe("0,00");
  });
});

describe("dates in São Paulo", () => {
  it("formats an instant in São Paulo whatever the offset it was written with", () => {
    expect(formatDayMonthTime("2030-06-03T14:05:00-03:00")).toBe("03/06 14:05");
    expect(formatDateTime("2030-06-04T01:30:00Z")).toBe("03/06/2030 22:30");
    expect(formatDateTime(new Date("2030-01-01T02:59:00Z"))).toBe("31/12/2029 23:59");
  });
  it("formats calendar dates without moving them", () => {
    expect(formatDate("2030-06-03")).toBe("03/06/2030");
    expect(formatDate("2030-06-04T01:30:00Z")).toBe("03/06/2030");
  });
});
