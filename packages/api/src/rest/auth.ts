import type { RestRoute } from "./declare";

export const authRoutes: RestRoute[] = [];
