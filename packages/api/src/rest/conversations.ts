import type { RestRoute } from "./declare";

export const conversationsRoutes: RestRoute[] = [];
