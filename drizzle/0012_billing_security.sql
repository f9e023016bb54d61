-- Billing (docs/decisions/0023-billing.md): grants, row-level security and the catalogue's first rows.
--
-- The catalogue belongs to no tenant: the shared door serves it to visitors (GET /plans, GET /minute-pack), and a
-- tenant transaction reads a plan's price when it opens a checkout. Edited with SQL by an operator (no deploy): no
-- application role may write it.
GRANT SELECT ON plans, minute_pack_offers TO app_shared, app_user;
--> statement-breakpoint
-- The sandbox provider's records stand where Mercado Pago's servers would: the sandbox adapter and its page reach them
-- through the shared door only, never a tenant transaction.
GRANT SELECT, INSERT, UPDATE ON sandbox_checkouts, sandbox_payments, sandbox_cards TO app_shared;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE sandbox_payments_id_seq TO app_shared;
--> statement-breakpoint
-- Tenant tables. Ledger rows are facts: grants are only ever shortened (a trial's minutes end when a paid cycle
-- starts), debits and alerts never change. Nothing is deleted by the application.
GRANT SELECT, INSERT, UPDATE ON subscriptions, payments, minute_grants TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT ON minute_debits, minute_alerts TO app_user;
--> statement-breakpoint
ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON subscriptions
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payments
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE minute_grants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON minute_grants
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE minute_debits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON minute_debits
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE minute_alerts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON minute_alerts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- The catalogue as the knowledge base cites it (spec 000 §9): R$697, R$997 and R$1,499 a month for 250, 500 and 1000
-- minutes; packs at R$1,50 a minute, 50 to 1000 minutes (the management page's fallbacks, spec 000 §5).
INSERT INTO plans (code, name, price_in_cents, monthly_minutes, billing_cycle, position) VALUES
  ('pack250-monthly', 'Plano 250', 69700, 250, 'MONTHLY', 1),
  ('pack500-monthly', 'Plano 500', 99700, 500, 'MONTHLY', 2),
  ('pack1000-monthly', 'Plano 1000', 149900, 1000, 'MONTHLY', 3)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO minute_pack_offers (id, price_per_minute_in_cents, min_minutes, max_minutes) VALUES (1, 150, 50, 1000)
ON CONFLICT (id) DO NOTHING;
