import type { TRPCRouterRecord } from "@trpc/server";

export const superAdminRouter = {} satisfies TRPCRouterRecord;
