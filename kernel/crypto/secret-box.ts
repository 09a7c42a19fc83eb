import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_FILE = 'webhook-secrets.key';
const VERSION = 'v1';

/**
 * Secrets the store must use again (webhook signing secrets, plugins' secret settings such as API keys)
 * cannot be hashed; they are stored encrypted with AES-256-GCM under the store's secret key, kept
 * outside the database in `DATA_DIR/webhook-secrets.key` (32 random bytes, created on first use with
 * mode 0600; the name is the one the webhooks plugin first gave it, kept so sealed secrets still open).
 * A database dump alone therefore reveals no secret; instances sharing a database must share this file too.
 */
export class SecretBox {
  private key?: Buffer;

  constructor(private readonly dataDir: string) {}

  /** A new signing secret: 32 random bytes as 64 lowercase hex characters. */
  static generate(): string {
    return crypto.randomBytes(32).toString('hex');
  }

  seal(secret: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.loadKey(), iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('A sealed secret is stored in an unknown format.');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.loadKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  private loadKey(): Buffer {
    if (this.key) return this.key;
    const file = path.join(this.dataDir, KEY_FILE);
    try {
      this.key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      fs.mkdirSync(this.dataDir, { recursive: true });
      try {
        // 'wx': of two instances starting at once, one writes the key and the other reads it.
        fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
      } catch (raced) {
        if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      }
      this.key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    }
    if (this.key.length !== 32) throw new Error(`${file} must hold 32 bytes as 64 hex characters.`);
    return this.key;
  }
}
