// The child side of a bench process's IPC channel, in plain JavaScript so that the measured store can
// run without a TypeScript loader (store-process.mjs), as `storekeep serve` runs it.

/** What a measured process reports about itself: memory now (V8's heap apart) and at its peak, CPU time used so far. */
export function ownStats() {
  const cpu = process.cpuUsage();
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    cpuMs: (cpu.user + cpu.system) / 1000,
    heapTotal: m.heapTotal,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
}

/** Answers `stats`, runs `handlers`, reports failures instead of dying silently. */
export function serveParent(handlers) {
  process.on('message', async (message) => {
    try {
      if (message?.type === 'stats') return process.send({ type: 'stats:done', ...ownStats() });
      const handler = handlers[message?.type];
      if (!handler) throw new Error(`unknown message ${JSON.stringify(message?.type)}`);
      const reply = await handler(message);
      process.send({ type: `${message.type}:done`, ...(reply ?? {}) });
    } catch (err) {
      process.send({ type: 'error', message: err.message });
    }
  });
  // The parent went away (Ctrl-C, crash): do not linger holding a port or a database.
  process.on('disconnect', () => process.exit(0));
}
