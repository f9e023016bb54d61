CREATE TYPE "public"."day_part" AS ENUM('MORNING', 'AFTERNOON', 'EVENING', 'ANY');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('WAITING', 'OFFERED', 'BOOKED', 'CANCELLED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"offered_service_id" uuid NOT NULL,
	"professional_id" uuid,
	"establishment_id" uuid,
	"from_date" date NOT NULL,
	"until_date" date NOT NULL,
	"day_part" "day_part" DEFAULT 'ANY' NOT NULL,
	"notes" text,
	"status" "waitlist_status" DEFAULT 'WAITING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_tenantId_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "waitlist_entries_range" CHECK ("waitlist_entries"."until_date" >= "waitlist_entries"."from_date")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_client_id_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_offered_service_id_offered_services_tenant_id_id_fk" FOREIGN KEY ("tenant_id","offered_service_id") REFERENCES "public"."offered_services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_professional_id_professionals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","professional_id") REFERENCES "public"."professionals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_establishment_id_establishments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","establishment_id") REFERENCES "public"."establishments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_tenant_id_status_created_at_index" ON "waitlist_entries" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_tenant_id_professional_id_index" ON "waitlist_entries" USING btree ("tenant_id","professional_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_tenant_id_client_id_index" ON "waitlist_entries" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_tenant_id_offered_service_id_index" ON "waitlist_entries" USING btree ("tenant_id","offered_service_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_tenant_id_establishment_id_index" ON "waitlist_entries" USING btree ("tenant_id","establishment_id");