import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Block, layoutLanes, rulerRange, shiftDate, visibleDates, weekStart } from "./layout";

const block = (id: string, start: string, end: string): Block => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return { id, start: minutes(start), end: minutes(end) };
};

const overlap = (a: Block, b: Block) => a.start < b.end && b.start < a.end;

describe("layoutLanes", () => {
  it("gives a lone block the whole column", () => {
    expect(layoutLanes([block("a", "09:00", "10:00")])).toMatchObject([{ id: "a", lane: 0, lanes: 1 }]);
  });

  it("puts overlapping blocks side by side, and touching ones in one lane", () => {
    const placed = layoutLanes([
      block("availability", "08:00", "12:00"),
      block("first", "09:00", "10:00"),
      block("second", "10:00", "11:00"),
      block("later", "14:00", "15:00"),
    ]);
    expect(placed.map(({ id, lane, lanes }) => ({ id, lane, lanes }))).toEqual([
      { id: "availability", lane: 0, lanes: 2 },
      { id: "first", lane: 1, lanes: 2 },
      { id: "second", lane: 1, lanes: 2 },
      { id: "later", lane: 0, lanes: 1 },
    ]);
  });

  it("never lets two overlapping blocks share a lane, and uses as many lanes as blocks overlap at once", () => {
    const blocks = fc.array(
      fc
        .tuple(fc.integer({ min: 0, max: 1400 }), fc.integer({ min: 5, max: 300 }))
        .map(([start, length]) => ({ start, end: start + length })),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(blocks, (ranges) => {
        const placed = layoutLanes(ranges.map((range, i) => ({ id: `b${i}`, ...range })));
        expect(placed).toHaveLength(ranges.length);
        for (const a of placed) {
          expect(a.lane).toBeLessThan(a.lanes);
          for (const b of placed) {
            if (a === b || !overlap(a, b)) continue;
            expect(a.lane).not.toBe(b.lane);
            expect(a.lanes).toBe(b.lanes);
          }
        }
        // Blocks linked by overlaps form a group; its lane count is the most of them that overlap at one moment.
        const group = new Map(placed.map((b) => [b, new Set([b])]));
        for (const a of placed) {
          for (const b of placed) {
            const ga = group.get(a);
            const gb = group.get(b);
            if (!ga || !gb || ga === gb || !overlap(a, b)) continue;
            for (const member of gb) {
              ga.add(member);
              group.set(member, ga);
            }
          }
        }
        for (const members of new Set(group.values())) {
          const list = [...members];
          const busiest = Math.max(
            ...list.map((b) => list.filter((c) => c.start <= b.start && b.start < c.end).length),
          );
          for (const member of list) expect(member.lanes).toBe(busiest);
        }
      }),
    );
  });
});

describe("rulerRange", () => {
  it("reaches 08:00-22:00 by default", () => {
    expect(rulerRange([])).toEqual({ start: 480, end: 1320 });
    expect(rulerRange([block("a", "09:00", "18:00")])).toEqual({ start: 480, end: 1320 });
  });

  it("widens to whole hours to fit every block", () => {
    expect(rulerRange([block("early", "07:30", "08:30"), block("late", "21:00", "22:10")])).toEqual({
      start: 420,
      end: 1380,
    });
    expect(rulerRange([{ id: "night", start: 23 * 60, end: 25 * 60 }])).toEqual({ start: 480, end: 1440 });
  });
});

describe("visible dates", () => {
  it("starts weeks on Sunday", () => {
    expect(weekStart("2030-06-05")).toBe("2030-06-02"); // a Wednesday
    expect(weekStart("2030-06-02")).toBe("2030-06-02"); // a Sunday
    expect(weekStart("2030-06-08")).toBe("2030-06-02"); // a Saturday
    expect(visibleDates("week", "2030-06-05")).toEqual([
      "2030-06-02",
      "2030-06-03",
      "2030-06-04",
      "2030-06-05",
      "2030-06-06",
      "2030-06-07",
      "2030-06-08",
    ]);
    expect(visibleDates("day", "2030-06-05")).toEqual(["2030-06-05"]);
  });

  it("shows a month as whole weeks around it", () => {
    const dates = visibleDates("month", "2030-06-15");
    expect(dates[0]).toBe("2030-05-26");
    expect(dates.at(-1)).toBe("2030-07-06");
    expect(dates.length % 7).toBe(0);
    expect(dates).toContain("2030-06-01");
    expect(dates).toContain("2030-06-30");
  });

  it("moves by a day, a week or a month, keeping the day within the month", () => {
    expect(shiftDate("day", "2030-12-31", 1)).toBe("2031-01-01");
    expect(shiftDate("week", "2030-06-05", -1)).toBe("2030-05-29");
    expect(shiftDate("month", "2030-01-31", 1)).toBe("2030-02-28");
    expect(shiftDate("month", "2030-01-15", -1)).toBe("2029-12-15");
    expect(shiftDate("month", "2030-12-10", 1)).toBe("2031-01-10");
  });
});
