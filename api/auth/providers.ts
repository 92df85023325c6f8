import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { ProviderIdentity } from './accounts.ts';
import { configuredProviders, type ProviderId } from './provider-list.ts';

/** One way to sign in: how to reach the provider and how to read who signed in. */
export interface Provider {
  id: ProviderId;
  name: string;
  scope: string;
  /** OpenID Connect: an ID token with our nonce is required. */
  oidc: boolean;
  configuration(): Promise<client.Configuration>;
  identity(config: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<ProviderIdentity>;
}

const TIMEOUT_SECONDS = 10;

/** The provider behind /api/login/{id}, or null when it is unknown or not configured here. */
export function providerFor(id: string | undefined, cfg: Config): Provider | null {
  const choice = configuredProviders(cfg).find((provider) => provider.id === id);
  if (!choice) return null;
  return choice.id === 'github' ? github(cfg) : oidc(cfg, choice.name);
}

/*
 * Discovery is one request per process, not one per sign-in; a failure is forgotten so the next
 * attempt tries again.
 */
const discovered = new Map<string, Promise<client.Configuration>>();

function oidc(cfg: Config, name: string): Provider {
  const issuer = cfg.OIDC_ISSUER!;
  return {
    id: 'oidc',
    name,
    scope: 'openid email profile',
    oidc: true,
    configuration() {
      const key = `${issuer} ${cfg.OIDC_CLIENT_ID}`;
      let pending = discovered.get(key);
      if (!pending) {
        pending = client.discovery(new URL(issuer), cfg.OIDC_CLIENT_ID!, cfg.OIDC_CLIENT_SECRET, undefined, {
          // Test-only (an http issuer on 127.0.0.1); the config module refuses it in production.
          // The ID token's signature is checked against the keys the provider publishes (jwks_uri from
          // discovery): without this openid-client trusts the token because it came over TLS from the
          // token endpoint, and a token signed by anyone else would pass.
          execute: [client.enableNonRepudiationChecks, ...(cfg.OIDC_ALLOW_INSECURE ? [client.allowInsecureRequests] : [])],
          timeout: TIMEOUT_SECONDS,
        });
        pending.catch(() => discovered.delete(key));
        discovered.set(key, pending);
      }
      return pending;
    },
    async identity(config, tokens) {
      // openid-client has checked the ID token: signature (JWKS), iss, aud, exp and our nonce.
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider sent no ID token.');
      let info: Record<string, unknown> = { ...claims };
      if (config.serverMetadata().userinfo_endpoint) {
        // Many providers keep email and name out of the ID token; UserInfo must be about the same `sub`.
        info = { ...info, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      }
      const person = oidcClaims.parse(info);
      if (!person.email) throw new Error('The provider did not share an email address.');
      return {
        provider: 'oidc',
        subject: claims.sub,
        email: person.email,
        emailVerified: person.email_verified === true || person.email_verified === 'true',
        firstName: person.given_name ?? null,
        lastName: person.family_name ?? null,
        picture: person.picture ?? null,
      };
    },
  };
}

/**
 * A name as a provider's profile holds it, without control characters: PostgreSQL refuses NUL in text (the
 * sign-in would fail with a 500) and the others would only garble the name where it is shown (line breaks
 * and tabs become spaces). The person still signs in, with the name as it reads.
 */
const profileText = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .transform((text) => text.replace(/[\t\n\v\f\r]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, ''));

const oidcClaims = z.object({
  email: z.email().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  given_name: profileText(200).optional(),
  family_name: profileText(200).optional(),
  picture: z.url({ protocol: /^https?$/ }).max(2000).optional(),
});

function github(cfg: Config): Provider {
  const oauth = cfg.GITHUB_OAUTH_URL.replace(/\/+$/, '');
  const api = cfg.GITHUB_API_URL.replace(/\/+$/, '');
  const tokenEndpoint = `${oauth}/login/oauth/access_token`;
  return {
    id: 'github',
    name: 'GitHub',
    scope: 'read:user user:email',
    oidc: false,
    async configuration() {
      // GitHub is plain OAuth 2 without discovery; its endpoints are fixed.
      const config = new client.Configuration(
        { issuer: oauth, authorization_endpoint: `${oauth}/login/oauth/authorize`, token_endpoint: tokenEndpoint },
        cfg.GITHUB_CLIENT_ID!,
        cfg.GITHUB_CLIENT_SECRET,
      );
      config.timeout = TIMEOUT_SECONDS;
      config[client.customFetch] = async (url, options) => {
        const response = await fetch(url, options as RequestInit);
        return url === tokenEndpoint ? githubTokenErrorAsStatus(response) : response;
      };
      if (cfg.OIDC_ALLOW_INSECURE) client.allowInsecureRequests(config);
      return config;
    },
    async identity(_config, tokens) {
      const headers = {
        Authorization: `Bearer ${tokens.access_token}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'creative-technologist-portfolio',
      };
      const read = async (path: string) => {
        const response = await fetch(`${api}${path}`, { headers, signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000) });
        if (!response.ok) throw new Error(`GitHub answered ${response.status} for ${path}.`);
        return response.json() as Promise<unknown>;
      };
      const user = githubUser.parse(await read('/user'));
      const emails = githubEmails.parse(await read('/user/emails'));
      // The primary address, trusted only when GitHub says it is verified.
      const primary = emails.find((entry) => entry.primary) ?? emails.find((entry) => entry.verified);
      if (!primary) throw new Error('The GitHub account has no email address.');
      const [firstName, ...rest] = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
      return {
        provider: 'github',
        subject: String(user.id),
        email: primary.email,
        emailVerified: primary.verified,
        firstName: firstName ?? user.login,
        lastName: rest.length ? rest.join(' ') : null,
        picture: user.avatar_url ?? null,
      };
    },
  };
}

const githubUser = z.object({
  id: z.number().int(),
  login: profileText(100),
  name: profileText(200).nullish(),
  avatar_url: z.url({ protocol: /^https?$/ }).max(2000).nullish(),
});

const githubEmail = z.object({ email: z.email(), primary: z.boolean(), verified: z.boolean() });
/**
 * The account's addresses as GitHub lists them. An entry we cannot read (an address our email rule refuses, an odd
 * shape) is left out, not the whole sign-in: sign-in needs one good address, the primary or a verified one.
 */
const githubEmails = z.array(z.unknown()).transform((entries) =>
  entries.flatMap((entry) => {
    const parsed = githubEmail.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  }),
);

/**
 * GitHub answers token errors (a used or wrong code, a bad secret) with HTTP 200 and an `error`
 * field. OAuth says 400, and openid-client reads the error only then, so we restate the status.
 */
async function githubTokenErrorAsStatus(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return response;
  }
  if (body && typeof body === 'object' && 'error' in body) {
    return new Response(text, { status: 400, headers: { 'Content-Type': 'application/json' } });
  }
  return response;
}
