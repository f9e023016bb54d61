// Calendar invitations (spec 001 §2, §3, §4 "Invitation token check order", §7, §8; docs/decisions/0029): a
// professional's calendar status and new invitation run in the tenant's transaction; the public token pages find
// their invitation by the token's hash through the system door `invitationPages` (no one of the tenant is signed in).
import { createHash, createHmac, randomBytes } from "node:crypto";
import { type SystemDb, schema, type TenantTx } from "@atende/db";
import { and, asc, eq, gt, isNull, sql } from "@atende/db/orm";
import { CALENDAR_MESSAGES } from "@atende/shared/calendar";
import { formatDateTime } from "@atende/shared/format";
import { NOT_FOUND } from "@atende/shared/messages";
import type {
  CalendarAuthorizeResult,
  CalendarInvitationResult,
  CalendarStatus,
  CalendarTokenStatus,
} from "@atende/shared/schemas/calendar";
import { toWireInstant } from "@atende/shared/time";
import { jwtVerify, SignJWT } from "jose";
import type { Actor } from "../auth/actor";
import type { ApiConfig } from "../config";
import { conflict, notFound } from "../errors";
import { enqueueEmail, escapeHtml } from "../mail/outbox";
import type { CalendarService } from "./service";

const I = schema.calendarInvitations;
const C = schema.calendarConnections;
const P = schema.professionals;
const M = CALENDAR_MESSAGES;
const HOUR_MS = 3_600_000;

/** A token is 32 random bytes, base64url: 43 characters. Anything else cannot be one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function invitationLink(config: ApiConfig, token: string): string {
  return `${config.serverOrigin}/calendar-integration/invite/${token}/authorize`;
}

// ─── The professional's side (tenant transaction) ────────────────────────────────────────────────────────────

async function professionalOf(db: TenantTx, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ id: P.id, name: P.name, email: P.email })
    .from(P)
    .where(and(eq(P.id, id), isNull(P.deletedAt)))
    .limit(1);
  const [professional] = await (options.lock ? query.for("update") : query);
  // Another tenant's professional is invisible under row-level security: the same 404 as an unknown one.
  if (!professional) notFound(NOT_FOUND.professional);
  return professional;
}

/** spec 001 §3 "Calendar status of a professional", with the broken grant and the connected account. */
export async function calendarStatus(
  db: TenantTx,
  professionalId: string,
  deps: { now: Date; available: boolean },
): Promise<CalendarStatus> {
  await professionalOf(db, professionalId);
  const [[grant], [pending]] = await Promise.all([
    db
      .select({ googleEmail: C.googleEmail, brokenAt: C.brokenAt })
      .from(C)
      .where(eq(C.professionalId, professionalId)),
    db
      .select({ expiresAt: I.expiresAt })
      .from(I)
      .where(and(eq(I.professionalId, professionalId), isNull(I.usedAt), gt(I.expiresAt, deps.now)))
      .orderBy(asc(I.expiresAt))
      .limit(1),
  ]);
  return {
    hasGoogleCalendar: grant !== undefined && grant.brokenAt === null,
    hasPendingInvitations: pending !== undefined,
    connectionBroken: grant !== undefined && grant.brokenAt !== null,
    googleEmail: grant?.googleEmail ?? null,
    pendingInvitationExpiresAt: pending ? toWireInstant(pending.expiresAt) : null,
    calendarSyncAvailable: deps.available,
  };
}

export function calendarInvitationEmail(input: {
  businessName: string;
  professionalName: string;
  link: string;
  expiresAt: Date;
}) {
  const until = formatDateTime(input.expiresAt);
  const subject = `${input.businessName}: conecte o seu Google Calendar à agenda do Atende`;
  const text = [
    `Olá, ${input.professionalName}!`,
    "",
    `${input.businessName} convidou você para sincronizar a sua agenda do Atende com o seu Google Calendar: os seus agendamentos aparecerão no seu calendário e serão atualizados quando mudarem, e os seus compromissos do Google Calendar deixam esses horários ocupados na agenda.`,
    "",
    `Para autorizar, abra o link abaixo e entre com a conta Google deste e-mail até ${until} (horário de Brasília):`,
    input.link,
    "",
    "O link vale uma única vez. Se você não esperava este convite, ignore esta mensagem.",
  ].join("\n");
  const html = `<p>Olá, ${escapeHtml(input.professionalName)}!</p>
<p><strong>${escapeHtml(input.businessName)}</strong> convidou você para sincronizar a sua agenda do Atende com o seu Google Calendar: os seus agendamentos aparecerão no seu calendário e serão atualizados quando mudarem, e os seus compromissos do Google Calendar deixam esses horários ocupados na agenda.</p>
<p><a href="${escapeHtml(input.link)}">Autorizar o Google Calendar</a> com a conta Google deste e-mail até ${escapeHtml(until)} (horário de Brasília).</p>
<p>O link vale uma única vez. Se você não esperava este convite, ignore esta mensagem.</p>`;
  return { subject, text, html };
}

