/** What `npm run bench -- …` was asked to do. */
export type DbKind = 'sqlite' | 'mysql';

export interface BenchOptions {
  dbs: DbKind[];
  quick: boolean;
  /** Harness check without the catalogue: GET /healthz against its ceiling, nothing written. */
  smoke: boolean;
  products: number;
  durationSec: number;
  warmupSec: number;
  connections: number;
  /** Base URL of the MySQL/MariaDB server; the bench creates and drops its own database there. */
  mysqlUrl: string;
  /** Write bench/results/<date>.json and the table in bench/README.md. */
  write: boolean;
}

export class UsageError extends Error {}

export const USAGE = `npm run bench -- [--quick] [--db sqlite|mysql|both] [--smoke] [--products N] [--duration S] [--connections N] [--no-write]

  --quick          fewer products (300) and 3 s runs
  --db             which database(s) to measure (default: both)
  --smoke          check the harness only: GET /healthz against its ceiling (alias --only-ceiling); writes nothing
  --products N     products to seed (default 1000, quick 300), 3 variants each
  --duration S     seconds per measurement (default 10, quick 3)
  --connections N  concurrent keep-alive connections (default 50)
  --no-write       print only; leave bench/results and bench/README.md alone

MySQL/MariaDB: BENCH_MYSQL_URL (else DATABASE_URL's server, else mysql://root@127.0.0.1:3306).`;

function positive(name: string, raw: string | undefined): number {
  if (!raw || !/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`${name} needs a whole number above 0.`);
  return Number(raw);
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  let db = 'both';
  let quick = false;
  let smoke = false;
  let write = true;
  let products: number | undefined;
  let duration: number | undefined;
  let connections = 50;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--quick': quick = true; break;
      case '--smoke': case '--only-ceiling': smoke = true; break;
      case '--no-write': write = false; break;
      case '--db': db = value() ?? ''; break;
      case '--products': products = positive('--products', value()); break;
      case '--duration': duration = positive('--duration', value()); break;
      case '--connections': connections = positive('--connections', value()); break;
      case '--help': case '-h': throw new UsageError(USAGE);
      default: throw new UsageError(`Unknown argument "${arg}".\n\n${USAGE}`);
    }
  }
  const dbs: Record<string, DbKind[]> = { sqlite: ['sqlite'], mysql: ['mysql'], mariadb: ['mysql'], both: ['sqlite', 'mysql'] };
  if (!dbs[db]) throw new UsageError(`--db must be sqlite, mysql or both, got "${db}".`);
  const durationSec = duration ?? (quick ? 3 : 10);
  return {
    dbs: dbs[db]!,
    quick,
    smoke,
    products: products ?? (quick ? 300 : 1000),
    durationSec,
    warmupSec: Math.min(2, Math.max(1, Math.round(durationSec / 5))),
    connections,
    mysqlUrl: mysqlServerUrl(env),
    write: write && !smoke,
  };
}

function mysqlServerUrl(env: NodeJS.ProcessEnv): string {
  const given = env.BENCH_MYSQL_URL || env.DATABASE_URL || 'mysql://root@127.0.0.1:3306';
  const url = new URL(given);
  url.pathname = '/';
  return url.toString();
}
