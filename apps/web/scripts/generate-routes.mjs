// Writes src/routeTree.gen.ts without starting Vite, so `tsc` can run on a fresh clone (the file is git-ignored;
// `vite dev` and `vite build` regenerate it through the router plugin with the same configuration).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Generator } from "@tanstack/router-generator";
import { getConfig } from "@tanstack/router-plugin";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const config = getConfig({ target: "react", autoCodeSplitting: true }, root);
await new Generator({ config, root }).run();
