/**
 * A knex builder's shape, read as a list of tokens, and the table of shapes seen, for
 * kernel/db/compiled-statements.ts.
 *
 * A shape holds every part of a builder's state that can change its SQL (the method, tables, columns,
 * operators, flags, the shape of each bound value: its type, an array's length) and leaves out only
 * the bound values, which are listed apart in the order met. It is a list of tokens, not a text: the
 * names and constants are the builder's own strings and numbers, compared where they are, and the
 * structure is marked by tokens no builder holds. Reading a builder this way costs no string building
 * and no hashing of a long key; an earlier text key (some 500–1,000 characters for a page of
 * products) took three quarters of a statement's compile-from-shape time to build and hash.
 */

/** The part of knex's query builder that decides a statement's SQL (what `clone()` copies). */
export interface BuilderState {
  client: { config: object & { wrapIdentifier?: unknown }; positionBindings(sql: string): string; prepBindings(bindings: unknown[]): unknown[] };
  _method: string;
  _single: Record<string, unknown>;
  _statements: Array<Record<string, unknown>>;
  _comments: unknown[];
  _options?: Array<Record<string, unknown>>;
  _timeout?: number;
  _cancelOnTimeout?: boolean;
  toSQL(method?: string, tz?: unknown): unknown;
}

/**
 * A token that marks structure. Each is an object of its own, so no string, number or other value a
 * builder holds can equal one; `code` is its part of the shape's hash.
 */
class Mark {
  constructor(readonly code: number) {}
}

const SINGLE = new Mark(1);
const STATEMENTS = new Mark(2);
const OPTIONS = new Mark(3);
const STATEMENT = new Mark(4);
const STATEMENT_END = new Mark(5);
const SUB_QUERY = new Mark(6);
const SUB_QUERY_END = new Mark(7);
const ARRAY = new Mark(8);
const ARRAY_END = new Mark(9);
const OBJECT = new Mark(10);
const OBJECT_END = new Mark(11);
const RAW = new Mark(12);
const BOUND_ARRAY = new Mark(13);
const NOT_A_NUMBER = new Mark(14);
// A bound value's kind, in place of the value: the compiler may treat an empty string, a zero or a
// negative number apart (it leaves out an OFFSET 0, and writes an increment by a negative amount as a
// subtraction), so an empty value is a token itself, and a number's sign is part of its shape.
const STRING_VALUE = new Mark(15);
const POSITIVE = new Mark(16);
const NEGATIVE = new Mark(17);
const BIG_POSITIVE = new Mark(18);
const BIG_NEGATIVE = new Mark(19);
const DATE_VALUE = new Mark(20);

/** Thrown while reading a builder that cannot be keyed (callbacks, buffers, cycles); made once, as it is thrown often. */
const UNKEYABLE = Symbol('unkeyable');

const MAX_DEPTH = 12;

/** `_statements` groupings whose `value` is bound (a where's or having's operand); elsewhere it names columns. */
const BOUND_VALUE_GROUPINGS = new Set(['where', 'having']);

/** `_single` parts whose values are bound: the rows of an insert, the values of an update or increment, the offset. */
const BOUND_SINGLES = new Set(['insert', 'update', 'counter', 'offset']);

/** Where a bound value sits in the builder, for learning a shape (only then). */
export interface Slot {
  holder: Record<string | number, unknown>;
  at: string | number;
}

/**
 * Reads a builder's state as its shape's tokens and hash, and the list of its bound values (strings,
 * numbers, bigints and dates in a where's operand, an insert's rows, an update's values, a raw's
 * bindings, the offset). Booleans, nulls and undefineds stay in the shape as they are: the compiler
 * writes `is null` for a null and refuses an undefined.
 */
export class ShapeReader {
  tokens: unknown[] = [];
  length = 0;
  hash = 0;
  values: unknown[] = [];
  /** Where each value sits, for learning a shape (only then). */
  slots: Slot[] | undefined;

  constructor(learning: boolean) {
    if (learning) this.slots = [];
  }

  /** Reads `builder` for a compile as `method`; false when it cannot be keyed. */
  read(builder: BuilderState, method: string): boolean {
    this.length = 0;
    this.hash = 0x811c9dc5;
    this.values = [];
    if (this.slots) this.slots = [];
    this.token(method);
    try {
      this.state(builder, 0);
      return true;
    } catch (err) {
      if (err === UNKEYABLE) return false;
      throw err;
    }
  }

