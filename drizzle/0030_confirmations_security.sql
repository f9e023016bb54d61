-- Confirmations (docs/decisions/0050-confirmations.md): tenant tables under row-level security like every other.
GRANT SELECT, INSERT, UPDATE, DELETE ON confirmation_settings TO app_user;
--> statement-breakpoint
ALTER TABLE confirmation_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON confirmation_settings
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON confirmation_sends TO app_user;
--> statement-breakpoint
ALTER TABLE confirmation_sends ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON confirmation_sends
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
