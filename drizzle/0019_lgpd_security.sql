-- Account closure (docs/decisions/0031-lgpd.md) ends every session of the tenant's users in the closing tenant's own
-- transaction: app_user may read and revoke (only `revoked_at`) the refresh-token families of the users it can see,
-- and row-level security lets it see exactly its tenant's users, so the policy reaches no other tenant's sessions.
-- Sign-in and token refresh keep using the system door, which row-level security does not bind.
GRANT SELECT, UPDATE (revoked_at) ON refresh_token_families TO app_user;
--> statement-breakpoint
ALTER TABLE refresh_token_families ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_users_sessions ON refresh_token_families
  USING (user_id IN (SELECT id FROM users))
  WITH CHECK (user_id IN (SELECT id FROM users));
--> statement-breakpoint
-- An erasure deletes the agent's idempotency records of the patient's calls (their stored tool answers name the
-- patient); they are needed only while a call runs.
GRANT DELETE ON agent_tool_calls TO app_user;
