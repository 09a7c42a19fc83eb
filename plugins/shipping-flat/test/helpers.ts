import type { Address } from '../../core-checkout/contracts.ts';
import type {} from '../../core-checkout/hooks.ts';

import { Client, expectStatus, openClientStore, sharedClientStore, type ClientStore } from '../../../test/helpers/client.ts';

export { Client, expectStatus, type Headers } from '../../../test/helpers/client.ts';

export type ShippingTestStore = ClientStore;
/** A fresh store with a staff API key and an anonymous client; the caller closes it. */
export const openStore = openClientStore;
/** One store shared by the tests of a file. */
export const sharedStore = sharedClientStore;

/** A shipping address in `country`. */
export function address(country: string): Address {
  return { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main St', city: 'Town', postal_code: '12345', country };
}
