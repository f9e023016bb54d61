// The booking rules as pure functions (docs/decisions/0007-appointments.md; spec 001 §5 and §9): given what the
// reads found (./read.ts), judge a requested slot. No database here: every booking door reaches these through
// `assessBooking` (./index.ts).
import { calendarConflictMessage } from "@atende/shared/calendar";
import {
  APPOINTMENT_MESSAGES,
  type AppointmentServiceItem,
  type AvailabilityCheckStatus,
  availableMessage,
  conflictMessage,
  outsideWindowMessage,
} from "@atende/shared/schemas/appointments";
import { dateOf, instantAt, minutesOfDay, timeOfDayOf } from "@atende/shared/time";
import { type BusyEvent, firstBusyOverlap } from "../../calendar/events";
import { conflict, invalid } from "../../errors";
import { occupiedMinutes, type ServiceTimes } from "../../occupied-minutes";
import type { Occurrence } from "../availability-expand";
import { type HeldRange, type HoldOwner, heldMessageOf, sortHolds } from "../holds";

const MINUTE_MS = 60_000;
const M = APPOINTMENT_MESSAGES;

/** What an appointment of these services occupies: Σ occupiedMinutes (spec 001 §9). */
export function totalMinutesOf(services: readonly ServiceTimes[]): number {
  let total = 0;
  for (const service of services) total += occupiedMinutes(service);
  return total;
}

/** Minutes since midnight of an instant's São Paulo wall-clock time (for messages). */
export function wallMinute(instant: Date): number {
  return minutesOfDay(timeOfDayOf(instant));
}

/** Minutes since São Paulo midnight of `date` of an instant (may exceed 1440 for a range crossing midnight). */
function minuteOfDate(date: string, instant: Date): number {
  return Math.round((instant.getTime() - instantAt(date, 0).getTime()) / MINUTE_MS);
}

export interface Window {
  startMinute: number;
  endMinute: number;
}

/**
 * The window outcome: the occupied range `[start, end)` (minutes of the day) must fit ONE window entirely (outside
 * the window means any part of the occupied range outside it). Returns undefined when it fits, else the window to
 * name in the message: the one holding the start, or else the nearest.
 */
export function windowMiss(windows: readonly Window[], start: number, end: number): Window | undefined {
  if (windows.length === 0) return undefined;
  let nearest: Window | undefined;
  let nearestDistance = Number.POSITIVE_INFINITY;
  for (const w of windows) {
    if (w.startMinute <= start && end <= w.endMinute) return undefined;
    const distance =
      start >= w.startMinute && start < w.endMinute
        ? -1
        : Math.min(Math.abs(start - w.startMinute), Math.abs(start - w.endMinute));
    if (distance < nearestDistance) {
      nearest = w;
      nearestDistance = distance;
    }
  }
  return nearest;
}

/** An occupying appointment's range. */
export interface OccupiedRange {
  scheduledAt: Date;
  endsAt: Date;
}

export function conflictMessageOf(existing: OccupiedRange): string {
  return conflictMessage(wallMinute(existing.scheduledAt), wallMinute(existing.endsAt));
}

/** What may already occupy a range: an appointment, waitlist holds, the professional's Google Calendar. */
export interface Occupants {
  /** The first occupying appointment of the professional (any establishment) the range overlaps. */
  appointment: OccupiedRange | undefined;
  /** ACTIVE, unexpired waitlist holds overlapping the range (docs/decisions/0046-waitlist.md). */
  holds: readonly HeldRange[];
  /** Whom the booking is for: a hold for their own wish does not block them. */
  holdOwner: HoldOwner;
  /** The professional's busy time read from their Google Calendar before the transaction (decision 0029). */
  calendarBusy: readonly BusyEvent[] | undefined;
}

/**
 * The conflict rule, in this order: our own appointment, then another wish's hold, then the professional's calendar.
 * Answers the 409's message (undefined when the range is free) and the booking's own hold, which it takes.
 */
export function occupancyOf(
  occupants: Occupants,
  start: Date,
  end: Date,
): { conflict: string | undefined; ownHold: HeldRange | undefined } {
  const { blocking, own } = sortHolds(occupants.holds, occupants.holdOwner);
  const busy = firstBusyOverlap(occupants.calendarBusy, start, end);
  const message = occupants.appointment
    ? conflictMessageOf(occupants.appointment)
    : blocking
      ? heldMessageOf(blocking)
      : busy
        ? calendarConflictMessage(busy.start, busy.end)
        : undefined;
  return { conflict: message, ownHold: own };
}

/** What the reads found about a requested slot (./read.ts gathers it in one round trip). */
export interface BookingFacts extends Occupants {
  establishmentId: string;
  scheduledAt: Date;
  /** The requested services as they are now, in the requested order: the snapshot a booking stores. */
  services: AppointmentServiceItem[];
  /** The professional's availability occurrences on the slot's date, at every establishment. */
  occurrences: readonly Occurrence[];
}

export interface BookingAssessment {
  /** The services as they are now: the snapshot a booking stores. */
  services: AppointmentServiceItem[];
  /** Σ(duration + bufferDurationBefore + bufferDurationAfter), minutes (spec 001 §9). */
  totalMinutes: number;
  /** scheduledAt + total: the end of the half-open occupied range. */
  endsAt: Date;
  status: AvailabilityCheckStatus;
  message: string;
  /** The booking's own waitlist hold on the range (the offer it accepts), which it takes when it is written. */
  ownHold: HeldRange | undefined;
}

/**
 * Judges the slot: OUTSIDE_WINDOW and CONFLICT block; NO_AVAILABILITY_HERE (windows elsewhere that day) and
 * NO_AVAILABILITY (no window that day at all; ./index.ts asks whether the professional attends anywhere, ever, to
 * tell the two apart) are warnings; else AVAILABLE.
 */
export function assess(facts: BookingFacts): BookingAssessment {
  const { scheduledAt, services } = facts;
  const date = dateOf(scheduledAt);
  const totalMinutes = totalMinutesOf(services);
  const endsAt = new Date(scheduledAt.getTime() + totalMinutes * MINUTE_MS);
  const start = minuteOfDate(date, scheduledAt);
  const { conflict, ownHold } = occupancyOf(facts, scheduledAt, endsAt);
  const outcome = (status: AvailabilityCheckStatus, message: string): BookingAssessment => ({
    services,
    totalMinutes,
    endsAt,
    status,
    message,
    ownHold,
  });

  const here = facts.occurrences.filter((o) => o.establishmentId === facts.establishmentId);
  const miss = windowMiss(here, start, start + totalMinutes);
  if (miss) return outcome("OUTSIDE_WINDOW", outsideWindowMessage(miss.startMinute, miss.endMinute));
  if (conflict) return outcome("CONFLICT", conflict);
  if (here.length === 0) {
    return facts.occurrences.length > 0
      ? outcome("NO_AVAILABILITY_HERE", M.noAvailabilityHere)
      : outcome("NO_AVAILABILITY", M.noAvailability);
  }
  return outcome("AVAILABLE", availableMessage(wallMinute(endsAt)));
}

/** Refuses the blocking outcomes: OUTSIDE_WINDOW is a 400 on `scheduledAt`, CONFLICT a 409. */
export function enforceBookable(assessment: BookingAssessment): void {
  if (assessment.status === "OUTSIDE_WINDOW") invalid("scheduledAt", assessment.message);
  if (assessment.status === "CONFLICT") conflict(assessment.message);
}
