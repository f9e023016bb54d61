import { instantAt } from "@atende/shared/time";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { windowMiss } from "./booking";
import { type BusyRange, type SlotWindow, sweepFreeSlots } from "./slots";

const P1 = "11111111-1111-4111-8111-111111111111";
const P2 = "22222222-2222-4222-8222-222222222222";
const E1 = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const E2 = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const DAY = "2030-03-04";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return instantAt(date, (h ?? 0) * 60 + (m ?? 0)).getTime();
};
const window = (startMinute: number, endMinute: number, over: Partial<SlotWindow> = {}): SlotWindow => ({
  professionalId: P1,
  establishmentId: E1,
  date: DAY,
  startMinute,
  endMinute,
  ...over,
});
const longAgo = Date.UTC(2000, 0, 1);

describe("sweepFreeSlots", () => {
  it("lists every 5-minute start whose range fits the window", () => {
    const slots = sweepFreeSlots({
      windows: [window(8 * 60, 9 * 60)],
      busyByProfessional: new Map(),
      totalMinutes: 30,
      now: longAgo,
      gridMinutes: 5,
    });
    expect(slots.map((s) => s.start.slice(11, 16))).toEqual([
      "08:00",
      "08:05",
      "08:10",
      "08:15",
      "08:20",
      "08:25",
      "08:30",
    ]);
    expect(slots[6]).toEqual({
      start: "2030-03-04T08:30:00-03:00",
      end: "2030-03-04T09:00:00-03:00",
      professionalId: P1,
      establishmentId: E1,
    });
  });

  it("aligns starts to the clock, not to the window", () => {
    const slots = sweepFreeSlots({
      windows: [window(8 * 60 + 3, 8 * 60 + 50)],
      busyByProfessional: new Map(),
      totalMinutes: 30,
      now: longAgo,
      gridMinutes: 5,
    });
    expect(slots.map((s) => s.start.slice(11, 16))).toEqual(["08:05", "08:10", "08:15", "08:20"]);
  });

  it("skips occupied ranges, accepting a start exactly at the end of one", () => {
    const busy: BusyRange[] = [{ start: at(DAY, "09:00"), end: at(DAY, "09:55") }];
    const slots = sweepFreeSlots({
      windows: [window(8 * 60 + 30, 10 * 60 + 30)],
      busyByProfessional: new Map([[P1, busy]]),
      totalMinutes: 30,
      now: longAgo,
      gridMinutes: 5,
    });
    expect(slots.map((s) => s.start.slice(11, 16))).toEqual(["08:30", "09:55", "10:00"]);
  });

  it("starts strictly after now", () => {
    const slots = sweepFreeSlots({
      windows: [window(8 * 60, 9 * 60)],
      busyByProfessional: new Map(),
      totalMinutes: 30,
      now: at(DAY, "08:10"),
      gridMinutes: 5,
    });
    expect(slots[0]?.start).toBe("2030-03-04T08:15:00-03:00");
  });

  it("sorts by start across professionals and drops duplicates of overlapping windows", () => {
    const slots = sweepFreeSlots({
      windows: [
        window(9 * 60, 10 * 60, { professionalId: P2 }),
        window(8 * 60 + 30, 9 * 60 + 10),
        window(8 * 60 + 40, 9 * 60 + 10),
      ],
      busyByProfessional: new Map(),
      totalMinutes: 30,
      now: longAgo,
      gridMinutes: 5,
    });
    const starts = slots.map((s) => `${s.start.slice(11, 16)} ${s.professionalId === P1 ? "P1" : "P2"}`);
    expect(starts).toEqual([
      "08:30 P1",
      "08:35 P1",
      "08:40 P1",
      "09:00 P2",
      "09:05 P2",
      "09:10 P2",
      "09:15 P2",
      "09:20 P2",
      "09:25 P2",
      "09:30 P2",
    ]);
  });

  it("ends a slot at 24:00 on the next date's midnight", () => {
    const slots = sweepFreeSlots({
      windows: [window(23 * 60, 24 * 60)],
      busyByProfessional: new Map(),
      totalMinutes: 60,
      now: longAgo,
      gridMinutes: 5,
    });
    expect(slots).toEqual([
      {
        start: "2030-03-04T23:00:00-03:00",
        end: "2030-03-05T00:00:00-03:00",
        professionalId: P1,
        establishmentId: E1,
      },
    ]);
  });

  it("property: equals a brute-force scan of the grid", () => {
    const minute = fc.integer({ min: 0, max: 1439 });
    const windowArb = fc
      .record({
        a: minute,
        b: minute,
        p: fc.constantFrom(P1, P2),
        e: fc.constantFrom(E1, E2),
        d: fc.constantFrom("2030-03-04", "2030-03-05"),
      })
      .map(({ a, b, p, e, d }) =>
        window(Math.min(a, b), Math.max(a, b) + 1, { professionalId: p, establishmentId: e, date: d }),
      );
    const busyArb = fc.record({
      p: fc.constantFrom(P1, P2),
      d: fc.constantFrom("2030-03-04", "2030-03-05"),
      s: minute,
      len: fc.integer({ min: 1, max: 240 }),
    });
    fc.assert(
      fc.property(
        fc.array(windowArb, { maxLength: 5 }),
        fc.array(busyArb, { maxLength: 8 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 2 * 1440 }),
        (windows, busyList, total, nowOffset) => {
          const busyByProfessional = new Map<string, BusyRange[]>();
          for (const b of busyList) {
            const start = instantAt(b.d, b.s).getTime();
            const list = busyByProfessional.get(b.p) ?? [];
            list.push({ start, end: start + b.len * 60_000 });
            busyByProfessional.set(b.p, list);
          }
          const now = instantAt("2030-03-04", 0).getTime() + nowOffset * 60_000 - 30_000;
          const slots = sweepFreeSlots({
            windows,
            busyByProfessional,
            totalMinutes: total,
            now,
            gridMinutes: 5,
          });

          const expected = new Set<string>();
          for (const w of windows) {
            for (let m = w.startMinute; m + total <= w.endMinute; m++) {
              if (m % 5 !== 0) continue;
              const start = instantAt(w.date, m).getTime();
              const end = start + total * 60_000;
              if (start <= now) continue;
              const busy = busyByProfessional.get(w.professionalId) ?? [];
              if (busy.some((b) => b.start < end && b.end > start)) continue;
              expected.add(`${start}|${w.professionalId}|${w.establishmentId}`);
            }
          }
          const got = slots.map((s) => `${Date.parse(s.start)}|${s.professionalId}|${s.establishmentId}`);
          expect(new Set(got).size).toBe(got.length);
          expect(new Set(got)).toEqual(expected);
          const starts = slots.map((s) => Date.parse(s.start));
          expect(starts).toEqual([...starts].sort((a, b) => a - b));
          for (const s of slots) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(total * 60_000);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("windowMiss", () => {
  const windows = [
    { startMinute: 8 * 60, endMinute: 12 * 60 },
    { startMinute: 14 * 60, endMinute: 18 * 60 },
  ];
  it("fits when the whole range is inside one window, end included", () => {
    expect(windowMiss(windows, 11 * 60 + 30, 12 * 60)).toBeUndefined();
    expect(windowMiss(windows, 14 * 60, 15 * 60)).toBeUndefined();
  });
  it("misses when any part is outside, naming the window of the start or the nearest", () => {
    expect(windowMiss(windows, 11 * 60 + 45, 12 * 60 + 15)).toEqual(windows[0]);
    expect(windowMiss(windows, 7 * 60 + 50, 8 * 60 + 20)).toEqual(windows[0]);
    expect(windowMiss(windows, 13 * 60 + 50, 14 * 60 + 20)).toEqual(windows[1]);
    // Two adjacent windows are two windows: a range across both fits neither.
    expect(
      windowMiss(
        [
          { startMinute: 600, endMinute: 720 },
          { startMinute: 720, endMinute: 840 },
        ],
        700,
        740,
      ),
    ).toEqual({ startMinute: 600, endMinute: 720 });
  });
  it("has nothing to say without windows (the warnings' case)", () => {
    expect(windowMiss([], 600, 630)).toBeUndefined();
  });
});
