// The team (docs/decisions/0013-team-and-e-mail.md): the owner invites people by e-mail, revokes invitations and
// removes members; staff work in the dashboard but manage neither the team nor the billing. Everything here runs in
// the tenant's transaction: users and invitations are under row-level security, so another tenant's id is a 404.
import { PG_UNIQUE_VIOLATION, pgErrorOf, schema, type TenantTx } from "@atende/db";
import { and, asc, desc, eq, gt, isNull, lte, sql } from "@atende/db/orm";
import {
  INVITATION_VALIDITY_DAYS,
  TEAM_MESSAGES as M,
  type TeamInvitation,
  type TeamInvite,
  type TeamList,
} from "@atende/shared/schemas/team";
import { toWireInstant } from "@atende/shared/time";
import type { Actor } from "../auth/actor";
import type { ApiConfig } from "../config";
import { conflict, forbidden, notFound } from "../errors";
import { enqueueEmail, escapeHtml } from "../mail/outbox";

const { auditLog, invitations, tenants, users } = schema;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether `actor` may manage the acting tenant: its OWNER, read from the database on every call so a change of role
 * applies at once (the access token carries no role), or a super-admin acting in a tenant they selected (spec 000
 * §6: they act inside any tenant as its owner would).
 */
export async function isOwner(db: TenantTx, actor: Actor): Promise<boolean> {
  if (actor.isSuperAdmin && actor.selectedTenantId) return true;
  const [me] = await db.select({ role: users.role }).from(users).where(eq(users.id, actor.userId)).limit(1);
  return me?.role === "OWNER";
}

/** 403 'Apenas o proprietário pode gerenciar a equipe.' unless the actor is the owner. */
export async function requireOwner(db: TenantTx, actor: Actor, message: string = M.ownerOnly): Promise<void> {
  if (!(await isOwner(db, actor))) forbidden(message);
}

async function audit(db: TenantTx, actor: Actor, action: string, details: Record<string, unknown>) {
  await db
    .insert(auditLog)
    .values({ tenantId: db.tenantId, actorUserId: actor.userId, actorEmail: actor.email, action, details });
}

const invitationRecord = (row: typeof invitations.$inferSelect): TeamInvitation => ({
  id: row.id,
  email: row.email,
  createdAt: toWireInstant(row.createdAt),
  expiresAt: toWireInstant(row.expiresAt),
});

/** The members (owner first, then by arrival) and the invitations still open (newest first). */
export async function listTeam(db: TenantTx, actor: Actor, now: Date): Promise<TeamList> {
  await requireOwner(db, actor);
  const members = await db
    .select()
    .from(users)
    .orderBy(sql`${users.role} = 'OWNER' desc`, asc(users.createdAt), asc(users.id));
  const open = await db
    .select()
    .from(invitations)
    .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .orderBy(desc(invitations.createdAt));
  return {
    members: members.map((m) => ({
      id: m.id,
      email: m.email,
      name: m.name,
      role: m.role,
      createdAt: toWireInstant(m.createdAt),
      lastSignInAt: m.lastSignInAt ? toWireInstant(m.lastSignInAt) : null,
    })),
    invitations: open.map(invitationRecord),
  };
}

/** The invitation e-mail, in pt-BR, with the sign-in link. */
export function invitationEmail(businessName: string, config: ApiConfig, expiresAt: Date) {
  const link = `${config.serverOrigin}/login`;
  const until = expiresAt.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });
  const subject = `Você foi convidado para a equipe de ${businessName} no Atende`;
  const text = [
    "Olá!",
    "",
    `Você foi convidado para fazer parte da equipe de ${businessName} no Atende, a recepcionista virtual que atende o telefone do negócio.`,
    "",
    `Para aceitar, entre com a sua conta Google deste e-mail em ${link} até ${until}.`,
    "",
    "Se você não esperava este convite, ignore esta mensagem.",
  ].join("\n");
  const html = `<p>Olá!</p>
<p>Você foi convidado para fazer parte da equipe de <strong>${escapeHtml(businessName)}</strong> no Atende, a recepcionista virtual que atende o telefone do negócio.</p>
<p>Para aceitar, <a href="${escapeHtml(link)}">entre com a sua conta Google deste e-mail</a> até ${escapeHtml(until)}.</p>
<p>Se você não esperava este convite, ignore esta mensagem.</p>`;
  return { subject, text, html };
}

/**
 * Invites `input.email` to the acting tenant and enqueues the invitation e-mail in the same transaction (a failed
 * invitation sends nothing). 409 when the e-mail is already a member or already has an open invitation here; an
 * expired invitation of that e-mail is replaced.
 */
export async function inviteMember(
  db: TenantTx,
  actor: Actor,
  input: TeamInvite,
  config: ApiConfig,
  now: Date,
): Promise<TeamInvitation> {
  await requireOwner(db, actor);
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email))
    .limit(1);
  if (member) conflict(M.alreadyMember);
  await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.email, input.email),
        isNull(invitations.acceptedAt),
        lte(invitations.expiresAt, now),
      ),
    );
  const expiresAt = new Date(now.getTime() + INVITATION_VALIDITY_DAYS * DAY_MS);
  let row: typeof invitations.$inferSelect | undefined;
  try {
    [row] = await db
      .insert(invitations)
      .values({
        tenantId: db.tenantId,
        email: input.email,
        invitedByUserId: actor.userId,
        createdAt: now,
        expiresAt,
      })
      .returning();
  } catch (error) {
    // The partial unique index (one open invitation per e-mail and tenant) decides, also between concurrent invites.
    if (pgErrorOf(error)?.code === PG_UNIQUE_VIOLATION) conflict(M.alreadyInvited);
    throw error;
  }
  if (!row) throw new Error("invitation insert returned nothing");
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).limit(1);
  if (!tenant) throw new Error("the acting tenant is not visible in its own transaction");
  await enqueueEmail(db, { to: input.email, ...invitationEmail(tenant.name, config, expiresAt) });
  await audit(db, actor, "team.invite", { invitationId: row.id, email: input.email });
  return invitationRecord(row);
}

/** Deletes an open invitation: its e-mail's first sign-in no longer joins the team. */
export async function revokeInvitation(db: TenantTx, actor: Actor, id: string): Promise<{ id: string }> {
  await requireOwner(db, actor);
  const [gone] = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id, email: invitations.email });
  if (!gone) notFound(M.invitationNotFound);
  await audit(db, actor, "team.revokeInvitation", { invitationId: gone.id, email: gone.email });
  return { id: gone.id };
}

/**
 * Removes a STAFF member. The user row goes, and with it (foreign keys, on delete cascade) every session of theirs:
 * no refresh token of theirs works any more. Their e-mail may then sign in again as anyone new would, into a fresh
 * tenant of their own, or be invited again. Never oneself, never the owner.
 */
export async function removeMember(db: TenantTx, actor: Actor, id: string): Promise<{ id: string }> {
  await requireOwner(db, actor);
  if (id === actor.userId) forbidden(M.cannotRemoveSelf);
  const [member] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!member) notFound(M.memberNotFound);
  if (member.role === "OWNER") forbidden(M.cannotRemoveOwner);
  await db.delete(users).where(eq(users.id, member.id));
  await audit(db, actor, "team.removeMember", { userId: member.id, email: member.email });
  return { id: member.id };
}
