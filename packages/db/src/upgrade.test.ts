// Upgrading a populated database across the migration that moved the tenant tables' policies into their declarations
// (0029; docs/decisions/0053-tenant-tables-declared-once.md): from migration 0028, the last one written by hand, with
// a row of two tenants in every tenant table, to the head. Every row stays readable by its own tenant only, and the
// policies and grants come out as they went in.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataAccess } from "./access";
import { migrationsFolder, selectRows } from "./client";
import { TENANT_TABLES } from "./schema";
import { createTestDatabase, type TestDatabase } from "./testing";

/** The last migration before the policies were declared with the tables. */
const BEFORE = "0028_waitlist_security";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

/** A copy of drizzle/ whose journal ends at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "atende-migrations-"));
  mkdirSync(join(dir, "meta"));
  for (const file of readdirSync(migrationsFolder)) {
    if (file.endsWith(".sql")) copyFileSync(join(migrationsFolder, file), join(dir, file));
  }
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

/**
 * One row in every tenant table of migration 0028 for the tenant `t` (written in that version's SQL, so later
 * columns cannot break it). `n` tells the tenants' ids apart: `…n01` is the tenant's establishment, and so on.
 */
function seedTenant(t: string, n: string): string {
  const u = (k: string) => `00000000-0000-4000-8${n}00-0000000000${k}`;
  return `
    insert into tenants (id, name) values ('${t}', 'Clínica ${n}');
    insert into users (id, tenant_id, email, name) values ('${u("01")}', '${t}', 'dona${n}@exemplo.com.br', 'Dona ${n}');
    insert into refresh_token_families (id, user_id) values ('${u("02")}', '${u("01")}');
    insert into invitations (id, tenant_id, email, expires_at)
      values ('${u("03")}', '${t}', 'equipe${n}@exemplo.com.br', now() + interval '1 day');
    insert into audit_log (id, tenant_id, actor_email, action) values ('${u("04")}', '${t}', 'dona${n}@exemplo.com.br', 'x');
    insert into voice_agents (id, tenant_id, agent_type, voice_type, voice_tone, name, ddd, welcome_message)
      values ('${u("05")}', '${t}', 'CLINICA_DE_SAUDE', 'FEMININE', 'FRIENDLY', 'Ana', '11', 'Olá');
    insert into establishments (id, tenant_id, name, address) values ('${u("06")}', '${t}', 'Sede', 'Rua A, 1');
    insert into professionals (id, tenant_id, name, specialty) values ('${u("07")}', '${t}', 'Dra. ${n}', 'Clínica');
    insert into offered_services (id, tenant_id, name, duration, price_type, modality)
      values ('${u("08")}', '${t}', 'Consulta', 30, 'FIXED', 'IN_PERSON');
    insert into offered_service_establishments (tenant_id, offered_service_id, establishment_id)
      values ('${t}', '${u("08")}', '${u("06")}');
    insert into offered_service_professionals (tenant_id, offered_service_id, professional_id)
      values ('${t}', '${u("08")}', '${u("07")}');
    insert into clients (id, tenant_id, full_name, phone_number) values ('${u("09")}', '${t}', 'Paciente ${n}', '(11) 98765-4321');
    insert into availabilities (id, tenant_id, professional_id, establishment_id, pattern_type, days_of_week, start_time, end_time)
      values ('${u("10")}', '${t}', '${u("07")}', '${u("06")}', 'WEEKLY', '{1}', '08:00', '12:00');
    insert into availability_exceptions (tenant_id, availability_id, date, cancelled)
      values ('${t}', '${u("10")}', '2026-12-07', true);
    insert into appointments (id, tenant_id, client_id, professional_id, establishment_id, scheduled_at, ends_at)
      values ('${u("11")}', '${t}', '${u("09")}', '${u("07")}', '${u("06")}', '2026-12-08 11:00Z', '2026-12-08 11:30Z');
    insert into appointment_services (tenant_id, appointment_id, position, offered_service_id, offered_service_name,
        duration, buffer_duration_before, buffer_duration_after)
      values ('${t}', '${u("11")}', 0, '${u("08")}', 'Consulta', 30, 0, 0);
    insert into waitlist_entries (id, tenant_id, client_id, offered_service_id, from_date, until_date)
      values ('${u("12")}', '${t}', '${u("09")}', '${u("08")}', '2026-12-08', '2026-12-20');
    insert into conversations (id, tenant_id) values ('${u("13")}', '${t}');
    insert into conversation_messages (id, tenant_id, conversation_id, sender, content)
      values ('${u("14")}', '${t}', '${u("13")}', 'CALLER', 'Oi');
    insert into conversation_actions (id, tenant_id, conversation_id, action_type)
      values ('${u("15")}', '${t}', '${u("13")}', 'BOOK');
    insert into conversation_data (tenant_id, conversation_id, key, value) values ('${t}', '${u("13")}', 'k', 'v');
    insert into call_tickets (id, tenant_id, is_test, issued_at) values ('${u("13")}', '${t}', true, now());
    insert into agent_tool_calls (tenant_id, call_id, key, procedure) values ('${t}', '${u("13")}', 'k1', 'book');
    insert into call_usage (tenant_id, conversation_id, seconds, minutes, is_test) values ('${t}', '${u("13")}', 61, 2, false);
    insert into conversation_turn_timings (tenant_id, conversation_id, turn, input, started_at, interrupted)
      values ('${t}', '${u("13")}', 1, 'SPEECH', now(), false);
    insert into subscriptions (id, tenant_id, plan_code, status, price_in_cents, monthly_minutes,
        current_period_start, current_period_end)
      values ('${u("16")}', '${t}', 'pack250-monthly', 'ACTIVE', 69700, 250, now(), now() + interval '30 days');
    insert into payments (id, tenant_id, kind, description, value_in_cents)
      values ('${u("17")}', '${t}', 'CYCLE', 'Plano 250', 69700);
    insert into minute_grants (id, tenant_id, source, key, minutes, starts_at, payment_id)
      values ('${u("18")}', '${t}', 'CYCLE', 'cycle:${u("17")}', 250, now(), '${u("17")}');
    insert into minute_debits (tenant_id, conversation_id, grant_id, minutes) values ('${t}', '${u("13")}', '${u("18")}', 2);
    insert into minute_alerts (tenant_id, grant_id, threshold) values ('${t}', '${u("18")}', 80);
    insert into calendar_invitations (id, tenant_id, professional_id, token_hash, expires_at)
      values ('${u("19")}', '${t}', '${u("07")}', 'hash${n}', now() + interval '2 days');
    insert into calendar_connections (tenant_id, professional_id, google_email, refresh_token_encrypted)
      values ('${t}', '${u("07")}', 'dra${n}@gmail.com', 'sealed');
    insert into calendar_events (tenant_id, appointment_id, professional_id, calendar_id, google_event_id)
      values ('${t}', '${u("11")}', '${u("07")}', 'primary', 'ev${n}');
    insert into dials (id, tenant_id, purpose, to_number, actor_kind, outcome)
      values ('${u("20")}', '${t}', 'TEST_CALL', '+5511987654321', 'USER', 'PLACED');
  `;
}

