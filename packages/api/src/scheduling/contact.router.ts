import { ContactInput, ContactResult } from "@atende/shared/schemas/contact";
import type { TRPCRouterRecord } from "@trpc/server";
import { sharedProcedure } from "../trpc";
import { sendContactMessage } from "./contact";

export const contactRouter = {
  /**
   * The landing page's contact form (spec 000 §7 POST /contact): public; stored, e-mailed to sales, limited per
   * client address (docs/decisions/0025-public-site.md).
   */
  send: sharedProcedure
    .input(ContactInput)
    .output(ContactResult)
    .mutation(({ ctx, input }) =>
      sendContactMessage(ctx.db, ctx.config, input, ctx.clientAddress ?? "unknown", ctx.now()),
    ),
} satisfies TRPCRouterRecord;
