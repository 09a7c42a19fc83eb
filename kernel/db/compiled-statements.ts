import type { Knex } from 'knex';

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

/** The part of knex's query builder that decides a statement's SQL (what `clone()` copies). */
interface BuilderState {
  client: { config: object & { wrapIdentifier?: unknown }; positionBindings(sql: string): string; prepBindings(bindings: unknown[]): unknown[] };
  _method: string;
  _single: Record<string, unknown>;
  _statements: Array<Record<string, unknown>>;
  _comments: unknown[];
  _options?: Array<Record<string, unknown>>;
  _timeout?: number;
  _cancelOnTimeout?: boolean;
  toSQL(method?: string, tz?: unknown): CompiledQuery | CompiledQuery[];
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

/** Fields of a compiled query that every compile makes anew; the rest must be the same for a shape. */
const PER_COMPILE = new Set(['method', 'sql', 'bindings', 'options', 'timeout', 'cancelOnTimeout', '__knexQueryUid']);

/** `_statements` groupings whose `value` is bound (a where's or having's operand); elsewhere it names columns. */
const BOUND_VALUE_GROUPINGS = new Set(['where', 'having']);

/** `_single` parts whose values are bound: the rows of an insert, the values of an update or increment, the offset. */
const BOUND_SINGLES = new Set(['insert', 'update', 'counter', 'offset']);

/** Thrown while reading a builder that cannot be keyed (callbacks, buffers, cycles); made once, as it is thrown often. */
const UNKEYABLE = Symbol('unkeyable');

const MAX_DEPTH = 12;

/**
 * Reads a builder's state as a key and a list of its bound values. The key holds every part of the
 * state that can change the SQL: the method, tables, columns, operators, flags, the shape of each
 * value (its type, an array's length), and booleans, nulls and undefineds as they are (the compiler
 * writes `is null` for a null and refuses an undefined). The bound values (strings, numbers, bigints
 * and dates in a where's operand, an insert's rows, an update's values, a raw's bindings, the offset)
 * are left out of the key and listed in the order met.
 */
class ShapeReader {
  key = '';
  values: unknown[] = [];
  /** Where each value sits, for learning a shape (only then). */
  slots: Array<{ holder: Record<string | number, unknown>; at: string | number }> | undefined;

  constructor(learning: boolean) {
    if (learning) this.slots = [];
  }

  /** Reads `builder` for a compile as `method`; false when it cannot be keyed. */
  read(builder: BuilderState, method: string): boolean {
    this.key = method;
    try {
      this.state(builder, 0);
      return true;
    } catch (err) {
      if (err === UNKEYABLE) return false;
      throw err;
    }
  }

  /** A builder's state: the statement's own, or a sub-query's (in a where's operand, as a table). */
  private state(builder: BuilderState, depth: number): void {
    if (depth > MAX_DEPTH) throw UNKEYABLE;
    this.structure(builder._comments, depth);
    this.key += '|S';
    const single = builder._single;
    for (const name of Object.keys(single)) {
      const part = single[name];
      this.key += `,${name}:`;
      if (BOUND_SINGLES.has(name)) this.bound(part, single, name, depth);
      else this.structure(part, depth);
    }
    this.key += '|W';
    for (const statement of builder._statements) {
      this.key += '{';
      const boundValue = BOUND_VALUE_GROUPINGS.has(statement.grouping as string) && statement.type !== 'whereColumn';
      for (const name of Object.keys(statement)) {
        // A join clause's `and` is the clause itself.
        if (name === 'and') continue;
        this.key += `,${name}:`;
        if (boundValue && name === 'value') this.bound(statement[name], statement, name, depth);
        else this.structure(statement[name], depth);
      }
      this.key += '}';
    }
    if (builder._options?.length) {
      this.key += '|O';
      this.structure(builder._options, depth);
    }
  }

  private subQuery(builder: BuilderState, depth: number): void {
    this.key += `Q${builder._method}(`;
    this.state(builder, depth + 1);
    this.key += ')';
  }

  /** A part that names things: everything in it goes into the key. */
  private structure(value: unknown, depth: number): void {
    if (depth > MAX_DEPTH) throw UNKEYABLE;
    switch (typeof value) {
      case 'string':
        this.key += JSON.stringify(value);
        return;
      case 'number':
      case 'boolean':
      case 'undefined':
        this.key += String(value);
        return;
      case 'bigint':
        this.key += `${value}n`;
        return;
      case 'object':
        if (value === null) {
          this.key += 'null';
          return;
        }
        if ((value as { isRawInstance?: boolean }).isRawInstance) return this.raw(value as RawState, depth);
        if (isBuilder(value)) return this.subQuery(value, depth);
        if (Array.isArray(value)) {
          this.key += '[';
          for (const item of value) {
            this.structure(item, depth + 1);
            this.key += ',';
          }
          this.key += ']';
          return;
        }
        if (!isPlainPart(value)) throw UNKEYABLE;
        this.key += '{';
        for (const name of Object.keys(value)) {
          if (name === 'and') continue;
          this.key += `${name}:`;
          this.structure((value as Record<string, unknown>)[name], depth + 1);
          this.key += ',';
        }
        this.key += '}';
        return;
      default:
        throw UNKEYABLE;
    }
  }

