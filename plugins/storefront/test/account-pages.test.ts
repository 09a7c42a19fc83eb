import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, expectStatus } from '../../../test/helpers/client.ts';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, createStaff, staffApiKey } from '../../../test/helpers/auth.ts';
import { notice, Visitor } from './visitor.ts';

let store: TestStore;
let staff: Client;

before(async () => {
  store = await startTestStore({ env: { DEMO_DATA: 'true' } });
  staff = new Client(store, authHeader(await staffApiKey(store)));
});

after(() => store.close());

async function registered(email: string): Promise<Visitor> {
  const v = new Visitor(store);
  const res = await v.post('/account/register', { email, password: 'correct horse battery', first_name: 'Ada', last_name: 'Lovelace' });
  assert.equal(res.headers.location, '/account', res.body.slice(0, 300));
  return v;
}

async function buyOne(v: Visitor): Promise<string> {
  const product = expectStatus(await staff.get('/api/v1/products/?slug=stoneware-mug'), 200).results[0];
  await v.post('/cart/add', { variant_id: String(product.variants[0].id), quantity: '1', return_to: '/cart' });
  await v.post('/checkout', { step: 'contact', email: 'ignored-for-customers@example.com', first_name: 'Ada', last_name: 'Lovelace', address_line_1: 'Main 1', city: 'Berlin', postal_code: '10115', country: 'DE' });
  const shipping = /name="shipping_method_id" value="([^"]+)"/.exec((await v.get('/checkout')).body)![1]!;
  await v.post('/checkout', { step: 'shipping', shipping_method_id: shipping });
  const pay = await v.post('/checkout', { step: 'payment', payment_method_id: 'test' });
  await v.post(String(pay.headers.location).replace('https://store.test', ''), { outcome: 'succeeded' }, { token: false });
  const checkout = expectStatus(await staff.get(`/api/v1/checkout/${v.cookies.get('checkout_id')}/`), 200);
  return checkout.order.order_number;
}

test('register signs the shopper in; the account lists their orders; sign out ends the session', async () => {
  const v = await registered('ada@example.com');
  assert.ok(v.cookies.get('sessionid'), 'a session cookie');
  const account = await v.get('/account');
  assert.equal(account.statusCode, 200);
  assert.equal(notice(account.body), 'Welcome! Your account is ready.');
  assert.match(account.body, /You have not ordered anything yet/);
  const number = await buyOne(v);
  const history = await v.get('/account');
  assert.match(history.body, new RegExp(`<tr data-order>\\s*<td><a href="/account/orders/(\\d+)">${number}</a>`));
  const id = /href="\/account\/orders\/(\d+)"/.exec(history.body)![1];
  const detail = await v.get(`/account/orders/${id}`);
  assert.equal(detail.statusCode, 200);
  assert.match(detail.body, /data-order-status>Paid, being prepared</);
  assert.match(detail.body, /Stoneware Mug/);
  // Another customer cannot see it.
  const other = await registered('grace@example.com');
  assert.equal((await other.get(`/account/orders/${id}`)).statusCode, 404);
  assert.equal((await other.get('/account/orders/abc')).statusCode, 404);

  const out = await v.post('/account/logout', {});
  assert.equal(out.headers.location, '/');
  assert.equal(v.cookies.get('sessionid'), undefined);
  assert.equal((await v.get('/account')).headers.location, '/account/login?return_to=%2Faccount');
});

test('sign in refuses a wrong password and a wrong token, and returns only to store paths', async () => {
  await registered('lin@example.com');
  const v = new Visitor(store);
  const wrong = await v.post('/account/login', { email: 'lin@example.com', password: 'not the password' });
  assert.equal(wrong.statusCode, 400);
  assert.match(notice(wrong.body)!, /The e-mail or password is not right/);
  assert.match(wrong.body, /name="email" type="email" value="lin@example.com"/, 'the e-mail is kept');
  assert.doesNotMatch(wrong.body, /not the password/, 'the password never is');
  assert.equal(v.cookies.get('sessionid'), undefined);
  const forged = await v.post('/account/login', { email: 'lin@example.com', password: 'correct horse battery', csrf_token: 'forged' });
  assert.equal(forged.statusCode, 400);
  assert.equal(v.cookies.get('sessionid'), undefined, 'no session without the form token');
  const evil = await v.post('/account/login', { email: 'lin@example.com', password: 'correct horse battery', return_to: '//evil.example/' });
  assert.equal(evil.headers.location, '/account');
  assert.ok(v.cookies.get('sessionid'));
  await v.post('/account/logout', {});
  const back = await v.post('/account/login', { email: 'lin@example.com', password: 'correct horse battery', return_to: '/account/addresses' });
  assert.equal(back.headers.location, '/account/addresses');
});

