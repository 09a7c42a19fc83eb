// Types of scripts/build.mjs for the TypeScript that imports it (the bench, tests).
export declare function buildDist(out?: string): Promise<{ files: number; compiled: number; ms: number }>;
