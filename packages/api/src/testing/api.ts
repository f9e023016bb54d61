// Test harness: a real migrated database per test file, tRPC callers acting as a given user, and seeded tenants.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DataAccess, type Database, dataAccess, schema } from "@atende/db";
import { createTestDatabase, type TestDatabase } from "@atende/db/testing";
import { signAccessToken } from "../auth/tokens";
import { createServices, type Services } from "../composition";
import {
  type ApiConfig,
  DEFAULT_CALENDAR_TIMEOUTS,
  DEFAULT_DEMO_CALL_LIMITS,
  DEFAULT_DIAL_LIMITS,
  GOOGLE_CALENDAR_API_URL,
  WHATSAPP_API_URL,
} from "../config";
import type { Actor, Context } from "../context";
import { appRouter } from "../root";
import { createCallerFactory } from "../trpc";

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
  telephonyPublicUrl: "ws://localhost:3001",
  places: undefined,
  twilio: undefined,
  demoCall: DEFAULT_DEMO_CALL_LIMITS,
  dial: DEFAULT_DIAL_LIMITS,
  // One temporary folder per test file (each file loads this module anew).
  recordingsDir: mkdtempSync(join(tmpdir(), "atende-recordings-")),
  billing: { mercadopago: undefined, webhookSecret: "test-webhook-secret-0123456789", trialMinutes: 60 },
  // Off: every in-process request comes from one address ("local"); contact.rest.test.ts turns it on.
  contact: { salesEmail: "vendas@atende.test", perAddressPerHour: 0 },
  calendar: {
    encryptionKey: new Uint8Array(32).fill(7),
    apiUrl: GOOGLE_CALENDAR_API_URL,
    ...DEFAULT_CALENDAR_TIMEOUTS,
  },
  confirmations: { callsPerDay: 400, whatsappApiUrl: WHATSAPP_API_URL, whatsappTimeoutMs: 5000 },
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
  /** The raw test database: seeds and assertions may look past row-level security. */
  database: TestDatabase;
  /** The same database behind its doors, as the server has it (`data.inTenant(id, fn)` to act as a tenant). */
  data: DataAccess;
  config: ApiConfig;
  /** The installation's services, built once for the test file as the server's main builds them. */
  services: Services;
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

/** A tenant with one user, written straight through the schema; answers the user as an actor. */
export async function insertTenant(
  db: Database,
  seed: { name?: string; email?: string; superAdmin?: boolean } = {},
): Promise<Actor> {
  seq += 1;
  const email = seed.email ?? `owner${seq}-${Math.random().toString(36).slice(2, 8)}@clinica.test`;
  const [tenant] = await db
    .insert(schema.tenants)
    .values({ name: seed.name ?? `Clínica ${seq}` })
    .returning();
  if (!tenant) throw new Error("tenant insert returned nothing");
  const [user] = await db
    .insert(schema.users)
    .values({ tenantId: tenant.id, email, name: `Dono ${seq}`, role: "OWNER" })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return {
    userId: user.id,
    email,
    name: user.name,
    tenantId: tenant.id,
    isSuperAdmin: seed.superAdmin ?? false,
    selectedTenantId: null,
  };
}

/** A user's request context, as the server builds it (no agent, no idempotency key). */
function userContext(
  data: DataAccess,
  actor: Actor | null,
  config: ApiConfig,
  now: () => Date,
  services: Services,
): Context {
  return { ...services, data, actor, agent: null, idempotencyKey: null, config, now };
}

/**
 * The app router as `actor`, in-process (the path a procedure test takes), over `services` (services of its own
 * when none are given).
 */
export function callerFor(
  data: DataAccess,
  actor: Actor | null,
  config: ApiConfig,
  now: () => Date,
  services: Services = createServices(config, data, { now }),
): Caller {
  return createCaller(userContext(data, actor, config, now, services));
}

/** An access token for `actor`, as sign-in would issue it. */
export function accessTokenFor(actor: Actor, config: ApiConfig, now: Date = new Date()): Promise<string> {
  return signAccessToken(
    {
      sub: actor.userId,
      email: actor.email,
      name: actor.name,
      tenantId: actor.tenantId,
      isSuperAdmin: actor.isSuperAdmin,
      superAdminSelectedTenantId: actor.selectedTenantId,
    },
    config.jwtSecret,
    config.accessTokenTtlSeconds,
    now,
  );
}

export async function createTestApi(options: { config?: Partial<ApiConfig> } = {}): Promise<TestApi> {
  const database = await createTestDatabase();
  const config = { ...testConfig, ...options.config };
  const data = dataAccess(database.db);
  let frozen: Date | undefined;
  const now = () => frozen ?? new Date();
  const services = createServices(config, data, { now, listen: database.listen });
  const contextFor = (actor: Actor | null): Context => userContext(data, actor, config, now, services);
  return {
    database,
    data,
    config,
    services,
    contextFor,
    callerFor: (actor) => callerFor(data, actor, config, now, services),
    async seedTenant(seed = {}) {
      const actor = await insertTenant(database.db, seed);
      return {
        tenantId: actor.tenantId,
        userId: actor.userId,
        actor,
        api: callerFor(data, actor, config, now, services),
      };
    },
    setNow(now) {
      frozen = now;
    },
    now,
    close: () => database.close(),
  };
}
