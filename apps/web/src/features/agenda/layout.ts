// The agenda's geometry as pure functions (spec 001 §2, Agenda): which days a view shows, how far the hour ruler
// reaches, and how overlapping availability and appointment blocks share a day's column side by side. The views
// only draw what these answer, so the rules are tested without a browser.
import { addDays, daysInMonth, isoWeekday, monthRange } from "@atende/shared/time";

/** The agenda's views; the weekly one is the default. */
export type AgendaView = "day" | "week" | "month";

/** Minutes since São Paulo midnight; an end may pass 1440 when a block crosses midnight. */
export interface Block {
  id: string;
  start: number;
  end: number;
}

export interface PlacedBlock extends Block {
  /** The block's lane, 0 first (leftmost). */
  lane: number;
  /** How many lanes the block's group of overlapping blocks needs: its width is 1 / lanes of the column. */
  lanes: number;
}

/**
 * Lays a day's blocks out in side-by-side lanes: blocks that overlap (half-open ranges: one ending at 10:00 does not
 * overlap one starting at 10:00) never share a lane; each goes to the lowest free lane, in order of start (longer
 * first on a tie). Blocks linked by overlaps form a group whose blocks all take the group's lane count, so widths
 * line up; a block alone takes the whole column. Answers the blocks in that order.
 */
export function layoutLanes<T extends Block>(blocks: readonly T[]): (T & PlacedBlock)[] {
  const sorted = [...blocks].sort((a, b) => a.start - b.start || b.end - a.end || (a.id < b.id ? -1 : 1));
  const placed: (T & PlacedBlock)[] = [];
  let group: (T & PlacedBlock)[] = [];
  let laneEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const closeGroup = () => {
    for (const block of group) block.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const block of sorted) {
    if (block.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= block.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = block.end;
    const entry = { ...block, lane, lanes: 1 };
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd, block.end);
  }
  closeGroup();
  return placed;
}

/** The ruler's default reach: 08:00 to 22:00 (spec 001 §2). */
export const RULER_START = 8 * 60;
export const RULER_END = 22 * 60;

/**
 * The hours the ruler shows: 08:00-22:00, widened to whole hours so every block fits (a 07:30 block starts it at
 * 07:00; one ending 22:10 ends it at 23:00), never before 00:00 nor after 24:00.
 */
export function rulerRange(blocks: readonly Block[]): { start: number; end: number } {
  let start = RULER_START;
  let end = RULER_END;
  for (const block of blocks) {
    start = Math.min(start, Math.floor(block.start / 60) * 60);
    end = Math.max(end, Math.ceil(block.end / 60) * 60);
  }
  return { start: Math.max(0, start), end: Math.min(24 * 60, end) };
}

/** The Sunday that starts the week of `date` (weeks run Sunday to Saturday, spec 001 §2). */
export function weekStart(date: string): string {
  return addDays(date, -(isoWeekday(date) % 7));
}

/**
 * The dates a view shows for `date`: the day itself; its Sunday-to-Saturday week; or, for the month, whole weeks
 * from the Sunday on or before the 1st to the Saturday on or after the last day.
 */
export function visibleDates(view: AgendaView, date: string): string[] {
  if (view === "day") return [date];
  const first = view === "week" ? weekStart(date) : weekStart(monthRange(date).start);
  const last = view === "week" ? addDays(first, 6) : addDays(weekStart(monthRange(date).end), 6);
  const dates: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/** The date the previous or next button moves to: one day, one week or one month (clamped to the month's end). */
export function shiftDate(view: AgendaView, date: string, direction: 1 | -1): string {
  if (view === "day") return addDays(date, direction);
  if (view === "week") return addDays(date, 7 * direction);
  const shifted = Number(date.slice(5, 7)) + direction;
  const year = Number(date.slice(0, 4)) + (shifted < 1 ? -1 : shifted > 12 ? 1 : 0);
  const month = ((shifted + 11) % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
