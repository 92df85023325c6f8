import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeDemo } from './probe.ts';

/*
 * The probe against real HTTP servers on this machine: one that answers, one that fails, one that never
 * answers, and redirects. Loopback is allowed for them (as DEMO_CHECK_ALLOW_LOOPBACK does for tests), except
 * where the refusals themselves are checked.
 */
let base = '';
const servers: http.Server[] = [];
let requests = 0;

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    requests++;
    if (req.url === '/ok') res.end('<h1>demo</h1>');
    else if (req.url === '/down') res.writeHead(503).end('down');
    else if (req.url === '/hang') return; // never answers
    else if (req.url === '/hop') res.writeHead(302, { Location: '/ok' }).end();
    else if (req.url === '/loop') res.writeHead(302, { Location: '/loop' }).end();
    else if (req.url === '/to-metadata') res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (req.url === '/to-file') res.writeHead(302, { Location: 'file:///etc/passwd' }).end();
    else res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const loopbackAllowed = { allowLoopback: true, timeoutMs: 1_000 };

describe('a look at a live demo', () => {
  it('sees a demo that answers, also through a redirect', async () => {
    expect(await probeDemo(`${base}/ok`, loopbackAllowed)).toEqual({ answered: true, status: 200 });
    expect(await probeDemo(`${base}/hop`, loopbackAllowed)).toEqual({ answered: true, status: 200 });
  });

  it('sees one that fails, one that never answers and one that is gone', async () => {
    expect(await probeDemo(`${base}/down`, loopbackAllowed)).toMatchObject({ answered: false, reason: 'answered 503', refused: false });
    expect(await probeDemo(`${base}/hang`, loopbackAllowed)).toMatchObject({ answered: false, reason: 'no answer within 1000 ms' });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await probeDemo(`http://127.0.0.1:${port}/`, loopbackAllowed)).toMatchObject({ answered: false, reason: 'no answer (ECONNREFUSED)' });
    expect(await probeDemo(`${base}/loop`, loopbackAllowed)).toMatchObject({ answered: false, reason: 'more than 3 redirects' });
    // A resolver that never answers is bounded by the same deadline.
    const never = () => new Promise<never>(() => {});
    expect(await probeDemo('https://demo.example/', { resolve: never, timeoutMs: 300 })).toMatchObject({ answered: false, reason: 'no answer within 300 ms' });
  });

  it('never connects to loopback, private, link-local or metadata addresses, or through a redirect to one', async () => {
    const before = requests;
    for (const address of [`${base}/ok`, 'http://localhost:1/', 'http://[::1]:1/', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://192.168.1.1/'])
      expect(await probeDemo(address, { timeoutMs: 1_000 }), address).toMatchObject({ answered: false, refused: true });
    expect(requests).toBe(before);
    // A public-looking name that resolves to a private address is refused after resolution.
    const resolve = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await probeDemo('https://demo.example/', { resolve, timeoutMs: 1_000 })).toMatchObject({
      answered: false,
      refused: true,
      reason: 'demo.example resolves to 10.0.0.7: a private, loopback, link-local or reserved address',
    });
    // A demo that answers with a redirect to the metadata service or a file is not followed there.
    expect(await probeDemo(`${base}/to-metadata`, loopbackAllowed)).toMatchObject({ answered: false, refused: true });
    expect(await probeDemo(`${base}/to-file`, loopbackAllowed)).toMatchObject({ answered: false, refused: true, reason: 'file: is not http(s)' });
    expect(await probeDemo('javascript:alert(1)')).toMatchObject({ answered: false, refused: true });
  });
});
