import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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
  const pems = await generateSelfSigned([{ name: 'commonName', value: 'localhost' }, { name: 'organizationName', value: 'Storekeep (self-signed)' }], {
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
  });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  fs.writeFileSync(certFile, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private, generated: true };
}

// The generator runs in a worker thread of its own, with selfsigned and its X.509/ASN.1 libraries
// loaded there: they hold about 3 MiB of heap, which leave with the thread instead of staying in the
// store for as long as it runs. Plain CommonJS, so the thread needs no TypeScript loader.
const GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.module).generate(workerData.attributes, workerData.options).then((pems) => parentPort.postMessage({ cert: pems.cert, private: pems.private }));
`;

function generateSelfSigned(attributes: Array<{ name: string; value: string }>, options: object): Promise<{ cert: string; private: string }> {
  const module = createRequire(import.meta.url).resolve('selfsigned');
  return new Promise((resolve, reject) => {
    const worker = new Worker(GENERATOR, { eval: true, execArgv: [], workerData: { module, attributes, options } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The certificate generator stopped (exit code ${code}) before answering.`)));
  });
}
