ALTER TABLE "minute_debits" ADD COLUMN "leg" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_usage" ADD COLUMN "leg" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "minute_debits" DROP CONSTRAINT "minute_debits_tenantId_conversationId_grantId_unique";--> statement-breakpoint
ALTER TABLE "call_usage" DROP CONSTRAINT "call_usage_tenant_id_conversation_id_pk";--> statement-breakpoint
ALTER TABLE "call_usage" ADD CONSTRAINT "call_usage_tenant_id_conversation_id_leg_pk" PRIMARY KEY("tenant_id","conversation_id","leg");--> statement-breakpoint
ALTER TABLE "minute_debits" ADD CONSTRAINT "minute_debits_tenantId_conversationId_leg_grantId_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","conversation_id","leg","grant_id");
