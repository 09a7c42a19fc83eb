// Types of ipc-child.mjs for the bench's TypeScript.
export interface ProcessStats {
  rss: number;
  maxRss: number;
  cpuMs: number;
}
export declare function ownStats(): ProcessStats;
export declare function serveParent(handlers: Record<string, (message: any) => Promise<Record<string, unknown> | void>>): void;
