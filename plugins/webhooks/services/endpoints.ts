import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { forUpdate, parseJson, toBool, toDate, toIso } from '../../../kernel/db/dialect.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import type { OutboundGuard } from '../../../kernel/net/outbound.ts';
import type { EventCatalogue } from '../catalogue.ts';
import { addError, throwIfInvalid, WebhookErrors } from '../errors.ts';
import { SecretBox } from '../../../kernel/crypto/secret-box.ts';
import type { ActiveEndpoints } from './active-endpoints.ts';
import { urlProblem } from './webhook-url.ts';

type Db = Knex | Knex.Transaction;

export const ALL_EVENTS = '*';

export interface Endpoint {
  id: number;
  url: string;
  events: string[];
  description: string;
  active: boolean;
  failing_since: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface EndpointInput {
  url?: string;
  events?: string[];
  description?: string;
  active?: boolean;
}

function fromRow(row: any): Endpoint {
  return {
    id: Number(row.id),
    url: row.url,
    events: parseJson<string[]>(row.events, []),
    description: row.description ?? '',
    active: toBool(row.active),
    failing_since: toDate(row.failing_since),
    disabled_at: toDate(row.disabled_at),
    disabled_reason: row.disabled_reason ?? null,
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

/** An endpoint as the API shows it: never its secret. */
export function endpointView(e: Endpoint) {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    description: e.description,
    active: e.active,
    failing_since: toIso(e.failing_since),
    disabled_at: toIso(e.disabled_at),
    disabled_reason: e.disabled_reason,
    created_at: toIso(e.created_at)!,
    updated_at: toIso(e.updated_at)!,
  };
}

/** Whether an endpoint's subscription covers an event type. */
export function subscribes(events: string[], type: string): boolean {
  return events.includes(ALL_EVENTS) || events.includes(type);
}

/** Webhook endpoints: their URL, subscription and sealed signing secret. */
export class EndpointService {
  constructor(
    private readonly parts: {
      clock: Clock;
      secrets: SecretBox;
      catalogue: EventCatalogue;
      guard: OutboundGuard;
      /** The fan-out's kept list: told of every write in its transaction. */
      active: Pick<ActiveEndpoints, 'changed'>;
    },
  ) {}

  listQuery(db: Db, filters: { active?: boolean }): Knex.QueryBuilder {
    const query = db('webhook_endpoints').select('*');
    if (filters.active !== undefined) query.where('active', filters.active);
    return query;
  }

  fromRows(rows: any[]): Endpoint[] {
    return rows.map(fromRow);
  }

  async get(db: Db, id: number): Promise<Endpoint> {
    const row = await db('webhook_endpoints').where({ id }).first();
    if (!row) throw WebhookErrors.endpointNotFound();
    return fromRow(row);
  }

  /** Creates an endpoint; the only time its secret is returned besides a rotation. */
  async create(trx: Knex.Transaction, input: Required<Pick<EndpointInput, 'url' | 'events'>> & EndpointInput): Promise<{ endpoint: Endpoint; secret: string }> {
    const events = this.check(input);
    const secret = SecretBox.generate();
    const now = this.parts.clock.now();
    const [id] = await trx('webhook_endpoints').insert({
      url: input.url,
      events: JSON.stringify(events),
      description: input.description ?? '',
      active: input.active ?? true,
      secret_sealed: this.parts.secrets.seal(secret),
      created_at: now,
      updated_at: now,
    });
    this.parts.active.changed(trx, Number(id));
    return { endpoint: await this.get(trx, Number(id)), secret };
  }

  /** Changes an endpoint; turning it active again clears an automatic disabling and its failure streak. */
  async update(trx: Knex.Transaction, id: number, input: EndpointInput): Promise<Endpoint> {
    const current = await this.lock(trx, id);
    const events = this.check(input);
    const changes: Record<string, unknown> = { updated_at: this.parts.clock.now() };
    if (input.url !== undefined) changes.url = input.url;
    if (events) changes.events = JSON.stringify(events);
    if (input.description !== undefined) changes.description = input.description;
    if (input.active !== undefined) {
      changes.active = input.active;
      if (input.active && !current.active) Object.assign(changes, { disabled_at: null, disabled_reason: null, failing_since: null });
    }
    await trx('webhook_endpoints').where({ id }).update(changes);
    return this.get(trx, id);
  }

  /** Deletes an endpoint and its delivery log. */
  async remove(trx: Knex.Transaction, id: number): Promise<void> {
    await this.lock(trx, id);
    await trx('webhook_deliveries').where({ endpoint_id: id }).delete();
    await trx('webhook_endpoints').where({ id }).delete();
  }

  /** Replaces the signing secret; deliveries from now on are signed with the new one. */
  async rotateSecret(trx: Knex.Transaction, id: number): Promise<{ endpoint: Endpoint; secret: string }> {
    await this.lock(trx, id);
    const secret = SecretBox.generate();
    await trx('webhook_endpoints').where({ id }).update({ secret_sealed: this.parts.secrets.seal(secret), updated_at: this.parts.clock.now() });
    return { endpoint: await this.get(trx, id), secret };
  }

  /** The signing secret of an endpoint in clear, from its sealed column, for signing; never shown or logged. */
  openSecret(sealed: string): string {
    return this.parts.secrets.open(sealed);
  }

  /** Every active endpoint. */
  async active(db: Db): Promise<Endpoint[]> {
    const rows = await db('webhook_endpoints').where('active', true).select('*');
    return rows.map(fromRow);
  }

  /** Whether `endpoint` takes events of `type`. */
  subscribes(endpoint: Endpoint, type: string): boolean {
    return subscribes(endpoint.events, type);
  }

  // Every change starts here (but a creation): the fan-out's kept list is told in the same transaction.
  private async lock(trx: Knex.Transaction, id: number): Promise<Endpoint> {
    this.parts.active.changed(trx, id);
    const row = await forUpdate(trx, trx('webhook_endpoints').where({ id })).first();
    if (!row) throw WebhookErrors.endpointNotFound();
    return fromRow(row);
  }

  // The URL and the event list beyond what the schema checks; every bad field named in one 400.
  private check(input: EndpointInput): string[] | undefined {
    const errors: FieldErrors = {};
    if (input.url !== undefined) {
      const problem = urlProblem(input.url, this.parts.guard);
      if (problem) addError(errors, 'url', problem);
    }
    let events: string[] | undefined;
    if (input.events !== undefined) {
      events = [...new Set(input.events)];
      if (events.length === 0) addError(errors, 'events', 'Name at least one event type, or ["*"] for all.');
      if (events.includes(ALL_EVENTS) && events.length > 1) addError(errors, 'events', '"*" means every event type and must be alone.');
      for (const type of events) {
        if (type !== ALL_EVENTS && !this.parts.catalogue.has(type)) addError(errors, 'events', `Unknown event type "${type}".`);
      }
    }
    throwIfInvalid(errors);
    return events;
  }
}
