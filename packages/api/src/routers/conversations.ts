import type { TRPCRouterRecord } from "@trpc/server";

export const conversationsRouter = {} satisfies TRPCRouterRecord;