test('a staff account does not sign in to the shop', async () => {
  const account = await createStaff(store);
  const v = new Visitor(store);
  const res = await v.post('/account/login', { email: account.email, password: account.password });
  assert.equal(res.statusCode, 400);
  assert.match(notice(res.body)!, /Staff accounts sign in to the admin panel/);
  assert.equal(v.cookies.get('sessionid'), undefined);
});

test('registration shows the API\'s field errors and keeps what was typed', async () => {
  const v = new Visitor(store);
  const res = await v.post('/account/register', { email: 'not-an-email', password: 'short', first_name: 'Ada <b>' });
  assert.equal(res.statusCode, 400);
  assert.match(res.body, /id="error-email"/);
  assert.match(res.body, /id="error-password"/);
  assert.match(res.body, /name="first_name" type="text" value="Ada &lt;b&gt;"/);
  await registered('dup@example.com');
  const dup = await new Visitor(store).post('/account/register', { email: 'dup@example.com', password: 'correct horse battery' });
  assert.equal(dup.statusCode, 400);
});

test('saved addresses are added, made default and deleted through the API', async () => {
  const v = await registered('addr@example.com');
  const bad = await v.post('/account/addresses', { first_name: 'Ada', last_name: 'L', address_line_1: 'Main 1', city: 'Berlin', postal_code: '10115', country: 'XX' });
  assert.equal(bad.statusCode, 400);
  await v.post('/account/addresses', { first_name: 'Ada', last_name: 'L', address_line_1: 'Main 1', city: 'Berlin', postal_code: '10115', country: 'DE' });
  await v.post('/account/addresses', { first_name: 'Ada', last_name: 'L', address_line_1: 'Side 2', city: 'Hamburg', postal_code: '20095', country: 'DE' });
  const list = () => new Client(store, { cookie: `sessionid=${v.cookies.get('sessionid')}` }).get('/api/v1/customers/me/addresses/');
  const addresses = expectStatus(await list(), 200).results;
  assert.equal(addresses.length, 2);
  const hamburg = addresses.find((a: any) => a.city === 'Hamburg');
  await v.post('/account/addresses', { action: 'default', address_id: String(hamburg.id) });
  assert.equal(expectStatus(await list(), 200).results.find((a: any) => a.id === hamburg.id).is_default_shipping, true);
  await v.post('/account/addresses', { action: 'delete', address_id: String(hamburg.id), csrf_token: 'forged' });
  assert.equal(expectStatus(await list(), 200).results.length, 2, 'a forged form deletes nothing');
  await v.post('/account/addresses', { action: 'delete', address_id: String(hamburg.id) });
  assert.equal(expectStatus(await list(), 200).results.length, 1);
});

test('the password reset page answers alike for any address; the mailed link opens the new password form', async () => {
  const v = new Visitor(store);
  const known = await v.follow(await v.post('/account/password-reset', { email: 'ada@example.com' }));
  const unknown = await v.follow(await v.post('/account/password-reset', { email: 'nobody@example.com' }));
  assert.equal(notice(known.body), notice(unknown.body));
  const form = await v.get('/reset-password/?token=abc');
  assert.equal(form.statusCode, 200);
  assert.match(form.body, /name="token" value="abc"/);
  const refused = await v.post('/reset-password', { token: 'abc', password: 'a new long password' });
  assert.equal(refused.statusCode, 400);
  assert.match(notice(refused.body)!, /The password could not be changed/);
});
