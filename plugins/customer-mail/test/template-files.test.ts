import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { readTemplateFiles } from '../services/template-files.ts';
import { MailTemplates } from '../services/templates.ts';

const DEFAULTS = path.resolve(import.meta.dirname, '..', 'templates');

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-mail-files-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const warnings: unknown[] = [];
const logger = { warn: (...args: unknown[]) => warnings.push(args) } as never;

test('a theme folder is read with its sub-folders; what a link leads out of it to, and other files, are not', async (t) => {
  const dir = tempDir(t);
  const mail = path.join(dir, 'theme', 'mail');
  write(path.join(mail, 'order-confirmation.subject.liquid'), 'Subject');
  write(path.join(mail, 'parts', 'footer.html.liquid'), 'Footer');
  write(path.join(mail, 'notes.txt'), 'not a template');
  write(path.join(dir, 'outside', 'secret.liquid'), 'secret');
  fs.symlinkSync(path.join(dir, 'outside', 'secret.liquid'), path.join(mail, 'secret.liquid'));
  fs.symlinkSync(path.join(dir, 'outside'), path.join(mail, 'elsewhere'));
  fs.symlinkSync(path.join(mail, 'parts'), path.join(mail, 'same-parts'));

  const files = await readTemplateFiles([mail, path.join(dir, 'missing')]);
  assert.deepEqual([...files.keys()].map((f) => path.relative(mail, f)).sort(), ['order-confirmation.subject.liquid', 'parts/footer.html.liquid', 'same-parts/footer.html.liquid']);
  assert.equal(files.get(path.join(mail, 'parts', 'footer.html.liquid')), 'Footer');
});

test('a theme template renders its partials from sub-folders, and one that reaches outside falls back to the defaults', async (t) => {
  const dir = tempDir(t);
  const mail = path.join(dir, 'mail');
  write(path.join(mail, 'order-confirmation.subject.liquid'), '{% render "parts/subject.liquid", number: order.order_number %}');
  write(path.join(mail, 'parts', 'subject.liquid'), 'Order {{ number }} with a partial');
  write(path.join(mail, 'order-cancelled.subject.liquid'), '{% render "../outside.liquid" %}');
  write(path.join(dir, 'outside.liquid'), 'read from outside the theme');
  const templates = new MailTemplates({ defaultsDir: DEFAULTS, themeMailDirs: async () => [mail], logger });
  const context = { order: { order_number: '1042', items: [], total: { amount: '5.00', currency: 'EUR' } }, store: { name: 'Kiosk', url: 'https://shop.example' }, customer_name: 'Ada' };

  const confirmed = await templates.render('order-confirmation', 'en', context, [mail]);
  assert.equal(confirmed.subject, 'Order 1042 with a partial');
  assert.match(confirmed.html, /Order number: 1042/, 'the parts the theme leaves out are the defaults');

  warnings.length = 0;
  const cancelled = await templates.render('order-cancelled', 'en', context, [mail]);
  assert.equal(cancelled.subject, 'Order 1042 cancelled – Kiosk');
  assert.equal(warnings.length, 1, 'the theme template failed, and was logged');
});
