import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestStore } from '../helpers/store.ts';
import { freePort, REPO_ROOT } from '../helpers/process.ts';

// The README's walk-through block as written, with only the owner's credentials filled in (npm start
// prints a generated password). BASE stays as written: it follows PORT like the server does.
function walkthrough(email: string, password: string): string {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const block = readme.split('<!-- walkthrough:start -->')[1]?.split('<!-- walkthrough:end -->')[0];
  assert.ok(block, 'README has the walk-through block');
  const script = block.replace(/^```sh\n/m, '').replace(/```\s*$/m, '');
  assert.match(script, /^BASE=https:\/\/localhost:\$\{PORT:-8443\}$/m, 'BASE follows PORT, defaulting to 8443 as the server does');
  return script
    .replace(/^EMAIL=.*$/m, `EMAIL=${email}`)
    .replace(/^PASSWORD=.*$/m, `PASSWORD='${password}'`);
}

test('the README walk-through works as written on a store with another PORT: session, API key, Token requests', async (t) => {
  const port = await freePort();
  assert.notEqual(port, 8443);
  const store = await startTestStore({
    lazy: true,
    env: { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'walkthrough-secret-1' },
    config: { port, host: '127.0.0.1', baseUrl: `https://localhost:${port}` },
  });
  t.after(() => store.close());
  await store.kernel.start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-readme-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // Asynchronous: the server answering curl runs in this very process.
  const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', walkthrough('owner@example.com', 'walkthrough-secret-1')], {
      cwd: dir,
      env: { ...process.env, PORT: String(port) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
  assert.equal(result.status, 0, `walk-through failed:\n${result.stdout}\n${result.stderr}`);
  assert.match(result.stdout, /"kind":"api_key"/, 'GET auth/me/ with the key answers as the key');
  assert.match(result.stdout, /"name":"My Store"/, 'the store was renamed with the key');
  const keys = await store.kernel.knex('api_keys').select('name');
  assert.deepEqual(keys.map((k) => k.name), ['ERP sync']);
});
