import type { RestRoute } from "./declare";

export const cataloguesRoutes: RestRoute[] = [];
