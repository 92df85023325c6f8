import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { GITHUB_CLIENT, startGitHubStandIn } from './github-standin.ts';
import { startSpotifyStandIn } from './spotify-standin.ts';

export { GITHUB_CLIENT };

/**
 * Local stand-ins the server talks to during tests (an OpenID provider, GitHub's and Spotify's API
 * shapes). Each adds its variables to the server's environment.
 */
export interface TestServices {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Requests carrying this header count as coming from the address it names (sign-in rate limits). */
export const TEST_CLIENT_HEADER = 'x-test-client-address';

export const OIDC_CLIENT = { id: 'portfolio-test', secret: 'portfolio-test-secret' };

/**
 * At the test OpenID provider any login works: the login is the email address, and a login ending
 * in `#unverified` signs in with `email_verified: false` (and a different `sub`).
 */
export const oidcLogin = (email: string, verified = true) => (verified ? email : `${email}#unverified`);

/**
 * A login whose ID token the test provider re-signs with a key it does not publish (same `kid`, same
 * algorithm, valid claims): only a check of the signature against the provider's JWKS can tell.
 */
export const oidcLoginWithForeignKey = (email: string) => `${email}#foreign-key`;

export async function startTestServices(): Promise<TestServices> {
  const oidc = await startOpenIdProvider();
  const github = await startGitHubStandIn();
  const spotify = await startSpotifyStandIn();
  return {
    env: {
      TEST_CLIENT_ADDRESS_HEADER: TEST_CLIENT_HEADER,
      // The demo checker may reach the tests' own servers (every other private address stays refused).
      DEMO_CHECK_ALLOW_LOOPBACK: '1',
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_NAME: 'Test ID',
      OIDC_ALLOW_INSECURE: 'true',
      GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
      GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
      GITHUB_OAUTH_URL: github.url,
      GITHUB_API_URL: github.url,
      ...spotify.env,
    },
    stop: async () => {
      await Promise.all([close(oidc.server), close(github.server), spotify.stop()]);
    },
  };
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A real OpenID provider (panva's oidc-provider) with its development login form. */
async function startOpenIdProvider(): Promise<{ server: Server; issuer: string }> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const { server, url: issuer } = await listen((req, res) => handle(req, res));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        // A loopback redirect of a native client matches on any port (RFC 8252), and the app's port is chosen later.
        application_type: 'native',
        redirect_uris: ['http://localhost/api/login/oidc/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      const [email = '', flag] = id.split('#');
      const local = email.split('@')[0] ?? 'someone';
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email,
          email_verified: flag !== 'unverified',
          given_name: local.charAt(0).toUpperCase() + local.slice(1),
          family_name: 'Tester',
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'picture'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [signingKey()] },
  });
  provider.on('server_error', (_ctx, error) => console.error('test OpenID provider:', error));
  const callback = provider.callback();
  handle = (req, res) => {
    if (req.method === 'POST' && req.url?.split('?')[0] === '/token') resignForeignKeyTokens(res);
    callback(req, res);
  };
  return { server, issuer };
}

/** A key the provider never publishes, for `oidcLoginWithForeignKey`. */
const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/**
 * Rewrites a token response whose ID token is for an `oidcLoginWithForeignKey` login: the same header
 * and claims, signed by `foreignKey`. (The provider answers with one `res.end(json)` before any header
 * is sent, so the length can still be set.)
 */
function resignForeignKeyTokens(res: ServerResponse): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
      const body = JSON.parse(chunk.toString()) as { id_token?: string };
      const [header, payload] = body.id_token?.split('.') ?? [];
      const claims = payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: string }) : {};
      if (header && payload && claims.sub?.endsWith('#foreign-key')) {
        const input = `${header}.${payload}`;
        body.id_token = `${input}.${sign('sha256', Buffer.from(input), foreignKey).toString('base64url')}`;
        chunk = JSON.stringify(body);
        if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(chunk as string));
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}

/** A fresh RS256 key for the provider's ID tokens (instead of its shared development keys). */
function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
}
