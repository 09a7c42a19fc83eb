import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import mysql from 'mysql2/promise';
import { clientStore, expectStatus } from '../../test/helpers/client.ts';
import { freePort, run } from '../../test/helpers/process.ts';
import { mysqlServerOptions, mysqlTarget } from '../db/database-url.ts';
import { loadConfig, ConfigError } from '../config.ts';

// The store over the MariaDB/MySQL server's Unix socket (DATABASE_URL `?socket=`): the server the suite
// uses (DATABASE_URL's, else the local one) is asked over TCP where its socket is, and the store then
// reaches that same server through it.
const tcpUrl = process.env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/test';
const tcp = mysqlTarget(tcpUrl);
const admin = () => mysql.createConnection({ ...mysqlServerOptions(tcp), user: tcp.user, password: tcp.password });

async function serverSocket(): Promise<string> {
  const conn = await admin();
  try {
    const [rows] = await conn.query('SELECT @@socket AS socket');
    const socket = (rows as Array<{ socket: string }>)[0]!.socket;
    assert.ok(fs.existsSync(socket), `the database server's socket ${socket} is on this machine (it runs beside the store)`);
    return socket;
  } finally {
    await conn.end();
  }
}

function socketUrl(socket: string): string {
  const url = new URL(tcpUrl);
  url.hostname = 'localhost';
  url.port = '';
  url.pathname = '/';
  url.search = '';
  url.searchParams.set('socket', socket);
  return url.toString();
}

test('a store on DATABASE_URL ?socket= writes and reads through the socket of the very server TCP reaches', async (t) => {
  const socket = await serverSocket();
  // The test store takes its server from DATABASE_URL.
  const suiteUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = socketUrl(socket);
  let opened;
  try {
    opened = await clientStore(t);
  } finally {
    if (suiteUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = suiteUrl;
  }
  const { store, staff, anon } = opened;
  const schema = mysqlTarget(store.config.databaseUrl!).database;
  assert.match(store.config.databaseUrl!, /\?socket=/);

  const created = expectStatus(await staff.post('/api/v1/products/', { name: 'Socket Mug', status: 'active' }), 201);
  const read = expectStatus(await anon.get(`/api/v1/products/${created.id}/`), 200);
  assert.equal(read.name, 'Socket Mug');

  // The row is in the schema on the server TCP reaches, and every connection the store holds there
  // came through the socket (MariaDB and MySQL name such a client's host `localhost`, a TCP one `host:port`).
  const conn = await admin();
  t.after(() => conn.end());
  const [rows] = await conn.query(`SELECT name FROM \`${schema}\`.products WHERE id = ?`, [created.id]);
  assert.deepEqual((rows as Array<{ name: string }>).map((r) => r.name), ['Socket Mug']);
  const [clients] = await conn.query('SELECT host FROM information_schema.PROCESSLIST WHERE db = ?', [schema]);
  const hosts = (clients as Array<{ host: string }>).map((c) => c.host);
  assert.ok(hosts.length > 0, 'the store holds a connection to its schema');
  assert.deepEqual([...new Set(hosts)], ['localhost']);
});

test('DATABASE_URL refuses a socket that is not an absolute path and parameters it does not know', () => {
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://root@localhost/db?socket=run/mysqld.sock' }), (err: unknown) => err instanceof ConfigError && /absolute path/.test(err.message));
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://root@localhost/db?sslmode=require' }), (err: unknown) => err instanceof ConfigError && /unknown parameter "sslmode"/.test(err.message));
  assert.throws(() => loadConfig({ DATABASE_URL: 'postgres://root@localhost/db' }), (err: unknown) => err instanceof ConfigError && /must be a mysql:\/\/ URL/.test(err.message));
  assert.equal(loadConfig({ DATABASE_URL: 'mysql://root@localhost/db?socket=/run/mysqld/mysqld.sock' }).databaseUrl, 'mysql://root@localhost/db?socket=/run/mysqld/mysqld.sock');
});

test('npm start with a socket where no server listens: one line naming the socket, no stack, exit 1', async (t) => {
  const dataDir = fs.mkdtempSync('/tmp/storekeep-socket-');
  t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const missing = `${dataDir}/no-server.sock`;
  const child = run(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', DATABASE_URL: `mysql://root@localhost/storekeep?socket=${missing}`, LOG_LEVEL: 'info' });
  t.after(() => child.child.kill('SIGKILL'));
  assert.equal(await child.exited, 1);
  const output = child.output().trim();
  assert.equal(output, `Storekeep could not start: There is no database server's socket at ${missing}: start MySQL/MariaDB, or fix the socket in DATABASE_URL (SELECT @@socket on the server names it).`);
});
