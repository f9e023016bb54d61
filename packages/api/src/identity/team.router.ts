import { TeamIdInput, TeamInvitation, TeamInviteInput, TeamList } from "@atende/shared/schemas/team";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { tenantProcedure } from "../trpc";
import { inviteMember, listTeam, removeMember, revokeInvitation } from "./team";

const Removed = z.object({ id: z.string() });

/** The acting tenant's team; the owner's only (staff get 403). docs/decisions/0013-team-and-e-mail.md. */
export const teamRouter = {
  list: tenantProcedure.output(TeamList).query(({ ctx }) => listTeam(ctx.db, ctx.actor, ctx.now())),
  invite: tenantProcedure
    .input(TeamInviteInput)
    .output(TeamInvitation)
    .mutation(({ ctx, input }) => inviteMember(ctx.db, ctx.actor, input, ctx.config, ctx.now())),
  revokeInvitation: tenantProcedure
    .input(TeamIdInput)
    .output(Removed)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.db, ctx.actor, input.id)),
  removeMember: tenantProcedure
    .input(TeamIdInput)
    .output(Removed)
    .mutation(({ ctx, input }) => removeMember(ctx.db, ctx.actor, input.id)),
} satisfies TRPCRouterRecord;
