import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { EventRecord } from '../../../kernel/events.ts';
import { isAppError } from '../../../kernel/http/errors.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { MailMessage } from '../../../kernel/mail/message.ts';
import { maskAddress } from '../../../kernel/mail/message.ts';
import { languageCandidates, pickLanguage } from './language.ts';
import { mailContext } from './mail-context.ts';
import { isDuplicateKey } from '../../../kernel/db/dialect.ts';
import { recordSent } from './sent-mails.ts';
import type { MailTemplates } from './templates.ts';
import { triggerFor } from './triggers.ts';

interface MailQueue {
  enqueue(trx: Knex | Knex.Transaction, message: MailMessage): Promise<void>;
}

/** core-checkout's `orderService`, the one method used here. */
interface OrderReader {
  eventData(db: Knex, orderId: number): Promise<Record<string, any>>;
}

/** core-store's `storeSettings`, the fields used here. */
interface StoreSettingsReader {
  get(): { name: string; email: string | null; default_language: string };
}

interface Parts {
  knex: Knex;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  templates: MailTemplates;
  /** Resolved when first needed: the kernel's mailer and other plugins' services. */
  mailer: () => MailQueue;
  orders: () => OrderReader;
  settings: () => StoreSettingsReader;
}

export type MailOutcome = 'sent' | 'duplicate' | 'none';

/**
 * The customer's order mails, from committed events. Taps run at least once, so each (event, kind) is
 * recorded under a unique key in the same transaction that queues the mail: a repeat loses on the key
 * and queues nothing.
 */
export class OrderMails {
  constructor(private readonly parts: Parts) {}

  /** Queues the mail `event` asks for, once; events that ask for none are ignored. */
  async handle(event: EventRecord): Promise<MailOutcome> {
    const trigger = triggerFor(event);
    if (!trigger) return 'none';
    const { knex, clock, logger, templates, baseUrl } = this.parts;
    // A repeat (the tap runs at least once) is told by the record's unique key below, not by a read
    // first: a repeat is rare, and that read was a round trip of every order's mail.

    const order = trigger.order ?? (await this.readOrder(trigger.orderId));
    if (!order || typeof order.email !== 'string' || !order.email.includes('@')) {
      logger.warn({ event: event.id, type: event.type, order: trigger.orderId }, 'no order with an e-mail address for this event; no mail');
      return 'none';
    }
    const settings = this.parts.settings().get();
    // The language negotiated when the order was paid, as orders show it.
    const orderLanguage = order.language;
    // The active theme is looked up once for both the languages on offer and the templates.
    const themeDirs = await templates.themeDirs();
    const language = pickLanguage(languageCandidates(orderLanguage, settings.default_language), templates.languages(themeDirs));
    const store = { name: settings.name, email: settings.email ?? null, url: baseUrl };
    const mail = await templates.render(trigger.kind, language, mailContext(store, language, order, trigger.extra), themeDirs);

    try {
      await knex.transaction(async (trx) => {
        await recordSent(trx, { event_id: event.id, kind: trigger.kind, order_id: trigger.orderId, language, created_at: clock.now() });
        await this.parts.mailer().enqueue(trx, {
          to: order.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(settings.email ? { replyTo: settings.email } : {}),
        });
      });
    } catch (err) {
      // Another run of this tap for the same event got there first.
      if (isDuplicateKey(err)) return 'duplicate';
      throw err;
    }
    logger.info({ event: event.id, kind: trigger.kind, to: maskAddress(order.email), language }, 'customer mail queued');
    return 'sent';
  }

  private async readOrder(orderId: number): Promise<Record<string, any> | null> {
    try {
      return await this.parts.orders().eventData(this.parts.knex, orderId);
    } catch (err) {
      if (isAppError(err) && err.status === 404) return null;
      throw err;
    }
  }
}
