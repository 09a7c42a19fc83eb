import type { Logger } from '../logger.ts';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];

const STATE = Symbol('requestLoggerState');

interface State {
  parent: Logger;
  bindings: Record<string, unknown>;
  child?: Logger;
}

const real = (state: State): Logger => (state.child ??= state.parent.child(state.bindings));

// The level methods and `child` live on one shared prototype, and the proxy's traps are shared too: a
// request pays for one small object and its proxy, not for a set of closures of its own.
const methods: Record<string | symbol, unknown> = Object.create(null);
for (const level of LEVELS) {
  methods[level] = function (this: { [STATE]: State }, ...args: unknown[]) {
    const state = this[STATE];
    if (!state.child && !state.parent.isLevelEnabled(level as Level)) return;
    (real(state)[level] as (...a: unknown[]) => void)(...args);
  };
}
// Fastify checks that a request's logger has `child` (and the level methods) before using it: asking
// must not make the child.
methods.child = function (this: { [STATE]: State }, ...args: Parameters<Logger['child']>) {
  return real(this[STATE]).child(...args);
};

const traps: ProxyHandler<{ [STATE]: State }> = {
  get(target, key) {
    if (key === STATE) return target[STATE];
    if (key in methods) return methods[key];
    const child = real(target[STATE]);
    const value = Reflect.get(child, key);
    return typeof value === 'function' ? value.bind(child) : value;
  },
  set(target, key, value) {
    return Reflect.set(real(target[STATE]), key, value);
  },
  has(target, key) {
    return key in methods || key in real(target[STATE]);
  },
};

/**
 * `request.log`: the store's logger with the request's id bound, made when the request first writes a
 * line at a level the logger writes. pino makes a child by copying its parent's settings and
 * stringifying the bindings, about 7 µs with the store's redaction and serializers, and most requests
 * write nothing below the configured level (with LOG_LEVEL=warn, none but failures; at any level the
 * request's own closing line goes through its own logger, http/request-log.ts). Until then a line below
 * the level costs a comparison. Anything else asked of it (`child`, `bindings`, `level`, …) makes the
 * child and is the child's.
 */
export function requestLogger(logger: Logger, bindings: Record<string, unknown>, options: Record<string, unknown>): Logger {
  // A route with a level or serializers of its own gets its child at once, as Fastify would make it.
  for (const _ in options) return logger.child(bindings, options);
  return new Proxy({ [STATE]: { parent: logger, bindings } }, traps) as unknown as Logger;
}
