CREATE TYPE "public"."agent_type" AS ENUM('CONSULTORIO_PARTICULAR', 'CONSULTORIO_COMPARTILHADO', 'CLINICA_DE_SAUDE', 'HOSPITAL', 'PETSHOP', 'SALAO_DE_BELEZA');--> statement-breakpoint
CREATE TYPE "public"."appointment_status" AS ENUM('SCHEDULED', 'COMPLETED', 'CANCELED', 'NO_SHOW');--> statement-breakpoint
CREATE TYPE "public"."conversation_direction" AS ENUM('INBOUND', 'OUTBOUND');--> statement-breakpoint
CREATE TYPE "public"."conversation_status" AS ENUM('ACTIVE', 'COMPLETED', 'CANCELLED', 'MISSED', 'TRANSFERRED', 'ERROR');--> statement-breakpoint
CREATE TYPE "public"."message_sender" AS ENUM('AGENT', 'CALLER', 'SYSTEM');--> statement-breakpoint
CREATE TYPE "public"."modality" AS ENUM('IN_PERSON', 'REMOTE', 'BOTH');--> statement-breakpoint
CREATE TYPE "public"."parking_type" AS ENUM('FREE', 'PAID');--> statement-breakpoint
CREATE TYPE "public"."pattern_type" AS ENUM('WEEKLY', 'MONTHLY', 'MANUAL_DATES');--> statement-breakpoint
CREATE TYPE "public"."price_type" AS ENUM('FIXED', 'VARIABLE');--> statement-breakpoint
CREATE TYPE "public"."voice_tone" AS ENUM('FRIENDLY', 'EMPATHETIC', 'PROFESSIONAL', 'CHEERFUL', 'CALM');--> statement-breakpoint
CREATE TYPE "public"."voice_type" AS ENUM('FEMININE', 'MASCULINE', 'NEUTRAL');--> statement-breakpoint
CREATE TABLE "appointment_services" (
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"offered_service_id" uuid NOT NULL,
	"offered_service_name" text NOT NULL,
	"duration" integer NOT NULL,
	"buffer_duration_before" integer NOT NULL,
	"buffer_duration_after" integer NOT NULL,
	CONSTRAINT "appointment_services_tenant_id_appointment_id_position_pk" PRIMARY KEY("tenant_id","appointment_id","position")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "appointment_status" DEFAULT 'SCHEDULED' NOT NULL,
	"observations" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_tenantId_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availabilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"pattern_type" "pattern_type" NOT NULL,
	"days_of_week" smallint[],
	"days_of_month" smallint[],
	"period_start" date,
	"period_end" date,
	"dates" date[],
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availabilities_tenantId_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"tenant_id" uuid NOT NULL,
	"availability_id" uuid NOT NULL,
	"date" date NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"start_time" time,
	"end_time" time,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_exceptions_tenant_id_availability_id_date_pk" PRIMARY KEY("tenant_id","availability_id","date")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"document_number" text,
	"phone_number" text NOT NULL,
	"email" text,
	"health_insurance_provider" text,
	"health_insurance_number" text,
	"observations" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "clients_tenantId_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "conversation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"action_type" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "conversation_data" (
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "conversation_data_tenant_id_conversation_id_key_pk" PRIMARY KEY("tenant_id","conversation_id","key")
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender" "message_sender" NOT NULL,
	"content" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"status" "conversation_status" DEFAULT 'ACTIVE' NOT NULL,
	"direction" "conversation_direction" DEFAULT 'INBOUND' NOT NULL,
	"call_sid" text,
	"client_id" uuid,
	"client_name" text,
	"phone_number" text,
	"client_email" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration" integer,
	"action_type" text,
	"establishment_id" uuid,
	"establishment_name" text,
	"summary" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"transferred_to" text,
	"recording_path" text,
	"billed_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_tenantId_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"description" text,
	"has_parking" boolean DEFAULT false NOT NULL,
	"parking_type" "parking_type",
	"has_accessibility" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "establishments_tenantId_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "offered_service_establishments" (
	"tenant_id" uuid NOT NULL,
	"offered_service_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	CONSTRAINT "offered_service_establishments_tenant_id_offered_service_id_establishment_id_pk" PRIMARY KEY("tenant_id","offered_service_id","establishment_id")
);
--> statement-breakpoint
CREATE TABLE "offered_service_professionals" (
	"tenant_id" uuid NOT NULL,
	"offered_service_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	CONSTRAINT "offered_service_professionals_tenant_id_offered_service_id_professional_id_pk" PRIMARY KEY("tenant_id","offered_service_id","professional_id")
);
--> statement-breakpoint
CREATE TABLE "offered_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"duration" integer NOT NULL,
	"buffer_duration_before" integer DEFAULT 0 NOT NULL,
	"buffer_duration_after" integer DEFAULT 0 NOT NULL,
	"price_type" "price_type" NOT NULL,
	"price_in_cents" integer,
	"modality" "modality" NOT NULL,
	"child_friendly" boolean DEFAULT false NOT NULL,
	"child_age_observation" text,
	"requires_preparation" boolean DEFAULT false NOT NULL,
	"preparation_instructions" text,
	"observation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "offered_services_tenantId_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "professionals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"specialty" text NOT NULL,
	"registration" text,
	"email" text,
	"phone_number" text,
	"accepted_health_insurances" text[],
	"observations" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "professionals_tenantId_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "refresh_token_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"selected_tenant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"voice_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_voiceNumber_unique" UNIQUE("voice_number")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "voice_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"agent_type" "agent_type" NOT NULL,
	"voice_type" "voice_type" NOT NULL,
	"voice_tone" "voice_tone" NOT NULL,
	"name" text NOT NULL,
	"ddd" text NOT NULL,
	"welcome_message" text NOT NULL,
	"forwarding_phone" text,
	"forwarding_whatsapp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_agents_one_per_tenant" UNIQUE("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "appointment_services" ADD CONSTRAINT "appointment_services_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_services" ADD CONSTRAINT "appointment_services_tenant_id_appointment_id_appointments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_services" ADD CONSTRAINT "appointment_services_tenant_id_offered_service_id_offered_services_tenant_id_id_fk" FOREIGN KEY ("tenant_id","offered_service_id") REFERENCES "public"."offered_services"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_client_id_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."clients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_professional_id_professionals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","professional_id") REFERENCES "public"."professionals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_establishment_id_establishments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","establishment_id") REFERENCES "public"."establishments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_tenant_id_professional_id_professionals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","professional_id") REFERENCES "public"."professionals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_tenant_id_establishment_id_establishments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","establishment_id") REFERENCES "public"."establishments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_tenant_id_availability_id_availabilities_tenant_id_id_fk" FOREIGN KEY ("tenant_id","availability_id") REFERENCES "public"."availabilities"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_actions" ADD CONSTRAINT "conversation_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_actions" ADD CONSTRAINT "conversation_actions_tenant_id_conversation_id_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_data" ADD CONSTRAINT "conversation_data_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_data" ADD CONSTRAINT "conversation_data_tenant_id_conversation_id_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_tenant_id_conversation_id_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_service_establishments" ADD CONSTRAINT "offered_service_establishments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_service_establishments" ADD CONSTRAINT "offered_service_establishments_tenant_id_offered_service_id_offered_services_tenant_id_id_fk" FOREIGN KEY ("tenant_id","offered_service_id") REFERENCES "public"."offered_services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_service_establishments" ADD CONSTRAINT "offered_service_establishments_tenant_id_establishment_id_establishments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","establishment_id") REFERENCES "public"."establishments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_service_professionals" ADD CONSTRAINT "offered_service_professionals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_service_professionals" ADD CONSTRAINT "offered_service_professionals_tenant_id_offered_service_id_offered_services_tenant_id_id_fk" FOREIGN KEY ("tenant_id","offered_service_id") REFERENCES "public"."offered_services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_service_professionals" ADD CONSTRAINT "offered_service_professionals_tenant_id_professional_id_professionals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","professional_id") REFERENCES "public"."professionals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_services" ADD CONSTRAINT "offered_services_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_selected_tenant_id_tenants_id_fk" FOREIGN KEY ("selected_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_refresh_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."refresh_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agents" ADD CONSTRAINT "voice_agents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_services_tenant_id_offered_service_id_index" ON "appointment_services" USING btree ("tenant_id","offered_service_id");--> statement-breakpoint
CREATE INDEX "appointments_tenant_id_scheduled_at_index" ON "appointments" USING btree ("tenant_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "appointments_tenant_id_professional_id_scheduled_at_index" ON "appointments" USING btree ("tenant_id","professional_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "appointments_tenant_id_client_id_index" ON "appointments" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "appointments_tenant_id_establishment_id_scheduled_at_index" ON "appointments" USING btree ("tenant_id","establishment_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_id_created_at_index" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "availabilities_tenant_id_professional_id_index" ON "availabilities" USING btree ("tenant_id","professional_id");--> statement-breakpoint
CREATE INDEX "availabilities_tenant_id_establishment_id_index" ON "availabilities" USING btree ("tenant_id","establishment_id");--> statement-breakpoint
CREATE INDEX "clients_tenant_id_phone_number_index" ON "clients" USING btree ("tenant_id","phone_number");--> statement-breakpoint
CREATE INDEX "clients_tenant_id_full_name_index" ON "clients" USING btree ("tenant_id","full_name");--> statement-breakpoint
CREATE INDEX "conversation_actions_tenant_id_conversation_id_timestamp_index" ON "conversation_actions" USING btree ("tenant_id","conversation_id","timestamp");--> statement-breakpoint
CREATE INDEX "conversation_messages_tenant_id_conversation_id_timestamp_index" ON "conversation_messages" USING btree ("tenant_id","conversation_id","timestamp");--> statement-breakpoint
CREATE INDEX "conversations_tenant_id_started_at_index" ON "conversations" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "conversations_tenant_id_phone_number_index" ON "conversations" USING btree ("tenant_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_tenant_id_call_sid_index" ON "conversations" USING btree ("tenant_id","call_sid");--> statement-breakpoint
CREATE INDEX "establishments_tenant_id_name_index" ON "establishments" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "offered_service_establishments_tenant_id_establishment_id_index" ON "offered_service_establishments" USING btree ("tenant_id","establishment_id");--> statement-breakpoint
CREATE INDEX "offered_service_professionals_tenant_id_professional_id_index" ON "offered_service_professionals" USING btree ("tenant_id","professional_id");--> statement-breakpoint
CREATE INDEX "offered_services_tenant_id_name_index" ON "offered_services" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "professionals_tenant_id_name_index" ON "professionals" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "refresh_token_families_user_id_index" ON "refresh_token_families" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_index" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_tenant_id_index" ON "users" USING btree ("tenant_id");