/**
 * A new invitation for the professional (spec 001 §7 "Create invitation"): it supersedes (marks used) the open ones,
 * and its e-mail is enqueued in the same transaction, so a rolled-back invitation sends nothing. A professional
 * without an e-mail gets `emailSent: false` with the spec's text and no invitation at all.
 */
export async function createCalendarInvitation(
  db: TenantTx,
  actor: Actor,
  input: { id: string; purpose: string; validityHours: number },
  deps: { config: ApiConfig; now: Date },
): Promise<CalendarInvitationResult> {
  // Locked: two invitations at once for one professional supersede each other in order.
  const professional = await professionalOf(db, input.id, { lock: true });
  if (!professional.email) return { emailSent: false, expiresAt: null, error: M.noEmail };
  const [grant] = await db.select({ brokenAt: C.brokenAt }).from(C).where(eq(C.professionalId, input.id));
  if (grant && grant.brokenAt === null) conflict(M.alreadySynced);

  const { now } = deps;
  await db
    .update(I)
    .set({ usedAt: now })
    .where(and(eq(I.professionalId, input.id), isNull(I.usedAt), gt(I.expiresAt, now)));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + input.validityHours * HOUR_MS);
  await db.insert(I).values({
    tenantId: db.tenantId,
    professionalId: input.id,
    tokenHash: hashInvitationToken(token),
    purpose: input.purpose,
    createdByUserId: actor.userId,
    createdAt: now,
    expiresAt,
  });
  const [tenant] = await db.select({ name: schema.tenants.name }).from(schema.tenants).limit(1);
  await enqueueEmail(db, {
    to: professional.email,
    ...calendarInvitationEmail({
      businessName: tenant?.name ?? "Atende",
      professionalName: professional.name,
      link: invitationLink(deps.config, token),
      expiresAt,
    }),
  });
  return { emailSent: true, expiresAt: toWireInstant(expiresAt), error: null };
}

// ─── The public token pages (system door `invitationPages`) ──────────────────────────────────────────────────

export interface FoundInvitation {
  id: string;
  tenantId: string;
  professionalId: string;
  expiresAt: Date;
  usedAt: Date | null;
  professionalEmail: string | null;
  professionalDeleted: boolean;
  connected: boolean;
}

/** The invitation a token names, across tenants (the caller is not signed in); undefined for an unknown token. */
export async function findInvitationByToken(
  sys: SystemDb,
  token: string,
): Promise<FoundInvitation | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await sys
    .select({
      id: I.id,
      tenantId: I.tenantId,
      professionalId: I.professionalId,
      expiresAt: I.expiresAt,
      usedAt: I.usedAt,
      professionalEmail: P.email,
      professionalDeleted: sql<boolean>`${P.deletedAt} is not null`,
      connected: sql<boolean>`exists (select 1 from ${C} where ${C.tenantId} = ${I.tenantId}
        and ${C.professionalId} = ${I.professionalId} and ${C.brokenAt} is null)`,
    })
    .from(I)
    .innerJoin(P, and(eq(P.tenantId, I.tenantId), eq(P.id, I.professionalId)))
    .where(eq(I.tokenHash, hashInvitationToken(token)))
    .limit(1);
  return row;
}

/** spec 001 §3 "Invitation token status": valid means unexpired, unused, for a professional still there with an e-mail. */
export function tokenStatusOf(found: FoundInvitation | undefined, now: Date): CalendarTokenStatus {
  if (!found) return { exists: false, isExpired: false, isUsed: false, isValid: false };
  const isExpired = found.expiresAt.getTime() <= now.getTime();
  const isUsed = found.usedAt !== null;
  const isValid = !isExpired && !isUsed && !found.professionalDeleted && Boolean(found.professionalEmail);
  return { exists: true, isExpired, isUsed, isValid };
}

