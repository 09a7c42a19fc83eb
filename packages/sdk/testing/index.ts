/**
 * `@storekeep-commerce/sdk/testing`: a real store for a plugin's tests (see docs/plugin-testing.md).
 * It is the store this SDK belongs to, started from its own folder, so it works from a plugin folder
 * anywhere on disk.
 */
export { startStore } from './store.ts';
export type { StartStoreOptions, TestStore, CustomerSession } from './store.ts';
export { DEFAULT_ADDRESS } from './guest-checkout.ts';
export type { GuestCheckout, GuestCheckoutOptions, OpenCheckout, OpenCheckoutOptions } from './guest-checkout.ts';
export { createTestDatabase } from './database.ts';
export type { TestDatabase } from './database.ts';
