-- Waitlist holds (docs/decisions/0046-waitlist.md): the grants `tenantTable()` declares (0031 has the policy), and the
-- exclusion constraint Drizzle cannot express.
GRANT SELECT, INSERT, UPDATE, DELETE ON waitlist_holds TO app_user;
--> statement-breakpoint
-- One professional's ACTIVE holds never overlap (as appointments_no_overlap for appointments): a slot is offered to one
-- wish at a time, whatever two offer jobs racing for it decide.
ALTER TABLE waitlist_holds ADD CONSTRAINT waitlist_holds_no_overlap EXCLUDE USING gist (
  tenant_id WITH =,
  professional_id WITH =,
  tstzrange(starts_at, ends_at, '[)') WITH &&
) WHERE (status = 'ACTIVE');
