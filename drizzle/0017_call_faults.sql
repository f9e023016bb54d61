ALTER TABLE "conversations" ADD COLUMN "recording_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_active_index" ON "conversations" USING btree ("tenant_id","last_activity_at") WHERE "conversations"."status" = 'ACTIVE';