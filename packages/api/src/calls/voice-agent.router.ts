import { checkForwardingNumber, e164Of } from "@atende/shared/phone";
import {
  BrowserCallInput,
  BrowserCallResult,
  CallPlacedResult,
  CallToNumberInput,
} from "@atende/shared/schemas/calls";
import {
  ForwardingNumberCheckInput,
  ForwardingNumberCheckResult,
  VoiceAgentCreateInput,
  VoiceAgentRecord,
  VoiceAgentUpdateInput,
} from "@atende/shared/schemas/voice-agent";
import { z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { prefillBusinessType } from "../identity/tenant-profile";
import { agentToolProcedure, tenantProcedure } from "../trpc";
import { issueCallTicket } from "./calls";
import { callForwardingNumber, placeTestCall } from "./outbound";
import { createVoiceAgent, getVoiceAgent, updateVoiceAgent } from "./voice-agent";

/** The tenant's voice agent, one per tenant (spec 000 §3/§5, spec 001 §5 Voice agent). */
export const voiceAgentRouter = {
  get: agentToolProcedure.output(VoiceAgentRecord).query(({ ctx }) => getVoiceAgent(ctx.db)),
  create: tenantProcedure
    .input(VoiceAgentCreateInput)
    .output(VoiceAgentRecord)
    .mutation(({ ctx, input }) => createVoiceAgent(ctx.db, input)),
  /**
   * The wizard's step 1 (tRPC only): where the owner chooses the kind of business, which also fills the business
   * profile's while it has none (decision 0044). The settings panel's `create` sends a fixed preset (spec 000 §3),
   * which says nothing about the business.
   */
  createInSetup: tenantProcedure
    .input(VoiceAgentCreateInput)
    .output(VoiceAgentRecord)
    .mutation(async ({ ctx, input }) => {
      const created = await createVoiceAgent(ctx.db, input);
      await prefillBusinessType(ctx.db, created.agentType);
      return created;
    }),
  update: tenantProcedure
    .input(VoiceAgentUpdateInput)
    .output(VoiceAgentRecord)
    .mutation(({ ctx, input }) => updateVoiceAgent(ctx.db, input, ctx.now())),
  /**
   * The settings panel's 'Testar' (spec 000 §2): checks the number against Brazil's number plan and says what it
   * found; it calls no one (`callForwardingNumber` does, with Twilio). Reads nothing of the tenant, but is a
   * tenant procedure like every signed-in call, so only users of the product reach it.
   */
  checkForwardingNumber: tenantProcedure
    .input(ForwardingNumberCheckInput)
    .output(ForwardingNumberCheckResult)
    .query(({ input }) => checkForwardingNumber(input.phoneNumber)),
  /**
   * The softphone's call (ARCHITECTURE.md "Telephony gateway"): a single-use ticket for a test call and where to
   * connect. `from` acts as a given caller; `now` is the agent's clock when the test clock is allowed.
   */
  browserCall: tenantProcedure
    .input(BrowserCallInput)
    .output(BrowserCallResult)
    .mutation(async ({ ctx, input }) => {
      const ticket = await issueCallTicket(ctx.db, { isTest: true, config: ctx.config, now: ctx.now() });
      const from = e164Of(input.from);
      return {
        url: `${ctx.config.telephonyPublicUrl.replace(/\/+$/, "")}/media-stream`,
        customParameters: {
          token: ticket.token,
          callId: ticket.callId,
          ...(from ? { from } : {}),
          ...(input.now ? { now: input.now } : {}),
        },
      };
    }),
  /**
   * The 'Testar' of the forwarding phone, after its check: with Twilio, a short call to that number saying a pt-BR
   * test line; without, says that no call was made (docs/decisions/0019-twilio.md).
   */
  callForwardingNumber: tenantProcedure
    .input(ForwardingNumberCheckInput)
    .output(z.object({ called: z.boolean(), message: z.string() }))
    .mutation(({ ctx, input }) =>
      callForwardingNumber(
        ctx.db,
        ctx.config,
        { phoneNumber: input.phoneNumber, userId: ctx.actor.userId },
        ctx.now(),
      ),
    ),
  /**
   * spec 001 §5 "Test call": the agent calls the user's phone through Twilio with a test ticket (20 a day, 429
   * past them; 5 minutes). Without Twilio: `success: false` and why.
   */
  /**
   * Whether this installation can place phone calls (Twilio configured, docs/decisions/0019-twilio.md): /testar-agente
   * offers the phone field of spec 001 §2 beside the browser call only then.
   */
  phoneCalls: tenantProcedure
    .output(z.object({ available: z.boolean() }))
    .query(({ ctx }) => ({ available: ctx.telephony.kind !== "none" })),
  testCall: tenantProcedure
    .input(CallToNumberInput)
    .output(CallPlacedResult)
    .mutation(({ ctx, input }) =>
      placeTestCall(ctx.db, ctx.config, { toNumber: input.toNumber, userId: ctx.actor.userId }, ctx.now()),
    ),
} satisfies TRPCRouterRecord;
