import {
  CallActionsInput,
  CallDataInput,
  CallFinished,
  CallFinishInput,
  CallIdentifyInput,
  CallMessagesInput,
  CallOpened,
  CallOpenInput,
  CallPlacedResult,
  CallTakeMessageInput,
  CallToNumberInput,
  CallTurnTimingInput,
} from "@atende/shared/schemas/calls";
import { LiveAudioUse, LiveAudioUseInput } from "@atende/shared/schemas/live-calls";
import { z } from "@atende/shared/zod";
import type { TRPCRouterRecord } from "@trpc/server";
import { invalid } from "../errors";
import {
  agentCallProcedure,
  IDEMPOTENCY_KEY_REQUIRED,
  publicSystemProcedure,
  ticketProcedure,
} from "../trpc";
import {
  appendCallMessages,
  CONFIRMATION_CALL_FINISHED_JOB,
  currentLeg,
  finishCall,
  identifyCallClient,
  openCall,
  recordCallActions,
  recordTurnTiming,
  setCallData,
  TRANSFER_SUMMARY_JOB,
  takeCallbackMessage,
  touchCall,
} from "./calls";
import { placeDemoCall } from "./demo";
import { useLiveAudioTicket } from "./live-audio";
import { transferCall } from "./outbound";

/** An `Idempotency-Key` is optional on the call's record writes; one sent must be 1 to 100 characters. */
function optionalKey(key: string | null): string | undefined {
  if (key === null) return undefined;
  if (!key || key.length > 100) invalid("Idempotency-Key", IDEMPOTENCY_KEY_REQUIRED);
  return key;
}

/**
 * The telephony gateway's procedures (decision 0016): `open` redeems a call ticket; the rest write the call's own
 * record with the agent credential, the call named by the credential, never by input.
 */
export const callsRouter = {
  open: ticketProcedure
    .input(CallOpenInput)
    .output(CallOpened)
    .mutation(({ ctx, input }) =>
      openCall(ctx.db, ctx.ticket, input, { config: ctx.config, now: ctx.now() }),
    ),
  /** With an `Idempotency-Key` (optional), a write sent again is applied once (decision 0032). */
  appendMessages: agentCallProcedure
    .input(CallMessagesInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      appendCallMessages(ctx.db, ctx.call, input, optionalKey(ctx.idempotencyKey)),
    ),
  recordActions: agentCallProcedure
    .input(CallActionsInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      recordCallActions(ctx.db, ctx.call, input, optionalKey(ctx.idempotencyKey)),
    ),
  setData: agentCallProcedure
    .input(CallDataInput)
    .output(z.void())
    .mutation(({ ctx, input }) => setCallData(ctx.db, ctx.call, input)),
  identifyClient: agentCallProcedure
    .input(CallIdentifyInput)
    .output(z.void())
    .mutation(({ ctx, input }) => identifyCallClient(ctx.db, ctx.call, input.clientId)),
  /** One caller turn's timings (decision 0022): once per turn, with the gateway's `Idempotency-Key`. */
  recordTurnTiming: agentCallProcedure
    .input(CallTurnTimingInput)
    .use(({ ctx, next }) => {
      const key = ctx.idempotencyKey;
      if (!key || key.length > 100) invalid("Idempotency-Key", IDEMPOTENCY_KEY_REQUIRED);
      return next();
    })
    .output(z.void())
    .mutation(({ ctx, input }) => recordTurnTiming(ctx.db, ctx.call, input)),
  /**
   * The gateway's sign of life for its call, every 30 s (decision 0032): a call without one for minutes is finished
   * by the server's sweep, as a gateway that died would leave it.
   */
  heartbeat: agentCallProcedure
    .input(z.object({}).optional())
    .output(z.void())
    .mutation(({ ctx }) => touchCall(ctx.db, ctx.call, ctx.now())),
  finish: agentCallProcedure
    .inputAround(CallFinishInput, {
      // A confirmation call someone answered without deciding: the send's retry or next channel (decision 0050).
      async after({ input, tenantId, context }) {
        const outcome = input.confirmationOutcome;
        if (outcome !== "WRONG_PERSON" && outcome !== "NO_DECISION") return;
        const callId = context.agent?.callId;
        if (!callId) return;
        await context.queue.enqueue(
          CONFIRMATION_CALL_FINISHED_JOB,
          { tenantId, callId },
          { singletonKey: `${CONFIRMATION_CALL_FINISHED_JOB}:${callId}`, maxAttempts: 3 },
        );
      },
    })
    .output(CallFinished)
    .mutation(({ ctx, input }) => finishCall(ctx.db, ctx.call, input)),
  /**
   * The caller's message when the warm transfer found nobody (issue #24): kept on the conversation as 'Recado para
   * retornar'.
   */
  takeMessage: agentCallProcedure
    .input(CallTakeMessageInput)
    .output(z.void())
    .mutation(({ ctx, input }) => takeCallbackMessage(ctx.db, ctx.call, input.message)),
  /**
   * The gateway serves a staff member's live-audio ticket for this call (decision 0055): listening, taking over,
   * handing back. Checked (this call's ticket, for this use, its holder still a member), audited, and a takeover or a
   * hand-back goes on the transcript.
   */
  useLiveAudio: agentCallProcedure
    .input(LiveAudioUseInput)
    .output(LiveAudioUse)
    .mutation(({ ctx, input }) => useLiveAudioTicket(ctx.db, ctx.call, input, ctx.config, ctx.now())),
  /**
   * The agent transfers its call to the tenant's forwarding phone: a Twilio call is updated with `<Dial>` (the
   * gateway asks before it closes the stream); a browser call has nothing to dial (`dialed: false`).
   */
  transfer: agentCallProcedure
    .inputAround(z.object({}).optional(), {
      // The summary to the forwarding WhatsApp, once per leg, when the call was sent to the forwarding phone
      // (docs/decisions/0056-transfer-return-and-summary.md). The gateway finishes the leg only after this answer, so
      // the leg read here is the one transferred.
      async after({ output, tenantId, context, inTenant }) {
        const callId = context.agent?.callId;
        if (!callId || !(output as { dialed?: boolean } | undefined)?.dialed) return;
        const leg = await inTenant((db) => currentLeg(db, callId));
        await context.queue.enqueue(
          TRANSFER_SUMMARY_JOB,
          { tenantId, callId, leg },
          { singletonKey: `${TRANSFER_SUMMARY_JOB}:${callId}:${leg}`, maxAttempts: 5 },
        );
      },
    })
    .output(z.object({ dialed: z.boolean(), to: z.string().nullable() }))
    .mutation(({ ctx }) => transferCall(ctx.db, ctx.call, ctx.config, ctx.now())),
  /**
   * The landing page's demo call (spec 000 §5/§7): public, limited per client address, per number and per day
   * (docs/decisions/0019-twilio.md); our demo business calls. Without Twilio: `success: false` and why.
   */
  makeCall: publicSystemProcedure("demoCalls")
    .input(CallToNumberInput)
    .output(CallPlacedResult)
    .mutation(({ ctx, input }) =>
      placeDemoCall(
        ctx.sys,
        ctx.config,
        { toNumber: input.toNumber, clientAddress: ctx.clientAddress ?? "unknown" },
        ctx.now(),
      ),
    ),
} satisfies TRPCRouterRecord;
