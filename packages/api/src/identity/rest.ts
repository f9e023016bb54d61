import { type RestRoute, restGroup } from "../rest";
import { superAdminRouter } from "./super-admin.router";
import { userRouter } from "./user.router";

const user = restGroup("Usuário");
const superAdmin = restGroup("Super Admin");

export const authRoutes: RestRoute[] = [
  user("GET", "/user/me", userRouter.me, { summary: "Usuário autenticado" }),
  user("POST", "/user/refresh-token", userRouter.refreshToken, {
    summary: "Renova o par de tokens (o refresh token é trocado a cada uso)",
    public: true,
  }),
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
