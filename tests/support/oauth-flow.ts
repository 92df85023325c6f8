
import { TEST_CLIENT_HEADER } from './services.ts';
import { workerServer } from './worker.ts';

/**
 * Drives a provider sign-in the way a browser would, with fetch: manual redirects, a cookie jar per
 * origin, and the test OpenID provider's login form filled in. Stops just before the browser would
 * open our callback, so tests can complete, replay or tamper with it.
 */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  header(url: string | URL): string {
    const jar = this.byOrigin.get(new URL(url).origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  get(url: string | URL, name: string): string | undefined {
    return this.byOrigin.get(new URL(url).origin)?.get(name);
  }

  set(url: string | URL, name: string, value: string): void {
    const origin = new URL(url).origin;
    if (!this.byOrigin.has(origin)) this.byOrigin.set(origin, new Map());
    this.byOrigin.get(origin)!.set(name, value);
  }

  store(url: string | URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      const origin = new URL(url).origin;
      if (!this.byOrigin.has(origin)) this.byOrigin.set(origin, new Map());
      if (expired) this.byOrigin.get(origin)!.delete(name);
      else this.byOrigin.get(origin)!.set(name, value);
    }
  }
}

export interface Visit {
  jar: CookieJar;
  /** The client address the app's rate limit sees for this visitor. */
  address: string;
}

export const newVisit = (): Visit => ({ jar: new CookieJar(), address: `oauth-${process.pid}-${Math.random().toString(36).slice(2, 10)}` });

const appOrigin = () => new URL(workerServer().baseUrl).origin;

/** One request as the visitor's browser: its cookies for that origin, no automatic redirects. */
export async function browse(visit: Visit, url: string | URL, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url);
  const headers = new Headers(init.headers);
  const cookie = visit.jar.header(target);
  if (cookie) headers.set('Cookie', cookie);
  if (target.origin === appOrigin()) headers.set(TEST_CLIENT_HEADER, visit.address);
  const response = await fetch(target, { ...init, headers, redirect: 'manual' });
  visit.jar.store(target, response);
  return response;
}

export interface ProviderLogin {
  /** OpenID provider: the login (see oidcLogin). GitHub stand-in: extra authorize parameters. */
  oidcLogin?: string;
  github?: { login: string; email: string; verified?: boolean; id?: number; name?: string; otherEmails?: string[] };
}

/**
 * From /api/login/{provider} to the provider's redirect back to us: returns the callback URL the
 * browser would open next (not opened yet).
 */
export async function untilCallback(visit: Visit, provider: 'oidc' | 'github', login: ProviderLogin): Promise<URL> {
  let url = new URL(`/api/login/${provider}`, appOrigin());
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (url.origin === appOrigin() && url.pathname.endsWith('/callback')) return url;
    if (provider === 'github' && url.pathname === '/login/oauth/authorize' && login.github) {
      const { login: name, email, verified = true, id, name: fullName, otherEmails = [] } = login.github;
      url.searchParams.set('login', name);
      url.searchParams.set('email', email);
      url.searchParams.set('verified', String(verified));
      if (id !== undefined) url.searchParams.set('id', String(id));
      if (fullName) url.searchParams.set('name', fullName);
      for (const other of otherEmails) url.searchParams.append('other_email', other);
    }
    const response = await browse(visit, url, init);
    init = {};
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const html = response.status === 200 ? await response.text() : '';
    // The provider's own pages: its login form (any login works) and its consent form.
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html)?.[1];
    const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
    if (action && prompt && login.oidcLogin) {
      url = new URL(action.replaceAll('&amp;', '&'), url);
      const fields: Record<string, string> = prompt === 'login' ? { prompt, login: login.oidcLogin, password: 'any' } : { prompt };
      init = {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      };
      continue;
    }
    throw new Error(`Sign-in with ${provider} stopped at ${url.href}: ${response.status} ${(html.split("<body>")[1] ?? html).slice(0, 1500)}`);
  }
  throw new Error(`Sign-in with ${provider} did not come back to the app.`);
}

/** The whole sign-in; returns the app's final answer to the callback. */
export async function signInThrough(visit: Visit, provider: 'oidc' | 'github', login: ProviderLogin): Promise<Response> {
  return browse(visit, await untilCallback(visit, provider, login));
}
