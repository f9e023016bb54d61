import {
  VoiceAgentCreateInput,
  VoiceAgentRecord,
  VoiceAgentUpdateInput,
} from "@atende/shared/schemas/voice-agent";
import type { TRPCRouterRecord } from "@trpc/server";
import { createVoiceAgent, getVoiceAgent, updateVoiceAgent } from "../services/voice-agent";
import { tenantProcedure } from "../trpc";

/** The tenant's voice agent, one per tenant (spec 000 §3/§5, spec 001 §5 Voice agent). */
export const voiceAgentRouter = {
  get: tenantProcedure.output(VoiceAgentRecord).query(({ ctx }) => getVoiceAgent(ctx.db)),
  create: tenantProcedure
    .input(VoiceAgentCreateInput)
    .output(VoiceAgentRecord)
    .mutation(({ ctx, input }) => createVoiceAgent(ctx.db, input)),
  update: tenantProcedure
    .input(VoiceAgentUpdateInput)
    .output(VoiceAgentRecord)
    .mutation(({ ctx, input }) => updateVoiceAgent(ctx.db, input, ctx.now())),
} satisfies TRPCRouterRecord;
