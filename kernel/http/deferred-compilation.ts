/**
 * Request validators and response serializers compiled on a route's first use, not at start.
 *
 * Fastify asks for a validator per request part and a serializer per response status of every route
 * while the app starts. Compiled, they are generated source, its code and the schemas' closures: about
 * 6 MiB of heap for the built-in plugins' few hundred routes, most of them never called by a given
 * store, and more than half of a test store's start-up time (bench/README.md, "Schemas compiled on first
 * use"). Here each is a small function that compiles its schema the first time it runs.
 *
 * A schema that does not compile then fails that route's requests with a 500 (Fastify treats a throwing
 * validator or serializer as an internal error) instead of failing the start: `compileAll()` compiles
 * every schema not yet compiled and names each route whose schema does not, for a plugin's tests.
 */

/** What Fastify hands a validator compiler. */
export interface ValidatorRequest {
  schema: Record<string, unknown>;
  method?: string;
  url?: string;
  httpPart?: string;
}

/** What Fastify hands a serializer compiler. */
export interface SerializerRequest {
  schema: Record<string, unknown>;
  method?: string;
  url?: string;
  httpStatus?: string;
}

/** An ajv validate function: true or false, with `errors` after a false. */
export interface Validate {
  // The context is ajv's data-validation context (parent object and property), passed through as it is.
  (data: unknown, context?: any): boolean;
  errors?: unknown;
}

type Serialize = (data: unknown) => string;

export class DeferredCompilations {
  // Compilations not yet run: `compileAll()` runs them; each removes itself once it has compiled.
  private readonly pending = new Set<() => unknown>();

  /** A validator compiler whose validators compile on their first call. */
  validators(compile: (request: ValidatorRequest) => Validate): (request: ValidatorRequest) => Validate {
    return (request) => {
      const compiled = this.deferred(() => compile(request), () => `the ${request.httpPart ?? 'request'} schema of ${routeName(request)}`);
      const validate: Validate = (data, context) => {
        const fn = compiled();
        const valid = fn(data, context);
        validate.errors = fn.errors;
        return valid;
      };
      // Fastify passes the parent object (which lets ajv coerce or default a part's root value) only
      // to functions that carry ajv's `schemaEnv`; the compiled function underneath is ajv's.
      return Object.assign(validate, { schemaEnv: true });
    };
  }

  /** A serializer compiler whose serializers compile on their first call. */
  serializers(compile: (request: SerializerRequest) => Serialize): (request: SerializerRequest) => Serialize {
    return (request) => {
      const part = request.httpStatus ? `the ${request.httpStatus} response schema` : 'the response schema';
      const compiled = this.deferred(() => compile(request), () => `${part} of ${routeName(request)}`);
      return (data) => compiled()(data);
    };
  }

  /** Schemas registered and not yet compiled. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Compiles every schema not compiled yet; throws one error naming each route whose schema does not
   * compile (the others are compiled and kept).
   */
  compileAll(): void {
    const problems: string[] = [];
    for (const compile of [...this.pending]) {
      try {
        compile();
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    if (problems.length) throw new Error(`${problems.length} schema(s) do not compile:\n${problems.join('\n')}`);
  }

  /** The compiled function, compiled by the first call (a failure is thrown, and tried again next call). */
  private deferred<F>(compile: () => F, what: () => string): () => F {
    let compiled: F | undefined;
    const get = (): F => {
      if (compiled) return compiled;
      try {
        compiled = compile();
      } catch (err) {
        throw new Error(`${what()} does not compile: ${(err as Error).message}`, { cause: err });
      }
      this.pending.delete(get);
      return compiled;
    };
    this.pending.add(get);
    return get;
  }
}

function routeName(request: { method?: string; url?: string }): string {
  return `${request.method ?? ''} ${request.url ?? '(a route)'}`.trim();
}
