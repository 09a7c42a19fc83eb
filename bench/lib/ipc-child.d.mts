// Types of ipc-child.mjs for the bench's TypeScript.
export interface ProcessStats {
  rss: number;
  maxRss: number;
  cpuMs: number;
  /** V8's heap: reserved for it, and in use; memory of Buffers and other objects outside it. */
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
export declare function ownStats(): ProcessStats;
export declare function serveParent(handlers: Record<string, (message: any) => Promise<Record<string, unknown> | void>>): void;
