/**
 * DATABASE_URL read once for every part that connects to MySQL/MariaDB (the store, the CLI, backups,
 * the test and bench harnesses): `mysql://user:pass@host:3306/db` over TCP, or
 * `mysql://user:pass@localhost/db?socket=/run/mysqld/mysqld.sock` over the server's Unix socket.
 *
 * Why the socket: for a database on the same machine, each statement's round trip skips the TCP
 * stack, and a checkout makes over a hundred of them. How much that gives depends on the machine's
 * network stack (bench/README.md, "The database's Unix socket").
 */
export interface MysqlTarget {
  /** The server's Unix socket, when the URL names one; host and port are then not used. */
  socketPath?: string;
  host: string;
  port: number;
  user: string;
  password: string;
  /** The schema (the URL's path); empty when the URL names none (a server-wide connection). */
  database: string;
}

/** What is wrong with a DATABASE_URL, said so an operator can fix it; null when it is usable. */
export function databaseUrlProblem(databaseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return 'DATABASE_URL is not a URL: write it as mysql://user:password@host:3306/database.';
  }
  if (!/^mysql2?:$/.test(url.protocol)) {
    return 'DATABASE_URL must be a mysql:// URL (MySQL 8 or MariaDB 10.6+); unset it to use the embedded SQLite database.';
  }
  for (const name of url.searchParams.keys()) {
    if (name !== 'socket') return `DATABASE_URL has an unknown parameter "${name}": the only one it takes is socket=/path/to/mysqld.sock.`;
  }
  const socket = url.searchParams.get('socket');
  if (socket !== null && !socket.startsWith('/')) {
    return 'The socket in DATABASE_URL must be an absolute path, such as ?socket=/run/mysqld/mysqld.sock.';
  }
  return null;
}

/** The connection DATABASE_URL names (check it first with `databaseUrlProblem`). */
export function mysqlTarget(databaseUrl: string): MysqlTarget {
  const url = new URL(databaseUrl);
  const socket = url.searchParams.get('socket');
  return {
    ...(socket ? { socketPath: socket } : {}),
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
}

/** mysql2's options for reaching the server of `target`: its socket, or its host and port. */
export function mysqlServerOptions(target: MysqlTarget): { socketPath: string } | { host: string; port: number } {
  return target.socketPath ? { socketPath: target.socketPath } : { host: target.host, port: target.port };
}

/** The server in words, for messages and for telling databases apart: `host:port` or the socket's path. */
export function serverName(target: MysqlTarget): string {
  return target.socketPath ?? `${target.host}:${target.port}`;
}
