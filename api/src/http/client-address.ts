import { isIPv6 } from 'node:net';
import type { Context } from 'koa';

/**
 * Who a limit counts against: the client's address as Koa resolves it (X-Forwarded-For is read
 * only for the TRUST_PROXY_HOPS proxies in front), IPv4-mapped IPv6 as plain IPv4, and IPv6 by its
 * /64 network, which one subscriber usually holds whole (rotating within it must not reset limits).
 */
export function clientAddress(ctx: Pick<Context, 'ip'>): string {
  return addressKey(ctx.ip);
}

export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return ip;
  const [head, tail] = address.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 style) fills the last two groups.
  const width = (groups: string[]) => groups.length + (groups.at(-1)?.includes('.') ? 1 : 0);
  const groups =
    tail === undefined ? before : [...before, ...Array<string>(8 - width(before) - width(after)).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
