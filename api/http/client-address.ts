import { BlockList, isIP } from 'node:net';

/**
 * Which hops in front of the server may say who the client is (TRUSTED_PROXIES):
 * - none (default): the socket's peer is the client; X-Forwarded-For is ignored, whoever wrote it;
 * - a count of hops: that many proxies, each appending the address it saw, stand in front;
 * - a list of addresses or CIDR ranges: a hop from one of these is a proxy whose word counts.
 */
export type TrustedProxies = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'ranges'; ranges: BlockList };

/** Parses TRUSTED_PROXIES; throws an Error whose message says what is wrong. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 20) throw new Error('a count of proxy hops must be at most 20');
    return { kind: 'hops', hops };
  }
  const ranges = new BlockList();
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = item.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`"${item}" is neither a number of hops nor an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      ranges.addAddress(address, type);
      continue;
    }
    const bits = /^\d+$/.test(prefix) ? Number(prefix) : NaN;
    if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) throw new Error(`"${item}" has an invalid prefix length`);
    ranges.addSubnet(address, bits, type);
  }
  return { kind: 'ranges', ranges };
}

/** Request headers as the Fetch API or node:http hold them. */
export type AnyHeaders = Headers | Record<string, string | string[] | undefined>;

function forwardedFor(headers: AnyHeaders): string[] {
  const raw = headers instanceof Headers ? headers.get('x-forwarded-for') : headers['x-forwarded-for'];
  const joined = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is 1.2.3.4; `[::1]` is ::1. */
export function normalAddress(address: string): string {
  const bare = address.startsWith('[') && address.includes(']') ? address.slice(1, address.indexOf(']')) : address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  return mapped ? mapped[1]! : bare;
}

function isTrusted(address: string, ranges: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address, for rate limits and logs: from the socket's peer address and the request's
 * headers. Each trusted proxy appends the address it saw to X-Forwarded-For, so only the right end of
 * the list is trustworthy; everything to the left of the first untrusted hop was written by the
 * client and is ignored (a client must not pick a new address per request, or pose as someone else).
 */
export function clientAddress(socketAddress: string | undefined, headers: AnyHeaders, trusted: TrustedProxies): string {
  const peer = socketAddress ? normalAddress(socketAddress) : 'unknown';
  if (trusted.kind === 'none') return peer;
  const chain = [...forwardedFor(headers).map(normalAddress), peer];
  if (trusted.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trusted.hops)]!;
  for (let index = chain.length - 1; index >= 0; index--) {
    if (!isTrusted(chain[index]!, trusted.ranges)) return chain[index]!;
  }
  // Every hop is a trusted proxy: the left-most is the nearest thing to a client there is.
  return chain[0]!;
}

/**
 * Whether the connection itself comes from a proxy whose headers count (so its X-Request-Id may be kept):
 * with a count of hops the nearest hop is a proxy by definition; with a list, the peer must be on it.
 */
export function peerIsTrustedProxy(socketAddress: string | undefined, trusted: TrustedProxies): boolean {
  if (trusted.kind === 'none' || !socketAddress) return false;
  if (trusted.kind === 'hops') return trusted.hops > 0;
  return isTrusted(normalAddress(socketAddress), trusted.ranges);
}
