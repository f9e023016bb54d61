// Google Calendar per professional (docs/decisions/0029-calendar-integration.md): what the server mounts (the
// consent's callback) and configures (the key, the logger).
export {
  type ConsentCallback,
  type ConsentOutcome,
  completeCalendarConsent,
  consentRedirectUrl,
} from "./consent";
export { decryptSecret, encryptSecret, parseEncryptionKey } from "./crypto";
export { eventIdOf } from "./events";
export { CALENDAR_JOBS, type CalendarLogger, CalendarService } from "./service";
