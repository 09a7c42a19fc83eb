import { Client, expectStatus, openClientStore, sharedClientStore, clientStore, type ClientStore } from '../../../test/helpers/client.ts';

export { Client, expectStatus, type Headers } from '../../../test/helpers/client.ts';

export type CatalogTestStore = ClientStore;
export const openCatalogStore = openClientStore;
export const catalogStore = clientStore;
export const sharedCatalogStore = sharedClientStore;

/** PATCHes the store settings (languages, currencies, rates). */
export async function configureStore(staff: Client, settings: Record<string, unknown>): Promise<void> {
  expectStatus(await staff.patch('/api/v1/store/', settings), 200);
}

let sequence = 0;
/** A SKU no other test of this file uses. */
export function sku(prefix = 'SKU'): string {
  return `${prefix}-${++sequence}`;
}

/** Creates a product through the API (staff); returns its body. */
export async function createProduct(staff: Client, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await staff.post('/api/v1/products/', body), 201);
}

/** Adds a variant through the API (staff); returns its body. */
export async function addVariant(staff: Client, productId: number | string, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await staff.post(`/api/v1/products/${productId}/variants/`, body), 201);
}
