import { accountRouter } from "./routers/account";
import { appointmentsRouter } from "./routers/appointments";
import { availabilitiesRouter } from "./routers/availabilities";
import { billingRouter, minutePacksRouter, plansRouter, subscriptionRouter } from "./routers/billing";
import { calendarInvitationsRouter, calendarRouter } from "./routers/calendar";
import { callsRouter } from "./routers/calls";
import { clientsRouter } from "./routers/clients";
import { contactRouter } from "./routers/contact";
import { conversationsRouter } from "./routers/conversations";
import { dashboardRouter } from "./routers/dashboard";
import { devRouter } from "./routers/dev";
import { establishmentsRouter } from "./routers/establishments";
import { offeredServicesRouter } from "./routers/offered-services";
import { placesRouter } from "./routers/places";
import { professionalsRouter } from "./routers/professionals";
import { superAdminRouter } from "./routers/super-admin";
import { teamRouter } from "./routers/team";
import { tenantRouter } from "./routers/tenant";
import { userRouter } from "./routers/user";
import { voiceAgentRouter } from "./routers/voice-agent";
import { waitlistRouter } from "./routers/waitlist";
import { router } from "./trpc";

export const appRouter = router({
  user: userRouter,
  superAdmin: superAdminRouter,
  establishments: establishmentsRouter,
  professionals: professionalsRouter,
  offeredServices: offeredServicesRouter,
  clients: clientsRouter,
  voiceAgent: voiceAgentRouter,
  availabilities: availabilitiesRouter,
  appointments: appointmentsRouter,
  conversations: conversationsRouter,
  dashboard: dashboardRouter,
  calls: callsRouter,
  dev: devRouter,
  places: placesRouter,
  team: teamRouter,
  tenant: tenantRouter,
  plans: plansRouter,
  minutePacks: minutePacksRouter,
  subscription: subscriptionRouter,
  billing: billingRouter,
  contact: contactRouter,
  calendars: calendarRouter,
  calendarInvitations: calendarInvitationsRouter,
  account: accountRouter,
  waitlist: waitlistRouter,
});

export type AppRouter = typeof appRouter;
