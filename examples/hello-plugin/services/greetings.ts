import { notFound, toIso, type Clock, type EventBus, type Knex } from '@storekeep-commerce/sdk';
import type { HelloHooks } from '../hooks.ts';

export interface Greeting {
  id: number;
  name: string;
  message: string;
  created_at: string;
  updated_at: string;
}

export function serializeGreeting(row: any): Greeting {
  return {
    id: Number(row.id),
    name: row.name,
    message: row.message,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

// `%` and `_` in a search are meant literally; `!` escapes them the same way on MySQL and SQLite
// (a backslash would need different quoting on each).
function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * The plugin's one service: every rule about greetings lives here, routes only call it. It takes the
 * transaction as an argument, so a greeting and its event commit or roll back together.
 */
export class GreetingService {
  constructor(private readonly parts: { knex: Knex; clock: Clock; events: EventBus; hooks: HelloHooks }) {}

  /** Stores a greeting (its message passed through the `hello.greeting` hook) and emits `hello.greeted`. */
  async create(trx: Knex.Transaction, input: { name: string; message?: string }): Promise<Greeting> {
    const message = await this.parts.hooks.greeting.promise(input.message ?? `Hello, ${input.name}!`);
    const now = this.parts.clock.now();
    const [id] = await trx('hello_greetings').insert({ name: input.name, message, created_at: now, updated_at: now });
    const greeting = serializeGreeting(await trx('hello_greetings').where('id', id).first());
    await this.parts.events.emit(trx, 'hello.greeted', greeting);
    return greeting;
  }

  async get(id: number): Promise<Greeting> {
    const row = await this.parts.knex('hello_greetings').where('id', id).first();
    if (!row) throw notFound('No greeting with this id.');
    return serializeGreeting(row);
  }

  /** The base query of the list; the kernel's `paginate` adds paging, ordering and date bounds. */
  listQuery(filters: { search?: string }): Knex.QueryBuilder {
    const query = this.parts.knex('hello_greetings').select('*');
    if (filters.search) {
      const pattern = likePattern(filters.search);
      query.where((q) => q.whereRaw("name like ? escape '!'", [pattern]).orWhereRaw("message like ? escape '!'", [pattern]));
    }
    return query;
  }
}
