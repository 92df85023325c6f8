import { BlockList, isIP } from 'node:net';

/*
 * Where a request comes from and where it was sent, decided in one place for the server entry, the visitor
 * cache and the middleware alike (ADR 021): the client's address, the scheme and the host of the public URL,
 * and whether the Host may be answered at all. A proxy's headers count only when TRUSTED_PROXIES names it;
 * SITE_URL, when set, is the public origin whatever any header says.
 */

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

/** Every value of a comma-separated request header, in order, over all its lines. */
function headerList(headers: AnyHeaders, name: string): string[] {
  const raw = headers instanceof Headers ? headers.get(name) : headers[name];
  const joined = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const forwardedFor = (headers: AnyHeaders) => headerList(headers, 'x-forwarded-for');

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

/** What decides a request's public origin: the two settings, as api/config.ts parses them. */
export interface OriginSettings {
  SITE_URL?: string | undefined;
  TRUSTED_PROXIES: TrustedProxies;
}

/** SITE_URL parsed once (these run for every request). */
const parsedSites = new Map<string, URL>();
function siteUrl(value: string): URL {
  let url = parsedSites.get(value);
  if (!url) parsedSites.set(value, (url = new URL(value)));
  return url;
}

/**
 * The origin the request was sent to, as the person's browser sees it. SITE_URL, when set, is authoritative: an
 * https one makes every request https (the proxy in front terminates TLS), an http one none, whatever a header
 * claims. Without it, X-Forwarded-Proto and X-Forwarded-Host count only from a trusted proxy, and https only when
 * every hop listed says so (a client's own "https" in front of a proxy's "http" proves nothing).
 */
export function publicOrigin(socketAddress: string | undefined, headers: AnyHeaders, settings: OriginSettings): string {
  if (settings.SITE_URL) return siteUrl(settings.SITE_URL).origin;
  const trusted = peerIsTrustedProxy(socketAddress, settings.TRUSTED_PROXIES);
  const protos = trusted ? headerList(headers, 'x-forwarded-proto').map((proto) => proto.toLowerCase()) : [];
  const scheme = protos.length > 0 && protos.every((proto) => proto === 'https') ? 'https' : 'http';
  const host = (trusted ? headerList(headers, 'x-forwarded-host')[0] : undefined) ?? hostHeader(headers) ?? 'localhost';
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    // A Host no URL can hold: the request is answered as if it named none.
    return `${scheme}://localhost`;
  }
}

function hostHeader(headers: AnyHeaders): string | undefined {
  const raw = headers instanceof Headers ? headers.get('host') : headers.host;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim() || undefined;
}

/** Whether answers to this origin are served over https: then cookies are Secure and every answer carries HSTS. */
export const isHttpsOrigin = (origin: string) => origin.startsWith('https:');

/** An address on this machine (127.0.0.0/8, ::1): a health checker, a script or a person on the server itself. */
export function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  return family === 6 && address === '::1';
}

/**
 * Whether the request's Host may be answered. With SITE_URL set only its host is this site: any other is a
 * misdirected request (a name someone pointed at this server, DNS rebinding, a scanner), refused before it can
 * fill the visitor cache or see pages under a foreign name. Health checks and clients on this machine are let
 * through (a load balancer or container probe asks by address; `curl localhost` on the server should work).
 */
export function hostAllowed(headers: AnyHeaders, path: string, client: string, settings: OriginSettings): boolean {
  if (!settings.SITE_URL || path === '/healthz' || path === '/readyz' || isLoopback(client)) return true;
  const site = siteUrl(settings.SITE_URL);
  const host = hostHeader(headers);
  if (!host) return false;
  // The common case costs no parse: the Host exactly as SITE_URL writes it.
  if (host === site.host) return true;
  try {
    return new URL(`${site.protocol}//${host}`).host === site.host;
  } catch {
    return false;
  }
}

/**
 * The key a rate limit counts a client under: an IPv6 client holds a whole /64 (one home or one server gets one
 * from its provider), so its addresses are counted together; anything else as it is.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A start-up warning for a TRUSTED_PROXIES setting that lets a direct client choose its own address, or null. */
export function trustedProxiesWarning(trusted: TrustedProxies, host: string | undefined): string | null {
  if (trusted.kind !== 'hops' || (host !== undefined && (isLoopback(host) || host === 'localhost'))) return null;
  return (
    `TRUSTED_PROXIES=${trusted.hops} trusts whoever connects as a proxy, but HOST is ${host ?? '0.0.0.0 (every interface)'}: ` +
    'a client that reaches this port directly chooses its own address (X-Forwarded-For) and scheme (X-Forwarded-Proto). ' +
    "Set HOST=127.0.0.1 when the proxy runs on this machine, or list the proxy's addresses in TRUSTED_PROXIES."
  );
}

/** The same request addressed to `origin` (method, headers, body and abort signal kept): what Astro then sees as its URL. */
export function atOrigin(request: Request, origin: string): Request {
  const url = new URL(request.url);
  if (url.origin === origin) return request;
  const moved = new URL(`${url.pathname}${url.search}`, origin);
  const hasBody = request.body !== null;
  return new Request(moved, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}
