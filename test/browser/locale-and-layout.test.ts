import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserShop, expectAccessible, expectNoSidewaysScroll, fillCheckoutAddress } from '../helpers/browser.ts';
import { expectStatus } from '../helpers/client.ts';

const shop = browserShop();

test('/de/ in euros: German names and strings, converted prices; the language and currency switchers work', async () => {
  const { staff, context } = shop();
  const product = expectStatus(await staff.get('/api/v1/products/?page_size=1&ordering=name'), 200).results[0];
  const german = expectStatus(await shop().store.inject({ url: `/api/v1/products/${product.id}/?currency=EUR`, headers: { 'accept-language': 'de' } }), 200);
  assert.notEqual(german.name, product.name, 'the demo catalogue has German names');
  const browser = await context({ width: 1280, height: 900 });
  const page = await browser.newPage();
  await page.goto(`/products/${product.slug}`);
  assert.equal(await page.locator('h1').textContent(), product.name);
  await page.locator('nav.language-switcher a[hreflang=de]').click();
  assert.match(page.url(), new RegExp(`/de/products/${product.slug}$`));
  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  assert.equal(await page.locator('h1').textContent(), german.name);
  assert.equal((await page.locator('button[name=add]').textContent())!.trim(), 'In den Warenkorb');
  assert.equal(await page.locator('link[rel=alternate][hreflang=en]').getAttribute('href'), `${shop().base}/products/${product.slug}`);
  // The switcher submits on change with JavaScript; its button does the same without.
  await page.selectOption('select[name=currency]', 'EUR');
  await page.waitForURL(new RegExp(`/de/products/${product.slug}$`));
  await page.locator('select[name=currency] option[value=EUR][selected]').waitFor({ state: 'attached' });
  const price = (await page.locator('[data-product-price] .price-current').textContent())!;
  const expected = new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(Number(german.variants[0].price.amount)).replace(/\s/g, ' ');
  assert.equal(price.replace(/\s/g, ' '), expected);
  // The currency is remembered on the next page, and the cart follows it.
  await page.click('button[name=add]');
  assert.match((await page.locator('[data-cart-total]').textContent())!, /€/);
  await page.locator('nav.language-switcher a[hreflang=en]').click();
  assert.match(page.url(), /\/cart$/);
  assert.match((await page.locator('[data-cart-total]').textContent())!, /€/);
  await browser.close();
});

test('every template fits a 390×844 screen without sideways scrolling and has no serious accessibility violation', async () => {
  const { staff, context } = shop();
  const product = expectStatus(await staff.get('/api/v1/products/?page_size=1'), 200).results[0];
  const category = expectStatus(await staff.get('/api/v1/categories/?page_size=1'), 200).results[0];
  expectStatus(await staff.post('/api/v1/pages/', { title: 'About us', slug: 'about-us', body: '<p>We sell <strong>good things</strong>.</p>', published: true }), 201);
  const browser = await context();
  const page = await browser.newPage();
  const visit = async (path: string) => {
    const res = await page.goto(path);
    assert.ok(res, path);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    assert.equal(await page.locator('h1').count(), 1, `${path} has one h1`);
  };
  for (const path of ['/', `/categories/${category.slug}`, `/products/${product.slug}`, '/search?q=a', '/search', '/pages/about-us', '/no-such-page', '/cart', '/account/login', '/account/register', '/account/password-reset', '/reset-password?token=x', '/de/']) {
    await visit(path);
  }
  // The pages with a cart, the checkout steps and the confirmation; the account with an order.
  await page.goto(`/products/${product.slug}`);
  await page.click('button[name=add]');
  await visit('/cart');
  await visit('/checkout');
  await fillCheckoutAddress(page, 'layout@example.com', 'A very long street name that goes on and on 123');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.click('button[name=continue]');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.click('button[name=pay]');
  await page.locator('button[value=succeeded]').click();
  await page.locator('[data-order-number]').waitFor();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.goto('/account/register');
  await page.fill('input[name=email]', 'layout-account@example.com');
  await page.fill('input[name=password]', 'correct horse battery');
  await page.click('button[name=register]');
  await visit('/account');
  await visit('/account/addresses');
  await browser.close();
});
