-- The rate limits' counters (docs/decisions/0008-rate-limits.md): a table of no tenant. The shared door counts
-- attempts (an upsert per sign-in attempt, a flush per second of the API budget's local counts) and deletes the rows
-- of past windows; no tenant transaction reaches it.
GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limit_counters TO app_shared;
