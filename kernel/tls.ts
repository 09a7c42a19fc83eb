import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from './config.ts';

export interface TlsMaterial {
  cert: string;
  key: string;
  generated: boolean;
}

/**
 * The server's certificate: the operator's PEM files when TLS_CERT_FILE/TLS_KEY_FILE are set, else a
 * self-signed one generated once into DATA_DIR/tls/ and reused on later starts.
 */
export async function loadTls(config: Pick<Config, 'tlsCertFile' | 'tlsKeyFile' | 'dataDir'>): Promise<TlsMaterial> {
  if (config.tlsCertFile && config.tlsKeyFile) {
    return { cert: fs.readFileSync(config.tlsCertFile, 'utf8'), key: fs.readFileSync(config.tlsKeyFile, 'utf8'), generated: false };
  }
  const dir = path.join(config.dataDir, 'tls');
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  if (fs.existsSync(certFile) && fs.existsSync(keyFile)) {
    return { cert: fs.readFileSync(certFile, 'utf8'), key: fs.readFileSync(keyFile, 'utf8'), generated: false };
  }
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore.getTime() + 825 * 24 * 3600 * 1000);
  // Loaded here, not at start: only the first start of a store without a certificate needs it.
  const { default: selfsigned } = await import('selfsigned');
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }, { name: 'organizationName', value: 'Storekeep (self-signed)' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: notBefore,
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 2, value: os.hostname() },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  } as any);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  fs.writeFileSync(certFile, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private, generated: true };
}
