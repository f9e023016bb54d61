import { describe, expect, it } from "vitest";
import {
  DEFAULT_CONTACT_WINDOW,
  easterSunday,
  holidayOn,
  isContactDay,
  isInContactWindow,
  nationalHolidays,
  previousContactDay,
} from "./holidays";

describe("Easter and the holidays that move with it", () => {
  // Published Easter Sundays (Gregorian), including the earliest and latest of the century's extremes.
  const easters: Record<number, string> = {
    2000: "2000-04-23",
    2001: "2001-04-15",
    2002: "2002-03-31",
    2003: "2003-04-20",
    2004: "2004-04-11",
    2005: "2005-03-27",
    2006: "2006-04-16",
    2007: "2007-04-08",
    2008: "2008-03-23",
    2009: "2009-04-12",
    2010: "2010-04-04",
    2011: "2011-04-24",
    2012: "2012-04-08",
    2013: "2013-03-31",
    2014: "2014-04-20",
    2015: "2015-04-05",
    2016: "2016-03-27",
    2017: "2017-04-16",
    2018: "2018-04-01",
    2019: "2019-04-21",
    2020: "2020-04-12",
    2021: "2021-04-04",
    2022: "2022-04-17",
    2023: "2023-04-09",
    2024: "2024-03-31",
    2025: "2025-04-20",
    2026: "2026-04-05",
    2027: "2027-03-28",
    2028: "2028-04-16",
    2029: "2029-04-01",
    2030: "2030-04-21",
    2038: "2038-04-25",
  };

  it.each(Object.entries(easters))("Easter %s is %s", (year, date) => {
    expect(easterSunday(Number(year))).toBe(date);
  });

  it("lists 2026's national holidays in order, Carnaval, Good Friday and Corpus Christi from Easter", () => {
    expect(nationalHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "Confraternização Universal" },
      { date: "2026-02-16", name: "Carnaval" },
      { date: "2026-02-17", name: "Carnaval" },
      { date: "2026-04-03", name: "Sexta-feira Santa" },
      { date: "2026-04-21", name: "Tiradentes" },
      { date: "2026-05-01", name: "Dia do Trabalho" },
      { date: "2026-06-04", name: "Corpus Christi" },
      { date: "2026-09-07", name: "Independência do Brasil" },
      { date: "2026-10-12", name: "Nossa Senhora Aparecida" },
      { date: "2026-11-02", name: "Finados" },
      { date: "2026-11-15", name: "Proclamação da República" },
      { date: "2026-11-20", name: "Dia Nacional de Zumbi e da Consciência Negra" },
      { date: "2026-12-25", name: "Natal" },
    ]);
  });

  it("knows 2025's and 2027's movable days, and Consciência Negra only from 2024", () => {
    expect(["2025-03-03", "2025-03-04", "2025-04-18", "2025-06-19"].map(holidayOn)).toEqual([
      "Carnaval",
      "Carnaval",
      "Sexta-feira Santa",
      "Corpus Christi",
    ]);
    expect(["2027-02-08", "2027-02-09", "2027-03-26", "2027-05-27"].map(holidayOn)).toEqual([
      "Carnaval",
      "Carnaval",
      "Sexta-feira Santa",
      "Corpus Christi",
    ]);
    expect(holidayOn("2023-11-20")).toBeUndefined();
    expect(holidayOn("2024-11-20")).toBe("Dia Nacional de Zumbi e da Consciência Negra");
    expect(holidayOn("2026-11-27")).toBeUndefined();
  });
});

describe("the contact window (09:00-19:00, Monday to Saturday, no national holiday)", () => {
  const at = (wire: string) => new Date(wire);

  it("opens at 09:00 and closes at 19:00 São Paulo time, whatever the instant's offset", () => {
    expect(isInContactWindow(at("2026-11-30T08:59:00-03:00"))).toBe(false);
    expect(isInContactWindow(at("2026-11-30T09:00:00-03:00"))).toBe(true);
    expect(isInContactWindow(at("2026-11-30T12:00:00Z"))).toBe(true); // 09:00 in São Paulo
    expect(isInContactWindow(at("2026-11-30T18:59:00-03:00"))).toBe(true);
    expect(isInContactWindow(at("2026-11-30T19:00:00-03:00"))).toBe(false);
    expect(isInContactWindow(at("2026-11-30T23:30:00Z"))).toBe(false); // 20:30 in São Paulo
  });

  it("includes Saturday, never Sunday nor a national holiday", () => {
    expect(isInContactWindow(at("2026-11-28T10:00:00-03:00"))).toBe(true);
    expect(isInContactWindow(at("2026-11-29T10:00:00-03:00"))).toBe(false);
    expect(isInContactWindow(at("2026-11-20T10:00:00-03:00"))).toBe(false);
    expect(isInContactWindow(at("2026-12-25T10:00:00-03:00"))).toBe(false);
    expect(isContactDay("2026-02-17")).toBe(false);
  });

  it("takes a tenant's own window", () => {
    const weekdaysOnly = { from: "08:00", until: "12:00", weekdays: [1, 2, 3, 4, 5] };
    expect(isInContactWindow(at("2026-11-30T08:00:00-03:00"), weekdaysOnly)).toBe(true);
    expect(isInContactWindow(at("2026-11-30T12:00:00-03:00"), weekdaysOnly)).toBe(false);
    expect(isInContactWindow(at("2026-11-28T10:00:00-03:00"), weekdaysOnly)).toBe(false);
  });

  it("finds the contact day before an appointment: Saturday for Monday, over holidays and Sundays", () => {
    expect(previousContactDay("2026-12-01")).toBe("2026-11-30");
    expect(previousContactDay("2026-11-30")).toBe("2026-11-28");
    expect(previousContactDay("2026-11-30", { ...DEFAULT_CONTACT_WINDOW, weekdays: [1, 2, 3, 4, 5] })).toBe(
      "2026-11-27",
    );
    // Friday 20 November is a holiday: a Saturday appointment is confirmed on Thursday.
    expect(previousContactDay("2026-11-21")).toBe("2026-11-19");
    // Carnaval: Ash Wednesday's appointments are confirmed on the Saturday before.
    expect(previousContactDay("2026-02-18")).toBe("2026-02-14");
    expect(previousContactDay("2026-12-01", { ...DEFAULT_CONTACT_WINDOW, weekdays: [] })).toBeUndefined();
  });
});
