ALTER TABLE "waitlist_entries" ADD COLUMN "offer_by_call" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_holds" ADD COLUMN "call_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_holds" ADD COLUMN "call_outcome" text;