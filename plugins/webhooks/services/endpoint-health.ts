import type { AwilixContainer } from 'awilix';
import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { forUpdate, toBool, toDate } from '../../../kernel/db/dialect.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { Mailer } from '../../../kernel/mail/mailer.ts';
import type { ActiveEndpoints } from './active-endpoints.ts';
import { RETRY_WINDOW_MS } from './schedule.ts';

/** What webhooks needs of core-auth's `userService`: the active staff accounts with their roles. */
interface StaffDirectory {
  query(db: Knex | Knex.Transaction, filters: { kind?: 'staff'; is_active?: boolean }): Knex.QueryBuilder;
  accountsFromRows(rows: any[]): Array<{ email: string; role: string | null }>;
}

/** What webhooks needs of core-store's `storeSettings`: the store's contact e-mail. */
interface StoreSettingsReader {
  get(): { email?: string | null; name?: string };
}

export const DISABLED_REASON = 'Every delivery failed for 3 days.';

/**
 * Tracks whether an endpoint keeps failing: any success ends the streak; a streak of 3 days disables
 * the endpoint (no new deliveries, pending ones wait) and mails the store owner, in one transaction.
 */
export class EndpointHealth {
  constructor(
    private readonly parts: { knex: Knex; clock: Clock; logger: Logger; container: AwilixContainer; baseUrl: string; active: Pick<ActiveEndpoints, 'changed'> },
  ) {}

  async succeeded(endpointId: number): Promise<void> {
    await this.parts.knex('webhook_endpoints').where({ id: endpointId }).whereNotNull('failing_since').update({ failing_since: null });
  }

  /** Records a failed attempt at `now`; returns true when this disabled the endpoint. */
  async failed(endpointId: number, now: Date, lastError: string): Promise<boolean> {
    return this.parts.knex.transaction(async (trx) => {
      const row = await forUpdate(trx, trx('webhook_endpoints').where({ id: endpointId })).first();
      if (!row || !toBool(row.active)) return false;
      const since = toDate(row.failing_since);
      if (!since) {
        await trx('webhook_endpoints').where({ id: endpointId }).update({ failing_since: now });
        return false;
      }
      if (now.getTime() - since.getTime() < RETRY_WINDOW_MS) return false;
      this.parts.active.changed(trx, endpointId);
      await trx('webhook_endpoints').where({ id: endpointId }).update({ active: false, disabled_at: now, disabled_reason: DISABLED_REASON, updated_at: now });
      await this.mailOwner(trx, { id: endpointId, url: row.url, since, lastError });
      this.parts.logger.warn({ endpoint: endpointId }, 'webhook endpoint disabled after 3 days of failed deliveries');
      return true;
    });
  }

  private async mailOwner(trx: Knex.Transaction, e: { id: number; url: string; since: Date; lastError: string }): Promise<void> {
    const to = await this.ownerAddresses(trx);
    if (to.length === 0) {
      this.parts.logger.warn({ endpoint: e.id }, 'no owner or store e-mail to tell that a webhook endpoint was disabled');
      return;
    }
    const host = safeHost(e.url);
    const mailer = this.parts.container.resolve<Mailer>('mailer');
    await mailer.enqueue(trx, {
      to,
      subject: `Webhook endpoint ${host} was disabled`,
      text: [
        `Every delivery to the webhook endpoint #${e.id} (${e.url}) has failed since ${e.since.toISOString()}, so Storekeep disabled it.`,
        `Last error: ${e.lastError}`,
        '',
        'Events are no longer queued for it. Once the receiver works again, turn the endpoint back on with',
        `PATCH ${this.parts.baseUrl}/api/v1/webhooks/${e.id}/ {"active": true}; deliveries still pending resume, and failed ones`,
        `can be sent again from the delivery log (${this.parts.baseUrl}/api/v1/webhooks/${e.id}/deliveries/?status=failed).`,
      ].join('\n'),
    });
  }

  // The active owners through core-auth's service; else the store's own e-mail (core-store settings).
  private async ownerAddresses(trx: Knex.Transaction): Promise<string[]> {
    const { container } = this.parts;
    if (container.hasRegistration('userService')) {
      const users = container.resolve<StaffDirectory>('userService');
      const staff = users.accountsFromRows(await users.query(trx, { kind: 'staff', is_active: true }));
      const owners = staff.filter((a) => a.role === 'owner').map((a) => a.email);
      if (owners.length) return owners;
    }
    if (container.hasRegistration('storeSettings')) {
      const email = container.resolve<StoreSettingsReader>('storeSettings').get().email;
      if (email) return [email];
    }
    return [];
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'endpoint';
  }
}
