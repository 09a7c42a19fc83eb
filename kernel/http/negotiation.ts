import type { FastifyInstance, FastifyRequest } from 'fastify';
import { negotiateLanguage } from './accept-language.ts';
import { AppError } from './errors.ts';

/** What the store offers; core-store provides the live values, the kernel has a default. */
export interface StoreLocale {
  languages: string[];
  defaultLanguage: string;
  currencies: string[];
  defaultCurrency: string;
}

export type StoreLocaleProvider = () => StoreLocale;

export const DEFAULT_LOCALE: StoreLocale = Object.freeze({
  languages: ['en'],
  defaultLanguage: 'en',
  currencies: ['USD'],
  defaultCurrency: 'USD',
}) as StoreLocale;

declare module 'fastify' {
  interface FastifyRequest {
    /** The language negotiated from Accept-Language among the store's languages. */
    lang: string;
    /** The currency asked for with `?currency=` (validated), else the store default. */
    currency: string;
  }
  interface FastifyContextConfig {
    translated?: boolean;
    currency?: boolean;
  }
}

/**
 * Negotiates language (Accept-Language with q-values, falling back to the store default) and currency
 * (`?currency=`, one of the store's currencies, else a 400) for every routed request. Routes that show
 * translated fields answer with Content-Language and Vary: Accept-Language.
 */
export function installNegotiation(app: FastifyInstance, locale: () => StoreLocale): void {
  app.decorateRequest('lang', '');
  app.decorateRequest('currency', '');
  app.addHook('preValidation', async (request: FastifyRequest, reply) => {
    const store = locale();
    request.lang = negotiateLanguage(request.headers['accept-language'], store.languages, store.defaultLanguage);
    request.currency = store.defaultCurrency;
    const config = request.routeOptions.config ?? {};
    if (config.currency) {
      const asked = (request.query as Record<string, unknown> | undefined)?.currency;
      if (asked !== undefined && asked !== '') {
        const code = String(asked).toUpperCase();
        if (!store.currencies.includes(code)) {
          throw new AppError(400, 'unsupported_currency', `Currency "${String(asked)}" is not offered by this store.`, {
            currency: [`Not one of the store's currencies: ${store.currencies.join(', ')}.`],
          });
        }
        request.currency = code;
      }
    }
    if (config.translated) {
      reply.header('content-language', request.lang);
      reply.header('vary', 'Accept-Language');
    }
  });
}
