// The calendar's work around the appointment procedures' transactions (docs/decisions/0029-calendar-integration.md):
// busy time read from Google before a booking's, the free-slot search's or the check's transaction opens, and the
// event's sync enqueued after a change committed. The dashboard, the REST shims and the voice agent's tools all go
// through these procedures, so all of them see the same busy time and write the same events.
import { type CalendarBusy, type CalendarSteps, NO_BUSY } from "../calendar/service";
import type { AroundArgs } from "../trpc";

export function calendarSteps(args: AroundArgs<unknown>): CalendarSteps {
  return { tenantId: args.tenantId, inTenant: args.inTenant, now: args.context.now() };
}

/** Busy time of the professional over the days a booking of the input occupies (none for a cancellation). */
export function bookingBusy(
  args: AroundArgs<{
    professionalId: string;
    scheduledAt: Date;
    offeredServices: string[];
    status?: string | undefined;
  }>,
): Promise<CalendarBusy> {
  if (args.input.status === "CANCELED") return Promise.resolve(NO_BUSY);
  return args.context.calendar.bookingBusy(calendarSteps(args), args.input);
}

/** Busy time of the professionals a free-slot search may offer, over its days. */
export function slotsBusy(
  args: AroundArgs<{
    offeredServices: string[];
    startDate: string;
    endDate: string;
    professionalId?: string | undefined;
  }>,
): Promise<CalendarBusy> {
  return args.context.calendar.slotsBusy(calendarSteps(args), args.input);
}

function idOf(value: unknown): string | undefined {
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "string"
    ? value.id
    : undefined;
}

/** After a create committed: the new appointment's event. */
export async function syncCreated(args: AroundArgs<unknown> & { output: unknown }): Promise<void> {
  const id = idOf(args.output);
  if (id) await args.context.calendar.appointmentChanged(calendarSteps(args), id);
}

/** After an update, a confirmation or a delete committed: the appointment's event (rewritten, moved or deleted). */
export async function syncChanged(args: AroundArgs<{ id: string }>): Promise<void> {
  await args.context.calendar.appointmentChanged(calendarSteps(args), args.input.id);
}
