import type { RestRoute } from "./declare";

export const appointmentsRoutes: RestRoute[] = [];
