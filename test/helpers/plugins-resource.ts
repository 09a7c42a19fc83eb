import { startStore } from '@storekeep-commerce/sdk/testing';

/**
 * Whether this store offers plugins as a resource (`GET /api/v1/plugins/`), through which the test
 * kit applies plugin settings. Tests of settings skip, naming why, on a store without it.
 */
export async function offersPluginsResource(): Promise<boolean> {
  const store = await startStore({ workers: false });
  try {
    const res = await store.inject({ method: 'GET', url: '/api/v1/plugins/', headers: { authorization: `Token ${await store.staffKey()}` } });
    return res.statusCode === 200;
  } finally {
    await store.close();
  }
}
