// Test harness: a real migrated database per test file, tRPC callers acting as a given user, and seeded tenants.
import { schema } from "@atende/db";
import { createTestDatabase, type TestDatabase } from "@atende/db/testing";
import type { ApiConfig } from "./config";
import type { Actor, Context } from "./context";
import { appRouter } from "./root";
import { createCallerFactory } from "./trpc";

export const testConfig: ApiConfig = {
  nodeEnv: "test",
  serverOrigin: "http://localhost:3000",
  frontendOrigins: ["http://localhost:3000"],
  jwtSecret: new TextEncoder().encode("test-secret-test-secret-test-secret!"),
  accessTokenTtlSeconds: 900,
  refreshTokenTtlDays: 30,
  superAdminEmails: new Set(["root@atende.test"]),
  google: undefined,
  allowClockOverride: true,
};

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export interface SeededTenant {
  tenantId: string;
  userId: string;
  actor: Actor;
  /** The app router as this tenant's user. */
  api: Caller;
}

export interface TestApi {
  database: TestDatabase;
  config: ApiConfig;
  contextFor(actor: Actor | null): Context;
  callerFor(actor: Actor | null): Caller;
  /** Creates a tenant with one user (a super-admin when `superAdmin`). */
  seedTenant(options?: { name?: string; email?: string; superAdmin?: boolean }): Promise<SeededTenant>;
  /** Freezes the clock the procedures see (undefined: real time again). */
  setNow(now: Date | undefined): void;
  /** The clock the procedures see. */
  now(): Date;
  close(): Promise<void>;
}

let seq = 0;

export async function createTestApi(options: { config?: Partial<ApiConfig> } = {}): Promise<TestApi> {
  const database = await createTestDatabase();
  const config = { ...testConfig, ...options.config };
  let frozen: Date | undefined;
  const contextFor = (actor: Actor | null): Context => ({
    sys: database.db,
    actor,
    config,
    now: () => frozen ?? new Date(),
  });
  const callerFor = (actor: Actor | null) => createCaller(contextFor(actor));
  return {
    database,
    config,
    contextFor,
    callerFor,
    async seedTenant(seed = {}) {
      seq += 1;
      const email = seed.email ?? `owner${seq}-${Math.random().toString(36).slice(2, 8)}@clinica.test`;
      const name = seed.name ?? `Clínica ${seq}`;
      const [tenant] = await database.db.insert(schema.tenants).values({ name }).returning();
      if (!tenant) throw new Error("tenant insert returned nothing");
      const [user] = await database.db
        .insert(schema.users)
        .values({ tenantId: tenant.id, email, name: `Dono ${seq}` })
        .returning();
      if (!user) throw new Error("user insert returned nothing");
      const actor: Actor = {
        userId: user.id,
        email,
        name: user.name,
        tenantId: tenant.id,
        isSuperAdmin: seed.superAdmin ?? false,
        selectedTenantId: null,
      };
      return { tenantId: tenant.id, userId: user.id, actor, api: callerFor(actor) };
    },
    setNow(now) {
      frozen = now;
    },
    now: () => frozen ?? new Date(),
    close: () => database.close(),
  };
}
