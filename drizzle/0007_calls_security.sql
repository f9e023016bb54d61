-- Calls through the telephony gateway (docs/decisions/0016-call-tickets-and-agent-credential.md): tenant tables under
-- row-level security like every other. Tickets are issued and redeemed in the tenant's transaction; the agent's
-- tool-call keys and the usage record are written in it too. No DELETE: a ticket, a key and a usage record are facts.
GRANT SELECT, INSERT, UPDATE ON call_tickets TO app_user;
--> statement-breakpoint
ALTER TABLE call_tickets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON call_tickets
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON agent_tool_calls TO app_user;
--> statement-breakpoint
ALTER TABLE agent_tool_calls ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON agent_tool_calls
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Written once per call and never changed: INSERT and SELECT only.
GRANT SELECT, INSERT ON call_usage TO app_user;
--> statement-breakpoint
ALTER TABLE call_usage ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON call_usage
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
