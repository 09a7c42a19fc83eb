import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../../kernel/clock.ts';
import { cartWith, expectStatus, makeVariant, openCheckout, pay, selectShipping, shopFor, type Shop } from './helpers.ts';

const DAY = 86_400_000;

/** An order of `quantity` units of a variant for `email`, paid (fake_instant) or not (fake_card); returns its id. */
async function place(shop: Shop, variantId: number, quantity: number, email: string, paid: boolean): Promise<number> {
  const cart = await cartWith(shop.anon, [[variantId, quantity]]);
  const checkout = await openCheckout(shop.anon, cart.id, 'DE', { email });
  await selectShipping(shop.anon, checkout.id, 1);
  return expectStatus(await pay(shop.anon, checkout.id, paid ? 'fake_instant' : 'fake_card'), 201).order.id;
}

const ids = (page: any) => page.results.map((o: any) => o.id);
const list = async (shop: Shop, query: string) => expectStatus(await shop.staff.get(`/api/v1/orders/?${query}`), 200);

test('order listing: search by number or e-mail, payment_status, status, date window, ordering, pages, expand', async (t) => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  const shop = await shopFor(t, { clock });
  const v = await makeVariant(shop, { price: '10.00' });
  const o1 = await place(shop, v.id, 1, 'Ada.Lovelace@Example.com', true); // 1001, day 1
  clock.advance(DAY);
  const o2 = await place(shop, v.id, 3, 'grace_hopper@example.org', false); // 1002, day 2
  clock.advance(DAY);
  const o3 = await place(shop, v.id, 2, 'gracexhopper@example.org', true); // 1003, day 3

  // Order number: exact, or a prefix.
  assert.deepEqual(ids(await list(shop, 'search=1002')), [o2]);
  assert.deepEqual(ids(await list(shop, 'search=100&ordering=order_number')), [o1, o2, o3]);
  assert.deepEqual(ids(await list(shop, 'search=002')), [], 'a number matches from its start');
  // E-mail: contains, any case.
  assert.deepEqual(ids(await list(shop, 'search=EXAMPLE.ORG&ordering=created_at')), [o2, o3]);
  assert.deepEqual(ids(await list(shop, 'search=lovelace')), [o1]);
  // LIKE wildcards are literal.
  assert.deepEqual(ids(await list(shop, 'search=grace_')), [o2], '_ is not a wildcard');
  assert.deepEqual(ids(await list(shop, 'search=%25')), [], '% is not a wildcard');
  assert.deepEqual(ids(await list(shop, 'search=!')), []);
  assert.deepEqual(ids(await list(shop, 'search=nobody')), []);

  assert.deepEqual(ids(await list(shop, 'payment_status=paid&ordering=created_at')), [o1, o3]);
  assert.deepEqual(ids(await list(shop, 'payment_status=unpaid')), [o2]);
  assert.deepEqual(ids(await list(shop, 'status=processing&payment_status=paid&search=grace')), [o3]);
  assert.deepEqual(ids(await list(shop, 'status=pending')), [o2]);
  expectStatus(await shop.staff.get('/api/v1/orders/?payment_status=lost'), 400);

  // Date window, with items.
  const window = await list(shop, 'created_at__gte=2026-03-02&created_at__lte=2026-03-03T23:59:59Z&expand=items&ordering=created_at');
  assert.deepEqual(ids(window), [o2, o3]);
  assert.deepEqual(window.results.map((o: any) => o.items.map((i: any) => [i.variant.sku, i.quantity])), [[[v.sku, 3]], [[v.sku, 2]]]);
  assert.equal((await list(shop, '')).results[0].items, undefined);
  // An expansion the API does not know is a 400 naming expand, on the list and on one order.
  for (const url of ['/api/v1/orders/?expand=bogus', `/api/v1/orders/${o1}/?expand=bogus`, '/api/v1/orders/?expand=items,bogus', '/api/v1/orders/?created_at__gte=soon']) {
    const refused = expectStatus(await shop.staff.get(url), 400);
    assert.equal(Object.keys(refused.errors).length, 1, url);
  }
  assert.ok(expectStatus(await shop.staff.get(`/api/v1/orders/${o1}/?expand=items`), 200).items);

  // Ordering on created_at (default newest first), order_number and total; anything else is a 400.
  assert.deepEqual(ids(await list(shop, '')), [o3, o2, o1]);
  assert.deepEqual(ids(await list(shop, 'ordering=-order_number')), [o3, o2, o1]);
  assert.deepEqual(ids(await list(shop, 'ordering=total')), [o1, o3, o2]);
  assert.deepEqual(ids(await list(shop, 'ordering=-total')), [o2, o3, o1]);
  for (const bad of ['email', 'status', '-id', 'total,bogus']) expectStatus(await shop.staff.get(`/api/v1/orders/?ordering=${bad}`), 400);

  // Pages.
  const first = await list(shop, 'page_size=2&ordering=order_number');
  assert.equal(first.count, 3);
  assert.deepEqual(ids(first), [o1, o2]);
  assert.ok(first.next);
  const second = await list(shop, 'page_size=2&page=2&ordering=order_number');
  assert.deepEqual(ids(second), [o3]);
  assert.ok(second.previous);
  assert.equal(second.next, null);
  expectStatus(await shop.staff.get('/api/v1/orders/?page_size=101'), 400);
  // Next links carry the position the next page starts after: a walk by them gives the list's order.
  for (const query of ['', 'ordering=-total', 'ordering=order_number', 'search=example&ordering=created_at', 'payment_status=paid']) {
    const walked: number[] = [];
    for (let url: string | null = `/api/v1/orders/?page_size=1&${query}`; url; ) {
      const body = expectStatus(await shop.staff.get(url), 200);
      walked.push(...ids(body));
      url = body.next && body.next.replace('https://store.test', '');
      if (url) assert.match(url, /&after=[A-Za-z0-9_-]+$/);
    }
    assert.deepEqual(walked, ids(await list(shop, query)), query);
  }
  const byNumber = new URL(first.next).searchParams.get('after')!;
  expectStatus(await shop.staff.get(`/api/v1/orders/?page_size=2&ordering=-order_number&after=${byNumber}`), 400);

  // Search combines with a customer's own view: anonymous callers see nothing.
  expectStatus(await shop.anon.get('/api/v1/orders/?search=1001'), 401);
});
