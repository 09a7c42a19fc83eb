import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserShop, fillCheckoutAddress } from '../helpers/browser.ts';
import { expectStatus } from '../helpers/client.ts';

const shop = browserShop();

// Picks a variant in the select by its visible label: the form works without JavaScript.
async function pickSecondVariant(page: Page): Promise<string> {
  const select = page.locator('form[data-add-to-cart] select[name=variant_id]');
  const values = await select.locator('option:not([disabled])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const chosen = values[1] ?? values[0]!;
  await select.selectOption(chosen);
  return chosen;
}

async function checkout(page: Page, email: string): Promise<void> {
  await page.locator('a.button[href$="/checkout"]').click();
  await fillCheckoutAddress(page, email);
  await page.locator('input[name=shipping_method_id]').first().check();
  await page.click('button[name=continue]');
  await page.locator('input[name=payment_method_id][value=test]').check();
  await page.click('button[name=pay]');
  // The test gateway's page: the shopper chooses the outcome.
  await page.locator('button[value=succeeded]').click();
  await page.locator('[data-order-number]').waitFor();
}

test('a shopper buys in the browser: home, category, product, variant, cart, voucher, checkout, test payment, confirmation', async () => {
  const { staff, context } = shop();
  expectStatus(await staff.post('/api/v1/vouchers/', { code: 'WELCOME10', discount_type: 'percentage', value: '10' }), 201);
  const browser = await context();
  const page = await browser.newPage();
  await page.goto('/');
  assert.equal(await page.locator('h1').count(), 1);
  await page.locator('nav.category-nav a').first().click();
  await page.locator('a.product-card').first().click();
  assert.match(page.url(), /\/products\//);
  const productName = (await page.locator('h1').textContent())!.trim();
  const variant = await pickSecondVariant(page);
  await page.fill('input[name=quantity]', '2');
  await page.click('button[type=submit][name=add]');
  assert.match(page.url(), /\/cart$/);
  assert.equal(await page.locator('[data-cart-count]').textContent(), '2');
  assert.match((await page.locator('tr[data-cart-item]').textContent())!, new RegExp(productName));
  const before = (await page.locator('[data-cart-total]').textContent())!;
  await page.fill('input[name=code]', 'WELCOME10');
  await page.click('button[name=apply_voucher]');
  await page.locator('.notice.success').waitFor();
  const after = (await page.locator('[data-cart-total]').textContent())!;
  assert.notEqual(after, before, 'the voucher lowers the total');

  await checkout(page, 'ada@example.com');
  const number = (await page.locator('[data-order-number]').textContent())!.trim();
  assert.match((await page.locator('[data-order-status]').textContent())!, /Paid, being prepared/);

  const orders = expectStatus(await staff.get(`/api/v1/orders/?search=${encodeURIComponent(number)}&expand=items`), 200);
  const order = orders.results.find((o: any) => o.order_number === number);
  assert.ok(order, 'the order exists through the API');
  assert.equal(order.status, 'processing');
  assert.equal(order.payment_status, 'paid');
  assert.equal(order.items[0].variant.id, Number(variant));
  assert.equal(order.items[0].quantity, 2);
  assert.equal(order.discounts[0].code, 'WELCOME10');
  await browser.close();
});

test('a shopper registers, buys, sees the order in the account history, signs out', async () => {
  const browser = await shop().context();
  const page = await browser.newPage();
  await page.goto('/account/register');
  await page.fill('input[name=first_name]', 'Grace');
  await page.fill('input[name=last_name]', 'Hopper');
  await page.fill('input[name=email]', 'grace@example.com');
  await page.fill('input[name=password]', 'correct horse battery');
  await page.click('button[name=register]');
  assert.match(page.url(), /\/account$/);
  await page.locator('.notice.success').waitFor();
  await page.click('button[name=logout]');
  await page.goto('/account');
  assert.match(page.url(), /\/account\/login/, 'signed out: the account asks to sign in');
  await page.fill('input[name=email]', 'grace@example.com');
  await page.fill('input[name=password]', 'wrong password');
  await page.click('button[name=login]');
  await page.locator('.notice.error').waitFor();
  await page.fill('input[name=password]', 'correct horse battery');
  await page.click('button[name=login]');
  assert.match(page.url(), /\/account$/);

  await page.goto('/');
  await page.locator('a.product-card').first().click();
  await page.click('button[type=submit][name=add]');
  await checkout(page, 'grace@example.com');
  const number = (await page.locator('[data-order-number]').textContent())!.trim();

  await page.goto('/account');
  const row = page.locator('tr[data-order]', { hasText: number });
  await row.waitFor();
  await row.locator('a').click();
  assert.equal((await page.locator('[data-order-number]').textContent())!.trim(), number);
  await page.goto('/account');
  await page.click('button[name=logout]');
  await page.goto('/account');
  assert.match(page.url(), /\/account\/login/);
  await browser.close();
});
