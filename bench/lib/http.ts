import { Agent, request } from 'undici';

/** A response as the bench needs it: status, headers and the exact bytes. */
export interface Sample {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  json<T = any>(): T;
}

// The store's certificate is self-signed: this client talks only to the bench's own servers on loopback.
const agent = new Agent({ connect: { rejectUnauthorized: false }, keepAliveTimeout: 10_000 });

export async function call(origin: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Sample> {
  const hasBody = opts.body !== undefined;
  const res = await request(origin + path, {
    method: (opts.method ?? (hasBody ? 'POST' : 'GET')) as any,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    body: hasBody ? JSON.stringify(opts.body) : undefined,
    dispatcher: agent,
    headersTimeout: 300_000,
    bodyTimeout: 300_000,
  });
  const body = Buffer.from(await res.body.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return { status: res.statusCode, headers, body, json: () => JSON.parse(body.toString('utf8')) };
}

export async function closeClient(): Promise<void> {
  await agent.close();
}
