import type { Logger } from '../logger.ts';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];

/**
 * `request.log`: the store's logger with the request's id bound, made when the request first writes a
 * line at a level the logger writes. pino makes a child by copying its parent's settings and
 * stringifying the bindings, about 7 µs with the store's redaction and serializers, and most requests
 * write nothing below the configured level (with LOG_LEVEL=warn, none but failures). Until then a
 * line below the level costs a comparison. Anything else asked of it (`child`, `bindings`, `level`, …)
 * makes the child and is the child's.
 */
export function requestLogger(logger: Logger, bindings: Record<string, unknown>, options: Record<string, unknown>): Logger {
  // A route with a level or serializers of its own gets its child at once, as Fastify would make it.
  if (Object.keys(options).length) return logger.child(bindings, options);
  let child: Logger | undefined;
  const real = () => (child ??= logger.child(bindings));
  const writers: Record<string, unknown> = Object.fromEntries(
    LEVELS.map((level: Level) => [
      level,
      (...args: unknown[]) => {
        if (!child && !logger.isLevelEnabled(level)) return;
        (real()[level] as (...a: unknown[]) => void)(...args);
      },
    ]),
  );
  // Fastify checks that a request's logger has `child` (and the level methods) before using it: asking
  // must not make the child.
  writers.child = (...args: Parameters<Logger['child']>) => real().child(...args);
  return new Proxy(writers, {
    get(target, key) {
      if (typeof key === 'string' && key in target) return target[key];
      const value = Reflect.get(real(), key);
      return typeof value === 'function' ? value.bind(real()) : value;
    },
    set(_target, key, value) {
      return Reflect.set(real(), key, value);
    },
    has(target, key) {
      return key in target || key in real();
    },
  }) as unknown as Logger;
}
