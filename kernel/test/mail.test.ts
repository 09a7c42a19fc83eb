import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ManualClock } from '../clock.ts';
import { MAIL_JOB } from '../mail/message.ts';
import type { Mailer } from '../mail/mailer.ts';
import { kernelStore } from './helpers.ts';
import { startSmtpServer } from '../../test/helpers/smtp.ts';

const message = { to: 'buyer@example.com', subject: 'Your order 1001', text: 'Thank you for your order.\nIt ships tomorrow.' };

test('a mail enqueued in a committed transaction is delivered over SMTP by the worker', async (t) => {
  const smtp = await startSmtpServer();
  t.after(() => smtp.close());
  const store = await kernelStore({ env: { SMTP_URL: smtp.url } });
  t.after(() => store.close());
  const mailer = store.kernel.container.resolve<Mailer>('mailer');
  assert.equal(mailer, store.kernel.mailer);

  await store.kernel.knex.transaction((trx) => mailer.enqueue(trx, { ...message, html: '<p>Thank you for your order.</p>' }));
  assert.equal(smtp.mails.length, 0, 'nothing is sent before the worker runs');
  assert.equal(await store.kernel.worker.runDue(), 1);

  assert.equal(smtp.mails.length, 1);
  const [mail] = smtp.mails;
  assert.deepEqual(mail.to, ['buyer@example.com']);
  assert.equal(mail.from, 'no-reply@localhost', 'without core-store the default sender');
  assert.equal(mail.subject, 'Your order 1001');
  assert.match(mail.body, /Thank you for your order\.\r?\nIt ships tomorrow\./);
  assert.match(mail.body, /<p>Thank you for your order\.<\/p>/);
  assert.equal((await store.kernel.knex('jobs').where({ name: MAIL_JOB }).count({ n: '*' }))[0].n, 0, 'the job is gone once sent');
});

test('a rolled-back transaction sends nothing', async (t) => {
  const smtp = await startSmtpServer();
  t.after(() => smtp.close());
  const store = await kernelStore({ env: { SMTP_URL: smtp.url } });
  t.after(() => store.close());
  await assert.rejects(
    store.kernel.knex.transaction(async (trx) => {
      await store.kernel.mailer.enqueue(trx, message);
      throw new Error('the request failed');
    }),
    /the request failed/,
  );
  assert.equal(await store.kernel.worker.runDue(), 0);
  assert.equal(smtp.mails.length, 0);
});

test('a refused mail stays queued with backoff and a later run delivers it', async (t) => {
  const smtp = await startSmtpServer();
  t.after(() => smtp.close());
  const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
  const store = await kernelStore({ env: { SMTP_URL: smtp.url }, clock });
  t.after(() => store.close());
  await store.kernel.knex.transaction((trx) => store.kernel.mailer.enqueue(trx, message));

  smtp.refuse = true;
  assert.equal(await store.kernel.worker.runDue(), 1);
  assert.equal(smtp.mails.length, 0);
  const job = await store.kernel.knex('jobs').where({ name: MAIL_JOB }).first();
  assert.ok(job, 'the job is kept for a retry');
  assert.equal(Number(job.attempts), 1);
  assert.equal(job.failed_at, null);
  assert.ok(new Date(job.run_at).getTime() > clock.now().getTime(), 'retried later, not at once');
  assert.match(String(job.last_error), /550|Mailbox unavailable/);

  smtp.refuse = false;
  assert.equal(await store.kernel.worker.runDue(), 0, 'not due before its backoff');
  clock.advance(3_600_000);
  assert.equal(await store.kernel.worker.runDue(), 1);
  assert.equal(smtp.mails.length, 1);
  assert.equal(smtp.mails[0].subject, 'Your order 1001');
  assert.equal(await store.kernel.knex('jobs').where({ name: MAIL_JOB }).first(), undefined);
});

test('without SMTP_URL each mail is written as an .eml file into DATA_DIR/mail/', async (t) => {
  const store = await kernelStore();
  t.after(() => store.close());
  await store.kernel.knex.transaction((trx) => store.kernel.mailer.enqueue(trx, { ...message, replyTo: 'help@example.com' }));
  assert.equal(await store.kernel.worker.runDue(), 1);
  const dir = path.join(store.dataDir, 'mail');
  const files = fs.readdirSync(dir);
  assert.equal(files.length, 1);
  assert.match(files[0], /\.eml$/);
  const eml = fs.readFileSync(path.join(dir, files[0]), 'utf8');
  assert.match(eml, /^To: buyer@example\.com\r?$/m);
  assert.match(eml, /^From: no-reply@localhost\r?$/m);
  assert.match(eml, /^Reply-To: help@example\.com\r?$/m);
  assert.match(eml, /^Subject: Your order 1001\r?$/m);
  assert.match(eml, /^Message-ID: <.+>\r?$/m);
  assert.match(eml, /Thank you for your order\./);
});

test('a mail without a recipient is refused when enqueued', async (t) => {
  const store = await kernelStore();
  t.after(() => store.close());
  await assert.rejects(store.kernel.mailer.enqueue(store.kernel.knex, { ...message, to: [] }), /recipient/);
});