  /** A part whose leaves are bound values (an object's keys name columns, and go into the key). */
  private bound(value: unknown, holder: Record<string | number, unknown>, at: string | number, depth: number): void {
    if (depth > MAX_DEPTH) throw UNKEYABLE;
    switch (typeof value) {
      case 'string':
      case 'number':
      case 'bigint': {
        // The compiler may treat an empty string, a zero or a negative number apart (it leaves out an
        // OFFSET 0, and writes an increment by a negative amount as a subtraction): an empty value
        // is kept in the key, and a number's sign is part of its shape.
        const tag = valueTag(value);
        if (tag === undefined) return this.structure(value, depth);
        this.key += tag;
        this.value(value, holder, at);
        return;
      }
      case 'object':
        if (value === null) {
          this.key += 'null';
          return;
        }
        if (value instanceof Date) {
          this.key += 'd';
          this.value(value, holder, at);
          return;
        }
        if ((value as { isRawInstance?: boolean }).isRawInstance) return this.raw(value as RawState, depth);
        if (isBuilder(value)) return this.subQuery(value, depth);
        if (Array.isArray(value)) {
          this.key += `[${value.length}`;
          for (let i = 0; i < value.length; i++) this.bound(value[i], value as unknown as Record<number, unknown>, i, depth + 1);
          this.key += ']';
          return;
        }
        if (Object.getPrototypeOf(value) === Object.prototype) {
          this.key += '{';
          for (const name of Object.keys(value)) {
            this.key += `${JSON.stringify(name)}:`;
            this.bound((value as Record<string, unknown>)[name], value as Record<string, unknown>, name, depth + 1);
            this.key += ',';
          }
          this.key += '}';
          return;
        }
        throw UNKEYABLE;
      case 'boolean':
      case 'undefined':
        this.key += String(value);
        return;
      default:
        throw UNKEYABLE;
    }
  }

  private raw(raw: RawState, depth: number): void {
    if (raw._wrappedBefore !== undefined || raw._wrappedAfter !== undefined) throw UNKEYABLE;
    this.key += `R${JSON.stringify(raw.sql)}`;
    if (raw.bindings === undefined) return;
    if (!Array.isArray(raw.bindings)) throw UNKEYABLE;
    // `??` writes its binding into the SQL as an identifier: such a raw's bindings are all kept in the key.
    if (raw.sql.includes('??')) this.structure(raw.bindings, depth + 1);
    else this.bound(raw.bindings, raw as unknown as Record<string, unknown>, 'bindings', depth + 1);
  }

  private value(value: unknown, holder: Record<string | number, unknown>, at: string | number): void {
    this.values.push(value);
    this.slots?.push({ holder, at });
  }
}

/** A bound value's part of the key, or undefined for a value kept in the key itself. */
function valueTag(value: string | number | bigint): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : 's';
  if (typeof value === 'number') return value === 0 || !Number.isFinite(value) ? undefined : value < 0 ? 'n-' : 'n+';
  return value === 0n ? undefined : value < 0n ? 'b-' : 'b+';
}

interface RawState {
  sql: string;
  bindings: unknown;
  _wrappedBefore?: unknown;
  _wrappedAfter?: unknown;
}

function isBuilder(value: object): value is BuilderState {
  return typeof (value as BuilderState).toSQL === 'function' && Array.isArray((value as BuilderState)._statements);
}

// The builder's own parts are plain objects, and joins are JoinClause objects of plain parts.
function isPlainPart(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || proto?.constructor?.name === 'JoinClause';
}

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
 * primitive in both (a constant of the shape, which the key holds). Anything else (a value written
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
const shapesOf = new WeakMap<object, Map<string, Entry>>();
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
 * (bench/README.md, "Each statement compiled once"). A shape's key holds everything in the builder
 * that can change its SQL and leaves out only the bound values; a shape is learned by compiling it
 * twice, with the values and with stand-ins for them, and kept only when that shows exactly where each
 * value goes (see `learn`). A sub-query's state is part of its statement's key. A builder with a
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
    if (!shapes) shapesOf.set(config, (shapes = new Map()));
    const reader = new ShapeReader(false);
    if (!reader.read(this, wanted)) return compileAfresh.call(this, method, tz);
    const entry = shapes.get(reader.key);
    if (entry === COMPILE_EACH_TIME) return compileAfresh.call(this, method, tz);
    if (entry) {
      const answer = fromLearned(this, entry, reader.values);
      if (checking) {
        const knexs = compileAfresh.call(this, method, tz) as CompiledQuery;
        if (comparable(knexs) !== comparable(answer)) throw new CompiledShapeMismatch(`The shape ${reader.key} gave ${comparable(answer)}, knex compiles ${comparable(knexs)}`);
      }
      return answer;
    }
    const learner = new ShapeReader(true);
    learner.read(this, wanted);
    const { entry: learned, compiled } = learn(() => compileAfresh.call(this, method, tz) as CompiledQuery, learner);
    if (shapes.size >= SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(learner.key, learned);
    return compiled;
  };
}
