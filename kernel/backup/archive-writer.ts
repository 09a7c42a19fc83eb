import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

// Lines are gathered into chunks of about this size before they go to gzip (fewer, larger writes).
const FLUSH_CHARS = 64 * 1024;

/**
 * Writes the archive's JSON lines through gzip into `FILE.partial`, mode 0600 (it holds the secrets
 * key), and renames it to FILE only once everything is written and synced: a crash or a failed backup
 * never leaves a half archive under the final name.
 */
export class ArchiveWriter {
  private pending = '';
  private constructor(
    readonly file: string,
    private readonly partial: string,
    private readonly gzip: zlib.Gzip,
    private readonly done: Promise<void>,
  ) {}

  static async create(file: string): Promise<ArchiveWriter> {
    const partial = `${file}.partial`;
    // A leftover from a crashed run may have another mode; a new file gets 0600 from the start.
    await fsp.rm(partial, { force: true });
    const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    await once(out, 'open');
    const gzip = zlib.createGzip({ level: 6 });
    const done = pipeline(gzip, out);
    // Errors surface through write() and finish(); this keeps an early one from being unhandled.
    done.catch(() => undefined);
    return new ArchiveWriter(file, partial, gzip, done);
  }

  /** Adds one record (an object or a row array) as a JSON line. */
  async write(record: unknown): Promise<void> {
    this.pending += JSON.stringify(record) + '\n';
    if (this.pending.length >= FLUSH_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.pending) return;
    const chunk = this.pending;
    this.pending = '';
    // Waiting for 'drain' keeps memory flat however large the tables are; an error rejects it.
    if (!this.gzip.write(chunk)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  /** Ends the archive: flushes, syncs it to disk and gives it its final name. */
  async finish(): Promise<void> {
    await this.flush();
    this.gzip.end();
    await this.done;
    const handle = await fsp.open(this.partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(this.partial, this.file);
  }

  /** Gives up: nothing is left behind, neither FILE.partial nor FILE. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
    await fsp.rm(this.partial, { force: true });
  }
}
