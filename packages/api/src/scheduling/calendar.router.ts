// Google Calendar per professional (spec 001 §2, §3, §7; docs/decisions/0029-calendar-integration.md): a
// professional's calendar status and new invitation, in the tenant's transaction; and the two public calls of the
// invitation page, which find their invitation by the token's hash through the system door `invitationPages`.
import {
  CalendarAuthorizeResult,
  CalendarInvitationInput,
  CalendarInvitationResult,
  CalendarStatus,
  CalendarStatusInput,
  CalendarTokenInput,
  CalendarTokenStatus,
} from "@atende/shared/schemas/calendar";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  authorizeInvitation,
  calendarStatus,
  createCalendarInvitation,
  invitationTokenStatus,
} from "../calendar/invitations";
import { publicSystemProcedure, tenantProcedure } from "../trpc";

export const calendarRouter = {
  status: tenantProcedure
    .input(CalendarStatusInput)
    .output(CalendarStatus)
    .query(({ ctx, input }) =>
      calendarStatus(ctx.db, input.id, { now: ctx.now(), available: ctx.calendar.available }),
    ),
  generateInvitation: tenantProcedure
    .input(CalendarInvitationInput)
    .output(CalendarInvitationResult)
    .mutation(({ ctx, input }) =>
      createCalendarInvitation(ctx.db, ctx.actor, input, { config: ctx.config, now: ctx.now() }),
    ),
} satisfies TRPCRouterRecord;

export const calendarInvitationsRouter = {
  status: publicSystemProcedure("invitationPages")
    .input(CalendarTokenInput)
    .output(CalendarTokenStatus)
    .query(({ ctx, input }) => invitationTokenStatus(ctx.sys, input.token, ctx.now())),
  authorize: publicSystemProcedure("invitationPages")
    .input(CalendarTokenInput)
    .output(CalendarAuthorizeResult)
    .mutation(({ ctx, input }) =>
      authorizeInvitation(ctx.sys, input.token, {
        calendar: ctx.calendar,
        config: ctx.config,
        now: ctx.now(),
      }),
    ),
} satisfies TRPCRouterRecord;
