// The team (docs/decisions/0013-team-and-e-mail.md): the owner invites people by e-mail, lists and removes members.
import { LIMITS } from "../catalogue-constants";
import { USER_ROLES } from "../enums";
import { textCharacters, uuidField, z } from "../zod";
import { EMAIL_INVALID, wireInstant } from "./catalogue-fields";

export const TEAM_MESSAGES = {
  ownerOnly: "Apenas o proprietário pode gerenciar a equipe.",
  emailRequired: "E-mail é obrigatório",
  alreadyMember: "Este e-mail já faz parte da equipe.",
  alreadyInvited: "Já existe um convite pendente para este e-mail.",
  invitationNotFound: "Convite não encontrado",
  memberNotFound: "Membro não encontrado",
  cannotRemoveSelf: "Você não pode remover a si mesmo da equipe.",
  cannotRemoveOwner: "O proprietário não pode ser removido da equipe.",
  idRequired: "ID é obrigatório",
  idInvalid: "ID inválido",
} as const;
const M = TEAM_MESSAGES;

/** Days an invitation stays open. */
export const INVITATION_VALIDITY_DAYS = 7;

/** The e-mail of an invitation: required, lower-cased (e-mails are compared lower-cased everywhere). */
export const TeamInviteInput = z.object({
  email: z
    .string({ error: (issue) => (issue.input == null ? M.emailRequired : EMAIL_INVALID) })
    .trim()
    .check(textCharacters())
    .min(1, M.emailRequired)
    .max(LIMITS.email.max, EMAIL_INVALID)
    .refine((value) => z.regexes.email.test(value), EMAIL_INVALID)
    .transform((value) => value.toLowerCase()),
});
export type TeamInvite = z.infer<typeof TeamInviteInput>;

export const TeamIdInput = z.object({ id: uuidField({ required: M.idRequired, invalid: M.idInvalid }) });

export const TeamMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: wireInstant,
  lastSignInAt: wireInstant.nullable(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: wireInstant,
  expiresAt: wireInstant,
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

/** The team as the settings page shows it: members (owner first) and the invitations still open. */
export const TeamList = z.object({
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
});
export type TeamList = z.infer<typeof TeamList>;
