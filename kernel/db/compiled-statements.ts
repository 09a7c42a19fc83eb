import type { Knex } from 'knex';
import { ShapeReader, ShapeTable, type BuilderState } from './statement-shapes.ts';

/** What knex's query compiler answers (`builder.toSQL()` of one statement). */
interface CompiledQuery {
  method: string;
  sql: string;
  bindings: unknown[];
  options: Record<string, unknown>;
  timeout: number | false;
  cancelOnTimeout: boolean;
  __knexQueryUid: string;
  [extra: string]: unknown;
}

/** One statement shape's compiled SQL and where each binding comes from. */
interface Learned {
  method: string;
  sql: string;
  /** The compiler's other answers (`returning`, `pluck`, `as`): strings, arrays of them, or undefined. */
  extras: Record<string, unknown>;
  /** Per binding: the index of the builder's value it is, or -1 for a constant of the shape. */
  sources: number[];
  constants: unknown[];
}

/** A shape the compiler's answer could not be learned for: it is compiled every time. */
const COMPILE_EACH_TIME = 'compile each time' as const;
type Entry = Learned | typeof COMPILE_EACH_TIME;

/** Shapes kept per database (a whereIn of each length is a shape): enough for every query the store makes. */
const SHAPES = 4000;

/**
 * What the shapes of a database may hold, in bytes as `shapeBytes` estimates them. A bulk write's
 * multi-row insert is a shape per row count, and one of 1,000 rows of 12 values holds about 400 KB (its
 * tokens, its SQL, where each of its 12,000 values goes): a stock sync whose batches varied in size kept
 * 25–30 MiB of them after sixty calls (bench/README.md, "Bulk writes' statements kept by their size").
 * A sync that sends batches of one size keeps its few shapes.
 */
const SHAPE_BYTES = 8 * 1024 * 1024;

/** A kept shape's heap, roughly: a slot a token, the SQL's characters, two slots a binding. */
function shapeBytes(tokens: unknown[], entry: Entry): number {
  return 200 + 8 * tokens.length + (entry === COMPILE_EACH_TIME ? 0 : entry.sql.length + 16 * entry.sources.length);
}

/** Fields of a compiled query that every compile makes anew; the rest must be the same for a shape. */
const PER_COMPILE = new Set(['method', 'sql', 'bindings', 'options', 'timeout', 'cancelOnTimeout', '__knexQueryUid']);

/**
 * A stand-in for a bound value while a shape is learned: of the same type, and found again by
 * identity among the compiled bindings.
 */
function standIn(value: unknown, n: number): unknown {
  if (typeof value === 'string') return `\u0000storekeep-bound-${n}\u0000`;
  if (typeof value === 'number') return Math.sign(value) * (7_000_000_000_000 + n + (Number.isInteger(value) ? 0 : 0.5));
  if (typeof value === 'bigint') return (value < 0n ? -1n : 1n) * (7_000_000_000_000n + BigInt(n));
  return new Date(7_000_000_000_000 + n);
}

/** A compiled query's fields besides the ones every compile makes, if they can be kept and compared. */
function extrasOf(query: CompiledQuery): Record<string, unknown> | undefined {
  const extras: Record<string, unknown> = {};
  for (const name of Object.keys(query)) {
    if (PER_COMPILE.has(name)) continue;
    const value = query[name];
    const keepable = value === undefined || typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
    if (!keepable) return undefined;
    extras[name] = value;
  }
  return extras;
}

const sameExtras = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Learns a shape: compiles the builder as it is, then again with each bound value replaced by a
 * stand-in of its type, and puts the values back. The shape is kept only when both compiles give the
 * same SQL and every binding is either one of the values (the stand-in in its place) or the same
 * primitive in both (a constant of the shape, which the shape holds). Anything else (a value written
 * into the SQL, a value the compiler changed) leaves the shape to be compiled every time.
 */
function learn(compile: () => CompiledQuery, reader: ShapeReader): { entry: Entry; compiled: CompiledQuery } {
  const compiled = compile();
  const extras = extrasOf(compiled);
  const slots = reader.slots!;
  if (!extras || slots.length !== reader.values.length) return { entry: COMPILE_EACH_TIME, compiled };
  const standIns = new Map<unknown, number>();
  let again: CompiledQuery;
  let replaced = 0;
  try {
    for (const slot of slots) {
      const stand = standIn(reader.values[replaced], replaced);
      standIns.set(stand, replaced);
      slot.holder[slot.at] = stand;
      replaced++;
    }
    again = compile();
  } catch {
    // A frozen holder, or a compile the stand-ins broke: this shape is compiled every time.
    return { entry: COMPILE_EACH_TIME, compiled };
  } finally {
    for (let n = 0; n < replaced; n++) slots[n]!.holder[slots[n]!.at] = reader.values[n];
  }
  const againExtras = extrasOf(again);
  if (Array.isArray(again) || again.sql !== compiled.sql || again.bindings.length !== compiled.bindings.length || !againExtras || !sameExtras(extras, againExtras) || again.method !== compiled.method) {
    return { entry: COMPILE_EACH_TIME, compiled };
  }
  const sources: number[] = [];
  const constants: unknown[] = [];
  for (let i = 0; i < compiled.bindings.length; i++) {
    const stood = standIns.get(again.bindings[i]);
    if (stood !== undefined && compiled.bindings[i] === reader.values[stood]) {
      sources.push(stood);
      constants.push(undefined);
      continue;
    }
    const constant = compiled.bindings[i];
    const primitive = constant === null || (typeof constant !== 'object' && typeof constant !== 'function');
    if (stood !== undefined || !primitive || again.bindings[i] !== constant) return { entry: COMPILE_EACH_TIME, compiled };
    sources.push(-1);
    constants.push(constant);
  }
  return { entry: { method: compiled.method, sql: compiled.sql, extras, sources, constants }, compiled };
}

