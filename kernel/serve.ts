import { loadConfig } from './config.ts';
import { createKernel } from './kernel.ts';
import { describeDatabaseError } from './db/startup-errors.ts';
import { limitHeapGrowth } from './heap-growth.ts';

/**
 * `npx storekeep serve` (and `npm start`): migrate, boot and serve HTTPS in this process until SIGTERM
 * or SIGINT, then drain and stop. Resolves with the exit code once the store has stopped: 0 after a
 * clean stop, 1 when start-up failed or the stop did not finish in time. The server runs in the
 * process that receives the signals (no wrapper child), so a process manager's SIGTERM reaches it.
 */
export async function serve(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    process.stderr.write(`Storekeep could not start: ${(err as Error).message}\n`);
    return 1;
  }
  limitHeapGrowth();
  const kernel = createKernel(config);
  const startedAt = Date.now();
  let settle!: (code: number) => void;
  const stopped = new Promise<number>((resolve) => (settle = resolve));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    kernel.logger.info({ signal }, 'stopping: finishing in-flight requests');
    // In-flight requests get 30 s after the grace period; a stop that hangs past that exits non-zero.
    const force = setTimeout(() => {
      kernel.logger.error({ signal }, 'stop did not finish in time; exiting');
      settle(1);
    }, config.shutdownGraceMs + 30_000);
    force.unref();
    kernel.stop().then(
      () => {
        clearTimeout(force);
        kernel.logger.info({ signal, uptime_s: Math.round((Date.now() - startedAt) / 1000) }, 'stopped');
        settle(0);
      },
      (err) => {
        clearTimeout(force);
        kernel.logger.error({ err }, 'error while stopping');
        settle(1);
      },
    );
  };
  const onTerm = () => stop('SIGTERM');
  const onInt = () => stop('SIGINT');
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', onInt);
  try {
    await kernel.start();
  } catch (err) {
    process.off('SIGTERM', onTerm).off('SIGINT', onInt);
    const e = err as Error & { cause?: Error };
    const database = describeDatabaseError(e, config.databaseUrl);
    process.stderr.write(`Storekeep could not start: ${database ?? e?.message ?? e}\n`);
    if (!database && e?.cause?.message) process.stderr.write(`  cause: ${e.cause.message}\n`);
    return 1;
  }
  config.notices(`Storekeep is serving ${config.baseUrl}/ (shop: ${config.baseUrl}/, admin: ${config.baseUrl}/admin/, API: ${config.baseUrl}/api/v1/, API reference: ${config.baseUrl}/docs, health: ${config.baseUrl}/healthz)`);
  const code = await stopped;
  process.off('SIGTERM', onTerm).off('SIGINT', onInt);
  return code;
}
