import path from 'node:path';
import type { AwilixContainer } from 'awilix';
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Worker } from '../worker.ts';
import { MAIL_JOB, maskAddress, recipients, type MailMessage } from './message.ts';
import { fileTransport, smtpTransport, type MailTransport } from './transport.ts';

export const DEFAULT_FROM = 'no-reply@localhost';

interface Parts {
  config: Config;
  worker: Worker;
  logger: Logger;
  clock: Clock;
  container: AwilixContainer;
}

/**
 * Outgoing mail. `enqueue` writes a `kernel.mail.send` job in the caller's transaction, so a mail goes
 * out only once that commits, never fails the request, and is retried with backoff by the worker.
 * `sendNow` delivers at once: through SMTP_URL, or as an `.eml` file in DATA_DIR/mail/ without it.
 */
export class Mailer {
  private transport?: MailTransport;

  constructor(private readonly parts: Parts) {
    parts.worker.define<MailMessage>(MAIL_JOB, (message) => this.sendNow(message).then(() => undefined));
  }

  /** Schedules a mail in `trx` (or at once with the knex); it is sent after commit by the worker. */
  async enqueue(trx: Knex | Knex.Transaction, message: MailMessage): Promise<void> {
    if (recipients(message).length === 0) throw new Error('A mail needs at least one recipient.');
    const { to, subject, text, html, replyTo } = message;
    await this.parts.worker.enqueue(trx, MAIL_JOB, { to, subject, text, ...(html ? { html } : {}), ...(replyTo ? { replyTo } : {}) });
  }

  /** Delivers a mail now; throws when the server refuses it (the job is then retried). */
  async sendNow(message: MailMessage): Promise<{ messageId: string }> {
    const to = recipients(message);
    if (to.length === 0) throw new Error('A mail needs at least one recipient.');
    this.transport ??= this.parts.config.smtpUrl
      ? smtpTransport(this.parts.config.smtpUrl)
      : fileTransport(path.join(this.parts.config.dataDir, 'mail'), () => this.parts.clock.now());
    const result = await this.transport.send({
      from: this.from(),
      to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
    // Addresses only masked and never the body: logs are read more widely than mailboxes.
    this.parts.logger.info({ to: to.map(maskAddress), messageId: result.messageId, ...(result.file ? { file: path.basename(result.file) } : {}) }, 'mail sent');
    return { messageId: result.messageId };
  }

  /** The store's e-mail (core-store's settings) when that plugin is loaded and has one, else no-reply@localhost. */
  from(): string {
    try {
      const { container } = this.parts;
      if (!container.hasRegistration('storeSettings')) return DEFAULT_FROM;
      const settings = container.resolve<{ get?: () => { email?: string | null } }>('storeSettings');
      const email = settings?.get?.()?.email;
      if (typeof email === 'string' && email.includes('@')) return email;
    } catch {
      // No core-store, or settings not booted yet: the default below.
    }
    return DEFAULT_FROM;
  }
}
