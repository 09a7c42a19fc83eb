import { Child, type ProcessStats } from './ipc.ts';
import type { Sample } from './http.ts';

/** A running ceiling server: set the response it replays, read its stats, stop it. */
export interface CeilingHandle {
  origin: string;
  serve(sample: Sample): Promise<void>;
  stats(): Promise<ProcessStats>;
  stop(): Promise<void>;
}

// Headers Node writes for every response by itself; everything else is replayed byte for byte.
const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers of a sampled response that the ceiling sends as they were. */
export function replayedHeaders(sample: Sample): Record<string, string> {
  return Object.fromEntries(Object.entries(sample.headers).filter(([name]) => !NODE_WRITES.has(name.toLowerCase())));
}

/**
 * Starts the ceiling: a bare node:https server in its own process, with the store's certificate, that
 * answers every request with exactly the bytes and headers of a response sampled from the store.
 */
export async function startCeiling(tls: { cert: string; key: string }): Promise<CeilingHandle> {
  const child = new Child('ceiling-process.ts', { ...process.env });
  try {
    const { port } = await child.ask<{ port: number }>({ type: 'start', ...tls });
    return {
      origin: `https://127.0.0.1:${port}`,
      serve: async (sample) => {
        await child.ask({ type: 'serve', status: sample.status, headers: replayedHeaders(sample), body: sample.body.toString('base64') });
      },
      stats: () => child.stats(),
      stop: () => child.stop(),
    };
  } catch (err) {
    await child.stop();
    throw err;
  }
}
