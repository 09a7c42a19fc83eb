import path from 'node:path';
import { asValue } from 'awilix';
import { fileURLToPath } from 'node:url';
import { definePlugin } from '../../kernel/plugin.ts';
import { OrderMails } from './services/order-mails.ts';
import { MailTemplates } from './services/templates.ts';

export const PLUGIN_NAME = 'customer-mail';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The customer's order mails (confirmation, cancellation, shipping, refund), sent after commit from the
 * outbox through the kernel's mailer, written with LiquidJS templates the active theme may override.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Order mails to customers: confirmation, cancellation, shipping confirmation, refund notice; theme-overridable templates.',
  kinds: ['mail'],
  dependsOn: ['core-store', 'core-checkout'],
  register(ctx) {
    const templates = new MailTemplates({
      defaultsDir: path.join(HERE, 'templates'),
      themeMailDirs: async () => {
        // The themes plugin's registry: the active theme (stored, else THEME) and its extends chain.
        if (!ctx.container.hasRegistration('themeRegistry')) return [];
        const theme = await ctx.container.resolve<{ active(): Promise<{ usable: boolean; chain: string[] } | undefined> }>('themeRegistry').active();
        return theme?.usable ? theme.chain.map((dir) => path.join(dir, 'mail')) : [];
      },
      logger: ctx.logger,
    });
    const mails = new OrderMails({
      knex: ctx.knex,
      clock: ctx.clock,
      logger: ctx.logger,
      baseUrl: ctx.config.baseUrl,
      templates,
      mailer: () => ctx.container.resolve('mailer'),
      orders: () => ctx.container.resolve('orderService'),
      settings: () => ctx.container.resolve('storeSettings'),
    });
    ctx.container.register({ customerMails: asValue(mails) });
    ctx.hooks.get('events').afterCommit.tapPromise({ name: PLUGIN_NAME }, async (event) => {
      await mails.handle(event);
    });
  },
});
