CREATE TYPE "public"."hold_status" AS ENUM('ACTIVE', 'ACCEPTED', 'DECLINED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "waitlist_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"waitlist_entry_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"offered_service_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"freed_start" timestamp with time zone NOT NULL,
	"freed_end" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" "hold_status" DEFAULT 'ACTIVE' NOT NULL,
	"sent_via" text,
	"sent_at" timestamp with time zone,
	"appointment_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_holds_tenantId_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "waitlist_holds_once" UNIQUE("tenant_id","waitlist_entry_id","professional_id","starts_at"),
	CONSTRAINT "waitlist_holds_range" CHECK ("waitlist_holds"."ends_at" > "waitlist_holds"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "waitlist_holds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "waitlist_hold_minutes" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_holds" ADD CONSTRAINT "waitlist_holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_holds" ADD CONSTRAINT "waitlist_holds_tenant_id_waitlist_entry_id_waitlist_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","waitlist_entry_id") REFERENCES "public"."waitlist_entries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_holds" ADD CONSTRAINT "waitlist_holds_tenant_id_professional_id_professionals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","professional_id") REFERENCES "public"."professionals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_holds" ADD CONSTRAINT "waitlist_holds_tenant_id_establishment_id_establishments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","establishment_id") REFERENCES "public"."establishments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_holds" ADD CONSTRAINT "waitlist_holds_tenant_id_offered_service_id_offered_services_tenant_id_id_fk" FOREIGN KEY ("tenant_id","offered_service_id") REFERENCES "public"."offered_services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_holds_one_active_per_wish" ON "waitlist_holds" USING btree ("tenant_id","waitlist_entry_id") WHERE "waitlist_holds"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "waitlist_holds_tenant_id_professional_id_starts_at_index" ON "waitlist_holds" USING btree ("tenant_id","professional_id","starts_at");--> statement-breakpoint
CREATE INDEX "waitlist_holds_tenant_id_establishment_id_index" ON "waitlist_holds" USING btree ("tenant_id","establishment_id");--> statement-breakpoint
CREATE INDEX "waitlist_holds_tenant_id_offered_service_id_index" ON "waitlist_holds" USING btree ("tenant_id","offered_service_id");--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_waitlist_hold_minutes" CHECK ("tenants"."waitlist_hold_minutes" between 5 and 120);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "waitlist_holds" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);