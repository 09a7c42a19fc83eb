import { api, ok } from './api/client.ts';

async function fetchStore() {
  return ok(await api.GET('/api/v1/store/'));
}

let cached: ReturnType<typeof fetchStore> | undefined;

/** The store's settings (currencies, languages), read once per visit and again after a change. */
export function storeSettings(): ReturnType<typeof fetchStore> {
  cached ??= fetchStore().catch((err) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

export function forgetStoreSettings(): void {
  cached = undefined;
}
