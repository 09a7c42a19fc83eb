import net from 'node:net';

/**
 * Which network addresses a webhook may reach. Refused everywhere: link-local (169.254/16, fe80::/10,
 * where cloud metadata services live), the metadata addresses themselves, "this network" (0.0.0.0/8),
 * unspecified, multicast, broadcast and reserved space. Loopback only when the URL itself names a
 * loopback host (local development). Private ranges (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed:
 * a self-hosted store often feeds an ERP or warehouse system on its own network.
 */
const refused = new net.BlockList();
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
refused.addSubnet('240.0.0.0', 4, 'ipv4'); // reserved, and 255.255.255.255 broadcast
refused.addAddress('::', 'ipv6');
refused.addSubnet('fe80::', 10, 'ipv6');
refused.addSubnet('ff00::', 8, 'ipv6'); // multicast
refused.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
refused.addSubnet('64:ff9b::', 96, 'ipv6'); // NAT64: could reach any refused IPv4 address

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Host names that are metadata services whatever they resolve to. */
const REFUSED_NAMES = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'metadata.azure.internal']);
const LOOPBACK_NAMES = new Set(['localhost']);

function bare(host: string): string {
  return host.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

// An IPv4 address written inside IPv6 (::ffff:169.254.169.254) is judged as the IPv4 address.
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  const kind = net.isIP(address);
  if (kind === 4) return { address, family: 'ipv4' };
  if (kind === 6) {
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hex) {
      const hi = parseInt(hex[1]!, 16);
      const lo = parseInt(hex[2]!, 16);
      return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
    }
    return { address, family: 'ipv6' };
  }
  return undefined;
}

/** Whether a host (name or address, as in a URL) is a loopback host: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = bare(host);
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost')) return true;
  const ip = unmapped(name);
  return !!ip && loopback.check(ip.address, ip.family);
}

/**
 * Why an address may not be reached, or undefined when it may. `allowLoopback`: the URL named a
 * loopback host, so its loopback addresses are expected.
 */
export function refusedAddress(address: string, allowLoopback: boolean): string | undefined {
  const ip = unmapped(bare(address));
  if (!ip) return `"${address}" is not an IP address`;
  if (refused.check(ip.address, ip.family)) return `${address} is in a refused range (link-local, metadata, unspecified, multicast or reserved)`;
  if (!allowLoopback && loopback.check(ip.address, ip.family)) return `${address} is a loopback address, allowed only for a URL naming a loopback host`;
  return undefined;
}

/** Why a host name or address in a URL may not be used (before any DNS), or undefined. */
export function refusedHost(host: string): string | undefined {
  const name = bare(host);
  if (name === '') return 'the URL has no host';
  if (REFUSED_NAMES.has(name)) return `${name} is a cloud metadata host`;
  if (unmapped(name)) return refusedAddress(name, isLoopbackHost(name));
  return undefined;
}
