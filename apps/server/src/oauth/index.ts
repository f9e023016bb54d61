export {
  allowedFrontendHost,
  createOAuthRoutes,
  FRONTEND_HOST_REFUSED,
  type OAuthRoutesDeps,
} from "./routes";
