import type { TRPCRouterRecord } from "@trpc/server";

export const professionalsRouter = {} satisfies TRPCRouterRecord;
