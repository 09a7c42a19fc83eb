import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FileHeader } from './archive-format.ts';
import { BackupError } from './errors.ts';
import { SQLITE_FILE } from '../db/connection.ts';

/** The store's secrets key (kernel/crypto/secret-box.ts): without it no sealed secret opens. */
export const SECRETS_KEY_FILE = 'webhook-secrets.key';

/** The embedded database's own files: their content is in the archive's tables, not copied as files. */
const DATABASE_FILES = new Set([SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`]);
/** The development mail outbox (kernel/mail/): copies of sent mails, nothing the store needs again. */
const SKIPPED_FOLDERS = new Set(['mail']);
const RESTORING = '.restoring';

export interface DataFile {
  /** Relative to DATA_DIR, `/`-separated. */
  path: string;
  absolute: string;
  mode: number;
  size: number;
}

/**
 * The files of DATA_DIR a restored store needs: every regular file (the secrets key, a generated `tls/`
 * certificate, whatever plugins keep there) except the SQLite database files, the `mail/` outbox, and
 * the paths in `skip` (the archive being written, when it is inside DATA_DIR). Symbolic links and
 * other special files are left out.
 */
export function listDataFiles(dataDir: string, skip: string[] = []): DataFile[] {
  const skipped = new Set(skip.map((p) => path.resolve(p)));
  const found: DataFile[] = [];
  const walk = (dir: string, rel: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const absolute = path.join(dir, entry.name);
      const parts = [...rel, entry.name];
      if (skipped.has(absolute)) continue;
      if (entry.isDirectory()) {
        if (rel.length === 0 && SKIPPED_FOLDERS.has(entry.name)) continue;
        walk(absolute, parts);
      } else if (entry.isFile()) {
        if (rel.length === 0 && DATABASE_FILES.has(entry.name)) continue;
        if (entry.name.endsWith(RESTORING)) continue;
        const stat = fs.statSync(absolute);
        found.push({ path: parts.join('/'), absolute, mode: stat.mode & 0o777, size: stat.size });
      }
    }
  };
  walk(path.resolve(dataDir), []);
  return found;
}

/** The SHA-256 of a file's content (hex), read as a stream. */
export async function fileSha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Where an archived path goes in DATA_DIR; a path that would leave it (absolute, `..`) or name the
 * database files is refused, so a crafted archive cannot write elsewhere.
 */
export function restorePath(dataDir: string, archived: string): string {
  const parts = archived.split('/');
  const bad = !archived || archived.includes('\\') || archived.includes('\0') || parts.some((p) => p === '' || p === '.' || p === '..');
  if (bad || DATABASE_FILES.has(archived)) throw new BackupError(`The backup names a file outside the data folder ("${archived}"); it was not made by Storekeep.`);
  return path.join(path.resolve(dataDir), ...parts);
}

/**
 * Writes the archive's files next to their final place as `<name>.restoring` while the archive is
 * read, then `place()` renames them all into place once the database is loaded (or `discard()` removes
 * them): DATA_DIR changes only when the whole restore succeeded.
 */
export class FileSpool {
  private readonly spooled: Array<{ temp: string; target: string; mode: number }> = [];
  /** Folders the spool had to create (`tls/` in a new DATA_DIR): removed again by discard(). */
  private readonly created: string[] = [];
  private handle?: fsp.FileHandle;

  constructor(private readonly dataDir: string) {}

  async begin(header: FileHeader): Promise<void> {
    const target = restorePath(this.dataDir, header.path);
    const temp = target + RESTORING;
    // The secrets key is never readable by others, whatever mode it was archived with.
    const mode = header.path === SECRETS_KEY_FILE ? 0o600 : header.mode & 0o777 || 0o600;
    const made = await fsp.mkdir(path.dirname(target), { recursive: true });
    if (made) this.created.push(made);
    await fsp.rm(temp, { force: true });
    this.handle = await fsp.open(temp, 'wx', mode);
    this.spooled.push({ temp, target, mode });
  }

  async write(bytes: Buffer): Promise<void> {
    await this.handle!.write(bytes);
  }

  async end(): Promise<void> {
    await this.handle!.sync();
    await this.handle!.close();
    this.handle = undefined;
  }

  async place(): Promise<void> {
    for (const { temp, target, mode } of this.spooled) {
      await fsp.rename(temp, target);
      await fsp.chmod(target, mode);
    }
    this.spooled.length = 0;
    this.created.length = 0;
  }

  async discard(): Promise<void> {
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
    for (const { temp } of this.spooled) await fsp.rm(temp, { force: true });
    this.spooled.length = 0;
    for (const dir of this.created.reverse()) await fsp.rm(dir, { recursive: true, force: true });
    this.created.length = 0;
  }
}
