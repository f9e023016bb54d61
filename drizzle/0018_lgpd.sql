ALTER TABLE "clients" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "recording_delete_key" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_recordings_index" ON "conversations" USING btree ("started_at") WHERE "conversations"."recording_path" is not null;--> statement-breakpoint
CREATE INDEX "conversations_recording_deletions_index" ON "conversations" USING btree ("tenant_id") WHERE "conversations"."recording_delete_key" is not null;