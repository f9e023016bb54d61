import { describe, expect, it } from "vitest";
import { brOfIsoDate, isoOfBrDate, maskDate, maskTime, validTime } from "./date-time-input";

describe("pt-BR date and time fields (decision 0044)", () => {
  it("masks what is typed as dd/mm/aaaa and hh:mm, whatever else comes with the digits", () => {
    expect(["", "1", "10", "100", "1003", "10032", "10032026", "100320261"].map(maskDate)).toEqual([
      "",
      "1",
      "10",
      "10/0",
      "10/03",
      "10/03/2",
      "10/03/2026",
      "10/03/2026",
    ]);
    expect(maskDate("2026-03-10")).toBe("20/26/0310");
    expect(maskDate("10.03.2026")).toBe("10/03/2026");
    expect(["", "9", "09", "093", "0930", "09305", "9:30 AM"].map(maskTime)).toEqual([
      "",
      "9",
      "09",
      "09:3",
      "09:30",
      "09:30",
      "93:0",
    ]);
  });

  it("reads a whole calendar date only, and writes it back the same", () => {
    expect(isoOfBrDate("10/03/2026")).toBe("2026-03-10");
    expect(isoOfBrDate("29/02/2028")).toBe("2028-02-29");
    for (const bad of [
      "29/02/2026",
      "31/04/2026",
      "00/01/2026",
      "01/13/2026",
      "10/03/26",
      "10/03/0026",
      "",
    ]) {
      expect(isoOfBrDate(bad), bad).toBe("");
    }
    expect(brOfIsoDate("2026-03-10")).toBe("10/03/2026");
    expect(brOfIsoDate("")).toBe("");
  });

  it("reads 24-hour times only", () => {
    expect(validTime("00:00")).toBe("00:00");
    expect(validTime("23:59")).toBe("23:59");
    for (const bad of ["24:00", "12:60", "9:30", "09:3", ""]) expect(validTime(bad), bad).toBe("");
  });
});
