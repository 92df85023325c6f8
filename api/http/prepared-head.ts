import http from 'node:http';
import { Socket } from 'node:net';

/*
 * Response headers prepared once and written for many answers (the visitor cache's hits). writeHead checks
 * every header name and value on every call: for a cached page with its 2 KB Content-Security-Policy that
 * was about 3 µs of a hit, most of it scanning the same policy again. Headers set with setHeader are checked
 * once, when set, and writeHead(status) then writes them as they are; a prepared set is checked once, when
 * prepared, and put in the response's own header store (where setHeader would have put it) for each answer.
 * That store is Node's, not a public API: it is found and its shape checked once at start, and without it
 * every answer takes the checked path (writeHead with the pairs), which gives the same bytes.
 */

type Store = Record<string, [name: string, value: string]>;

/** The symbol of ServerResponse's header store, if it holds what setHeader puts there (name → [name, value]). */
function findHeaderStore(): symbol | undefined {
  try {
    const response = new http.ServerResponse(new http.IncomingMessage(new Socket()));
    response.setHeader('X-Probe', 'one');
    const symbol = Object.getOwnPropertySymbols(response).find((candidate) => candidate.description === 'kOutHeaders');
    if (!symbol) return undefined;
    const store = Reflect.get(response, symbol) as unknown;
    if (!store || typeof store !== 'object') return undefined;
    const keys = Object.keys(store);
    const entry = (store as Record<string, unknown>)['x-probe'];
    const shaped = keys.length === 1 && Array.isArray(entry) && entry.length === 2 && entry[0] === 'X-Probe' && entry[1] === 'one';
    return shaped && response.getHeader('x-probe') === 'one' ? symbol : undefined;
  } catch {
    return undefined;
  }
}

const HEADER_STORE = findHeaderStore();

/** Whether prepared heads skip writeHead's per-answer checks here (false: every answer is checked, same bytes). */
export const preparedHeadsAreStored = HEADER_STORE !== undefined;

const stores = new WeakMap<readonly string[], Store>();

/** The store for a list of name/value pairs (lower-case names), checked once the first time it is written. */
function storeOf(pairs: readonly string[]): Store {
  let store = stores.get(pairs);
  if (!store) {
    store = {};
    for (let i = 0; i < pairs.length; i += 2) {
      const name = pairs[i]!;
      const value = pairs[i + 1]!;
      http.validateHeaderName(name);
      http.validateHeaderValue(name, value);
      if (name !== name.toLowerCase() || Object.hasOwn(store, name)) throw new Error(`Prepared headers need unique lower-case names: ${name}`);
      store[name] = [name, value];
    }
    stores.set(pairs, store);
  }
  return store;
}

/**
 * writeHead(status, pairs + [name, value]) for a list of pairs shared by many answers (lower-case names, each
 * once, never changed after the first call), plus one header of this answer (lower-case name; checked here).
 */
export function writePreparedHead(res: http.ServerResponse, status: number, pairs: readonly string[], name: string, value: string): void {
  if (HEADER_STORE === undefined || Reflect.get(res, HEADER_STORE) != null) {
    const all = pairs.slice();
    all.push(name, value);
    res.writeHead(status, all);
    return;
  }
  http.validateHeaderValue(name, value);
  const store: Store = { ...storeOf(pairs) };
  store[name] = [name, value];
  Reflect.set(res, HEADER_STORE, store);
  res.writeHead(status);
}
