import type { RestRoute } from "./declare";

export const agendaRoutes: RestRoute[] = [];
