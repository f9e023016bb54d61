import type { TRPCRouterRecord } from "@trpc/server";

export const availabilitiesRouter = {} satisfies TRPCRouterRecord;
