import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import type { Agent, buildConnector } from 'undici';
import { lazyRequire } from '../lazy-require.ts';
import { classifyAddress, type AddressClass } from './addresses.ts';

/** undici, loaded with the first agent or request, not at start: a store that sends nothing out never holds it. */
export const undici = lazyRequire<typeof import('undici')>('undici');

/** Resolves a host name to every address it has (dns.lookup with `all`), replaceable in tests. */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/**
 * How far a connection may go: `public` only to globally routable unicast addresses; `private` also to
 * loopback and private networks, when the operator allows them (OUTBOUND_ALLOW_PRIVATE), else the same
 * as `public`. Link-local, metadata and every other refused address stay out of reach either way.
 */
export type Reach = 'public' | 'private';

/** A request the guard would not let out; `code` lets callers tell it from a network failure. */
export class OutboundRefusedError extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
}

/** Host names that are cloud metadata services whatever they resolve to. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'metadata.azure.internal']);

function bareHost(host: string): string {
  return host.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

/** `localhost` and `*.localhost` always mean this machine (RFC 6761). */
function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The kernel's outbound guard (container: `outboundGuard`). Every request the store sends on behalf of
 * staff-given URLs (webhook deliveries, later plugin calls and fetched images) goes through it twice:
 * `urlProblem` when a URL is saved (what the URL itself says: scheme, host literal, well-known names),
 * and `agent()` at every connection, which checks each address DNS answers before connecting (so a name
 * that resolves elsewhere later, DNS rebinding included, cannot reach a refused address) and an address
 * written in the URL, which is never looked up.
 */
export class OutboundGuard {
  readonly allowPrivate: boolean;
  private readonly resolveHost: ResolveHost;

  constructor(options: { allowPrivate: boolean; resolve?: ResolveHost }) {
    this.allowPrivate = options.allowPrivate;
    this.resolveHost = options.resolve ?? ((hostname) => dns.promises.lookup(hostname, { all: true }));
  }

  /** Why a connection to this address may not be made at this reach, or undefined when it may. */
  addressProblem(address: string, reach: Reach = 'private'): string | undefined {
    const ip = classifyAddress(address);
    if (!ip) return `"${address}" is not an IP address`;
    return this.kindProblem(address, ip, reach);
  }

  /**
   * Why a URL may not be requested, judged on what it says before any DNS, or undefined: http(s) only;
   * https unless the host is loopback and private targets are allowed (local development); no refused
   * address literal; no metadata host name; `localhost` only when private targets are allowed. A host
   * name that passes is resolved and checked again at every connection.
   */
  urlProblem(raw: string | URL): string | undefined {
    let url: URL;
    try {
      url = typeof raw === 'string' ? new URL(raw) : raw;
    } catch {
      return 'not a valid absolute URL';
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only https URLs are allowed';
    const host = bareHost(url.hostname);
    if (!host) return 'the URL has no host';
    const refused = this.hostProblem(host);
    if (refused) return refused;
    const loopback = isLoopbackName(host) || classifyAddress(host)?.kind === 'loopback';
    if (url.protocol === 'http:' && !(loopback && this.allowPrivate)) {
      return this.allowPrivate ? 'use https; plain http is allowed only to loopback hosts (localhost, 127.0.0.0/8, ::1)' : 'use https';
    }
    return undefined;
  }

  /** Why a host as a URL writes it (name or address) may not be reached, before any DNS, or undefined. */
  hostProblem(host: string): string | undefined {
    const name = bareHost(host);
    if (METADATA_NAMES.has(name)) return `${name} is a cloud metadata host`;
    if (isLoopbackName(name)) return this.allowPrivate ? undefined : `${name} is this machine (loopback), and private targets are not allowed (OUTBOUND_ALLOW_PRIVATE)`;
    const ip = classifyAddress(name);
    return ip ? this.kindProblem(name, ip, 'private') : undefined;
  }

  /**
   * Resolves a host (or takes its literal address) and tells how far a connection to it must be allowed
   * to go: `public` when every address is public, `private` when one is loopback or private and those
   * are allowed. Throws OutboundRefusedError when an address is refused. Callers that treat private
   * targets differently (the webhooks plugin keeps no answer from them) connect with `agent(reach)`,
   * whose own check at connection time holds even if DNS answers differently by then.
   */
  async reachOf(host: string): Promise<Reach> {
    const name = bareHost(host);
    const why = this.hostProblem(name);
    if (why) throw new OutboundRefusedError(why);
    const addresses = net.isIP(name) ? [name] : (await this.resolveHost(name)).map((a) => a.address);
    let reach: Reach = 'public';
    for (const address of addresses) {
      const problem = this.addressProblem(address, 'private');
      if (problem) throw new OutboundRefusedError(`${name} resolves to ${address}; ${problem}`);
      if (classifyAddress(address)!.kind !== 'public') reach = 'private';
    }
    return reach;
  }

  /** A `lookup` for net/tls connect: resolves as dns.lookup does and fails when any address is out of reach. */
  lookup(reach: Reach = 'private'): LookupFunction {
    return ((hostname: string, options: dns.LookupOptions, callback: (...args: any[]) => void) => {
      this.resolveHost(hostname).then(
        (list) => {
          for (const a of list) {
            const why = this.addressProblem(a.address, reach);
            if (why) return callback(new OutboundRefusedError(`${hostname} resolves to ${a.address}; ${why}`));
          }
          const wanted = options.family === 4 || options.family === 6 ? list.filter((a) => a.family === options.family) : list;
          if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
          if (options.all) callback(null, wanted);
          else callback(null, wanted[0]!.address, wanted[0]!.family);
        },
        (err) => callback(err),
      );
    }) as LookupFunction;
  }

  /**
   * An undici dispatcher that connects only within `reach`: addresses written in URLs are checked
   * before connecting, host names through `lookup`, and the socket's peer once more after connecting.
   * It follows no redirects (undici's `request` never does without an interceptor).
   */
  agent(options: Omit<Agent.Options, 'connect'> = {}, reach: Reach = 'private'): Agent {
    const { connectTimeout, ...rest } = options;
    const { Agent, buildConnector } = undici();
    const inner = buildConnector({ timeout: connectTimeout ?? 10_000, lookup: this.lookup(reach) } as buildConnector.BuildOptions);
    const connect: buildConnector.connector = (opts, callback) => {
      if (net.isIP(opts.hostname)) {
        const why = this.addressProblem(opts.hostname, reach);
        if (why) return void callback(new OutboundRefusedError(why), null);
      }
      return inner(opts, (err, socket) => {
        if (err || !socket) return void callback(err ?? new Error('no socket'), null);
        const peer = (socket as net.Socket).remoteAddress;
        const why = peer ? this.addressProblem(peer, reach) : undefined;
        if (why) {
          socket.destroy();
          return void callback(new OutboundRefusedError(why), null);
        }
        callback(null, socket);
      });
    };
    return new Agent({ ...rest, connect });
  }

  private kindProblem(address: string, ip: AddressClass, reach: Reach): string | undefined {
    if (ip.kind === 'public') return undefined;
    if (ip.kind === 'refused') return `${address} is ${ip.what}, never reachable`;
    if (!this.allowPrivate) return `${address} is ${ip.what}, and private targets are not allowed (OUTBOUND_ALLOW_PRIVATE)`;
    if (reach === 'public') return `${address} is ${ip.what}, outside this connection's public reach`;
    return undefined;
  }
}
