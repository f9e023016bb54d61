import type { RestRoute } from "./declare";

export const availabilitiesRoutes: RestRoute[] = [];