interface PolicyRow {
  tablename: string;
  policyname: string;
  permissive: string;
  roles: string;
  cmd: string;
  qual: string | null;
  with_check: string | null;
}

describe("upgrading a populated database to the declared policies", () => {
  let database: TestDatabase;
  let folder: string;
  let policiesBefore: PolicyRow[];
  let grantsBefore: unknown[];
  let tenantTablesBefore: string[];

  const policies = () =>
    selectRows<PolicyRow>(
      database.db,
      sql`select tablename::text, policyname::text, permissive, roles::text, cmd, qual, with_check
        from pg_policies where schemaname = 'public' order by tablename, policyname`,
    );
  const grants = () =>
    selectRows(
      database.db,
      sql`select table_name::text, privilege_type::text from information_schema.role_table_grants
        where grantee in ('app_user', 'app_shared') and table_schema = 'public' order by 1, 2`,
    );

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    folder = migrationsUpTo(BEFORE);
    await database.migrate(folder);
    tenantTablesBefore = (
      await selectRows<{ table_name: string }>(
        database.db,
        sql`select table_name::text from information_schema.columns
          where column_name = 'tenant_id' and table_schema = 'public' order by 1`,
      )
    ).map((row) => row.table_name);
    for (const statement of `${seedTenant(A, "a")}${seedTenant(B, "b")}`.split(";\n")) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
    policiesBefore = await policies();
    grantsBefore = await grants();
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("seeded a row of each tenant in every tenant table migration 0028 had", async () => {
    expect(tenantTablesBefore.length).toBeGreaterThan(30);
    for (const table of tenantTablesBefore) {
      const rows = await selectRows<{ tenant_id: string }>(
        database.db,
        sql`select tenant_id::text from ${sql.identifier(table)} order by 1`,
      );
      expect(
        rows.map((r) => r.tenant_id),
        table,
      ).toEqual([A, B]);
    }
  });

  it("applied the migration that declares the policies", async () => {
    const applied = await selectRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    expect(applied[0]?.count).toBe(journal.entries.length);
  });

  it("lets each tenant read its own row of every tenant table, and no other", async () => {
    const data = dataAccess(database.db);
    expect(tenantTablesBefore.filter((table) => !TENANT_TABLES.includes(table))).toEqual([]);
    for (const [tenant, other] of [
      [A, B],
      [B, A],
    ] as const) {
      const seen = await data.inTenant(tenant, async (tx) => {
        const byTable: Record<string, string[]> = {};
        for (const table of tenantTablesBefore) {
          const rows = await selectRows<{ tenant_id: string }>(
            tx,
            sql`select tenant_id::text from ${sql.identifier(table)}`,
          );
          byTable[table] = rows.map((r) => r.tenant_id);
        }
        const own = await selectRows<{ id: string }>(tx, sql`select id::text from tenants`);
        const sessions = await selectRows<{ id: string }>(
          tx,
          sql`select user_id::text as id from refresh_token_families`,
        );
        return { byTable, own: own.map((r) => r.id), sessions: sessions.length };
      });
      for (const table of tenantTablesBefore)
        expect(seen.byTable[table], `${table} for ${tenant}`).toEqual([tenant]);
      expect(seen.own).toEqual([tenant]);
      expect(seen.own).not.toContain(other);
      expect(seen.sessions).toBe(1);
    }
  });

  it("recreated every policy as it was and left the grants alone", async () => {
    // The tables of 0028 only: later migrations add tables of their own (waitlist_holds), with their own policy.
    const existed = new Set(policiesBefore.map((row) => row.tablename));
    const existedGrants = new Set(grantsBefore.map((row) => (row as { table_name: string }).table_name));
    expect((await policies()).filter((row) => existed.has(row.tablename))).toEqual(policiesBefore);
    expect(
      (await grants()).filter((row) => existedGrants.has((row as { table_name: string }).table_name)),
    ).toEqual(grantsBefore);
  });
});
