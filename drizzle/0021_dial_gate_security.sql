-- The dial gate (docs/decisions/0033-dial-gate.md). `dials` is a tenant table under row-level security like every
-- other: the gate writes a tenant's dial in that tenant's transaction, and an account's closure (decision 0031)
-- anonymises its numbers. `dial_counters` belongs to no tenant: the gate counts a tenant's dial, the destination
-- number's (its SHA-256 only) and the installation's in the same transaction as the dial, so app_user takes and
-- reads counter rows; they hold no personal data and nothing deletes them.
GRANT SELECT, INSERT, UPDATE ON dials TO app_user;
--> statement-breakpoint
ALTER TABLE dials ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dials
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON dial_counters TO app_user;
