-- The waitlist (docs/decisions/0046-waitlist.md): a tenant table under row-level security like every other.
GRANT SELECT, INSERT, UPDATE, DELETE ON waitlist_entries TO app_user;
--> statement-breakpoint
ALTER TABLE waitlist_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON waitlist_entries
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
