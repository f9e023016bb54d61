import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // bench/eval: only the evaluation runner's smoke test (the held-out set is no CI test; decision 0038).
    include: ["packages/**/*.test.ts", "apps/**/*.test.ts", "bench/eval/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    globalSetup: ["packages/db/src/test-global-setup.ts"],
  },
});
