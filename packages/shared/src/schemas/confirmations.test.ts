// The confirmations' calendar and settings rules (docs/decisions/0050-confirmations.md, 0045).
import { describe, expect, it } from "vitest";
import {
  CONFIRMATION_MESSAGES,
  ConfirmationSettingsInput,
  DEFAULT_CONFIRMATION_SETTINGS,
  nextConfirmationRun,
} from "./confirmations";

const settings = { ...DEFAULT_CONFIRMATION_SETTINGS, enabled: true };

describe("nextConfirmationRun", () => {
  it("sends on Thursday for Good Friday's and Saturday's appointments (the holiday is no contact day)", () => {
    expect(nextConfirmationRun(new Date("2026-04-02T10:00:00-03:00"), settings)).toEqual({
      sendDate: "2026-04-02",
      sendFrom: "09:00",
      forDates: ["2026-04-03", "2026-04-04"],
    });
  });

  it("after the window closes, the next contact day: Saturday, for Sunday and Monday", () => {
    expect(nextConfirmationRun(new Date("2026-04-02T19:00:00-03:00"), settings)).toEqual({
      sendDate: "2026-04-04",
      sendFrom: "09:00",
      forDates: ["2026-04-05", "2026-04-06"],
    });
  });

  it("without Saturdays in the window, Friday sends for Saturday to Monday", () => {
    const weekdaysOnly = { ...settings, weekdays: [1, 2, 3, 4, 5] };
    expect(nextConfirmationRun(new Date("2026-03-13T09:30:00-03:00"), weekdaysOnly)?.forDates).toEqual([
      "2026-03-14",
      "2026-03-15",
      "2026-03-16",
    ]);
  });
});

describe("ConfirmationSettingsInput", () => {
  const issues = (input: object) => {
    const parsed = ConfirmationSettingsInput.safeParse({ ...settings, ...input });
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("refuses an unknown placeholder, a window that ends before it starts and a send time outside it", () => {
    expect(issues({ message: "Olá {paciente}, sua {consulta}" })).toEqual([
      ["message", CONFIRMATION_MESSAGES.placeholderUnknown("consulta")],
    ]);
    expect(issues({ windowFrom: "19:00", windowUntil: "09:00" })).toEqual([
      ["windowUntil", CONFIRMATION_MESSAGES.windowOrder],
    ]);
    expect(issues({ sendFrom: "08:00" })).toEqual([["sendFrom", CONFIRMATION_MESSAGES.sendFromOutside]]);
    expect(issues({ channels: ["CALL", "CALL"] })).toEqual([
      ["channels", CONFIRMATION_MESSAGES.channelsRepeated],
    ]);
    expect(issues({ weekdays: [] })).toEqual([["weekdays", CONFIRMATION_MESSAGES.weekdaysRequired]]);
    expect(issues({})).toEqual([]);
  });
});
