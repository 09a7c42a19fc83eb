import type { Clock } from '../../../kernel/clock.ts';
import type { EventBus } from '../../../kernel/events.ts';
import type { VariantForSale } from '../../core-catalog/contracts.ts';
import type { Db } from './records.ts';

export type { VariantForSale };

/** The catalogue as this plugin sees it: core-catalog's `variantService`, resolved from the container. */
export interface VariantReader {
  getVariantsForSale(db: Db, ids: number[]): Promise<Map<number, VariantForSale>>;
}

/** What the inventory services are built on. */
export interface InventoryDeps {
  clock: Clock;
  events: EventBus;
  /** The store's `low_stock_threshold` (core-store settings), read at each change. */
  lowStockThreshold: () => number;
  variants: VariantReader;
}
