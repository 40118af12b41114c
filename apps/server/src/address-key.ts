/**
 * The key a client address is counted under by the per-address caps: an IPv4 address as it is
 * (an IPv4-mapped IPv6 one as its IPv4), an IPv6 address by its /64, the block one subscriber is
 * given, so a client cannot step round a cap by taking the next of its own addresses (the attack
 * review of 2026-11-28).
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0)
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  const prefix = groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  while (prefix.length < 4) prefix.push('0');
  return `${prefix.join(':')}::/64`;
}
