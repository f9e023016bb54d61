import type { TRPCRouterRecord } from "@trpc/server";

export const userRouter = {} satisfies TRPCRouterRecord;
