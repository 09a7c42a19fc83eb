import 'dotenv/config';
import { loadConfig } from './config.ts';
import { createKernel } from './kernel.ts';
import { describeDatabaseError } from './db/startup-errors.ts';

/** `npm start`: migrate, boot and serve HTTPS until SIGTERM/SIGINT, then stop gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const kernel = createKernel(config);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    kernel.logger.info({ signal }, 'stopping: finishing in-flight requests');
    // In-flight requests get 30 s after the grace period; a stop that hangs past that exits non-zero.
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 30_000);
    force.unref();
    kernel.stop().then(
      () => process.exit(0),
      (err) => {
        kernel.logger.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await kernel.start();
  config.notices(`Storekeep is serving ${config.baseUrl}/ (shop: ${config.baseUrl}/, admin: ${config.baseUrl}/admin/, API: ${config.baseUrl}/api/v1/, API reference: ${config.baseUrl}/docs, health: ${config.baseUrl}/healthz)`);
}

main().catch((err) => {
  const database = describeDatabaseError(err, process.env.DATABASE_URL);
  process.stderr.write(`Storekeep could not start: ${database ?? err?.message ?? err}\n`);
  if (!database && err?.cause?.message) process.stderr.write(`  cause: ${err.cause.message}\n`);
  process.exit(1);
});
