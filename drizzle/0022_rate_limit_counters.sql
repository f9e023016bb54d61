CREATE TABLE "rate_limit_counters" (
	"budget" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_budget_key_window_start_pk" PRIMARY KEY("budget","key","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_start_index" ON "rate_limit_counters" USING btree ("window_start");