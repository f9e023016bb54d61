CREATE TABLE "conversation_turn_timings" (
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"turn" integer NOT NULL,
	"input" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"endpointing_ms" integer,
	"transcript_ms" integer,
	"engine_first_ms" integer,
	"tts_first_byte_ms" integer,
	"first_frame_ms" integer,
	"interrupted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_turn_timings_tenant_id_conversation_id_turn_pk" PRIMARY KEY("tenant_id","conversation_id","turn")
);
--> statement-breakpoint
ALTER TABLE "conversation_turn_timings" ADD CONSTRAINT "conversation_turn_timings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_turn_timings" ADD CONSTRAINT "conversation_turn_timings_tenant_id_conversation_id_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;