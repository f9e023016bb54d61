import type { TRPCRouterRecord } from "@trpc/server";

export const offeredServicesRouter = {} satisfies TRPCRouterRecord;
