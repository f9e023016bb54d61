// The public face of @atende/api: what the server mounts, the web app's router type, and the sign-in pieces the
// server's OAuth routes use. Test support is `@atende/api/testing`.

export { type AgentCall, verifyAgentToken, verifyBearerToken } from "./auth/call-tokens";
export {
  createOAuthProvider,
  newAuthorizationSecrets,
  type OAuthProvider,
  SignInError,
  type SignInErrorCode,
} from "./auth/google";
export type { AccessClaims } from "./auth/tokens";
export { signAccessToken, verifyAccessToken } from "./auth/tokens";
export { enqueuePaymentNotification } from "./billing/jobs";
export {
  CALENDAR_JOBS,
  type CalendarLogger,
  CalendarService,
  completeCalendarConsent,
  consentRedirectUrl,
  decryptSecret,
  parseEncryptionKey,
} from "./calendar";
export { DEMO_TENANT_ID, seedDemoTenant } from "./calls/demo";
export { RECORDING_NOT_FOUND } from "./calls/recordings";
export {
  answerInboundCall,
  closeEndedCall,
  transferResultTwiml,
  webhookUrls,
  whisperTwiml,
} from "./calls/webhooks";
export { createJobRunner, createServices, type ServiceOptions, type Services } from "./composition";
export {
  type ApiConfig,
  type CalendarConfig,
  DEFAULT_CALENDAR_TIMEOUTS,
  GOOGLE_CALENDAR_API_URL,
  isProduction,
  WHATSAPP_API_URL,
} from "./config";
export { answerConfirmationCall } from "./confirmations/calls";
export { answerOfferCall, OFFER_CALL_MODE, offerCallEnded } from "./confirmations/offer-call";
export { receiveWhatsapp, verifyWhatsappSubscription, type WebhookOutcome } from "./confirmations/replies";
export { confirmationCallEnded, enqueueSends } from "./confirmations/scheduler";
export { type Actor, actorFromClaims, type Context } from "./context";
export { DATABASE_UNAVAILABLE, errorShapeOf, type Issue, isDatabaseUnavailable, issuesOf } from "./errors";
export { REFRESH_REUSE_GRACE_MS, SESSION_EXPIRED, signIn, type TokenPair } from "./identity/auth";
export { JobQueue, JobRunner } from "./jobs";
export {
  createEmailSender,
  type EmailMessage,
  type EmailSender,
  enqueueEmail,
  escapeHtml,
  listOutbox,
  type OutboxEntry,
} from "./mail/outbox";
export type { PaymentProvider } from "./payments/provider";
export {
  actOnSandboxCheckout,
  findSandboxCheckout,
  SANDBOX_ACTIONS,
  type SandboxAction,
  type SandboxCheckout,
} from "./payments/sandbox";
export { isValidWebhookSignature, signWebhook } from "./payments/signature";
export { RECORDING_JOBS } from "./privacy/recording-jobs";
export { closedAccountOf, releaseFromClosedAccount } from "./privacy/sign-in";
export { createRecordingStore, type RecordingStore } from "./recordings/store";
export type { RestRoute } from "./rest";
export { restRoutes } from "./rest-routes";
export { type AppRouter, appRouter } from "./root";
export { enqueueFreedSlots } from "./scheduling/offers";
export {
  type AccountNumber,
  emptyTwiml,
  type TelephonyProvider,
  TwilioError,
  telephonyOf,
} from "./telephony/provider";
export { type Access, accessOf, createCallerFactory } from "./trpc";
