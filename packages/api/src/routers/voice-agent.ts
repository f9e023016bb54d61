import type { TRPCRouterRecord } from "@trpc/server";

export const voiceAgentRouter = {} satisfies TRPCRouterRecord;