  /** The tokens read, as a list of their own (the reader's list is reused by its next read). */
  shape(): unknown[] {
    return this.tokens.slice(0, this.length);
  }

  /** Whether `tokens` are the tokens just read. */
  matches(tokens: unknown[]): boolean {
    if (tokens.length !== this.length) return false;
    const own = this.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const a = tokens[i];
      if (a !== own[i]) return false;
    }
    return true;
  }

  private push(token: unknown, code: number): void {
    this.tokens[this.length++] = token;
    this.hash = Math.imul(this.hash ^ code, 0x01000193);
  }

  private mark(mark: Mark): void {
    this.push(mark, mark.code);
  }

  /** A name or constant of the shape: a string, number, bigint, boolean, null or undefined. */
  private token(value: string | number | bigint | boolean | null | undefined): void {
    switch (typeof value) {
      case 'string': {
        const n = value.length;
        this.push(value, n === 0 ? 0x100 : (n << 16) ^ (value.charCodeAt(0) << 8) ^ value.charCodeAt(n - 1) ^ (value.charCodeAt(n >> 1) << 4));
        return;
      }
      case 'number':
        // NaN equals nothing, not even itself: it is a mark of its own. Zero and minus zero are one
        // shape, as both compile alike.
        if (value !== value) return this.mark(NOT_A_NUMBER);
        this.push(value, (value | 0) ^ 0x5bd1e995);
        return;
      case 'bigint':
        this.push(value, 0x27d4eb2d);
        return;
      default:
        this.push(value, value === true ? 0x3a : value === false ? 0x3b : value === null ? 0x3c : 0x3d);
    }
  }

  /** A builder's state: the statement's own, or a sub-query's (in a where's operand, as a table). */
  private state(builder: BuilderState, depth: number): void {
    if (depth > MAX_DEPTH) throw UNKEYABLE;
    this.structure(builder._comments, depth);
    this.mark(SINGLE);
    const single = builder._single;
    for (const name of Object.keys(single)) {
      const part = single[name];
      this.token(name);
      if (BOUND_SINGLES.has(name)) this.bound(part, single, name, depth);
      else this.structure(part, depth);
    }
    this.mark(STATEMENTS);
    for (const statement of builder._statements) {
      this.mark(STATEMENT);
      const boundValue = BOUND_VALUE_GROUPINGS.has(statement.grouping as string) && statement.type !== 'whereColumn';
      for (const name of Object.keys(statement)) {
        // A join clause's `and` is the clause itself.
        if (name === 'and') continue;
        this.token(name);
        if (boundValue && name === 'value') this.bound(statement[name], statement, name, depth);
        else this.structure(statement[name], depth);
      }
      this.mark(STATEMENT_END);
    }
    if (builder._options?.length) {
      this.mark(OPTIONS);
      this.structure(builder._options, depth);
    }
  }

  private subQuery(builder: BuilderState, depth: number): void {
    this.mark(SUB_QUERY);
    this.token(builder._method);
    this.state(builder, depth + 1);
    this.mark(SUB_QUERY_END);
  }

  /** A part that names things: everything in it is part of the shape. */
  private structure(value: unknown, depth: number): void {
    if (depth > MAX_DEPTH) throw UNKEYABLE;
    switch (typeof value) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'undefined':
      case 'bigint':
        return this.token(value);
      case 'object':
        if (value === null) return this.token(null);
        if ((value as { isRawInstance?: boolean }).isRawInstance) return this.raw(value as RawState, depth);
        if (isBuilder(value)) return this.subQuery(value, depth);
        if (Array.isArray(value)) {
          this.mark(ARRAY);
          for (const item of value) this.structure(item, depth + 1);
          this.mark(ARRAY_END);
          return;
        }
        if (!isPlainPart(value)) throw UNKEYABLE;
        this.mark(OBJECT);
        for (const name of Object.keys(value)) {
          if (name === 'and') continue;
          this.token(name);
          this.structure((value as Record<string, unknown>)[name], depth + 1);
        }
        this.mark(OBJECT_END);
        return;
      default:
        throw UNKEYABLE;
    }
  }

  /** A part whose leaves are bound values (an object's keys name columns, and are part of the shape). */
  private bound(value: unknown, holder: Record<string | number, unknown>, at: string | number, depth: number): void {
    if (depth > MAX_DEPTH) throw UNKEYABLE;
    switch (typeof value) {
      case 'string':
        if (value === '') return this.token(value);
        this.mark(STRING_VALUE);
        return this.value(value, holder, at);
      case 'number':
        if (value === 0 || !Number.isFinite(value)) return this.structure(value, depth);
        this.mark(value < 0 ? NEGATIVE : POSITIVE);
        return this.value(value, holder, at);
      case 'bigint':
        if (value === 0n) return this.token(value);
        this.mark(value < 0n ? BIG_NEGATIVE : BIG_POSITIVE);
        return this.value(value, holder, at);
      case 'object':
        if (value === null) return this.token(null);
        if (value instanceof Date) {
          this.mark(DATE_VALUE);
          return this.value(value, holder, at);
        }
        if ((value as { isRawInstance?: boolean }).isRawInstance) return this.raw(value as RawState, depth);
        if (isBuilder(value)) return this.subQuery(value, depth);
        if (Array.isArray(value)) {
          this.mark(BOUND_ARRAY);
          this.token(value.length);
          for (let i = 0; i < value.length; i++) this.bound(value[i], value as unknown as Record<number, unknown>, i, depth + 1);
          this.mark(ARRAY_END);
          return;
        }
        if (Object.getPrototypeOf(value) === Object.prototype) {
          this.mark(OBJECT);
          for (const name of Object.keys(value)) {
            this.token(name);
            this.bound((value as Record<string, unknown>)[name], value as Record<string, unknown>, name, depth + 1);
          }
          this.mark(OBJECT_END);
          return;
        }
        throw UNKEYABLE;
      case 'boolean':
      case 'undefined':
        return this.token(value);
      default:
        throw UNKEYABLE;
    }
  }

  private raw(raw: RawState, depth: number): void {
    if (raw._wrappedBefore !== undefined || raw._wrappedAfter !== undefined) throw UNKEYABLE;
    this.mark(RAW);
    this.token(raw.sql);
    if (raw.bindings === undefined) return this.token(undefined);
    if (!Array.isArray(raw.bindings)) throw UNKEYABLE;
    // `??` writes its binding into the SQL as an identifier: such a raw's bindings are all part of the shape.
    if (raw.sql.includes('??')) this.structure(raw.bindings, depth + 1);
    else this.bound(raw.bindings, raw as unknown as Record<string, unknown>, 'bindings', depth + 1);
  }

  private value(value: unknown, holder: Record<string | number, unknown>, at: string | number): void {
    this.values.push(value);
    this.slots?.push({ holder, at });
  }
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
 * The shapes of one database, each with what was learned of it, found by the hash of their tokens and
 * then compared token by token. At most `limit` shapes are kept, weighing together at most `maxWeight`
 * (`weigh` gives a shape's weight: its token count unless told); beyond either the oldest hash's go, and
 * a shape heavier than `maxWeight` alone is not kept.
 */
export class ShapeTable<T> {
  private readonly byHash = new Map<number, Array<{ tokens: unknown[]; entry: T; weight: number }>>();
  private count = 0;
  private weight = 0;

  constructor(
    private readonly limit: number,
    private readonly maxWeight = Infinity,
    private readonly weigh: (tokens: unknown[], entry: T) => number = (tokens) => tokens.length,
  ) {}

  /** What was learned of the shape `reader` just read, if it was. */
  get(reader: ShapeReader): T | undefined {
    const bucket = this.byHash.get(reader.hash);
    if (bucket) for (const shape of bucket) if (reader.matches(shape.tokens)) return shape.entry;
    return undefined;
  }

  /** The shapes kept and their weight together. */
  get size(): { shapes: number; weight: number } {
    return { shapes: this.count, weight: this.weight };
  }

  /** Keeps what was learned of the shape `reader` just read. */
  set(reader: ShapeReader, entry: T): void {
    const tokens = reader.shape();
    const shape = { tokens, entry, weight: this.weigh(tokens, entry) };
    if (shape.weight > this.maxWeight) return;
    const known = this.byHash.get(reader.hash);
    const at = known ? known.findIndex((s) => reader.matches(s.tokens)) : -1;
    if (at >= 0) {
      this.weight += shape.weight - known![at]!.weight;
      known![at] = shape;
    } else {
      this.count++;
      this.weight += shape.weight;
      if (known) known.push(shape);
      else this.byHash.set(reader.hash, [shape]);
    }
    // The oldest hashes go first; the one just kept is the newest, and goes last.
    while (this.count > this.limit || this.weight > this.maxWeight) {
      const [oldest, shapes] = this.byHash.entries().next().value!;
      this.byHash.delete(oldest);
      this.count -= shapes.length;
      for (const s of shapes) this.weight -= s.weight;
    }
  }
}
