// Every domain's REST table (each domain's rest.ts, next to its procedures), joined in the order /openapi.json lists
// them; the shared declaration machinery is rest.ts.
import { superAdminRoutes } from "./admin/rest";
import { billingRoutes } from "./billing/rest";
import { callsRoutes, conversationsRoutes, voiceAgentRoutes } from "./calls/rest";
import { cataloguesRoutes, placesRoutes } from "./catalogue/rest";
import { confirmationsRoutes } from "./confirmations/rest";
import { devRoutes } from "./dev/rest";
import { authRoutes } from "./identity/rest";
import { lgpdRoutes } from "./privacy/rest";
import type { RestRoute } from "./rest";
import {
  appointmentsRoutes,
  availabilitiesRoutes,
  calendarRoutes,
  clientsRoutes,
  contactRoutes,
  waitlistRoutes,
} from "./scheduling/rest";
import { tenantRoutes } from "./tenant/rest";
/** Every documented REST path, in the order /openapi.json lists them. */
export const restRoutes: readonly RestRoute[] = [
  ...authRoutes,
  ...superAdminRoutes,
  ...cataloguesRoutes,
  ...clientsRoutes,
  ...voiceAgentRoutes,
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
  ...confirmationsRoutes,
];
