-- Per-turn timings (docs/decisions/0022-latency-and-end-of-turn.md): a tenant table under row-level security like
-- every other. Written once per turn by the call's agent and never changed: INSERT and SELECT only.
GRANT SELECT, INSERT ON conversation_turn_timings TO app_user;
--> statement-breakpoint
ALTER TABLE conversation_turn_timings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON conversation_turn_timings
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
