CREATE TABLE "agent_tool_calls" (
	"tenant_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"key" text NOT NULL,
	"procedure" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_tool_calls_tenant_id_call_id_key_pk" PRIMARY KEY("tenant_id","call_id","key")
);
--> statement-breakpoint
CREATE TABLE "call_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"is_test" boolean NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_usage" (
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seconds" integer NOT NULL,
	"minutes" integer NOT NULL,
	"is_test" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_usage_tenant_id_conversation_id_pk" PRIMARY KEY("tenant_id","conversation_id")
);
--> statement-breakpoint
ALTER TABLE "agent_tool_calls" ADD CONSTRAINT "agent_tool_calls_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tickets" ADD CONSTRAINT "call_tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_usage" ADD CONSTRAINT "call_usage_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_usage" ADD CONSTRAINT "call_usage_tenant_id_conversation_id_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_tickets_tenant_id_issued_at_index" ON "call_tickets" USING btree ("tenant_id","issued_at");--> statement-breakpoint
CREATE INDEX "call_usage_tenant_id_created_at_index" ON "call_usage" USING btree ("tenant_id","created_at");