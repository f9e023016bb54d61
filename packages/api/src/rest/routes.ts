import { appointmentsRoutes } from "./appointments";
import { authRoutes } from "./auth";
import { availabilitiesRoutes } from "./availabilities";
import { billingRoutes } from "./billing";
import { calendarRoutes } from "./calendar";
import { callsRoutes } from "./calls";
import { cataloguesRoutes } from "./catalogues";
import { contactRoutes } from "./contact";
import { conversationsRoutes } from "./conversations";
import type { RestRoute } from "./declare";
import { devRoutes } from "./dev";
import { lgpdRoutes } from "./lgpd";
import { placesRoutes } from "./places";
import { tenantRoutes } from "./tenant";
import { waitlistRoutes } from "./waitlist";

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
