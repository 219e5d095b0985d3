import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, written out (`::` expanded, an IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((group) => parseInt(group, 16)) : []);
  const before = part(head);
  const after = tail === undefined ? [] : part(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * What sign-in failures are counted against for a client address. An IPv4 address (also written as an
 * IPv4-mapped IPv6 one) is itself; an IPv6 address counts as its /64, since one client is usually handed
 * a whole /64 and could otherwise take a fresh address for every guess.
 */
export function addressKey(ip: string | null): string {
  if (!ip) return 'unknown';
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
