import { defineConfig } from "vitest/config";

// Two projects (docs/decisions/0035-voice-pipeline-stages-and-clock.md, "CI"): `npm test` runs both on PGlite, then
// runs `database` again on the PostgreSQL server. A suite belongs in `database` when its subject is what the database
// does (queries, constraints, row-level security, transactions, ordered or concurrent writes, a REST path's answers
// from stored rows); every other suite (the agent, shared, the web app, telephony audio and whole calls, deploy,
// anything that only starts a server on a database of its own for its own purposes) runs once, on PGlite.
const DATABASE_SUITES = [
  "packages/db/src/**/*.test.ts",
  // The procedures' suites: every *.router.test.ts and the siblings that call procedures.
  "packages/api/src/**/*.router.test.ts",
  "packages/api/src/scheduling/appointments.concurrency.test.ts",
  "packages/api/src/scheduling/appointments.properties.test.ts",
  "packages/api/src/scheduling/clients.phone.test.ts",
  "packages/api/src/access.test.ts",
  "packages/api/src/trpc.test.ts",
  "packages/api/src/billing/calls-gate.test.ts",
  "packages/api/src/billing/apply-transition.test.ts",
  "packages/api/src/jobs/runner.test.ts",
  "packages/api/src/identity/auth.test.ts",
  "packages/api/src/scheduling/booking.test.ts",
  "packages/api/src/calls/conversations.test.ts",
  "packages/api/src/services/email.test.ts",
  "apps/server/src/**/*.rest.test.ts",
  "apps/server/src/oauth/**/*.test.ts",
  "apps/server/src/tenant-isolation.test.ts",
  "apps/server/src/no-500.test.ts",
  "apps/server/src/call-faults.test.ts",
  "apps/server/src/demo-call.test.ts",
  "apps/server/src/rate-limit.shared.test.ts",
  "packages/api/src/calls/dial-gate.test.ts",
  "packages/api/src/dashboard/dashboard.test.ts",
];

// bench/eval: only the evaluation runner's smoke test (the held-out set is no CI test; decision 0038).
const ALL_SUITES = ["packages/**/*.test.ts", "apps/**/*.test.ts", "bench/eval/**/*.test.ts"];
const EXCLUDED = ["**/node_modules/**", "**/dist/**"];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    globalSetup: ["packages/db/src/test-global-setup.ts"],
    projects: [
      {
        extends: true,
        test: { name: "database", include: DATABASE_SUITES, exclude: EXCLUDED },
      },
      {
        extends: true,
        test: {
          name: "once",
          include: ALL_SUITES,
          exclude: [...EXCLUDED, ...DATABASE_SUITES],
          // Always PGlite, even when the run names a PostgreSQL server: these suites' subject is not the database.
          env: { TEST_DATABASE_URL: "" },
        },
      },
    ],
  },
});
