import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, run } from '../helpers/process.ts';

// The MariaDB/MySQL server the suite uses (DATABASE_URL's when set, else the local one); only its
// address and user matter here: each case names something that is not there.
const server = new URL(process.env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/test');
const host = `${server.hostname}:${server.port || 3306}`;

function urlWith(change: (url: URL) => void): string {
  const url = new URL(server.toString());
  change(url);
  return url.toString();
}

async function start(command: 'start' | 'cli', databaseUrl: string, t: { after(fn: () => void): void }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-dberr-'));
  t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const args = command === 'start' ? ['--import', 'tsx', 'kernel/main.ts'] : ['--import', 'tsx', 'kernel/cli.ts', 'migrate'];
  const child = run(process.execPath, args, { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' });
  t.after(() => child.child.kill('SIGKILL'));
  const code = await child.exited;
  return { code, output: child.output() };
}

function assertOneClearLine(output: string, expected: RegExp) {
  assert.match(output, expected);
  assert.doesNotMatch(output, /^\s+at /m, `no stack trace:\n${output}`);
  assert.equal(output.trim().split('\n').length, 1, `one line:\n${output}`);
}

test('npm start with DATABASE_URL naming a missing database: one line saying how to create it, no stack, exit 1', async (t) => {
  const name = `sk_missing_${crypto.randomBytes(4).toString('hex')}`;
  const { code, output } = await start('start', urlWith((u) => (u.pathname = `/${name}`)), t);
  assert.equal(code, 1);
  assertOneClearLine(output, new RegExp(`^Storekeep could not start: Database "${name}" does not exist on ${host.replace(/\./g, '\\.')}: create it with CREATE DATABASE`));
});

test('the CLI with a missing database: the same line, no stack, exit 1', async (t) => {
  const name = `sk_missing_${crypto.randomBytes(4).toString('hex')}`;
  const { code, output } = await start('cli', urlWith((u) => (u.pathname = `/${name}`)), t);
  assert.equal(code, 1);
  assertOneClearLine(output, new RegExp(`^Database "${name}" does not exist on .*or fix DATABASE_URL\\.$`, 'm'));
});

test('npm start with no server on the port: one line naming the address, no stack, exit 1', async (t) => {
  const port = await freePort();
  const { code, output } = await start('start', `mysql://root@127.0.0.1:${port}/storekeep`, t);
  assert.equal(code, 1);
  assertOneClearLine(output, new RegExp(`^Storekeep could not start: No database server answers on 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
});

test('npm start with a wrong user and password: one line naming the user, never the password, exit 1', async (t) => {
  const password = `pw-${crypto.randomBytes(6).toString('hex')}`;
  const { code, output } = await start('start', urlWith((u) => {
    u.username = 'sk_no_such_user';
    u.password = password;
  }), t);
  assert.equal(code, 1);
  assertOneClearLine(output, /^Storekeep could not start: The database server .* refused user "sk_no_such_user": check the user name and password in DATABASE_URL\.$/m);
  assert.ok(!output.includes(password), 'the password is not printed');
});
