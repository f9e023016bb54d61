export type { AccessClaims } from "./auth/tokens";
export { signAccessToken, verifyAccessToken } from "./auth/tokens";
export type { ApiConfig } from "./config";
export { type Actor, actorFromClaims, type Context } from "./context";
export type { Issue } from "./errors";
export type { RestRoute } from "./rest/declare";
export { restRoutes } from "./rest/routes";
export { type AppRouter, appRouter } from "./root";
export { createCallerFactory, issuesOf } from "./trpc";
