CREATE TYPE "public"."billing_cycle" AS ENUM('MONTHLY', 'YEARLY');--> statement-breakpoint
CREATE TYPE "public"."billing_type" AS ENUM('CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'BOLETO');--> statement-breakpoint
CREATE TYPE "public"."minute_grant_source" AS ENUM('TRIAL', 'CYCLE', 'PACK');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('TRIAL', 'CYCLE', 'PLAN_CHANGE', 'MINUTE_PACK');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('PENDING', 'CONFIRMED', 'RECEIVED', 'OVERDUE', 'REFUNDED', 'CANCELED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('TRIAL', 'ACTIVE', 'PAST_DUE', 'SUSPENDED', 'CANCELED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "minute_alerts" (
	"tenant_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"threshold" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minute_alerts_tenant_id_grant_id_threshold_pk" PRIMARY KEY("tenant_id","grant_id","threshold")
);
--> statement-breakpoint
CREATE TABLE "minute_debits" (
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"grant_id" uuid,
	"minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minute_debits_tenantId_conversationId_grantId_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","conversation_id","grant_id"),
	CONSTRAINT "minute_debits_minutes_positive" CHECK ("minute_debits"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "minute_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"source" "minute_grant_source" NOT NULL,
	"key" text NOT NULL,
	"minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minute_grants_tenantId_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "minute_grants_tenantId_key_unique" UNIQUE("tenant_id","key"),
	CONSTRAINT "minute_grants_minutes_nonnegative" CHECK ("minute_grants"."minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "minute_pack_offers" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"price_per_minute_in_cents" integer NOT NULL,
	"min_minutes" integer NOT NULL,
	"max_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minute_pack_offers_single_row" CHECK ("minute_pack_offers"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"description" text NOT NULL,
	"status" "payment_status" DEFAULT 'PENDING' NOT NULL,
	"billing_type" "billing_type",
	"value_in_cents" integer NOT NULL,
	"net_value_in_cents" integer,
	"due_date" date,
	"payment_date" timestamp with time zone,
	"invoice_url" text,
	"bank_slip_url" text,
	"checkout_url" text,
	"provider_checkout_id" text,
	"provider_payment_id" text,
	"plan_code" text,
	"minutes" integer,
	"customer" jsonb,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_providerPaymentId_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_tenantId_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "payments_value_nonnegative" CHECK ("payments"."value_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_in_cents" integer NOT NULL,
	"monthly_minutes" integer NOT NULL,
	"billing_cycle" "billing_cycle" DEFAULT 'MONTHLY' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"amount_in_cents" integer NOT NULL,
	"external_reference" text NOT NULL,
	"payment_id" text,
	"success_url" text NOT NULL,
	"failure_url" text NOT NULL,
	"pending_url" text NOT NULL,
	"expired_url" text NOT NULL,
	"saves_card_for" text,
	"expired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"status_detail" text NOT NULL,
	"external_reference" text NOT NULL,
	"amount_in_cents" integer NOT NULL,
	"payment_type_id" text NOT NULL,
	"description" text NOT NULL,
	"card_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_approved" timestamp with time zone,
	"idempotency_key" text,
	CONSTRAINT "sandbox_payments_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"plan_code" text NOT NULL,
	"status" "subscription_status" NOT NULL,
	"price_in_cents" integer NOT NULL,
	"monthly_minutes" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"next_plan_code" text,
	"provider_customer_id" text,
	"provider_card_id" text,
	"card_brand" text,
	"card_last_four" text,
	"customer" jsonb,
	"past_due_since" timestamp with time zone,
	"renewal_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_tenantId_unique" UNIQUE("tenant_id"),
	CONSTRAINT "subscriptions_tenantId_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "minute_alerts" ADD CONSTRAINT "minute_alerts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minute_alerts" ADD CONSTRAINT "minute_alerts_tenant_id_grant_id_minute_grants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","grant_id") REFERENCES "public"."minute_grants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minute_debits" ADD CONSTRAINT "minute_debits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minute_debits" ADD CONSTRAINT "minute_debits_tenant_id_conversation_id_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minute_debits" ADD CONSTRAINT "minute_debits_tenant_id_grant_id_minute_grants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","grant_id") REFERENCES "public"."minute_grants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minute_grants" ADD CONSTRAINT "minute_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minute_grants" ADD CONSTRAINT "minute_grants_tenant_id_payment_id_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_code_plans_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_code_plans_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_plan_code_plans_code_fk" FOREIGN KEY ("next_plan_code") REFERENCES "public"."plans"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "minute_debits_tenant_id_grant_id_index" ON "minute_debits" USING btree ("tenant_id","grant_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_id_created_at_index" ON "payments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_current_period_end_index" ON "subscriptions" USING btree ("current_period_end");--> statement-breakpoint
CREATE INDEX "subscriptions_next_attempt_at_index" ON "subscriptions" USING btree ("next_attempt_at");