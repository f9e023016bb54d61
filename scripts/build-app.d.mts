// Types of build-app.mjs for the TypeScript that imports it (apps/server/src/deploy.test.ts).
export declare function buildApp(
  appDir: string,
  options?: { outDir?: string; logLevel?: "silent" | "error" | "warning" | "info" },
): Promise<{ outFile: string; metafile: unknown }>;
