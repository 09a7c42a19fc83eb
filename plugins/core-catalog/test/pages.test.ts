import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, SessionClient, staffApiKey } from '../../../test/helpers/auth.ts';
import { ManualClock } from '../../../kernel/clock.ts';

function pagesStore(opts: { clock?: ManualClock } = {}): Promise<TestStore> {
  return startTestStore(opts);
}

interface Ctx {
  store: TestStore;
  staff: Record<string, string>;
}

async function setUp(t: { after(fn: () => unknown): void }, opts: { clock?: ManualClock } = {}): Promise<Ctx> {
  const store = await pagesStore(opts);
  t.after(() => store.close());
  return { store, staff: authHeader(await staffApiKey(store)) };
}

function send(ctx: Ctx, method: string, url: string, payload?: unknown, headers: Record<string, string> = ctx.staff): Promise<LightMyRequestResponse> {
  return ctx.store.inject({ method: method as any, url, headers, ...(payload === undefined ? {} : { payload: payload as any }) });
}

async function createPage(ctx: Ctx, body: Record<string, unknown>): Promise<any> {
  const res = await send(ctx, 'POST', '/api/v1/pages/', body);
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

async function setLanguages(ctx: Ctx, languages: string[]): Promise<void> {
  const res = await send(ctx, 'PATCH', '/api/v1/store/', { languages, default_language: languages[0] });
  assert.equal(res.statusCode, 200, res.body);
}

const anonymous = (ctx: Ctx, url: string, headers: Record<string, string> = {}) => ctx.store.inject({ method: 'GET', url, headers });
const titles = (res: LightMyRequestResponse) => res.json().results.map((p: any) => p.title);
const eventsOf = async (ctx: Ctx, type: string) =>
  (await ctx.store.kernel.knex('events').where({ type }).orderBy('id')).map((e: any) => JSON.parse(e.data));

test('staff create, read, patch, replace and delete a page; each write answers the page and changes the tables', async (t) => {
  const ctx = await setUp(t);
  const created = await send(ctx, 'POST', '/api/v1/pages/', { title: 'About us', body: '<p>We sell tea.</p>', published: true });
  assert.equal(created.statusCode, 201, created.body);
  const page = created.json();
  assert.equal(created.headers.location, `https://store.test/api/v1/pages/${page.id}/`);
  assert.deepEqual(Object.keys(page).sort(), ['body', 'created_at', 'id', 'published', 'slug', 'title', 'translations', 'updated_at']);
  assert.equal(page.slug, 'about-us');
  assert.equal(page.body, '<p>We sell tea.</p>');
  assert.equal(page.published, true);
  assert.deepEqual(page.translations, {});
  assert.match(page.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

  const fetched = await send(ctx, 'GET', `/api/v1/pages/${page.id}/`);
  assert.equal(fetched.statusCode, 200);
  assert.deepEqual(fetched.json(), page);
  const bySlug = await anonymous(ctx, '/api/v1/pages/by-slug/about-us/');
  assert.equal(bySlug.statusCode, 200);
  assert.equal(bySlug.json().id, page.id);

  const patched = await send(ctx, 'PATCH', `/api/v1/pages/${page.id}/`, { title: 'About our shop' });
  assert.equal(patched.statusCode, 200, patched.body);
  assert.equal(patched.json().title, 'About our shop');
  assert.equal(patched.json().slug, 'about-us', 'a new title keeps the slug, so links stay valid');
  assert.equal(patched.json().body, '<p>We sell tea.</p>');
  assert.equal(patched.json().published, true);

  const replaced = await send(ctx, 'PUT', `/api/v1/pages/${page.id}/`, { title: 'Imprint', body: '<p>Tea Ltd.</p>' });
  assert.equal(replaced.statusCode, 200, replaced.body);
  assert.equal(replaced.json().slug, 'imprint', 'PUT derives the slug anew when it is omitted');
  assert.equal(replaced.json().published, false, 'PUT resets what it omits');
  const row = await ctx.store.kernel.knex('pages').where({ id: page.id }).first();
  assert.equal(row.title, 'Imprint');
  assert.equal(row.body, '<p>Tea Ltd.</p>');
  assert.equal(Number(row.published), 0);

  const deleted = await send(ctx, 'DELETE', `/api/v1/pages/${page.id}/`);
  assert.equal(deleted.statusCode, 204);
  assert.equal(deleted.body, '');
  assert.equal((await send(ctx, 'GET', `/api/v1/pages/${page.id}/`)).statusCode, 404);
  assert.equal((await send(ctx, 'DELETE', `/api/v1/pages/${page.id}/`)).statusCode, 404);
  assert.equal((await send(ctx, 'PATCH', `/api/v1/pages/${page.id}/`, { title: 'x' })).statusCode, 404);
  assert.equal((await ctx.store.kernel.knex('pages').count({ n: '*' }).first() as any).n, 0);
});

test('anonymous callers and customers see published pages only; staff see all and filter on published', async (t) => {
  const ctx = await setUp(t);
  const shown = await createPage(ctx, { title: 'Shipping', published: true });
  const hidden = await createPage(ctx, { title: 'Draft notes', body: '<p>secret</p>' });
  assert.equal(hidden.published, false, 'a page is unpublished unless it says otherwise');

  const { translations: _staffOnly, ...publicView } = shown;
  const customer = new SessionClient(ctx.store);
  assert.equal((await customer.register({ email: 'shopper@example.com', password: 'correct horse battery' })).statusCode, 201);
  const readers: Array<[string, (url: string) => Promise<LightMyRequestResponse>]> = [
    ['anonymous', (url) => anonymous(ctx, url)],
    ['customer', (url) => customer.request({ method: 'GET', url })],
  ];
  for (const [who, get] of readers) {
    const list = await get('/api/v1/pages/');
    assert.equal(list.statusCode, 200, `${who}: ${list.body}`);
    assert.deepEqual(list.json(), { count: 1, next: null, previous: null, results: [publicView] });
    assert.equal((await get(`/api/v1/pages/${hidden.id}/`)).statusCode, 404, who);
    assert.equal((await get('/api/v1/pages/by-slug/draft-notes/')).statusCode, 404, who);
    assert.equal((await get('/api/v1/pages/?published=false')).json().count, 0, `${who} cannot list drafts with the filter`);
    const one = await get(`/api/v1/pages/${shown.id}/`);
    assert.equal(one.statusCode, 200);
    assert.equal(one.json().translations, undefined, `${who} does not see raw translations`);
  }
  assert.equal((await send(ctx, 'POST', '/api/v1/pages/', { title: 'x' }, {})).statusCode, 401);
  const asCustomer = await customer.request({ method: 'POST', url: '/api/v1/pages/', payload: { title: 'x' } });
  assert.equal(asCustomer.statusCode, 403);
  assert.equal((await customer.request({ method: 'DELETE', url: `/api/v1/pages/${shown.id}/` })).statusCode, 403);

  assert.deepEqual(titles(await send(ctx, 'GET', '/api/v1/pages/')), ['Draft notes', 'Shipping']);
  assert.deepEqual(titles(await send(ctx, 'GET', '/api/v1/pages/?published=false')), ['Draft notes']);
  assert.deepEqual(titles(await send(ctx, 'GET', '/api/v1/pages/?published=true')), ['Shipping']);
  const draft = await send(ctx, 'GET', `/api/v1/pages/${hidden.id}/`);
  assert.equal(draft.statusCode, 200);
  assert.equal(draft.json().body, '<p>secret</p>');

  const publish = await send(ctx, 'PATCH', `/api/v1/pages/${hidden.id}/`, { published: true });
  assert.equal(publish.statusCode, 200);
  assert.equal((await anonymous(ctx, `/api/v1/pages/${hidden.id}/`)).statusCode, 200, 'publishing shows the page');
});

test('slugs are derived from the title and made unique; an explicit duplicate is 409 duplicate_slug', async (t) => {
  const ctx = await setUp(t);
  assert.equal((await createPage(ctx, { title: 'About us' })).slug, 'about-us');
  assert.equal((await createPage(ctx, { title: 'About  us!' })).slug, 'about-us-2');
  assert.equal((await createPage(ctx, { title: 'About us' })).slug, 'about-us-3');
  assert.equal((await createPage(ctx, { title: 'Über uns & Größe' })).slug, 'uber-uns-grosse');
  assert.equal((await createPage(ctx, { title: '日本語' })).slug, 'page');
  const custom = await createPage(ctx, { title: 'Terms', slug: 'terms-and-conditions' });
  assert.equal(custom.slug, 'terms-and-conditions');

  const clash = await send(ctx, 'POST', '/api/v1/pages/', { title: 'Other', slug: 'about-us' });
  assert.equal(clash.statusCode, 409, clash.body);
  assert.equal(clash.json().code, 'duplicate_slug');
  assert.ok(clash.json().errors.slug);
  const patchClash = await send(ctx, 'PATCH', `/api/v1/pages/${custom.id}/`, { slug: 'about-us-2' });
  assert.equal(patchClash.statusCode, 409);
  assert.equal(patchClash.json().code, 'duplicate_slug');
  const putClash = await send(ctx, 'PUT', `/api/v1/pages/${custom.id}/`, { title: 'Terms', slug: 'page' });
  assert.equal(putClash.statusCode, 409);
  assert.equal((await send(ctx, 'PATCH', `/api/v1/pages/${custom.id}/`, { slug: 'terms-and-conditions' })).statusCode, 200, 'its own slug is no clash');
  assert.equal((await send(ctx, 'PUT', `/api/v1/pages/${custom.id}/`, { title: 'Terms' })).json().slug, 'terms', 'PUT derives, ignoring the page itself');

  const bad = await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', slug: 'Not A Slug' });
  assert.equal(bad.statusCode, 400);
  assert.ok(bad.json().errors.slug);
  assert.equal(await ctx.store.kernel.knex('pages').where({ title: 'Other' }).first(), undefined, 'a refused write leaves nothing');
  assert.equal((await eventsOf(ctx, 'page.created')).length, 6);
});

test('translated fields follow Accept-Language with Content-Language and Vary, falling back to the base text', async (t) => {
  const ctx = await setUp(t);
  await setLanguages(ctx, ['en', 'de', 'fr', 'pt-BR']);
  const page = await createPage(ctx, {
    title: 'Delivery',
    body: '<p>We deliver.</p>',
    published: true,
    translations: { DE: { title: 'Lieferung', body: '<p>Wir liefern.</p>' }, 'pt-br': { title: 'Entrega' } },
  });
  assert.deepEqual(page.translations, { de: { title: 'Lieferung', body: '<p>Wir liefern.</p>' }, 'pt-BR': { title: 'Entrega' } }, 'keys take the store spelling');

  const german = await anonymous(ctx, `/api/v1/pages/${page.id}/`, { 'accept-language': 'de-CH, en;q=0.5' });
  assert.equal(german.statusCode, 200);
  assert.equal(german.headers['content-language'], 'de');
  assert.match(String(german.headers.vary), /Accept-Language/);
  assert.deepEqual({ title: german.json().title, body: german.json().body, translations: german.json().translations }, { title: 'Lieferung', body: '<p>Wir liefern.</p>', translations: undefined });

  const french = await anonymous(ctx, `/api/v1/pages/${page.id}/`, { 'accept-language': 'fr' });
  assert.equal(french.headers['content-language'], 'fr');
  assert.equal(french.json().title, 'Delivery', 'no French text: the base text');
  const portuguese = await anonymous(ctx, `/api/v1/pages/by-slug/delivery/`, { 'accept-language': 'pt-BR' });
  assert.deepEqual([portuguese.json().title, portuguese.json().body], ['Entrega', '<p>We deliver.</p>'], 'a missing translated field falls back alone');
  const fallback = await anonymous(ctx, '/api/v1/pages/', { 'accept-language': 'x-bogus;;q=2, *' });
  assert.equal(fallback.statusCode, 200, 'a malformed header falls back');
  assert.equal(fallback.headers['content-language'], 'en');
  assert.deepEqual(titles(fallback), ['Delivery']);
  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/', { 'accept-language': 'de' })), ['Lieferung']);
  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/?search=liefer', { 'accept-language': 'de' })), ['Lieferung'], 'search reaches the translated title');
  assert.equal((await anonymous(ctx, '/api/v1/pages/?search=liefer', { 'accept-language': 'fr' })).json().count, 0);

  const staffView = await send(ctx, 'GET', `/api/v1/pages/${page.id}/`, undefined, { ...ctx.staff, 'accept-language': 'de' });
  assert.equal(staffView.json().title, 'Lieferung');
  assert.deepEqual(staffView.json().translations, page.translations, 'staff also see the raw translations');

  const unknown = await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', translations: { xx: { title: 'y' }, es: { title: 'z' } } });
  assert.equal(unknown.statusCode, 400, unknown.body);
  assert.deepEqual(Object.keys(unknown.json().errors).sort(), ['translations.es', 'translations.xx']);
  const empty = await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', translations: { de: {} } });
  assert.equal(empty.statusCode, 400);
  const unknownField = await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', translations: { de: { name: 'y' } } });
  assert.equal(unknownField.statusCode, 400);
  assert.ok(unknownField.json().errors['translations.de.name'], unknownField.body);

  const merged = await send(ctx, 'PATCH', `/api/v1/pages/${page.id}/`, { translations: { fr: { title: 'Livraison' }, 'pt-BR': null } });
  assert.equal(merged.statusCode, 200, merged.body);
  assert.deepEqual(merged.json().translations, { de: { title: 'Lieferung', body: '<p>Wir liefern.</p>' }, fr: { title: 'Livraison' } }, 'merged per language; null removes one');
  const patchUnknown = await send(ctx, 'PATCH', `/api/v1/pages/${page.id}/`, { translations: { it: { title: 'Consegna' } } });
  assert.equal(patchUnknown.statusCode, 400);
  assert.ok(patchUnknown.json().errors['translations.it']);
  assert.deepEqual(
    (await ctx.store.kernel.knex('page_translations').where({ page_id: page.id }).orderBy('language')).map((r: any) => [r.language, r.title]),
    [['de', 'Lieferung'], ['fr', 'Livraison']],
  );
});

// Each dangerous input and what must be left of it.
const DANGEROUS: Array<[string, string]> = [
  ['<p>a</p><script>alert(1)</script>', '<p>a</p>'],
  ['<SCRIPT SRC="https://evil.test/x.js"></SCRIPT><p>b</p>', '<p>b</p>'],
  ['<style>body{display:none}</style><p>c</p>', '<p>c</p>'],
  ['<iframe src="https://evil.test/"></iframe><p>d</p>', '<p>d</p>'],
  ['<object data="x.swf"></object><embed src="x.swf"><p>e</p>', '<p>e</p>'],
  ['<form action="https://evil.test/"><input name="card"><button>Pay</button></form>', 'Pay'],
  ['<p onclick="steal()" ONMOUSEOVER="x()">f</p>', '<p>f</p>'],
  ['<img src="https://cdn.test/a.png" onerror="alert(1)" alt="a" />', '<img src="https://cdn.test/a.png" alt="a" />'],
  ['<a href="javascript:alert(1)">g</a>', '<a>g</a>'],
  ['<a href="JaVaScRiPt:alert(1)">h</a>', '<a>h</a>'],
  ['<a href="jav&#x09;ascript:alert(1)">i</a>', '<a>i</a>'],
  ['<a href="&#106;avascript:alert(1)">j</a>', '<a>j</a>'],
  ['<a href="  java\nscript:alert(1)">k</a>', '<a>k</a>'],
  ['<a href="data:text/html;base64,PHNjcmlwdD4=">l</a>', '<a>l</a>'],
  ['<a href="vbscript:msgbox(1)">m</a>', '<a>m</a>'],
  ['<p>n</p><img src="data:image/png;base64,AAAA" alt="x" /><img src="javascript:alert(1)" />', '<p>n</p>'],
  ['<a href="https://example.com/" target="_blank">o</a>', '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">o</a>'],
  ['<div style="color:red" class="note" id="x">p</div>', '<div class="note">p</div>'],
  ['<svg onload="alert(1)"><circle /></svg><p>q</p>', '<p>q</p>'],
];

// Ordinary content markup, written the way the sanitiser writes it, so it must come back byte for byte.
const ORDINARY = [
  '<h1>Title</h1><h2>Sub</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>',
  '<p>Text with <strong>strong</strong>, <em>em</em>, <b>b</b>, <i>i</i>, <u>u</u>, <s>s</s> and a<br />break.</p>',
  '<blockquote>Quote</blockquote><ul><li>one</li></ul><ol><li>two</li></ol><hr />',
  '<p><a href="https://example.com/tea?x=1&amp;y=2" title="Tea">link</a> <a href="/pages/by-slug/about/">relative</a> <a href="mailto:shop@example.com">mail</a></p>',
  '<p><a href="https://example.com/" target="_blank" rel="noopener noreferrer">new tab</a></p>',
  '<figure><img src="https://cdn.example.com/tea.jpg" alt="Tea" title="Tea" width="640" height="480" /><figcaption>Our tea</figcaption></figure>',
  '<table><thead><tr><th>Size</th></tr></thead><tbody><tr><td>M</td></tr></tbody></table>',
  '<pre><code>let x = 1 &lt; 2;</code></pre><div class="box"><span class="hl">Grüße &amp; more</span></div>',
].join('');

test('page HTML is sanitised on write (POST, PATCH, PUT and translations) and ordinary markup survives unchanged', async (t) => {
  const ctx = await setUp(t);
  await setLanguages(ctx, ['en', 'de']);
  const stored = async (id: number) => ctx.store.kernel.knex('pages').where({ id }).first();
  const storedDe = async (id: number) => (await ctx.store.kernel.knex('page_translations').where({ page_id: id, language: 'de' }).first())?.body;

  for (const [input, expected] of DANGEROUS) {
    const created = await createPage(ctx, { title: 'P', body: input, translations: { de: { body: input } } });
    assert.equal(created.body, expected, `POST ${input}`);
    assert.equal(created.translations.de.body, expected, `POST translation ${input}`);
    assert.equal((await stored(created.id)).body, expected, 'the stored body is the sanitised one');
    assert.equal(await storedDe(created.id), expected);

    const patched = await send(ctx, 'PATCH', `/api/v1/pages/${created.id}/`, { body: `<p>x</p>${input}`, translations: { de: { title: 'T', body: input } } });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal((await stored(created.id)).body, `<p>x</p>${expected}`, `PATCH ${input}`);
    assert.equal(await storedDe(created.id), expected, `PATCH translation ${input}`);

    const replaced = await send(ctx, 'PUT', `/api/v1/pages/${created.id}/`, { title: 'P', body: input, translations: { de: { body: input } } });
    assert.equal(replaced.json().body, expected, `PUT ${input}`);
    assert.equal(await storedDe(created.id), expected, `PUT translation ${input}`);
  }
  const plain = await createPage(ctx, { title: 'Plain', body: ORDINARY, translations: { de: { body: ORDINARY } }, published: true });
  assert.equal(plain.body, ORDINARY);
  assert.equal((await stored(plain.id)).body, ORDINARY);
  assert.equal(await storedDe(plain.id), ORDINARY);
  const read = await anonymous(ctx, `/api/v1/pages/${plain.id}/`, { 'accept-language': 'de' });
  assert.equal(read.json().body, ORDINARY);
  const events = await eventsOf(ctx, 'page.created');
  assert.ok(events.every((e: any) => !/script|onerror|onclick|javascript/i.test(JSON.stringify(e))), 'events carry the sanitised text');
});

test('lists page, order by title, created_at and updated_at, and search titles with % and _ taken literally', async (t) => {
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  const ctx = await setUp(t, { clock });
  const ids: Record<string, number> = {};
  for (const title of ['Bravo', 'Alpha', '100% tea', 'Delta_x', 'Echo azx']) {
    ids[title] = (await createPage(ctx, { title, published: true })).id;
    clock.advance(1000);
  }
  assert.equal((await send(ctx, 'PATCH', `/api/v1/pages/${ids.Bravo}/`, { body: '<p>touched</p>' })).statusCode, 200);

  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/')), ['100% tea', 'Alpha', 'Bravo', 'Delta_x', 'Echo azx']);
  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/?ordering=-created_at')), ['Echo azx', 'Delta_x', '100% tea', 'Alpha', 'Bravo']);
  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/?ordering=-updated_at')), ['Bravo', 'Echo azx', 'Delta_x', '100% tea', 'Alpha']);
  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/?search=%25')), ['100% tea']);
  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/?search=a_x')), ['Delta_x']);
  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/?search=ALPH')), ['Alpha']);
  assert.deepEqual(titles(await anonymous(ctx, "/api/v1/pages/?search=' or 1=1 --")), []);
  assert.deepEqual(titles(await anonymous(ctx, '/api/v1/pages/?created_at__gte=2026-01-01T00:00:03Z')), ['Delta_x', 'Echo azx']);

  const first = await anonymous(ctx, '/api/v1/pages/?page_size=2');
  assert.equal(first.json().count, 5);
  assert.equal(first.json().next, 'https://store.test/api/v1/pages/?page_size=2&page=2');
  assert.equal(first.json().previous, null);
  const last = await anonymous(ctx, '/api/v1/pages/?page_size=2&page=3');
  assert.deepEqual(titles(last), ['Echo azx']);
  assert.equal(last.json().next, null);
  assert.equal((await anonymous(ctx, '/api/v1/pages/?page_size=2&page=4')).statusCode, 404);
});

test('refuses bad input with a 400 naming the field, and a request over 1 MB with 413', async (t) => {
  const ctx = await setUp(t);
  await setLanguages(ctx, ['en', 'de']);
  const expectBad = async (res: LightMyRequestResponse, field: string) => {
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'invalid');
    assert.ok(res.json().errors[field], `${field} named in ${res.body}`);
  };
  await expectBad(await send(ctx, 'POST', '/api/v1/pages/', { body: '<p>no title</p>' }), 'title');
  await expectBad(await send(ctx, 'POST', '/api/v1/pages/', { title: 'x'.repeat(201) }), 'title');
  await expectBad(await send(ctx, 'POST', '/api/v1/pages/', { title: '   ' }), 'title');
  await expectBad(await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', author: 'me' }), 'author');
  await expectBad(await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', published: 'yes' }), 'published');
  await expectBad(await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', body: 'x'.repeat(100 * 1024 + 1) }), 'body');
  // Under the character limit but over 100 KB of UTF-8.
  await expectBad(await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', body: 'ü'.repeat(60 * 1024) }), 'body');
  await expectBad(await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', translations: { de: { body: 'ü'.repeat(60 * 1024) } } }), 'translations.de.body');
  assert.equal((await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', body: 'x'.repeat(100 * 1024) })).statusCode, 201, '100 KB exactly is fine');
  const huge = await send(ctx, 'POST', '/api/v1/pages/', { title: 'x', body: 'x'.repeat(1024 * 1024) });
  assert.equal(huge.statusCode, 413);
  assert.equal(huge.json().code, 'payload_too_large');

  await expectBad(await send(ctx, 'PATCH', '/api/v1/pages/1/', {}), 'non_field_errors');
  await expectBad(await send(ctx, 'PATCH', '/api/v1/pages/1/', { title: '' }), 'title');
  await expectBad(await send(ctx, 'PUT', '/api/v1/pages/1/', { body: '<p>x</p>' }), 'title');
  await expectBad(await send(ctx, 'GET', '/api/v1/pages/abc/'), 'id');
  await expectBad(await anonymous(ctx, '/api/v1/pages/?page_size=101'), 'page_size');
  await expectBad(await anonymous(ctx, '/api/v1/pages/?ordering=body'), 'ordering');
  await expectBad(await anonymous(ctx, '/api/v1/pages/?published=maybe'), 'published');
  await expectBad(await anonymous(ctx, '/api/v1/pages/?created_at__gte=yesterday'), 'created_at__gte');
  const wrongMethod = await send(ctx, 'POST', '/api/v1/pages/by-slug/x/', { title: 'x' });
  assert.equal(wrongMethod.statusCode, 405);
  assert.equal((await ctx.store.kernel.knex('pages').count({ n: '*' }).first() as any).n, 1);
});

test('each write records its event in the same transaction: page.created, page.updated, page.deleted', async (t) => {
  const ctx = await setUp(t);
  await setLanguages(ctx, ['en', 'de']);
  const page = await createPage(ctx, { title: 'FAQ', body: '<p>Q</p>', translations: { de: { title: 'Fragen' } } });
  await send(ctx, 'PATCH', `/api/v1/pages/${page.id}/`, { published: true });
  await send(ctx, 'PUT', `/api/v1/pages/${page.id}/`, { title: 'FAQ', slug: 'faq', body: '<p>A</p>', published: true });
  // Refused writes roll back and emit nothing.
  await createPage(ctx, { title: 'Other', slug: 'other' });
  assert.equal((await send(ctx, 'PATCH', `/api/v1/pages/${page.id}/`, { slug: 'other' })).statusCode, 409);
  assert.equal((await send(ctx, 'DELETE', `/api/v1/pages/${page.id}/`)).statusCode, 204);

  const created = await eventsOf(ctx, 'page.created');
  assert.equal(created.length, 2);
  assert.deepEqual(created[0], { ...page, translations: { de: { title: 'Fragen' } } });
  const updated = await eventsOf(ctx, 'page.updated');
  assert.deepEqual(updated.map((e: any) => [e.published, e.body, e.translations]), [[true, '<p>Q</p>', { de: { title: 'Fragen' } }], [true, '<p>A</p>', {}]]);
  const deleted = await eventsOf(ctx, 'page.deleted');
  assert.equal(deleted.length, 1);
  assert.equal(deleted[0].id, page.id);
  assert.equal(deleted[0].slug, 'faq');
  assert.equal(await ctx.store.kernel.knex('page_translations').where({ page_id: page.id }).first(), undefined);
});

test('the page routes are documented in the OpenAPI document under the pages tag, and it lints clean', async (t) => {
  const ctx = await setUp(t);
  const res = await anonymous(ctx, '/latest/openapi.json');
  assert.equal(res.statusCode, 200);
  const doc = res.json();
  const operations = Object.entries(doc.paths as Record<string, Record<string, any>>)
    .filter(([p]) => p.startsWith('/api/v1/pages/'))
    .flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${p}`, op })));
  assert.deepEqual(operations.map((o) => o.route).sort(), [
    'DELETE /api/v1/pages/{id}/',
    'GET /api/v1/pages/',
    'GET /api/v1/pages/by-slug/{slug}/',
    'GET /api/v1/pages/{id}/',
    'PATCH /api/v1/pages/{id}/',
    'POST /api/v1/pages/',
    'PUT /api/v1/pages/{id}/',
  ]);
  for (const { route, op } of operations) {
    assert.deepEqual(op.tags, ['pages'], route);
    assert.ok(op.summary, route);
  }
  const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
  const problems = await lintFromString({ source: res.body, absoluteRef: 'https://store.test/latest/openapi.json', config });
  assert.deepEqual(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`), []);
});
