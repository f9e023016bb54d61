import { defineConfig } from "drizzle-kit";

// Run from packages/db (npm run db:generate): migrations live in the root drizzle/ folder.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "../../drizzle",
  casing: "snake_case",
});
