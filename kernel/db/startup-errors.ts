import { databaseUrlProblem, mysqlTarget, serverName } from './database-url.ts';

/**
 * One line an operator can act on when the database cannot be reached at start (`npm start`, the CLI):
 * which server, which database, what to do. It never repeats the password of DATABASE_URL. Errors
 * that are not about reaching the database give null, and the caller prints them as they are.
 */
export function describeDatabaseError(err: unknown, databaseUrl: string | undefined): string | null {
  const code = errorCode(err);
  if (!code) return null;
  if (!databaseUrl) {
    if (code === 'SQLITE_CANTOPEN') {
      return 'The embedded SQLite database cannot be opened: make DATA_DIR a writable folder, or set DATABASE_URL.';
    }
    return null;
  }
  const target = describeTarget(databaseUrl);
  if (!target) return null;
  const { server, database, user, socket } = target;
  if (socket && (code === 'ENOENT' || code === 'EACCES') && connectAddress(err) === socket) {
    return code === 'ENOENT'
      ? `There is no database server's socket at ${socket}: start MySQL/MariaDB, or fix the socket in DATABASE_URL (SELECT @@socket on the server names it).`
      : `The store may not use the database server's socket ${socket} (EACCES): let its user reach that path, or connect over TCP.`;
  }
  switch (code) {
    case 'ER_BAD_DB_ERROR':
      return `Database "${database}" does not exist on ${server}: create it with CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci, or fix DATABASE_URL.`;
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return `The database server ${server} refused user "${user}": check the user name and password in DATABASE_URL.`;
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'ER_TABLEACCESS_DENIED_ERROR':
      return `User "${user}" may not use database "${database}" on ${server}: GRANT ALL ON \`${database}\`.* TO that user, or fix DATABASE_URL.`;
    case 'ECONNREFUSED':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
    case 'KNEX_TIMEOUT':
      return `No database server answers on ${server} (${code}): start MySQL/MariaDB there, or fix the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The database host in DATABASE_URL (${server}) cannot be resolved: fix DATABASE_URL.`;
    default:
      return null;
  }
}

type ErrorLike = { code?: unknown; name?: unknown; address?: unknown; errors?: unknown[]; cause?: unknown };

// A start error and what it wraps, outermost first: a connection refused on a name with several
// addresses is an AggregateError of those (the first is followed), other wrappers name a `cause`. Ten
// links at most, so that a cycle ends.
function* errorChain(err: unknown): Generator<ErrorLike> {
  let e = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    const link = e as ErrorLike;
    yield link;
    e = Array.isArray(link.errors) && link.errors.length ? link.errors[0] : link.cause;
  }
}

// mysql2 errors carry `code`; knex's acquire timeout is a KnexTimeoutError without a code.
function errorCode(err: unknown): string | undefined {
  for (const e of errorChain(err)) {
    if (typeof e.code === 'string') return e.code;
    if (e.name === 'KnexTimeoutError') return 'KNEX_TIMEOUT';
  }
  return undefined;
}

function describeTarget(databaseUrl: string): { server: string; database: string; user: string; socket?: string } | null {
  if (databaseUrlProblem(databaseUrl)) return null;
  const target = mysqlTarget(databaseUrl);
  return { server: serverName(target), database: target.database, user: target.user, socket: target.socketPath };
}

// The address a failed connect named (a socket's path): what tells the store's socket apart from any other missing file.
function connectAddress(err: unknown): string | undefined {
  for (const e of errorChain(err)) if (typeof e.address === 'string') return e.address;
  return undefined;
}
