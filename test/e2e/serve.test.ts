import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Agent, request } from 'undici';
import { distIsCurrent } from '../../scripts/build-stamp.mjs';
import { connects, run } from '../helpers/process.ts';
import { storeProcessEnv } from '../helpers/store-env.ts';

const insecure = new Agent({ connect: { rejectUnauthorized: false } });

const storeEnv = (t: { after: (fn: () => unknown) => void }) => storeProcessEnv(t, 'serve', { LOG_LEVEL: 'info', DEMO_DATA: 'false' });

/** The command lines and environments of the processes in a process group (Linux /proc). */
function processesInGroup(group: number): Array<{ argv: string[]; env: string[] }> {
  const found: Array<{ argv: string[]; env: string[] }> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/PID/stat is the group; the command name before it may hold spaces, in parentheses.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      const list = (file: string) => fs.readFileSync(`/proc/${entry}/${file}`, 'utf8').split('\0').filter(Boolean);
      found.push({ argv: list('cmdline'), env: list('environ') });
    } catch {
      // the process ended while being read
    }
  }
  return found;
}

test('the server, the systemd unit and the container run bin/storekeep.mjs as a program, so its #! flags apply', () => {
  const shebang = fs.readFileSync('bin/storekeep.mjs', 'utf8').split('\n', 1)[0];
  assert.equal(shebang, '#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=8');
  assert.equal(JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start, 'exec bin/storekeep.mjs serve');
  assert.match(fs.readFileSync('deploy/storekeep.service', 'utf8'), /^ExecStart=\/opt\/storekeep\/bin\/storekeep\.mjs serve$/m);
  assert.match(fs.readFileSync('deploy/Dockerfile', 'utf8'), /^CMD \["bin\/storekeep\.mjs", "serve"\]$/m);
});

// `npm start` is what an operator types; a process manager that stops it signals npm's own PID.
// The server must stop with it (before, npm died and left the server running, orphaned, on the port).
test('SIGTERM to the PID of `npm start` drains and stops the server: exit 0, a final log line, the port closed', async (t) => {
  const { port, env } = await storeEnv(t);
  const npm = run('npm', ['start', '--silent'], env, undefined, { detached: true });
  // Whatever npm started goes too, even a server that outlived npm (the failure this test looks for).
  t.after(() => {
    try {
      process.kill(-npm.child.pid!, 'SIGKILL');
    } catch {
      // the group is gone: everything stopped
    }
  });
  await npm.waitFor(/Storekeep is serving/);
  const health = await request(`https://127.0.0.1:${port}/healthz`, { dispatcher: insecure });
  assert.equal(health.statusCode, 200);
  await health.body.dump();

  // The server runs with the Node flags and the environment of bin/storekeep.mjs's #! line (the young
  // generation's size, glibc's arenas).
  const server = processesInGroup(npm.child.pid!).find(({ argv }) => argv.some((arg) => arg.endsWith('bin/storekeep.mjs')));
  assert.ok(server, 'a process of npm start runs bin/storekeep.mjs');
  assert.ok(server.argv.includes('--max-semi-space-size=8'), `the server's command line carries the flag: ${server.argv.join(' ')}`);
  assert.ok(server.env.includes('MALLOC_ARENA_MAX=2'), "the server's environment sets glibc's arenas");
  // The admin panel is bundled at start by esbuild's service process, which is stopped once it is done
  // (it held about 22 MiB for the server's whole life). A server running the sources instead of the
  // compiled store (sources changed since the last build) may keep one: tsx's, which compiles them
  // (none when tsx found every module in its cache of compiled files).
  const allowed = distIsCurrent(process.cwd()) ? 0 : 1;
  const services = () => processesInGroup(npm.child.pid!).filter(({ argv }) => argv.some((arg) => arg.startsWith('--service')));
  for (let waited = 0; services().length > allowed && waited < 5000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(services().length <= allowed, `esbuild services left running: ${services().map(({ argv }) => argv.join(' ')).join('; ')}`);

  npm.child.kill('SIGTERM');
  assert.equal(await npm.exited, 0, `npm start exits 0 after SIGTERM:\n${npm.output()}`);
  const lines = npm.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const last = lines.at(-1);
  assert.equal(last.msg, 'stopped', 'the last log line says the store stopped');
  assert.equal(last.signal, 'SIGTERM');
  assert.equal(typeof last.uptime_s, 'number');
  assert.equal(await connects(port), false, 'nothing listens on the port any more');
});

test('`npx storekeep serve` with a configuration it cannot use prints one line and exits 1', async (t) => {
  const { env } = await storeEnv(t);
  const serve = run(process.execPath, ['bin/storekeep.mjs', 'serve'], { ...env, PORT: 'eighty' });
  assert.equal(await serve.exited, 1);
  assert.equal(serve.output().trim(), 'Storekeep could not start: PORT must be a whole number, got "eighty".');
});
