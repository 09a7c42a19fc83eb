import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What an IP address is, for outbound requests:
 * - `public`: globally routable unicast; always reachable.
 * - `loopback`, `private`: this machine (127.0.0.0/8, ::1) and private networks (10/8, 172.16/12,
 *   192.168/16, carrier-grade NAT 100.64/10, unique-local fc00::/7); reachable only when the operator
 *   allows private targets.
 * - `refused`: everything else, whatever the setting: link-local (169.254/16, fe80::/10, where cloud
 *   metadata services answer), metadata addresses in private space, unspecified, "this network" 0/8,
 *   multicast, broadcast, reserved, documentation and benchmarking ranges, site-local fec0::/10,
 *   IPv6 space outside global unicast 2000::/3, and IPv6 forms carrying an IPv4 address that is not
 *   public (or whose IPv4 part cannot be told).
 */
export type AddressKind = 'public' | 'loopback' | 'private' | 'refused';

export interface AddressClass {
  kind: AddressKind;
  /** What the address is, in words, for error messages: "loopback", "link-local", … */
  what: string;
}

/** Cloud metadata services reachable at addresses that would otherwise count as private. */
const METADATA = new Set(['fd00:ec2::254', '100.100.100.200']);

const IPV4_NAMES: Record<string, string> = {
  unicast: 'public',
  unspecified: '"this network" (0.0.0.0/8)',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local (169.254.0.0/16)',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  private: 'private',
  reserved: 'reserved or documentation space',
};

/** The kind of an IP address (as DNS answers it or a URL writes it, brackets allowed), or undefined for a non-address. */
export function classifyAddress(raw: string): AddressClass | undefined {
  const address = raw.replace(/^\[|\]$/g, '');
  // node:net accepts only dotted quads and proper IPv6; ipaddr.js alone would also read "0x7f.1" or "2130706433".
  const family = net.isIP(address);
  if (family === 4) return classifyV4(ipaddr.IPv4.parse(address), address);
  if (family === 6) return classifyV6(ipaddr.IPv6.parse(dottedTailToHex(address)));
  return undefined;
}

// ipaddr.js reads "::1.2.3.4" (IPv4-compatible) as "::ffff:1.2.3.4" (IPv4-mapped); written in hex
// groups it reads every form right.
function dottedTailToHex(address: string): string {
  const m = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (!m) return address;
  const [a, b, c, d] = m.slice(2).map(Number) as [number, number, number, number];
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

function classifyV4(ip: ipaddr.IPv4, text: string): AddressClass {
  if (METADATA.has(text)) return { kind: 'refused', what: 'a cloud metadata address' };
  const range = ip.range();
  const what = IPV4_NAMES[range] ?? `special-purpose (${range})`;
  if (range === 'unicast') return { kind: 'public', what };
  if (range === 'loopback') return { kind: 'loopback', what };
  if (range === 'private' || range === 'carrierGradeNat') return { kind: 'private', what };
  return { kind: 'refused', what };
}

function classifyV6(ip: ipaddr.IPv6): AddressClass {
  if (METADATA.has(ip.toRFC5952String())) return { kind: 'refused', what: 'a cloud metadata address' };
  const range: string = ip.range();
  const p = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  switch (range) {
    case 'loopback':
      return { kind: 'loopback', what: 'loopback' };
    case 'uniqueLocal':
      return { kind: 'private', what: 'unique-local (fc00::/7)' };
    case 'ipv4Mapped': {
      // ::ffff:a.b.c.d is the IPv4 address itself on a dual-stack socket: judged exactly as it.
      const inner = classifyV4(ip.toIPv4Address(), ip.toIPv4Address().toString());
      return { kind: inner.kind, what: `IPv4-mapped ${ip.toIPv4Address()} (${inner.what})` };
    }
    case 'rfc6052':
      // NAT64 64:ff9b::/96 reaches its embedded IPv4 address through a translator: allowed only when that
      // address is public (DNS64 hands these out on IPv6-only hosts). The local-use 64:ff9b:1::/48 may put
      // the IPv4 bits anywhere, so nothing can be told about it.
      if (p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return embedded('NAT64', v4(p[6]!, p[7]!));
      return { kind: 'refused', what: 'local-use NAT64 (64:ff9b:1::/48)' };
    case '6to4':
      return embedded('6to4', v4(p[1]!, p[2]!));
    case 'teredo':
      return { kind: 'refused', what: 'Teredo (2001::/32)' };
    case 'rfc6145':
      return { kind: 'refused', what: `IPv4-translated ${v4(p[6]!, p[7]!)}` };
    case 'unspecified':
      return { kind: 'refused', what: 'unspecified (::)' };
    case 'linkLocal':
      return { kind: 'refused', what: 'link-local (fe80::/10)' };
    case 'multicast':
      return { kind: 'refused', what: 'multicast' };
    case 'deprecatedSiteLocal':
      return { kind: 'refused', what: 'site-local (fec0::/10)' };
    case 'unicast':
      break;
    default:
      return { kind: 'refused', what: `special-purpose (${range})` };
  }
  // ::a.b.c.d, the deprecated IPv4-compatible form (ipaddr.js calls it unicast).
  if (p.slice(0, 6).every((x) => x === 0)) return { kind: 'refused', what: `IPv4-compatible ${v4(p[6]!, p[7]!)}` };
  // Only global unicast 2000::/3 is routable; the rest (site-local fec0::/10 included) is reserved.
  if ((p[0]! & 0xe000) !== 0x2000) return { kind: 'refused', what: 'outside global unicast (2000::/3)' };
  return { kind: 'public', what: 'public' };
}

// An IPv6 form that carries an IPv4 address is public only if that address is.
function embedded(form: string, inner: ipaddr.IPv4): AddressClass {
  const v4 = classifyV4(inner, inner.toString());
  if (v4.kind === 'public') return { kind: 'public', what: `${form} of public ${inner}` };
  return { kind: 'refused', what: `${form} carrying ${inner} (${v4.what})` };
}
