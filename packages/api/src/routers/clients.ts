import type { TRPCRouterRecord } from "@trpc/server";

export const clientsRouter = {} satisfies TRPCRouterRecord;
