import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { refusedAddress } from './addresses.ts';

/*
 * One look at a live demo: GET with a short timeout and few redirects, http(s) only, to public addresses only
 * (each hop's name resolved and every address checked, then the connection pinned to the checked address so a
 * second resolution cannot point elsewhere). The body is not read.
 */

export type DemoProbe = { answered: true; status: number } | { answered: false; reason: string; refused: boolean };

export interface ProbeOptions {
  /** Tests point demos at servers on this machine (DEMO_CHECK_ALLOW_LOOPBACK). */
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Name resolution (tests stand in a resolver that answers a private address for a public-looking name). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export const PROBE_TIMEOUT_MS = 5_000;
export const PROBE_MAX_REDIRECTS = 3;

const resolveAll = (hostname: string) => promisify(dnsLookup)(hostname, { all: true, verbatim: true }) as Promise<LookupAddress[]>;

const refusal = (reason: string): DemoProbe => ({ answered: false, reason, refused: true });
const failure = (reason: string): DemoProbe => ({ answered: false, reason, refused: false });

/** One request to a checked address; resolves with the status and the Location header. */
function request(url: URL, address: LookupAddress, signal: AbortSignal): Promise<{ status: number; location: string | undefined }> {
  // The connection goes to the address checked above, whatever the name would resolve to now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: LookupAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'GET',
        lookup: pinned,
        signal,
        agent: false,
        headers: { 'User-Agent': 'demo-check (portfolio; a look at whether the demo answers)', Accept: 'text/html,*/*' },
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.destroy();
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Whether the demo at `address` answers now (a status below 400 after at most a few redirects). */
export async function probeDemo(address: string, options: ProbeOptions = {}): Promise<DemoProbe> {
  const { allowLoopback = false, timeoutMs = PROBE_TIMEOUT_MS, maxRedirects = PROBE_MAX_REDIRECTS, resolve = resolveAll } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return refusal('not an address');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return refusal(`${url.protocol} is not http(s)`);
    url.username = '';
    url.password = '';
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: LookupAddress[];
    try {
      // Name resolution has no deadline of its own: the look's deadline covers it too.
      addresses = await Promise.race([
        resolve(hostname),
        new Promise<never>((_, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
      ]);
    } catch {
      return failure(signal.aborted ? `no answer within ${timeoutMs} ms` : `${hostname} does not resolve`);
    }
    if (addresses.length === 0) return failure(`${hostname} does not resolve`);
    for (const resolved of addresses) {
      const why = refusedAddress(resolved.address, { allowLoopback });
      if (why) return refusal(`${hostname} resolves to ${resolved.address}: ${why}`);
    }
    let answer: { status: number; location: string | undefined };
    try {
      answer = await request(url, addresses[0]!, signal);
    } catch (error) {
      return failure(signal.aborted ? `no answer within ${timeoutMs} ms` : `no answer (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (hop >= maxRedirects) return failure(`more than ${maxRedirects} redirects`);
      try {
        url = new URL(answer.location, url);
      } catch {
        return failure('a redirect to no address');
      }
      continue;
    }
    return answer.status < 400 ? { answered: true, status: answer.status } : failure(`answered ${answer.status}`);
  }
}
