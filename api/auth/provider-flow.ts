import * as client from 'openid-client';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { resolveAccount } from './accounts.ts';
import { clearCookie, isSecure, readCookie, serializeCookie } from './cookies.ts';
import { siteOrigin } from './owner-link.ts';
import { providerFor } from './providers.ts';
import { signInAttempt } from './rate-limit.ts';
import { completeSignIn, recordRefusedSignIn, tooManyAttempts, type SignInOutcome, type SignInProblem } from './sign-in.ts';
import { sameSecret } from './tokens.ts';
import { log } from '../log.ts';

/** The state, PKCE verifier and nonce of a sign-in in progress live this long, in an HttpOnly cookie. */
export const FLOW_MAX_AGE_SECONDS = 600;

interface FlowRequest {
  request: Request;
  url: URL;
  address: string;
}

/*
 * Mix-up defence: each provider has its own callback path and its own flow cookie, so an answer
 * from one provider can never complete a sign-in started with another.
 */
export const flowCookieName = (id: string, secure: boolean) => `${secure ? '__Host-' : ''}${id}-sign-in`;
export const callbackPath = (id: string) => `/api/login/${id}/callback`;

/**
 * Where the provider sends the browser back: SITE_URL when set, else the address the browser used
 * (the provider only accepts a redirect URI registered for our app, so a forged Host goes nowhere).
 */
const callbackUrl = (id: string, cfg: Config, url: URL) => new URL(callbackPath(id), cfg.SITE_URL ? siteOrigin(cfg) : url.origin);

const unknownProvider: SignInOutcome = {
  problem: { status: 404, title: 'Unknown sign-in provider', message: 'This server is not set up to sign in with that provider.' },
};

/** GET /api/login/{provider}: remember state, verifier and nonce, and send the browser to the provider. */
export async function startProviderSignIn(db: Db, cfg: Config, id: string | undefined, { url, address }: FlowRequest): Promise<SignInOutcome> {
  const provider = providerFor(id, cfg);
  if (!provider) return unknownProvider;
  const wait = await signInAttempt(db, address, cfg);
  if (wait !== null) return tooManyAttempts(wait);

  let config: client.Configuration;
  try {
    config = await provider.configuration();
  } catch (error) {
    log.error({ provider: provider.name, reason: (error as Error).message }, "Sign-in: could not read the provider's configuration");
    return {
      problem: { status: 502, title: `${provider.name} cannot be reached`, message: `Signing in with ${provider.name} is not possible right now. Please try again in a moment.` },
    };
  }
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = provider.oidc ? client.randomNonce() : '';
  const location = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(provider.id, cfg, url).href,
    scope: provider.scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(nonce ? { nonce } : {}),
  });
  const secure = isSecure(url);
  const headers = new Headers({ Location: location.href, 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', serializeCookie(flowCookieName(provider.id, secure), [state, verifier, nonce].join('.'), { maxAge: FLOW_MAX_AGE_SECONDS, secure }));
  return { response: new Response(null, { status: 302, headers }) };
}

/**
 * GET /api/login/{provider}/callback: checks the answer against this browser's flow cookie, trades
 * the code (with the PKCE verifier) for tokens, reads who signed in and starts a session. Whatever
 * happens, the flow cookie is cleared; anything wrong ends on an error page with no session.
 */
export async function finishProviderSignIn(db: Db, cfg: Config, id: string | undefined, { request, url, address }: FlowRequest): Promise<SignInOutcome> {
  const provider = providerFor(id, cfg);
  if (!provider) return unknownProvider;
  const secure = isSecure(url);
  const cookieName = flowCookieName(provider.id, secure);
  const clear = [clearCookie(cookieName, secure)];
  const fail = async (title: string, message: string, detail?: unknown): Promise<SignInOutcome> => {
    const reason = detail instanceof Error ? detail.message : detail === undefined ? undefined : String(detail);
    if (reason) log.warn({ provider: provider.name, title, reason }, 'Sign-in refused');
    // What the provider (or a forger) said stays in its own column; the row's reason is ours.
    await recordRefusedSignIn(db, provider.id, address, title, reason ? { said: reason.slice(0, 500) } : undefined);
    return { problem: { status: 400, title, message, setCookies: clear } satisfies SignInProblem };
  };

  const wait = await signInAttempt(db, address, cfg);
  if (wait !== null) {
    await recordRefusedSignIn(db, provider.id, address, 'too many attempts');
    return tooManyAttempts(wait, clear);
  }

  const flow = parseFlow(readCookie(request, cookieName));
  if (!flow) {
    return fail('Sign-in could not be completed', `This sign-in was not started in this browser, or it took longer than ${FLOW_MAX_AGE_SECONDS / 60} minutes. Please start again.`);
  }
  const providerError = url.searchParams.get('error');
  if (providerError) {
    const cancelled = providerError === 'access_denied';
    return fail(
      cancelled ? 'Sign-in cancelled' : 'Sign-in refused',
      cancelled ? `You did not allow signing in with ${provider.name}.` : `${provider.name} did not sign you in. Please try again.`,
      cancelled ? undefined : providerError,
    );
  }
  const state = url.searchParams.get('state');
  if (!state || !sameSecret(state, flow.state)) {
    return fail('Sign-in could not be completed', 'The answer from the provider does not belong to the sign-in started in this browser. Please start again.', 'state mismatch');
  }

  let identity;
  try {
    const config = await provider.configuration();
    const currentUrl = new URL(callbackUrl(provider.id, cfg, url));
    currentUrl.search = url.search;
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      ...(provider.oidc ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
    });
    identity = await provider.identity(config, tokens);
  } catch (error) {
    return fail('Sign-in could not be completed', `${provider.name} did not confirm this sign-in. Please start again.`, error);
  }

  const account = await resolveAccount(db, cfg, identity);
  if ('refused' in account) return fail('This account cannot be used here', account.refused, `unverified ${identity.provider} email matches an existing account`);
  const { user } = account;
  return { response: await completeSignIn(db, { userId: user.id, email: user.email, method: provider.id, address }, request, url, clear) };
}

function parseFlow(value: string | undefined): { state: string; verifier: string; nonce: string } | null {
  const parts = value?.split('.') ?? [];
  if (parts.length !== 3) return null;
  const [state, verifier, nonce] = parts as [string, string, string];
  if (!/^[\w-]{16,128}$/.test(state) || !/^[\w-]{43,128}$/.test(verifier) || !/^[\w-]{0,128}$/.test(nonce)) return null;
  return { state, verifier, nonce };
}


