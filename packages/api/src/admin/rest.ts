import { type RestRoute, restGroup } from "../rest";
import { superAdminRouter } from "./super-admin.router";

const superAdmin = restGroup("Super Admin");

/** Listed right after the user's paths (rest-routes.ts keeps the order /openapi.json had). */
export const superAdminRoutes: RestRoute[] = [
  superAdmin("GET", "/super-admin/tenants", superAdminRouter.tenants, { summary: "Lista todos os tenants" }),
  superAdmin("POST", "/super-admin/select-tenant", superAdminRouter.selectTenant, {
    summary: "Seleciona um tenant para operar como super admin",
  }),
  superAdmin("GET", "/super-admin/selected-tenant", superAdminRouter.selectedTenant, {
    summary: "Tenant selecionado",
  }),
  superAdmin("POST", "/super-admin/clear-selection", superAdminRouter.clearSelection, {
    summary: "Limpa a seleção de tenant",
  }),
];
