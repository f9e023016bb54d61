-- Waitlist holds (docs/decisions/0046-waitlist.md): a tenant table under row-level security like every other.
GRANT SELECT, INSERT, UPDATE, DELETE ON waitlist_holds TO app_user;
--> statement-breakpoint
ALTER TABLE waitlist_holds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON waitlist_holds
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- One professional's ACTIVE holds never overlap (as appointments_no_overlap for appointments): a slot is offered to one
-- wish at a time, whatever two offer jobs racing for it decide.
ALTER TABLE waitlist_holds ADD CONSTRAINT waitlist_holds_no_overlap EXCLUDE USING gist (
  tenant_id WITH =,
  professional_id WITH =,
  tstzrange(starts_at, ends_at, '[)') WITH &&
) WHERE (status = 'ACTIVE');
