// Types of root-env.mjs for the TypeScript that imports it (the server's settings and their tests).
export declare const repoRoot: string;
export declare function loadRootEnv(root?: string): string | undefined;
