-- The team and the e-mail outbox (docs/decisions/0013-team-and-e-mail.md). Every user so far created their own
-- tenant at their first sign-in, so every existing user is its owner; the column's default (STAFF) is for the rest.
UPDATE users SET role = 'OWNER';
--> statement-breakpoint
-- Users come under row-level security like every tenant table, so the owner's team procedures read and remove their
-- tenant's members through the tenant door. Sign-in still finds a user by e-mail before any tenant is known, through
-- the system door, which no policy binds. No INSERT or UPDATE: only sign-in creates users and records their names.
GRANT SELECT, DELETE ON users TO app_user;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invitations TO app_user;
--> statement-breakpoint
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invitations
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The outbox belongs to no tenant: the shared door reads it (/dev/outbox), enqueues into it and records deliveries.
-- No DELETE: messages are kept.
GRANT SELECT, INSERT, UPDATE ON email_outbox TO app_shared;
--> statement-breakpoint
-- A tenant transaction enqueues the e-mail its change causes (an invitation) in the same transaction, so a rolled-back
-- change sends nothing. INSERT only, never SELECT: one tenant must not read the mail sent for another (the rows carry
-- no tenant), so the tenant door can write a message and never read one back (no RETURNING either).
GRANT INSERT ON email_outbox TO app_user;
