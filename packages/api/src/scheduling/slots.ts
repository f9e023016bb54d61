// The free-slot sweep (docs/architecture.md, REST details): pure arithmetic on integers, no database and no
// Date per step, so a month of slots for a professional costs well under a millisecond. The caller loads the
// windows (availability occurrences) and the occupied ranges once; this file merges them.
import type { FreeSlot } from "@atende/shared/schemas/appointments";
import { dateOfDayNumber, dayNumber, formatMinutesOfDay, instantAt, toWireMinute } from "@atende/shared/time";

const MINUTE_MS = 60_000;

/** One availability occurrence: minutes since São Paulo midnight of `date`, end exclusive. */
export interface SlotWindow {
  professionalId: string;
  establishmentId: string;
  date: string;
  startMinute: number;
  endMinute: number;
}

/** An occupied range `[start, end)` in epoch milliseconds. */
export interface BusyRange {
  start: number;
  end: number;
}

export interface SweepInput {
  windows: readonly SlotWindow[];
  /** Occupied ranges per professional, any establishment, any order (overlaps are merged here). */
  busyByProfessional: ReadonlyMap<string, readonly BusyRange[]>;
  /** Σ(duration + both buffers) of the services, minutes (> 0). */
  totalMinutes: number;
  /** Slots start strictly after this instant (epoch ms): a booking must be in the future. */
  now: number;
  /** The clock grid of starts, minutes (5). */
  gridMinutes: number;
}

/** Busy ranges as sorted, merged epoch-minute arrays: starts and ends both ascending. */
interface BusyIndex {
  starts: number[];
  ends: number[];
}

function indexBusy(ranges: readonly BusyRange[]): BusyIndex {
  const sorted = ranges
    // A range is occupied from its first minute to the end of its last (partial) minute.
    .map((r) => ({ start: Math.floor(r.start / MINUTE_MS), end: Math.ceil(r.end / MINUTE_MS) }))
    .sort((a, b) => a.start - b.start);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const r of sorted) {
    const last = ends.length - 1;
    if (last >= 0 && r.start <= (ends[last] ?? 0)) {
      if (r.end > (ends[last] ?? 0)) ends[last] = r.end;
    } else {
      starts.push(r.start);
      ends.push(r.end);
    }
  }
  return { starts, ends };
}

/** The first index whose end is after `minute` (ends ascending). */
function firstEndingAfter(ends: readonly number[], minute: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ends[mid] ?? 0) <= minute) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const OFFSET_CACHE = new Map<number, string>();
function offsetSuffix(offsetMinutes: number): string {
  let text = OFFSET_CACHE.get(offsetMinutes);
  if (!text) {
    const abs = Math.abs(offsetMinutes);
    text = `:00${offsetMinutes < 0 ? "-" : "+"}${formatMinutesOfDay(abs)}`;
    OFFSET_CACHE.set(offsetMinutes, text);
  }
  return text;
}

/**
 * `instantAt(date, minute)` in epoch minutes, remembered: the time-zone lookup behind it costs microseconds, and
 * the same windows' bounds come back request after request. Bounded; the answer never changes in a process.
 */
const EPOCH_MINUTE_CACHE = new Map<string, number>();
function epochMinuteAt(date: string, minute: number): number {
  const key = `${date} ${minute}`;
  let value = EPOCH_MINUTE_CACHE.get(key);
  if (value === undefined) {
    if (EPOCH_MINUTE_CACHE.size >= 20_000) EPOCH_MINUTE_CACHE.clear();
    value = instantAt(date, minute).getTime() / MINUTE_MS;
    EPOCH_MINUTE_CACHE.set(key, value);
  }
  return value;
}

const HH_MM: string[] = Array.from({ length: 1440 }, (_, minute) => formatMinutesOfDay(minute));

/**
 * Every start on the clock grid, in every window, such that `[start, start + total)` fits the window, starts after
 * `now`, and overlaps no occupied range of the professional. Sorted by start (then professional, establishment), with
 * duplicates from overlapping windows removed.
 */
export function sweepFreeSlots(input: SweepInput): FreeSlot[] {
  const { totalMinutes: total, gridMinutes: grid } = input;
  const notBefore = Math.floor(input.now / MINUTE_MS) + 1;
  const busy = new Map<string, BusyIndex>();
  const found: { at: number; slot: FreeSlot }[] = [];

  for (const w of input.windows) {
    if (w.endMinute - w.startMinute < total) continue;
    const day = dayNumber(w.date);
    const windowStart = epochMinuteAt(w.date, w.startMinute);
    const windowEnd = epochMinuteAt(w.date, w.endMinute);
    const last = windowEnd - total;
    if (last < notBefore) continue;
    // Local wall-clock minute = epoch minute + offset; fixed across the window unless the offset changes inside
    // it (São Paulo has had none since 2019), in which case the slow formatter is used.
    const offset = day * 1440 + w.startMinute - windowStart;
    const fixedOffset = day * 1440 + w.endMinute - windowEnd === offset;
    const suffix = offsetSuffix(offset);
    const wire = (minute: number): string => {
      if (!fixedOffset) return toWireMinute(minute * MINUTE_MS);
      const local = minute + offset;
      const localDay = Math.floor(local / 1440);
      const date = localDay === day ? w.date : dateOfDayNumber(localDay);
      return `${date}T${HH_MM[local - localDay * 1440]}${suffix}`;
    };

    let index = busy.get(w.professionalId);
    if (!index) {
      index = indexBusy(input.busyByProfessional.get(w.professionalId) ?? []);
      busy.set(w.professionalId, index);
    }
    const { starts, ends } = index;

    const alignUp = (minute: number) => {
      const r = (((minute + offset) % grid) + grid) % grid;
      return r === 0 ? minute : minute + grid - r;
    };
    let s = alignUp(Math.max(windowStart, notBefore));
    let i = firstEndingAfter(ends, s);
    while (s <= last) {
      while (i < ends.length && (ends[i] ?? 0) <= s) i++;
      const busyStart = starts[i];
      if (busyStart !== undefined && busyStart < s + total) {
        s = alignUp(ends[i] ?? s + grid);
        continue;
      }
      found.push({
        at: s,
        slot: {
          start: wire(s),
          end: wire(s + total),
          professionalId: w.professionalId,
          establishmentId: w.establishmentId,
        },
      });
      s += grid;
    }
  }

  found.sort(
    (a, b) =>
      a.at - b.at ||
      compare(a.slot.professionalId, b.slot.professionalId) ||
      compare(a.slot.establishmentId, b.slot.establishmentId),
  );
  const slots: FreeSlot[] = [];
  let previous: { at: number; slot: FreeSlot } | undefined;
  for (const entry of found) {
    if (
      !previous ||
      previous.at !== entry.at ||
      previous.slot.professionalId !== entry.slot.professionalId ||
      previous.slot.establishmentId !== entry.slot.establishmentId
    ) {
      slots.push(entry.slot);
    }
    previous = entry;
  }
  return slots;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
