ALTER TYPE "public"."confirmation_outcome" ADD VALUE 'MACHINE';--> statement-breakpoint
ALTER TYPE "public"."confirmation_outcome" ADD VALUE 'NO_ANSWER';--> statement-breakpoint
ALTER TYPE "public"."confirmation_outcome" ADD VALUE 'INTERRUPTED';--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "pet_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "pet_species" text;--> statement-breakpoint
ALTER TABLE "confirmation_sends" ADD COLUMN "awaiting_reply" text;--> statement-breakpoint
ALTER TABLE "confirmation_sends" ADD COLUMN "offered_slots" timestamp with time zone[];