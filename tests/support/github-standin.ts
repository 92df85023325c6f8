import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GITHUB_CLIENT = { id: 'gh-portfolio-test', secret: 'gh-portfolio-test-secret' };

interface GitHubPerson {
  id: number;
  login: string;
  name: string;
  email: string;
  verified: boolean;
  /** More addresses on the account, as GitHub lists them (unverified, not primary): any text GitHub holds. */
  otherEmails: string[];
}

/**
 * GitHub's OAuth and REST shapes, as far as sign-in uses them. A browser is sent to a login page where a
 * person types a username (or an email address) and any password; an HTTP test skips it by naming the person in
 * extra query parameters of the authorize step (login, email, verified). Token errors come back with HTTP 200
 * and an `error` field, as GitHub does.
 */
export async function startGitHubStandIn(): Promise<{ server: Server; url: string }> {
  const codes = new Map<string, { person: GitHubPerson; redirectUri: string; challenge: string; used: boolean }>();
  const tokens = new Map<string, GitHubPerson>();
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const tokenError = (res: ServerResponse, error: string, description: string) =>
    send(res, 200, { error, error_description: description, error_uri: 'https://docs.github.com/apps/oauth' });

  return listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize' && !url.searchParams.has('login')) {
      // Nobody named in the query: a person signs in on the login page first, as on github.com.
      res.writeHead(302, { Location: `/login?${new URLSearchParams({ return_to: url.pathname + url.search })}` });
      return res.end();
    }
    if (req.method === 'GET' && url.pathname === '/login') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(loginPage(url.searchParams.get('return_to') ?? ''));
    }
    if (req.method === 'POST' && url.pathname === '/session') {
      // Any password works; the login is a username, or an email address whose local part becomes the username.
      const form = new URLSearchParams(await readBody(req));
      const typed = (form.get('login') ?? '').trim();
      const back = new URL(form.get('return_to') ?? '/', 'http://stand-in');
      if (!typed || back.pathname !== '/login/oauth/authorize') return send(res, 400, { error: 'login and return_to expected' });
      back.searchParams.set('login', typed.split('@')[0]!.replace(/[^\w-]/g, '-'));
      if (typed.includes('@')) back.searchParams.set('email', typed);
      res.writeHead(302, { Location: back.pathname + back.search });
      return res.end();
    }
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== GITHUB_CLIENT.id || !redirectUri.endsWith('/api/login/github/callback')) return send(res, 400, { error: 'bad request' });
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return send(res, 400, { error: 'PKCE expected' });
      const login = q.get('login') ?? 'octocat';
      const person: GitHubPerson = {
        id: Number(q.get('id') ?? 1000 + login.length),
        login,
        name: q.get('name') ?? 'Mona Octocat',
        email: q.get('email') ?? `${login}@example.test`,
        verified: q.get('verified') !== 'false',
        otherEmails: q.getAll('other_email'),
      };
      const code = randomBytes(10).toString('hex');
      codes.set(code, { person, redirectUri, challenge: q.get('code_challenge')!, used: false });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { Location: back.href });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('client_id') !== GITHUB_CLIENT.id || form.get('client_secret') !== GITHUB_CLIENT.secret) {
        return tokenError(res, 'incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
      }
      const entry = codes.get(form.get('code') ?? '');
      if (!entry || entry.used) return tokenError(res, 'bad_verification_code', 'The code passed is incorrect or expired.');
      entry.used = true;
      if (form.get('redirect_uri') !== entry.redirectUri) return tokenError(res, 'redirect_uri_mismatch', 'The redirect_uri MUST match the registered callback URL for this application.');
      const challenge = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
      if (challenge !== entry.challenge) return tokenError(res, 'bad_verification_code', 'The code_verifier does not match the challenge.');
      const token = `gho_${randomBytes(16).toString('hex')}`;
      tokens.set(token, entry.person);
      return send(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const person = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      if (!person) return send(res, 401, { message: 'Bad credentials' });
      if (url.pathname === '/user') {
        return send(res, 200, { id: person.id, login: person.login, name: person.name, avatar_url: `https://avatars.example.test/u/${person.id}`, email: null });
      }
      return send(res, 200, [
        { email: person.email, primary: true, verified: person.verified, visibility: 'private' },
        { email: `${person.id}+${person.login}@users.noreply.github.com`, primary: false, verified: true, visibility: null },
        ...person.otherEmails.map((email) => ({ email, primary: false, verified: false, visibility: null })),
      ]);
    }
    send(res, 404, { message: 'Not Found' });
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** github.com's sign-in form, as far as a person sees it: a login, a password and 'Sign in'. */
const loginPage = (returnTo: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Sign in to GitHub · GitHub</title></head>
<body><main><h1>Sign in to GitHub</h1><p>to continue to <strong>Portfolio (test)</strong></p>
<form method="post" action="/session">
<input type="hidden" name="return_to" value="${escape(returnTo)}">
<label for="login_field">Username or email address</label><input id="login_field" name="login" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}
