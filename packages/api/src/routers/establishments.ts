import type { TRPCRouterRecord } from "@trpc/server";

export const establishmentsRouter = {} satisfies TRPCRouterRecord;
