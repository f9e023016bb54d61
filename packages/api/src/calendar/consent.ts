// The end of a professional's Google consent (GET /oauth2/callback/google-calendar; spec 001 §2, §8; decision 0029):
// the signed state names the invitation; the invitation must still be open and its professional there; Google's
// code is exchanged (PKCE); the grant must carry the calendar scope and a refresh token, and belong to the
// professional's e-mail. Then, in one tenant transaction, the invitation is used and the grant stored encrypted
// (replacing a broken one). The caller redirects to the success page or to the error page with the reason code.
import { type DataAccess, schema, type TenantTx } from "@atende/db";
import { and, eq, gt, isNull } from "@atende/db/orm";
import type { CalendarErrorReason } from "@atende/shared/calendar";
import type { ApiConfig } from "../config";
import { encryptSecret } from "./crypto";
import { GOOGLE_CALENDAR_EVENTS_SCOPE } from "./google";
import { consentCodeVerifier, verifyConsentState } from "./invitations";
import type { CalendarService } from "./service";

const I = schema.calendarInvitations;
const C = schema.calendarConnections;
const E = schema.calendarEvents;
const P = schema.professionals;

export type ConsentOutcome =
  | { ok: true; professionalId: string }
  | {
      ok: false;
      reason?: CalendarErrorReason | undefined;
      error?: string | undefined;
      errorDescription?: string | undefined;
      professionalId?: string | undefined;
    };

export interface ConsentCallback {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
  errorDescription?: string | undefined;
}

/** A reason refused before or after Google answered, with what the error page shows of it. */
class Refusal extends Error {
  constructor(
    readonly reason: CalendarErrorReason,
    readonly detail?: unknown,
  ) {
    super(reason);
  }
}

/** An OAuth error code as Google spells them (RFC 6749 §4.1.2.1): kept when it looks like one, else generalised. */
const oauthError = (value: string) => (/^[a-z_]{1,64}$/.test(value) ? value : "invalid_request");
const clip = (value: string | undefined) => value?.slice(0, 300);

export async function completeCalendarConsent(
  data: DataAccess,
  calendar: CalendarService,
  config: ApiConfig,
  callback: ConsentCallback,
  now: Date,
): Promise<ConsentOutcome> {
  const google = calendar.google;
  if (!google || !callback.state) return { ok: false, reason: "missing-invitation-token" };
  const state = await verifyConsentState(config, callback.state, now);
  if (state === "forged") return { ok: false, reason: "missing-invitation-token" };
  if (state === "expired") return { ok: false, reason: "invalid-invitation" };
  const { tenantId, professionalId, invitationId } = state;
  // Google said no (the person refused, or the request was refused): its code goes to the page as is.
  if (callback.error) {
    return {
      ok: false,
      error: oauthError(callback.error),
      errorDescription: clip(callback.errorDescription),
      professionalId,
    };
  }
  const refused = (reason: CalendarErrorReason, detail?: unknown): ConsentOutcome => {
    if (detail) calendar.warn({ err: detail, professionalId, reason }, "calendar consent refused");
    return { ok: false, reason, professionalId };
  };

  /** The invitation and its professional as they are now; refuses a used, expired or orphaned one. */
  const openInvitation = async (db: TenantTx, lock: boolean) => {
    const query = db
      .select({ usedAt: I.usedAt, expiresAt: I.expiresAt, email: P.email, deletedAt: P.deletedAt })
      .from(I)
      .leftJoin(P, eq(P.id, I.professionalId))
      .where(and(eq(I.id, invitationId), eq(I.professionalId, professionalId)))
      .limit(1);
    const [row] = await (lock ? query.for("update", { of: I }) : query);
    if (!row || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime())
      throw new Refusal("invalid-invitation");
    if (row.deletedAt !== null || row.email === null) throw new Refusal("professional-not-found");
    return { email: row.email };
  };

  let professionalEmail: string;
  try {
    ({ email: professionalEmail } = await data.inTenant(tenantId, (db) => openInvitation(db, false)));
  } catch (error) {
    if (error instanceof Refusal) return refused(error.reason);
    return refused("processing-failed", error);
  }
  if (!callback.code) return refused("no-token");

  let tokens: Awaited<ReturnType<typeof google.exchangeCode>>;
  try {
    tokens = await google.exchangeCode(callback.code, consentCodeVerifier(config, state.nonce));
  } catch (error) {
    return refused("processing-failed", error);
  }
  if (tokens.scopes && !tokens.scopes.includes(GOOGLE_CALENDAR_EVENTS_SCOPE)) return refused("scope-denied");
  if (!tokens.refreshToken) return refused("no-token");
  if (tokens.email.trim().toLowerCase() !== professionalEmail.trim().toLowerCase())
    return refused("email-mismatch");

  const sealed = encryptSecret(config.calendar.encryptionKey, tokens.refreshToken, {
    tenantId,
    professionalId,
  });
  try {
    await data.inTenant(tenantId, async (db) => {
      // Locked and checked again: two consents of one invitation finish once.
      await openInvitation(db, true);
      await db.update(I).set({ usedAt: now }).where(eq(I.id, invitationId));
      // Any other open invitation of the professional is spent too: the calendar is connected.
      await db
        .update(I)
        .set({ usedAt: now })
        .where(and(eq(I.professionalId, professionalId), isNull(I.usedAt), gt(I.expiresAt, now)));
      const [previous] = await db
        .select({ googleEmail: C.googleEmail })
        .from(C)
        .where(eq(C.professionalId, professionalId));
      const googleEmail = tokens.email.trim().toLowerCase();
      // Events written to another account's calendar are out of reach now: forget them, so the new calendar gets
      // every appointment.
      if (previous && previous.googleEmail !== googleEmail)
        await db.delete(E).where(eq(E.professionalId, professionalId));
      await db
        .insert(C)
        .values({
          tenantId,
          professionalId,
          googleEmail,
          calendarId: "primary",
          refreshTokenEncrypted: sealed,
          connectedAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [C.tenantId, C.professionalId],
          set: {
            googleEmail,
            calendarId: "primary",
            refreshTokenEncrypted: sealed,
            connectedAt: now,
            brokenAt: null,
            brokenReason: null,
            updatedAt: now,
          },
        });
    });
  } catch (error) {
    if (error instanceof Refusal) return refused(error.reason);
    return refused("processing-failed", error);
  }
  calendar.forgetProfessional(tenantId, professionalId);
  // The professional's future appointments go to the calendar now (the periodic sweep would, a few minutes later).
  await calendar
    .enqueueReconcile(tenantId, now)
    .catch((error: unknown) => calendar.warn({ err: error, tenantId }, "calendar reconcile not enqueued"));
  return { ok: true, professionalId };
}

/** Where the browser goes after the consent (spec 001 §2 "Calendar invitation pages"). */
export function consentRedirectUrl(config: ApiConfig, outcome: ConsentOutcome): string {
  const url = new URL(
    outcome.ok ? "/calendar-integration/success" : "/calendar-integration/error",
    config.serverOrigin,
  );
  if (!outcome.ok) {
    if (outcome.reason) url.searchParams.set("reason", outcome.reason);
    if (outcome.error) url.searchParams.set("error", outcome.error);
    if (outcome.errorDescription) url.searchParams.set("error_description", outcome.errorDescription);
  }
  if (outcome.professionalId) url.searchParams.set("professional", outcome.professionalId);
  return url.toString();
}
