ALTER TABLE "conversation_turn_timings" ADD COLUMN "barge_in_ms" integer;--> statement-breakpoint
ALTER TABLE "conversation_turn_timings" ADD COLUMN "backchannels" integer DEFAULT 0 NOT NULL;