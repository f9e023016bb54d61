-- The shared door (docs/decisions/0010-tenancy-by-structure.md): a role for the tables that belong to no tenant
-- (the plan catalogue, contact messages, the e-mail outbox, sandbox checkouts). It gets privileges table by table as
-- those tables arrive, and none on any tenant's table, so the database itself keeps shared code out of tenant data.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_shared') THEN
    CREATE ROLE app_shared NOLOGIN;
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_shared;
--> statement-breakpoint
-- The minutes an appointment's service occupies: its duration and both buffers (spec 001 §9). Written once for SQL;
-- its TypeScript twin is occupiedMinutes in packages/api/src/services/booking.ts, and a test holds them equal.
CREATE OR REPLACE FUNCTION occupied_minutes(duration integer, buffer_before integer, buffer_after integer)
  RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN duration + buffer_before + buffer_after;