export async function invitationTokenStatus(
  sys: SystemDb,
  token: string,
  now: Date,
): Promise<CalendarTokenStatus> {
  return tokenStatusOf(await findInvitationByToken(sys, token), now);
}

/** Refuses a token that cannot start a consent, in the spec's order and with the invitation page's texts (§4, §8). */
function requireUsable(found: FoundInvitation | undefined, now: Date): FoundInvitation {
  const status = tokenStatusOf(found, now);
  if (!found || !status.exists) notFound(M.tokenNotFound);
  if (status.isExpired) conflict(M.tokenExpired);
  if (status.isUsed) conflict(M.tokenUsed);
  if (!status.isValid) conflict(M.tokenInvalid);
  return found;
}

// ─── The consent's state ─────────────────────────────────────────────────────────────────────────────────────

/** How long a consent may take between our page and Google's callback. */
const CONSENT_TTL_SECONDS = 3600;
const CONSENT_TYPE = "calendar-consent";

export interface ConsentState {
  invitationId: string;
  tenantId: string;
  professionalId: string;
  nonce: string;
}

/** Keys of their own for the consent, derived from the server's secret (never the access tokens' key itself). */
function consentKey(config: ApiConfig, use: "state" | "pkce"): Uint8Array {
  return createHmac("sha256", config.jwtSecret).update(`atende:calendar-consent:${use}`).digest();
}

/**
 * The PKCE verifier of a consent, derived from its state's nonce with the server's key: nothing is stored between
 * the two legs, and whoever intercepts the callback (code and state) still lacks the verifier.
 */
export function consentCodeVerifier(config: ApiConfig, nonce: string): string {
  return createHmac("sha256", consentKey(config, "pkce")).update(nonce).digest("base64url");
}

/** The OAuth state: the invitation it serves, signed with the server's key, for an hour. */
export async function signConsentState(config: ApiConfig, state: ConsentState, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    typ: CONSENT_TYPE,
    inv: state.invitationId,
    tid: state.tenantId,
    pid: state.professionalId,
    nonce: state.nonce,
  })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CONSENT_TTL_SECONDS)
    .sign(consentKey(config, "state"));
}

/** The state's content; "forged" when it is not ours (or not a state at all), "expired" when its hour is over. */
export async function verifyConsentState(
  config: ApiConfig,
  state: string,
  now: Date,
): Promise<ConsentState | "forged" | "expired"> {
  try {
    const { payload } = await jwtVerify(state, consentKey(config, "state"), {
      algorithms: ["HS256"],
      currentDate: now,
    });
    const { typ, inv, tid, pid, nonce } = payload;
    if (typ !== CONSENT_TYPE) return "forged";
    if (
      typeof inv !== "string" ||
      typeof tid !== "string" ||
      typeof pid !== "string" ||
      typeof nonce !== "string"
    )
      return "forged";
    return { invitationId: inv, tenantId: tid, professionalId: pid, nonce };
  } catch (error) {
    return error instanceof Error && error.name === "JWTExpired" ? "expired" : "forged";
  }
}

/**
 * spec 001 §7 "Invitation authorize": Google's consent page for the invitation's professional (calendar scope, offline
 * access, the professional's e-mail as the hint), or null when the calendar is connected already or when this
 * installation has no Google configured.
 */
export async function authorizeInvitation(
  sys: SystemDb,
  token: string,
  deps: { calendar: CalendarService; config: ApiConfig; now: Date },
): Promise<CalendarAuthorizeResult> {
  const found = requireUsable(await findInvitationByToken(sys, token), deps.now);
  if (found.connected) return { hasGoogleCalendar: true, authorizationUrl: null };
  const google = deps.calendar.google;
  if (!google) return { hasGoogleCalendar: false, authorizationUrl: null };
  const nonce = randomBytes(16).toString("base64url");
  const state = await signConsentState(
    deps.config,
    { invitationId: found.id, tenantId: found.tenantId, professionalId: found.professionalId, nonce },
    deps.now,
  );
  const url = google.consentUrl(
    state,
    consentCodeVerifier(deps.config, nonce),
    found.professionalEmail ?? undefined,
  );
  return { hasGoogleCalendar: false, authorizationUrl: url.toString() };
}
