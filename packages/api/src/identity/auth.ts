// Sign-in and sessions (docs/architecture.md; docs/decisions/0003-sessions.md). This is one of the few
// modules that use the system data access (the raw database, outside row-level security): a user is found by
// e-mail before any tenant is known, and a refresh token is found by its hash. Keep such queries here.
import { PG_UNIQUE_VIOLATION, pgErrorOf, type Queryable, type SystemDb, schema } from "@atende/db";
import { and, desc, eq, gt, isNull, sql } from "@atende/db/orm";
import type { UserRole } from "@atende/shared/enums";
import { isSuperAdminEmail } from "../auth/actor";
import {
  generateRefreshToken,
  hashRefreshToken,
  openSuccessor,
  SESSION_EXPIRED,
  sealSuccessor,
  signAccessToken,
} from "../auth/tokens";
import type { ApiConfig } from "../config";
import { unauthorized } from "../errors";

const { invitations, refreshTokenFamilies, refreshTokens, tenants, users } = schema;

export { SESSION_EXPIRED };

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** What an access token says about its user. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  tenantId: string;
}

export interface SignInProfile {
  email: string;
  name: string;
}

// Super-admins are the e-mails in SUPER_ADMIN_EMAILS, judged whenever a token is issued (sign-in and refresh).
export { isSuperAdminEmail };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The access token for `user`; a selection only counts while the user is a super-admin. */
export function accessTokenFor(
  user: SessionUser,
  selectedTenantId: string | null,
  config: ApiConfig,
  now: Date,
): Promise<string> {
  const isSuperAdmin = isSuperAdminEmail(config, user.email);
  return signAccessToken(
    {
      sub: user.id,
      email: user.email,
      name: user.name,
      tenantId: user.tenantId,
      isSuperAdmin,
      superAdminSelectedTenantId: isSuperAdmin ? selectedTenantId : null,
    },
    config.jwtSecret,
    config.accessTokenTtlSeconds,
    now,
  );
}

/** A new refresh token in `familyId`, valid `refreshTokenTtlDays` from now; returns the token, stores its hash. */
async function issueRefreshToken(
  db: Queryable,
  familyId: string,
  config: ApiConfig,
  now: Date,
): Promise<string> {
  const token = generateRefreshToken();
  await db.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(token),
    familyId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + config.refreshTokenTtlDays * DAY_MS),
  });
  return token;
}

/** Starts a refresh-token family (a session) for `user`, carrying a super-admin's selection, and its first pair. */
export async function startSession(
  db: Queryable,
  user: SessionUser,
  selectedTenantId: string | null,
  config: ApiConfig,
  now: Date,
): Promise<TokenPair> {
  const [family] = await db
    .insert(refreshTokenFamilies)
    .values({ userId: user.id, selectedTenantId, createdAt: now })
    .returning({ id: refreshTokenFamilies.id });
  if (!family) throw new Error("refresh token family insert returned nothing");
  const refreshToken = await issueRefreshToken(db, family.id, config, now);
  return { accessToken: await accessTokenFor(user, selectedTenantId, config, now), refreshToken };
}

/** Ends every live session of a user (a super-admin's select and clear do this; see the decision record). */
export async function revokeSessionsOf(db: Queryable, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
}

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  tenantId: users.tenantId,
};

export async function findUser(db: Queryable, userId: string): Promise<SessionUser | undefined> {
  const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** `user.me`: the session's user and their role in their own tenant (docs/decisions/0013-team-and-e-mail.md). */
export interface CurrentUser extends SessionUser {
  role: UserRole;
}

/**
 * The current user (`user.me`): read from the database, so a deleted user's still-valid token gets a 401, and a role
 * change shows at once. The role is the one in the user's own tenant; a super-admin acting in a selected tenant
 * counts as that tenant's owner (decision 0013), which the caller knows from the token's selection.
 */
export async function currentUser(sys: SystemDb, userId: string): Promise<CurrentUser> {
  const [user] = await sys
    .select({ ...sessionUserColumns, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? unauthorized(SESSION_EXPIRED);
}

/**
 * Signs a person in after the identity provider (or the development form) vouched for their e-mail: finds the user
 * by lower-cased e-mail, or on the first sign-in creates the user: as STAFF of the tenant that invited that e-mail
 * (the newest open, unexpired invitation, which is then accepted), else as the OWNER of a new tenant named after
 * them; records the sign-in and the current name; starts a new session (docs/decisions/0013-team-and-e-mail.md).
 */
export async function signIn(
  sys: SystemDb,
  profile: SignInProfile,
  config: ApiConfig,
  now: Date = new Date(),
): Promise<TokenPair> {
  const email = profile.email.trim().toLowerCase();
  if (!email.includes("@")) throw new Error("signIn needs an e-mail address");
  const name = profile.name.trim() || email.slice(0, email.indexOf("@"));
  try {
    return await signInOnce(sys, email, name, config, now);
  } catch (error) {
    // Two first sign-ins of one e-mail at once: the unique index on lower(email) let one create the user; the
    // other finds it on a second try.
    if (pgErrorOf(error)?.code !== PG_UNIQUE_VIOLATION) throw error;
    return signInOnce(sys, email, name, config, now);
  }
}

function signInOnce(
  sys: SystemDb,
  email: string,
  name: string,
  config: ApiConfig,
  now: Date,
): Promise<TokenPair> {
  return sys.transaction(async (tx) => {
    const [existing] = await tx
      .update(users)
      .set({ name, lastSignInAt: now })
      .where(eq(sql`lower(${users.email})`, email))
      .returning(sessionUserColumns);
    let user = existing;
    if (!user) {
      const [invitation] = await tx
        .select({ id: invitations.id, tenantId: invitations.tenantId })
        .from(invitations)
        .where(
          and(eq(invitations.email, email), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)),
        )
        .orderBy(desc(invitations.createdAt))
        .limit(1)
        .for("update");
      if (invitation) {
        await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
        [user] = await tx
          .insert(users)
          .values({ tenantId: invitation.tenantId, email, name, role: "STAFF", lastSignInAt: now })
          .returning(sessionUserColumns);
      } else {
        // The tenant starts with the user's name; the first establishment the setup creates renames it (decision 0044).
        const [tenant] = await tx.insert(tenants).values({ name }).returning({ id: tenants.id });
        if (!tenant) throw new Error("tenant insert returned nothing");
        [user] = await tx
          .insert(users)
          .values({ tenantId: tenant.id, email, name, role: "OWNER", lastSignInAt: now })
          .returning(sessionUserColumns);
      }
      if (!user) throw new Error("user insert returned nothing");
    }
    return startSession(tx, user, null, config, now);
  });
}

/**
 * How long a rotated refresh token still answers its successor (decision 0003): long enough for a reload during a
 * refresh, or a second tab that read the old token, to present it again; short enough that a stolen copy is stale.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/** The user and selection of an unrevoked family, the selection dropped (and erased) if its admin was demoted. */
async function liveSession(tx: Queryable, familyId: string, config: ApiConfig) {
  const [session] = await tx
    .select({ selectedTenantId: refreshTokenFamilies.selectedTenantId, user: sessionUserColumns })
    .from(refreshTokenFamilies)
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)))
    .limit(1);
  if (!session) return undefined; // a revoked family: its tokens are all dead
  let selectedTenantId = session.selectedTenantId;
  if (selectedTenantId && !isSuperAdminEmail(config, session.user.email)) {
    // Demoted since the selection was made: the selection goes with the role.
    await tx
      .update(refreshTokenFamilies)
      .set({ selectedTenantId: null })
      .where(eq(refreshTokenFamilies.id, familyId));
    selectedTenantId = null;
  }
  return { user: session.user, selectedTenantId };
}

