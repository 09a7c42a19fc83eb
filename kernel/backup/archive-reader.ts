import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type ArchiveRecord, type Manifest } from './archive-format.ts';
import { BackupError } from './errors.ts';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const MAX_MANIFEST_CHARS = 16 * 1024 * 1024;

/**
 * The archive's records, in order, parsed from its gzip'd JSON lines. Anything that is not a whole
 * archive of this format — not gzip, damaged, cut short, not JSON, no manifest first — is a
 * BackupError naming the file, never a stack trace. (Whether it ends with its end record and holds
 * what its headers announce is checked by walkArchive.)
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveRecord> {
  await checkMagic(file);
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  // Text after the last newline seen so far (a long row may span many chunks); joined once it ends.
  let rest: string[] = [];
  let restChars = 0;
  let lineNo = 0;
  const parse = (line: string): ArchiveRecord => {
    lineNo += 1;
    try {
      return JSON.parse(line) as ArchiveRecord;
    } catch {
      throw new BackupError(`${file} is damaged: line ${lineNo} of its content is not JSON.`);
    }
  };
  try {
    let first = true;
    for await (const chunk of gunzip) {
      const text = decoder.write(chunk as Buffer);
      const last = text.lastIndexOf('\n');
      if (last === -1) {
        rest.push(text);
        restChars += text.length;
        // A manifest is a few kilobytes: megabytes without a line break are not an archive of ours.
        if (first && restChars > MAX_MANIFEST_CHARS) throw new BackupError(`${file} is not a Storekeep backup: it does not start with a backup manifest.`);
        continue;
      }
      const lines = (rest.join('') + text.slice(0, last)).split('\n');
      rest = [text.slice(last + 1)];
      restChars = rest[0]!.length;
      for (const line of lines) {
        const record = parse(line);
        if (first) {
          checkManifest(file, record);
          first = false;
        }
        yield record;
      }
    }
    if ((rest.join('') + decoder.end()).trim()) throw new BackupError(`${file} is cut short: its last line is incomplete.`);
    if (first) throw new BackupError(`${file} is not a Storekeep backup: it is empty.`);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(e.message)) throw new BackupError(`${file} is cut short (the compressed data ends early): it is not a whole backup.`);
    if (typeof e.code === 'string' && e.code.startsWith('Z_')) throw new BackupError(`${file} is damaged: its compressed data does not check out (${e.message}).`);
    throw new BackupError(`${file} cannot be read: ${e.message}`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

async function checkMagic(file: string): Promise<void> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, 'r');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') throw new BackupError(`${file} does not exist.`);
    throw new BackupError(`${file} cannot be read: ${e.message}`);
  }
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    if (bytesRead < 2 || !head.equals(GZIP_MAGIC)) throw new BackupError(`${file} is not a Storekeep backup (not a gzip file).`);
  } finally {
    await handle.close();
  }
}

function checkManifest(file: string, record: ArchiveRecord): asserts record is Manifest {
  const m = record as Partial<Manifest>;
  if (!m || typeof m !== 'object' || Array.isArray(m) || m.type !== 'manifest' || m.format !== ARCHIVE_FORMAT) {
    throw new BackupError(`${file} is not a Storekeep backup: it does not start with a backup manifest.`);
  }
  if (typeof m.format_version !== 'number' || m.format_version > ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(`${file} is a backup in format ${m.format_version}, which this Storekeep cannot read (it reads format ${ARCHIVE_FORMAT_VERSION}): restore it with the Storekeep version that made it (${m.store_version}) or later.`);
  }
  const migrationsOk = Array.isArray(m.migrations) && m.migrations.every((x) => x && typeof x.owner === 'string' && typeof x.name === 'string');
  if (typeof m.store_version !== 'string' || (m.dialect !== 'sqlite' && m.dialect !== 'mysql') || !migrationsOk || !m.tables || typeof m.tables !== 'object') {
    throw new BackupError(`${file} is damaged: its manifest lacks the store version, database, migrations or tables.`);
  }
}
