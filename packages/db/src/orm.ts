// Drizzle's query operators, re-exported so every package uses the one copy of drizzle-orm that @atende/db has.
export * from "drizzle-orm";
export type { PgInsertValue } from "drizzle-orm/pg-core";
