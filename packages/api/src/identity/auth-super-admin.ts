// The super-admin's cross-tenant operations (spec 000 §6): list every tenant, select one to act in, read the
// selection, clear it. They use the system data access, so they live beside sign-in. Every one is written to the
// audit log (spec 000 §2: "operations are logged for audit"). Selection lives on the session (the refresh-token
// family); select and clear end the admin's sessions and start a new one (docs/decisions/0003-sessions.md).
import { type Queryable, type SystemDb, schema } from "@atende/db";
import { asc, desc, eq } from "@atende/db/orm";
import { z } from "zod";
import type { Actor } from "../auth/actor";
import { SUPER_ADMIN_ONLY } from "../auth/actor";
import type { ApiConfig } from "../config";
import { forbidden, notFound, unauthorized } from "../errors";
import {
  findUser,
  isSuperAdminEmail,
  revokeSessionsOf,
  SESSION_EXPIRED,
  startSession,
  type TokenPair,
} from "./auth";

const { auditLog, tenants, users } = schema;

export const TENANT_NOT_FOUND = "Tenant não encontrado";

export const SUPER_ADMIN_ACTIONS = {
  list: "SUPER_ADMIN_LIST_TENANTS",
  select: "SUPER_ADMIN_SELECT_TENANT",
  selected: "SUPER_ADMIN_SELECTED_TENANT",
  clear: "SUPER_ADMIN_CLEAR_SELECTION",
} as const;

export interface TenantInfo {
  id: string;
  name: string;
  /** The tenant's earliest user (its owner); null only for a tenant left without users. */
  firstUserName: string | null;
  firstUserEmail: string | null;
  voiceNumber: string | null;
}

/**
 * The token says isSuperAdmin for up to its 15 minutes; the configured list is checked again here, so removing an
 * e-mail from SUPER_ADMIN_EMAILS stops these operations at once, not only at the next refresh.
 */
function assertStillSuperAdmin(config: ApiConfig, actor: Actor): void {
  if (!actor.isSuperAdmin || !isSuperAdminEmail(config, actor.email)) forbidden(SUPER_ADMIN_ONLY);
}

function tenantInfoQuery(db: Queryable) {
  // Each tenant's earliest user, ties broken by id so the answer is stable.
  const firstUsers = db
    .selectDistinctOn([users.tenantId], { tenantId: users.tenantId, name: users.name, email: users.email })
    .from(users)
    .orderBy(users.tenantId, asc(users.createdAt), asc(users.id))
    .as("first_users");
  return db
    .select({
      id: tenants.id,
      name: tenants.name,
      firstUserName: firstUsers.name,
      firstUserEmail: firstUsers.email,
      voiceNumber: tenants.voiceNumber,
    })
    .from(tenants)
    .leftJoin(firstUsers, eq(firstUsers.tenantId, tenants.id))
    .$dynamic();
}

/** Every tenant, newest first. */
export function listTenantInfos(db: Queryable): Promise<TenantInfo[]> {
  return tenantInfoQuery(db).orderBy(desc(tenants.createdAt), desc(tenants.id));
}

/** One tenant's info; undefined for an unknown id (including one that is not a UUID at all). */
export async function findTenantInfo(db: Queryable, tenantId: string): Promise<TenantInfo | undefined> {
  if (!z.uuid().safeParse(tenantId).success) return undefined;
  const [info] = await tenantInfoQuery(db).where(eq(tenants.id, tenantId)).limit(1);
  return info;
}

async function audit(
  db: Queryable,
  actor: Actor,
  entry: { tenantId: string; action: string; details: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    details: entry.details,
    createdAt: now,
  });
}

/** The tenant an audit row about the current selection belongs to: the selected one if it still exists, else own. */
async function selectionAuditTenant(db: Queryable, actor: Actor): Promise<string> {
  if (!actor.selectedTenantId) return actor.tenantId;
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.id, actor.selectedTenantId))
    .limit(1);
  return row?.id ?? actor.tenantId;
}

export async function listTenants(
  sys: SystemDb,
  actor: Actor,
  config: ApiConfig,
  now: Date,
): Promise<TenantInfo[]> {
  assertStillSuperAdmin(config, actor);
  const list = await listTenantInfos(sys);
  await audit(
    sys,
    actor,
    { tenantId: actor.tenantId, action: SUPER_ADMIN_ACTIONS.list, details: { count: list.length } },
    now,
  );
  return list;
}

export async function selectedTenant(
  sys: SystemDb,
  actor: Actor,
  config: ApiConfig,
  now: Date,
): Promise<{ tenantInfo: TenantInfo | null }> {
  assertStillSuperAdmin(config, actor);
  const info = actor.selectedTenantId ? await findTenantInfo(sys, actor.selectedTenantId) : undefined;
  await audit(
    sys,
    actor,
    {
      tenantId: info?.id ?? actor.tenantId,
      action: SUPER_ADMIN_ACTIONS.selected,
      details: { selectedTenantId: actor.selectedTenantId },
    },
    now,
  );
  return { tenantInfo: info ?? null };
}

/** Acts inside `tenantId` from now on: a new session whose tokens carry the selection; the old sessions end. */
export function selectTenant(
  sys: SystemDb,
  actor: Actor,
  tenantId: string,
  config: ApiConfig,
  now: Date,
): Promise<TokenPair> {
  assertStillSuperAdmin(config, actor);
  return sys.transaction(async (tx) => {
    const info = (await findTenantInfo(tx, tenantId)) ?? notFound(TENANT_NOT_FOUND);
    const user = (await findUser(tx, actor.userId)) ?? unauthorized(SESSION_EXPIRED);
    await revokeSessionsOf(tx, user.id, now);
    const pair = await startSession(tx, user, info.id, config, now);
    await audit(
      tx,
      actor,
      {
        tenantId: info.id,
        action: SUPER_ADMIN_ACTIONS.select,
        details: { tenantName: info.name, previousSelectedTenantId: actor.selectedTenantId },
      },
      now,
    );
    return pair;
  });
}

/** Back to the admin's own tenant: a new session without selection; the old sessions end. */
export function clearSelection(
  sys: SystemDb,
  actor: Actor,
  config: ApiConfig,
  now: Date,
): Promise<TokenPair> {
  assertStillSuperAdmin(config, actor);
  return sys.transaction(async (tx) => {
    const user = (await findUser(tx, actor.userId)) ?? unauthorized(SESSION_EXPIRED);
    await revokeSessionsOf(tx, user.id, now);
    const pair = await startSession(tx, user, null, config, now);
    await audit(
      tx,
      actor,
      {
        tenantId: await selectionAuditTenant(tx, actor),
        action: SUPER_ADMIN_ACTIONS.clear,
        details: { previousSelectedTenantId: actor.selectedTenantId },
      },
      now,
    );
    return pair;
  });
}