let sequence = 0;

/** What `toSQL()` answers for a learned shape, with this builder's values bound. */
function fromLearned(builder: BuilderState, learned: Learned, values: unknown[]): CompiledQuery {
  const bindings = new Array(learned.sources.length);
  for (let i = 0; i < bindings.length; i++) {
    const source = learned.sources[i]!;
    bindings[i] = source < 0 ? learned.constants[i] : values[source];
  }
  const options: Record<string, unknown> = {};
  if (builder._options) for (const option of builder._options) Object.assign(options, option);
  const query: CompiledQuery = {
    method: learned.method,
    options,
    timeout: builder._timeout || false,
    cancelOnTimeout: builder._cancelOnTimeout || false,
    bindings,
    __knexQueryUid: `sk${(++sequence).toString(36)}`,
    ...learned.extras,
    sql: learned.sql,
  };
  const client = builder.client;
  Object.defineProperty(query, 'toNative', {
    value: () => ({ sql: client.positionBindings(query.sql), bindings: client.prepBindings(query.bindings) }),
    enumerable: false,
  });
  return query;
}

const patched = new WeakSet<object>();
const shapesOf = new WeakMap<object, ShapeTable<Entry>>();
/** A reader between reads, taken by the next (a compile inside a compile, for a sub-query, makes its own). */
let spareReader: ShapeReader | undefined;
let checking = false;

/** A learned shape's answer differed from knex's own compile (only while `checkCompiledShapes` is on). */
export class CompiledShapeMismatch extends Error {}

/**
 * Compares every answer given from a learned shape with knex's own compile of the same builder, and
 * throws `CompiledShapeMismatch` on any difference. The test stores turn it on, so that every
 * statement the suite sends, on each database, checks the shapes.
 */
export function checkCompiledShapes(on: boolean): void {
  checking = on;
}

// A compiled query as comparable text: every field but the per-compile id, bindings by identity of kind and value.
function comparable(query: CompiledQuery): string {
  const fields = Object.keys(query)
    .filter((name) => name !== '__knexQueryUid')
    .sort()
    .map((name) => [name, name === 'bindings' ? query.bindings.map(bindingText) : query[name]]);
  return JSON.stringify(fields);
}

function bindingText(value: unknown): unknown {
  if (value instanceof Date) return `date ${value.getTime()}`;
  if (typeof value === 'bigint') return `bigint ${value}`;
  return value === undefined ? 'undefined' : value;
}

/**
 * Compiles each shape of statement once: a query built with knex's builder is turned into its SQL
 * from the shapes already seen, and only a new shape goes through knex's compiler.
 *
 * knex compiles every statement from its builder, each time: wrapping identifiers, walking clauses,
 * collecting bindings. The store sends the same few hundred shapes with different values (a cart by
 * its id, a page of products); compiling was a tenth of a checkout's work and more of a computed read's
 * (bench/README.md, "Each statement compiled once"). A shape (kernel/db/statement-shapes.ts) holds
 * everything in the builder that can change its SQL and leaves out only the bound values; it is learned by compiling it
 * twice, with the values and with stand-ins for them, and kept only when that shows exactly where each
 * value goes (see `learn`). A sub-query's state is part of its statement's shape. A builder with a
 * callback or a value of another kind is compiled by knex, as is any statement while a custom
 * `wrapIdentifier` is configured.
 *
 * The change is to knex's query builder class, shared by every knex instance of the process; each
 * database (knex configuration) keeps its own shapes.
 */
export function compileEachShapeOnce(knex: Knex): void {
  const proto = Object.getPrototypeOf(knex.queryBuilder()) as BuilderState;
  if (patched.has(proto)) return;
  patched.add(proto);
  const compileAfresh = proto.toSQL;
  proto.toSQL = function (this: BuilderState, method?: string, tz?: unknown) {
    const config = this.client.config;
    if (tz !== undefined || config.wrapIdentifier) return compileAfresh.call(this, method, tz);
    const wanted = method || this._method || 'select';
    let shapes = shapesOf.get(config);
    if (!shapes) shapesOf.set(config, (shapes = new ShapeTable<Entry>(SHAPES, SHAPE_BYTES, shapeBytes)));
    const reader = spareReader ?? new ShapeReader(false);
    spareReader = undefined;
    const keyed = reader.read(this, wanted);
    const entry = keyed ? shapes.get(reader) : COMPILE_EACH_TIME;
    const values = reader.values;
    spareReader = reader;
    if (entry === COMPILE_EACH_TIME) return compileAfresh.call(this, method, tz);
    if (entry) {
      const answer = fromLearned(this, entry, values);
      if (checking) {
        const knexs = compileAfresh.call(this, method, tz) as CompiledQuery;
        if (comparable(knexs) !== comparable(answer)) throw new CompiledShapeMismatch(`A learned shape gave ${comparable(answer)}, knex compiles ${comparable(knexs)}`);
      }
      return answer;
    }
    const learner = new ShapeReader(true);
    learner.read(this, wanted);
    const { entry: learned, compiled } = learn(() => compileAfresh.call(this, method, tz) as CompiledQuery, learner);
    shapes.set(learner, learned);
    return compiled;
  };
}
