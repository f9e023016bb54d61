// What the invitation page shows for the token's status and for the authorization's answer (spec 001 §4 "Invitation
// token check order", §8 "Invitation page"). Pure, so the order and the texts are tested without a browser.
import { CALENDAR_MESSAGES } from "@atende/shared/calendar";

const M = CALENDAR_MESSAGES;

export interface InviteView {
  tone: "warning" | "error";
  title: string;
  message: string;
  /** Ask the clinic for a new invitation. */
  askForNew: boolean;
}

/** The view of a token that cannot be authorized, in the spec's order (not found, expired, used, invalid); else none. */
export function tokenView(status: {
  exists: boolean;
  isExpired: boolean;
  isUsed: boolean;
  isValid: boolean;
}): InviteView | undefined {
  if (!status.exists)
    return { tone: "error", title: M.invalidTokenTitle, message: M.tokenNotFound, askForNew: true };
  if (status.isExpired)
    return { tone: "warning", title: M.expiredTitle, message: M.tokenExpired, askForNew: true };
  if (status.isUsed) return { tone: "warning", title: M.usedTitle, message: M.tokenUsed, askForNew: true };
  if (!status.isValid)
    return { tone: "error", title: M.invalidTokenTitle, message: M.tokenInvalid, askForNew: true };
  return undefined;
}

/** The view of a refused authorization, by its message (spec 001 §8). */
export function authorizeErrorView(message: string | undefined): InviteView {
  const text = message ?? M.authorizeFailed;
  if (text.includes("não encontrado"))
    return { tone: "error", title: M.invalidTokenTitle, message: text, askForNew: true };
  if (text.includes("expirado"))
    return { tone: "warning", title: M.expiredTitle, message: text, askForNew: true };
  if (text.includes("já foi utilizado"))
    return { tone: "warning", title: M.usedTitle, message: text, askForNew: true };
  return { tone: "error", title: M.authorizationErrorTitle, message: text, askForNew: false };
}
