import { superAdminRouter } from "./admin/super-admin.router";
import { billingRouter, minutePacksRouter, plansRouter, subscriptionRouter } from "./billing/billing.router";
import { callsRouter } from "./calls/calls.router";
import { conversationsRouter } from "./calls/conversations.router";
import { voiceAgentRouter } from "./calls/voice-agent.router";
import { establishmentsRouter } from "./catalogue/establishments.router";
import { offeredServicesRouter } from "./catalogue/offered-services.router";
import { placesRouter } from "./catalogue/places.router";
import { professionalsRouter } from "./catalogue/professionals.router";
import { confirmationsRouter } from "./confirmations/confirmations.router";
import { dashboardRouter } from "./dashboard/dashboard.router";
import { devRouter } from "./dev/dev.router";
import { teamRouter } from "./identity/team.router";
import { userRouter } from "./identity/user.router";
import { accountRouter } from "./privacy/account.router";
import { clientPrivacyRouter } from "./privacy/clients.router";
import { appointmentsRouter } from "./scheduling/appointments.router";
import { availabilitiesRouter } from "./scheduling/availabilities.router";
import { calendarInvitationsRouter, calendarRouter } from "./scheduling/calendar.router";
import { clientsRouter } from "./scheduling/clients.router";
import { contactRouter } from "./scheduling/contact.router";
import { waitlistRouter } from "./scheduling/waitlist.router";
import { tenantRouter } from "./tenant/tenant.router";
import { router } from "./trpc";

export const appRouter = router({
  user: userRouter,
  superAdmin: superAdminRouter,
  establishments: establishmentsRouter,
  professionals: professionalsRouter,
  offeredServices: offeredServicesRouter,
  clients: { ...clientsRouter, ...clientPrivacyRouter },
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
  confirmations: confirmationsRouter,
});

export type AppRouter = typeof appRouter;
