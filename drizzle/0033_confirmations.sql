CREATE TYPE "public"."confirmation_channel" AS ENUM('WHATSAPP', 'CALL');--> statement-breakpoint
CREATE TYPE "public"."confirmation_status" AS ENUM('PENDING', 'SENT', 'CONFIRMED', 'RESCHEDULED', 'CANCELLED', 'MACHINE', 'NO_ANSWER', 'FAILED', 'SKIPPED');--> statement-breakpoint
CREATE TYPE "public"."confirmed_via" AS ENUM('TEAM', 'CALL', 'WHATSAPP');--> statement-breakpoint
CREATE TYPE "public"."contact_opt_out_source" AS ENUM('DASHBOARD', 'API', 'WHATSAPP', 'CALL');--> statement-breakpoint
CREATE TABLE "confirmation_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"channel" "confirmation_channel" NOT NULL,
	"for_date" date NOT NULL,
	"status" "confirmation_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"call_sid" text,
	"message_id" text,
	"detail" text,
	"last_attempt_at" timestamp with time zone,
	"outcome_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "confirmation_sends_once" UNIQUE("tenant_id","appointment_id","channel","for_date")
);
--> statement-breakpoint
ALTER TABLE "confirmation_sends" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "confirmation_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"enabled_since" timestamp with time zone,
	"channels" "confirmation_channel"[] NOT NULL,
	"send_from" text DEFAULT '09:00' NOT NULL,
	"window_from" text DEFAULT '09:00' NOT NULL,
	"window_until" text DEFAULT '19:00' NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"retry" boolean DEFAULT true NOT NULL,
	"retry_after_minutes" integer DEFAULT 120 NOT NULL,
	"message" text NOT NULL,
	"whatsapp_phone_number_id" text,
	"whatsapp_access_token" text,
	"whatsapp_app_secret" text,
	"whatsapp_verify_token" text,
	"whatsapp_template" text DEFAULT 'confirmacao_consulta' NOT NULL,
	"whatsapp_language" text DEFAULT 'pt_BR' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "confirmation_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "contact_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "contact_opt_out_source" "contact_opt_out_source";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_via" "confirmed_via";--> statement-breakpoint
ALTER TABLE "confirmation_sends" ADD CONSTRAINT "confirmation_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_sends" ADD CONSTRAINT "confirmation_sends_tenant_id_appointment_id_appointments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_settings" ADD CONSTRAINT "confirmation_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirmation_sends_tenant_id_created_at_index" ON "confirmation_sends" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "confirmation_sends_call_sid_index" ON "confirmation_sends" USING btree ("call_sid");--> statement-breakpoint
CREATE INDEX "confirmation_sends_message_id_index" ON "confirmation_sends" USING btree ("message_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "confirmation_sends" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "confirmation_settings" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- What app_user may do to the confirmation tables (docs/decisions/0050-confirmations.md; grants stay custom SQL, 0053).
GRANT SELECT, INSERT, UPDATE, DELETE ON confirmation_settings TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON confirmation_sends TO app_user;
