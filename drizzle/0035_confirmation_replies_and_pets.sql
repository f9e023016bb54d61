ALTER TABLE "clients" ADD COLUMN "pet_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "pet_species" text;--> statement-breakpoint
ALTER TABLE "confirmation_sends" ADD COLUMN "awaiting_reply" text;--> statement-breakpoint
ALTER TABLE "confirmation_sends" ADD COLUMN "offered_slots" timestamp with time zone[];