// The repository root and its .env, shared by the entry points that run from the root (`npm start`, `npm run dev`)
// and by the server's settings, so every way of starting the product reads the same settings.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the working directory. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Loads `<root>/.env` (never committed; see .env.example) into process.env when it exists. It only fills what the
 * environment does not set: a variable given on the command line wins over the file. Returns the file it read.
 */
export function loadRootEnv(root = repoRoot) {
  const file = join(root, ".env");
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}
