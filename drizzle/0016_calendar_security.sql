-- Calendar integration (ARCHITECTURE.md "Calendar integration"): tenant tables under row-level security like every
-- other. An invitation page reaches its invitation by the token's hash through the system door (`invitationPages`),
-- before anyone of the tenant is signed in; everything else runs in the tenant's transaction.
-- Invitations are never deleted (a used or superseded one is marked used); a grant is replaced by a new one, or
-- removed when the professional disconnects; the event map follows the appointments.
GRANT SELECT, INSERT, UPDATE ON calendar_invitations TO app_user;
--> statement-breakpoint
ALTER TABLE calendar_invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON calendar_invitations
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON calendar_connections TO app_user;
--> statement-breakpoint
ALTER TABLE calendar_connections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON calendar_connections
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON calendar_events TO app_user;
--> statement-breakpoint
ALTER TABLE calendar_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON calendar_events
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
