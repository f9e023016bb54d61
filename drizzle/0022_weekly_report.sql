ALTER TABLE "tenants" ADD COLUMN "weekly_report_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "weekly_report_sent_for" text;