CREATE TABLE "demo_call_counters" (
	"key" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "demo_call_counters_key_day_pk" PRIMARY KEY("key","day")
);
--> statement-breakpoint
ALTER TABLE "call_tickets" ADD COLUMN "call_sid" text;--> statement-breakpoint
ALTER TABLE "call_tickets" ADD COLUMN "direction" "conversation_direction" DEFAULT 'INBOUND' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_tickets" ADD CONSTRAINT "call_tickets_callSid_unique" UNIQUE("call_sid");