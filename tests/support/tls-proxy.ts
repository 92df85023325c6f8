import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort, stopProcess } from '../../scripts/processes.ts';

/*
 * TLS in front of a real server, as the README's proxy setup has it: a throwaway certificate authority made with
 * openssl, and Debian's nginx run as a process of our own (a temp config, a free port, never the system service)
 * terminating TLS and passing X-Forwarded-For and X-Forwarded-Proto on. The HTTPS test and `npm run observatory`
 * both use it.
 */

export interface ThrowawayCa {
  /** The authority's certificate (PEM file): what NODE_EXTRA_CA_CERTS names for a Node client. */
  caCertificate: string;
  /** The server's certificate (for localhost and 127.0.0.1) and key, signed by the authority. */
  certificate: string;
  key: string;
  /** base64 SHA-256 of the server certificate's public key: Chromium's --ignore-certificate-errors-spki-list. */
  spkiHash: string;
}

const openssl = (args: string[], cwd: string, input?: Buffer) =>
  execFileSync('openssl', args, { cwd, input, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });

/** Makes an authority and a certificate it signed for localhost and 127.0.0.1, in `folder`. A few hundred ms. */
export function makeThrowawayCa(folder: string): ThrowawayCa {
  mkdirSync(folder, { recursive: true });
  const days = ['-days', '2'];
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      ...days,
      '-subj',
      '/CN=Throwaway test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    ],
    folder,
  );
  openssl(
    [
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
      '-subj',
      '/CN=localhost',
    ],
    folder,
  );
  writeFileSync(
    join(folder, 'server.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      ...days,
      '-extfile',
      'server.ext',
    ],
    folder,
  );
  const publicKey = openssl(['x509', '-in', 'server.pem', '-pubkey', '-noout'], folder);
  const der = openssl(['pkey', '-pubin', '-outform', 'der'], folder, publicKey);
  const digest = openssl(['dgst', '-sha256', '-binary'], folder, der);
  return {
    caCertificate: join(folder, 'ca.pem'),
    certificate: join(folder, 'server.pem'),
    key: join(folder, 'server.key'),
    spkiHash: digest.toString('base64'),
  };
}

export interface TlsProxy {
  /** https://localhost:PORT */
  httpsUrl: string;
  httpsPort: number;
  /** http://localhost:PORT, which redirects to httpsUrl (when asked for). */
  httpUrl?: string;
  /** nginx's error log, for a failure's message. */
  errorLog(): string;
  stop(): Promise<void>;
}

export interface TlsProxyOptions {
  /** A folder of its own (config, logs, temp files). */
  folder: string;
  ca: ThrowawayCa;
  /** The app's port on 127.0.0.1. */
  upstreamPort: number;
  /** The TLS port (chosen beforehand when the app must know its public origin); default a free one. */
  httpsPort?: number;
  /** Also listen on plain http and redirect every request to https (the Observatory checks it). */
  redirectHttp?: boolean;
  /** The plain http port for redirectHttp; default a free one. */
  httpPort?: number;
  /**
   * `npm run observatory` only, off by default: `/` answers what `path` answers, asked with `cookie` (the owner's
   * session). The scanner grades a host's root and sends no cookie, so this is how it grades any other page.
   */
  root?: { path: string; cookie: string };
}

/** What nginx passes on with every request, as the README's snippet has it. */
const PROXY_HEADERS = `proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;

/** The `location = /` that stands in another page for the root, or nothing. */
function rootLocation(root: TlsProxyOptions['root'], upstreamPort: number): string {
  if (!root) return '';
  // Both go into the config verbatim: nothing that could end a string or a directive.
  if (!/^\/[\w/-]*$/.test(root.path) || !/^[\w-]+=[\w.~+/=-]+$/.test(root.cookie)) {
    throw new Error(`Not a plain path and session cookie (path ${root.path})`);
  }
  return `
    location = / {
      proxy_pass http://127.0.0.1:${upstreamPort}${root.path};
      ${PROXY_HEADERS}
      proxy_set_header Cookie "${root.cookie}";
    }`;
}

/** The nginx config: TLS on loopback, the headers the README's snippet sets, no system paths. */
function nginxConfig(options: TlsProxyOptions, httpsPort: number, httpPort: number | undefined): string {
  const folder = options.folder;
  const redirect =
    httpPort === undefined
      ? ''
      : `  server {
    listen 127.0.0.1:${httpPort};
    location / { return 301 https://$host${httpsPort === 443 ? '' : `:${httpsPort}`}$request_uri; }
  }
`;
  return `# One process, in the foreground, as whoever runs the test: no user switch, no system paths.
daemon off;
master_process off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${folder}/client-body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  server {
    listen 127.0.0.1:${httpsPort} ssl;
    server_name localhost;
    ssl_certificate ${options.ca.certificate};
    ssl_certificate_key ${options.ca.key};
    location / {
      proxy_pass http://127.0.0.1:${options.upstreamPort};
      ${PROXY_HEADERS}
    }${rootLocation(options.root, options.upstreamPort)}
  }
${redirect}}
`;
}

/** Debian's nginx (in /usr/sbin, which is not on every user's PATH), or NGINX_PATH. */
const nginxPath = () => process.env.NGINX_PATH ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

/** Resolves once something accepts connections on the port, or rejects after `ms`. */
async function listening(port: number, child: ChildProcess, ms: number, log: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (ok) return;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts nginx in front of the app (its own process; stop() ends it). */
export async function startTlsProxy(options: TlsProxyOptions): Promise<TlsProxy> {
  const httpsPort = options.httpsPort ?? (await freePort());
  const httpPort = options.redirectHttp ? (options.httpPort ?? (await freePort())) : undefined;
  const config = join(options.folder, 'nginx.conf');
  writeFileSync(config, nginxConfig(options, httpsPort, httpPort));
  const errorLogFile = join(options.folder, 'error.log');
  writeFileSync(errorLogFile, '');
  const errorLog = () => readFileSync(errorLogFile, 'utf8');
  // -e: nginx opens its error log before reading the config; the default one is the system's.
  const child = spawn(nginxPath(), ['-e', errorLogFile, '-p', options.folder, '-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const log = () => `${stderr}${errorLog()}`;
  try {
    await listening(httpsPort, child, 10_000, log);
    if (httpPort !== undefined) await listening(httpPort, child, 10_000, log);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    httpsUrl: `https://localhost:${httpsPort}`,
    httpsPort,
    httpUrl: httpPort === undefined ? undefined : `http://localhost:${httpPort}`,
    errorLog: log,
    // SIGTERM: nginx's fast shutdown.
    stop: () => stopProcess(child),
  };
}
