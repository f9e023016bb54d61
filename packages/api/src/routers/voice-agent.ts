import { checkForwardingNumber } from "@atende/shared/phone";
import {
  ForwardingNumberCheckInput,
  ForwardingNumberCheckResult,
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
  /**
   * The settings panel's 'Testar' (spec 000 §2): checks the number against Brazil's number plan and says what it
   * found; it calls no one (a real test call is the telephony gateway's). Reads nothing of the tenant, but is a
   * tenant procedure like every signed-in call, so only users of the product reach it.
   */
  checkForwardingNumber: tenantProcedure
    .input(ForwardingNumberCheckInput)
    .output(ForwardingNumberCheckResult)
    .query(({ input }) => checkForwardingNumber(input.phoneNumber)),
} satisfies TRPCRouterRecord;
