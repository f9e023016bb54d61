ALTER TABLE "call_tickets" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "live_activity" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "callback_message" text;--> statement-breakpoint
ALTER TABLE "voice_agents" ADD COLUMN "recording_notice" boolean DEFAULT true NOT NULL;