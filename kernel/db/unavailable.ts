/**
 * Errors that mean the database cannot be reached at all (as opposed to refusing one statement): the
 * server is down, restarting, out of connections, the network dropped the socket, the pool could not
 * hand out a connection in time, or the SQLite file cannot be opened or read. A request meeting one is
 * answered 503 database_unavailable with Retry-After; nothing of the underlying message (it names the
 * database's address) reaches the client.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'SQLITE_CANTOPEN',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; fatal?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  // Pool acquire timeout: every connection is busy or none can be opened.
  if (e.name === 'KnexTimeoutError') return true;
  const code = String(e.code ?? '');
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR')) return true;
  // mysql2 marks errors that ended the connection as fatal ("Can't add new command when connection is
  // in closed state" has no code at all).
  return e.fatal === true && !code.startsWith('ER_LOCK_');
}

/**
 * Logs an outage once, not once per request: the first unavailable error is logged as an error, the
 * following ones only counted, until a query succeeds again, which is logged with the count.
 */
export class DatabaseOutageLog {
  private down = false;
  private refused = 0;

  constructor(private readonly logger: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }) {}

  unavailable(err: unknown): void {
    this.refused++;
    if (this.down) return;
    this.down = true;
    this.logger.error({ err }, 'database unavailable: answering 503 database_unavailable until it is reachable again');
  }

  /** Called after every successful query; cheap while the database is up. */
  reachable(): void {
    if (!this.down) return;
    this.logger.info({ refused_requests: this.refused }, 'database reachable again');
    this.down = false;
    this.refused = 0;
  }
}
