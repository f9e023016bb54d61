-- The tenant tables' row-level security, declared once (docs/decisions/0053-tenant-tables-declared-once.md): from here
-- on drizzle-kit writes each table's policy from its declaration (`tenantTable()` in packages/db/src/schema/), taking
-- over the policies the hand-written security migrations (0001 to 0028) created. Generated, then one edit: each
-- CREATE POLICY is preceded by a DROP POLICY IF EXISTS of the same name, so on a database those migrations built the
-- policy is dropped and recreated identically (same name, PERMISSIVE, FOR ALL, TO public, same expressions) and
-- ENABLE ROW LEVEL SECURITY changes nothing; grants are untouched. packages/db/src/upgrade.test.ts checks it.
ALTER TABLE "tenants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "minute_alerts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "minute_debits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "minute_grants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "calendar_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "calendar_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "calendar_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "agent_tool_calls" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "call_tickets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "call_usage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversation_actions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversation_data" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversation_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversation_turn_timings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "establishments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "offered_service_establishments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "offered_service_professionals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "offered_services" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "professionals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "voice_agents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointment_services" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "availabilities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "agent_tool_calls";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "agent_tool_calls" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "appointment_services";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "appointment_services" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "appointments";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "appointments" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "audit_log";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "audit_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "availabilities";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "availabilities" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "availability_exceptions";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "availability_exceptions" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "calendar_connections";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar_connections" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "calendar_events";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar_events" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "calendar_invitations";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "calendar_invitations" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "call_tickets";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "call_tickets" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "call_usage";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "call_usage" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "clients";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "clients" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "conversation_actions";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "conversation_actions" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "conversation_data";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "conversation_data" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "conversation_messages";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "conversation_messages" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "conversation_turn_timings";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "conversation_turn_timings" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "conversations";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "conversations" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "dials";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "dials" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "establishments";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "establishments" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "invitations";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invitations" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "minute_alerts";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "minute_alerts" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "minute_debits";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "minute_debits" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "minute_grants";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "minute_grants" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "offered_service_establishments";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "offered_service_establishments" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "offered_service_professionals";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "offered_service_professionals" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "offered_services";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "offered_services" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "payments";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payments" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "professionals";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "professionals" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_users_sessions" ON "refresh_token_families";--> statement-breakpoint
CREATE POLICY "tenant_users_sessions" ON "refresh_token_families" AS PERMISSIVE FOR ALL TO public USING (user_id IN (SELECT id FROM users)) WITH CHECK (user_id IN (SELECT id FROM users));--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "subscriptions";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "subscriptions" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "tenants";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenants" AS PERMISSIVE FOR ALL TO public USING (id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "users";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "users" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "voice_agents";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "voice_agents" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
DROP POLICY IF EXISTS "tenant_isolation" ON "waitlist_entries";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "waitlist_entries" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);