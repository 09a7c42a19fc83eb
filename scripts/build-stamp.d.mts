// Types of scripts/build-stamp.mjs for the TypeScript that imports it (tests).
export declare const SOURCE_ROOTS: readonly string[];
export declare const STAMP_FILE: string;
export declare function sourceFiles(root: string): string[];
export declare function sourceStamp(root: string, files?: string[]): string;
export declare function distIsCurrent(root: string): boolean;
