// Freed slots handed to the waitlist's offer job once the change that freed them committed
// (docs/decisions/0046-waitlist.md): the `before` hook makes a collector, the procedure pushes the ranges it freed into
// it (a cancellation, a move, a delete, a declined offer), and the `after` hook enqueues them after commit, so a
// rolled-back change frees nothing.
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { type CalendarBusy, NO_BUSY } from "../calendar/service";
import type { AroundArgs } from "../trpc";
import type { FreedSlot } from "./appointments";
import { bookingBusy, calendarSteps, syncChanged } from "./calendar-hooks";
import { enqueueFreedSlots } from "./offers";

export interface FreedCollector {
  freed: FreedSlot[];
}

export function freedSlots(): Promise<FreedCollector> {
  return Promise.resolve({ freed: [] });
}

/**
 * Enqueues the collected ranges. Must not throw (the change is committed): a failed enqueue is reported as a process
 * warning, and that slot is then not offered on its own; staff still book it from the waitlist page.
 */
export async function offerFreed(args: AroundArgs<unknown> & { prepared: FreedCollector }): Promise<void> {
  if (args.prepared.freed.length === 0) return;
  try {
    await enqueueFreedSlots(args.context.queue, args.tenantId, args.prepared.freed);
  } catch (error) {
    process.emitWarning(`waitlist offer not enqueued: ${String(error)}`);
  }
}

type BookingArgs = Parameters<typeof bookingBusy>[0];

/** An appointment update's `before`: the professional's busy time and a collector of what it frees. */
export async function busyAndFreed(args: BookingArgs): Promise<FreedCollector & { busy: CalendarBusy }> {
  return { busy: await bookingBusy(args), freed: [] };
}

/** An appointment update's or delete's `after`: the calendar event's sync, then the freed ranges' offers. */
export async function syncAndOffer(
  args: AroundArgs<{ id: string }> & { output: unknown; prepared: FreedCollector },
): Promise<void> {
  await syncChanged(args);
  await offerFreed(args);
}

/**
 * Accepting an offer books like any booking: the professional's Google Calendar busy time over the held slot is read
 * before the transaction opens (decision 0029), and a busy slot is refused as any booking would be.
 */
export async function offerBusy(args: AroundArgs<{ id: string }>): Promise<CalendarBusy> {
  const H = schema.waitlistHolds;
  const [hold] = await args.inTenant((db) =>
    db
      .select({
        professionalId: H.professionalId,
        startsAt: H.startsAt,
        offeredServiceId: H.offeredServiceId,
      })
      .from(H)
      .where(eq(H.id, args.input.id))
      .limit(1),
  );
  if (!hold) return NO_BUSY;
  return args.context.calendar.bookingBusy(calendarSteps(args), {
    professionalId: hold.professionalId,
    scheduledAt: hold.startsAt,
    offeredServices: [hold.offeredServiceId],
  });
}
