import { billingRoutes } from "./billing/rest";
import { callsRoutes } from "./calls/rest";
import { conversationsRoutes } from "./calls/rest-conversations";
import { cataloguesRoutes } from "./catalogue/rest";
import { placesRoutes } from "./catalogue/rest-places";
import { devRoutes } from "./dev/rest";
import { authRoutes } from "./identity/rest";
import { tenantRoutes } from "./identity/rest-tenant";
import { lgpdRoutes } from "./privacy/rest";
import type { RestRoute } from "./rest";
import { appointmentsRoutes } from "./scheduling/rest";
import { availabilitiesRoutes } from "./scheduling/rest-availabilities";
import { calendarRoutes } from "./scheduling/rest-calendar";
import { contactRoutes } from "./scheduling/rest-contact";
import { waitlistRoutes } from "./scheduling/rest-waitlist";

/** Every documented REST path, in the order /openapi.json lists them. */
export const restRoutes: readonly RestRoute[] = [
  ...authRoutes,
  ...cataloguesRoutes,
  ...availabilitiesRoutes,
  ...appointmentsRoutes,
  ...conversationsRoutes,
  ...callsRoutes,
  ...contactRoutes,
  ...tenantRoutes,
  ...billingRoutes,
  ...devRoutes,
  ...placesRoutes,
  ...calendarRoutes,
  ...lgpdRoutes,
  ...waitlistRoutes,
];
