import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { EventBus } from '../../../kernel/events.ts';
import type { StoreLocale } from '../../../kernel/http/negotiation.ts';
import { badRequest } from '../../../kernel/http/errors.ts';
import { forUpdate, parseJson, toIso } from '../../../kernel/db/dialect.ts';
import { DEFAULT_SETTINGS, type StoreSettings } from './defaults.ts';
import { validateSettings } from './validate.ts';

export interface StoreView extends StoreSettings {
  id: number;
  created_at: string;
  updated_at: string;
}

// Other instances' changes are picked up within this interval; this instance's own at once.
const REFRESH_MS = 2000;

/**
 * The store's settings, read on nearly every request (languages, currencies, test mode), so they are
 * served from memory: loaded at boot, refreshed every two seconds, replaced as soon as an update here
 * commits. Reads are synchronous and never touch the database inside a request.
 */
export class StoreSettingsService {
  private current?: StoreView;
  private localeCache?: StoreLocale;
  private timer?: NodeJS.Timeout;
  private readonly changeListeners: Array<() => void> = [];

  constructor(
    private readonly knex: Knex,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly logger: Logger,
  ) {}

  /** The current settings; available from boot on. */
  get(): StoreView {
    if (!this.current) throw new Error('Store settings are read before the store booted.');
    return this.current;
  }

  /** Calls `listener` whenever the settings in memory change (this instance's update, or a refresh). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** What language and currency negotiation needs, in the kernel's shape. */
  locale(): StoreLocale {
    const s = this.get();
    this.localeCache ??= Object.freeze({
      languages: s.languages,
      defaultLanguage: s.default_language,
      currencies: s.currencies,
      defaultCurrency: s.default_currency,
    });
    return this.localeCache;
  }

  /** Loads the settings row, creating it with defaults on a new store; starts the refresh timer. */
  async load(): Promise<void> {
    const row = await this.knex('store_settings').where({ id: 1 }).first();
    if (row) this.use(row);
    else {
      const now = this.clock.now();
      await this.knex('store_settings').insert({ id: 1, data: JSON.stringify(DEFAULT_SETTINGS), created_at: now, updated_at: now }).onConflict('id').ignore();
      this.use(await this.knex('store_settings').where({ id: 1 }).first());
    }
    this.timer ??= setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async refresh(): Promise<void> {
    try {
      const row = await this.knex('store_settings').where({ id: 1 }).first();
      if (row) this.use(row);
    } catch (err) {
      this.logger.warn({ err }, 'could not refresh store settings');
    }
  }

  private use(row: any): void {
    const view = toView(row);
    if (this.current && view.updated_at < this.current.updated_at) return;
    const changed = this.current !== undefined && (view.updated_at !== this.current.updated_at || JSON.stringify(view) !== JSON.stringify(this.current));
    this.current = view;
    this.localeCache = undefined;
    if (changed) for (const listener of this.changeListeners) listener();
  }

  /** Applies a partial change inside `trx`, validating the whole result; emits `store.updated`. */
  async update(trx: Knex.Transaction, patch: Partial<StoreSettings>): Promise<StoreView> {
    const row = await forUpdate(trx, trx('store_settings').where({ id: 1 })).first();
    const before = { ...DEFAULT_SETTINGS, ...parseJson<Partial<StoreSettings>>(row.data, {}) };
    const merged: StoreSettings = {
      ...before,
      ...patch,
      branding: patch.branding ? { ...before.branding, ...patch.branding } : before.branding,
      payment_hold_hours: { ...before.payment_hold_hours, ...patch.payment_hold_hours },
    };
    // Changing the default currency without naming rates drops the rates of the old default's frame.
    if (patch.default_currency && patch.default_currency !== before.default_currency && !patch.exchange_rates) merged.exchange_rates = {};
    const { settings, errors } = validateSettings(merged);
    if (Object.keys(errors).length) throw badRequest(`Invalid store settings: ${Object.keys(errors).join(', ')}.`, errors);
    const now = this.clock.now();
    await trx('store_settings').where({ id: 1 }).update({ data: JSON.stringify(settings), updated_at: now });
    const view = toView({ ...row, data: settings, updated_at: now });
    await this.events.emit(trx, 'store.updated', view);
    trx.executionPromise.then(() => this.use({ ...row, data: settings, updated_at: now }), () => undefined);
    return view;
  }
}

function toView(row: any): StoreView {
  const data = { ...DEFAULT_SETTINGS, ...parseJson<Partial<StoreSettings>>(row.data, {}) };
  return { id: Number(row.id), ...data, created_at: toIso(row.created_at)!, updated_at: toIso(row.updated_at)! };
}
