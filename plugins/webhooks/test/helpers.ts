import assert from 'node:assert/strict';
import type { Client, ClientStore } from '../../../test/helpers/client.ts';
import { expectStatus } from '../../../test/helpers/client.ts';
import type { TestStore } from '../../../test/helpers/store.ts';
import type { DeliveryService } from '../services/deliveries.ts';
import type { DeliverySender } from '../services/sender.ts';

/** The store environment of tests whose receivers listen on loopback: private targets allowed. */
export const LOOPBACK_RECEIVERS = { OUTBOUND_ALLOW_PRIVATE: 'true' } as const;

/** Creates an endpoint through the API; returns its view with the secret. */
export async function createEndpoint(staff: Client, url: string, events: string[] = ['*'], extra: Record<string, unknown> = {}): Promise<any> {
  return expectStatus(await staff.post('/api/v1/webhooks/', { url, events, ...extra }), 201);
}

let sequence = 0;

/** A change through the API that emits `category.created`; returns the category. */
export async function createCategory(staff: Client, name = `Category ${++sequence}`): Promise<any> {
  return expectStatus(await staff.post('/api/v1/categories/', { name }), 201);
}

export function deliveryService(store: TestStore): DeliveryService {
  return store.kernel.container.resolve<DeliveryService>('webhookDeliveryService');
}

export function sender(store: TestStore): DeliverySender {
  return store.kernel.container.resolve<DeliverySender>('webhookSender');
}

/**
 * Runs what the background loops would (with the loops off, tests drive them): the outbox dispatch,
 * which creates deliveries, then one round of deliveries.
 */
export async function pump(store: TestStore): Promise<number> {
  while ((await store.kernel.events.dispatchDue()) > 0);
  return deliveryService(store).deliverDue();
}

/** The delivery log of an endpoint through the API. */
export async function deliveries(ctx: ClientStore, endpointId: number, query = ''): Promise<any[]> {
  return expectStatus(await ctx.staff.get(`/api/v1/webhooks/${endpointId}/deliveries/${query}`), 200).results;
}

/** The single delivery of an endpoint (asserting there is exactly one). */
export async function onlyDelivery(ctx: ClientStore, endpointId: number): Promise<any> {
  const list = await deliveries(ctx, endpointId);
  assert.equal(list.length, 1, `one delivery: ${JSON.stringify(list)}`);
  return list[0];
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
