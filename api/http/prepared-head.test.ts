import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedHeadsAreStored, writePreparedHead } from './prepared-head.ts';

const PAIRS = ['content-type', 'text/html', 'cache-control', 'public, max-age=0', 'content-security-policy', "default-src 'self'", 'content-length', '5'];

let server: http.Server;
let port = 0;

/** The raw bytes of one GET (the Date header blanked), read off the socket. */
function rawGet(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => done(text.replace(/^Date: .*\r\n/m, 'Date: -\r\n')));
    socket.on('error', fail);
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/prepared') writePreparedHead(res, 200, PAIRS, 'x-request-id', 'id-1');
    else if (req.url === '/checked') res.writeHead(200, [...PAIRS, 'x-request-id', 'id-1']);
    else if (req.url === '/after-set-header') {
      // A response that already has headers of its own takes the checked path, keeping them.
      res.setHeader('x-extra', 'yes');
      writePreparedHead(res, 200, PAIRS, 'x-request-id', 'id-1');
    } else if (req.url === '/forged') {
      try {
        writePreparedHead(res, 200, PAIRS, 'x-request-id', 'a\r\nSet-Cookie: x=1');
      } catch {
        res.writeHead(500).end();
        return;
      }
    }
    res.end('hello');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((closed) => server.close(closed)));

describe('prepared response heads', () => {
  it('skip the per-answer header checks on this Node (its header store has the expected shape)', () => {
    expect(preparedHeadsAreStored).toBe(true);
  });

  it('put the same bytes on the wire as writeHead with the pairs and the answer’s own header', async () => {
    const prepared = await rawGet('/prepared');
    expect(prepared).toBe(await rawGet('/checked'));
    expect(prepared).toMatch(/^HTTP\/1\.1 200 OK\r\ncontent-type: text\/html\r\n[^]*x-request-id: id-1\r\n[^]*\r\n\r\nhello$/);
    // The same prepared pairs again: nothing of the first answer's own header is left in them.
    expect(await rawGet('/prepared')).toBe(prepared);
  });

  it('keep headers a response already has, and refuse an answer header that would split the head', async () => {
    expect(await rawGet('/after-set-header')).toContain('x-extra: yes\r\n');
    expect(await rawGet('/forged')).toMatch(/^HTTP\/1\.1 500 /);
  });

  it('refuse prepared pairs with a value no header may carry, when first written', () => {
    const response = new http.ServerResponse(new http.IncomingMessage(null as never));
    expect(() => writePreparedHead(response, 200, ['x-bad', 'a\nb'], 'x-request-id', 'id')).toThrow();
  });
});