/**
 * The grace (decision 0003): `token` was rotated less than `REFRESH_REUSE_GRACE_MS` ago, so its holder gets the same
 * successor it was given (opened with `token` itself), following the chain while each link is in its grace, up to
 * the live token of an unrevoked family. Anything else is undefined: a reuse.
 */
async function successorInGrace(tx: Queryable, token: string, config: ApiConfig, now: Date) {
  let current = token;
  for (let hops = 0; hops < 5; hops++) {
    const [row] = await tx
      .select({
        familyId: refreshTokens.familyId,
        rotatedAt: refreshTokens.rotatedAt,
        expiresAt: refreshTokens.expiresAt,
        successorSealed: refreshTokens.successorSealed,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(current)))
      .limit(1);
    if (!row || row.expiresAt <= now) return undefined;
    if (!row.rotatedAt) {
      if (hops === 0) return undefined;
      const session = await liveSession(tx, row.familyId, config);
      return session && { session, refreshToken: current };
    }
    if (now.getTime() - row.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS || !row.successorSealed)
      return undefined;
    const next = openSuccessor(current, row.successorSealed);
    if (!next) return undefined;
    current = next;
  }
  return undefined;
}

/**
 * Rotates a refresh token: the presented token is spent and a new one in the same family comes back with a fresh
 * access token. The gate is one conditional UPDATE (`rotated_at is null`), so of two concurrent refreshes with one
 * token only one can rotate it. The same token presented again within `REFRESH_REUSE_GRACE_MS` (a reload while the
 * refresh was in flight, a second tab) answers the same successor with a fresh access token; after that, a spent
 * token revokes its whole family. Unknown, expired, spent or revoked: 401 'Sessão expirada. Faça login novamente.'.
 */
export async function refreshSession(
  sys: SystemDb,
  refreshToken: string,
  config: ApiConfig,
  now: Date,
): Promise<TokenPair> {
  const tokenHash = hashRefreshToken(refreshToken);
  const pair = await sys.transaction(async (tx): Promise<TokenPair | undefined> => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({ familyId: refreshTokens.familyId });
    if (!spent) {
      const graced = await successorInGrace(tx, refreshToken, config, now);
      if (!graced) return undefined;
      return {
        accessToken: await accessTokenFor(graced.session.user, graced.session.selectedTenantId, config, now),
        refreshToken: graced.refreshToken,
      };
    }
    const session = await liveSession(tx, spent.familyId, config);
    if (!session) return undefined;
    const next = await issueRefreshToken(tx, spent.familyId, config, now);
    await tx
      .update(refreshTokens)
      .set({ successorSealed: sealSuccessor(refreshToken, next) })
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return {
      accessToken: await accessTokenFor(session.user, session.selectedTenantId, config, now),
      refreshToken: next,
    };
  });
  if (pair) return pair;
  // Not rotatable, and not in its grace. If the token was already spent this is a reuse (a stolen copy, a client
  // that kept it too long): the whole family dies, including the token that replaced it.
  await sys
    .update(refreshTokenFamilies)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(refreshTokenFamilies.revokedAt),
        eq(
          refreshTokenFamilies.id,
          sql`(select ${refreshTokens.familyId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${tokenHash} and ${refreshTokens.rotatedAt} is not null)`,
        ),
      ),
    );
  return unauthorized(SESSION_EXPIRED);
}
