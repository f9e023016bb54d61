import { type RestRoute, restGroup } from "../rest";
import { userRouter } from "./user.router";

const user = restGroup("Usuário");

export const authRoutes: RestRoute[] = [
  user("GET", "/user/me", userRouter.me, { summary: "Usuário autenticado" }),
  user("POST", "/user/refresh-token", userRouter.refreshToken, {
    summary: "Renova o par de tokens (o refresh token é trocado a cada uso)",
    public: true,
  }),
];
