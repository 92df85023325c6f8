import type { Config } from '../config.ts';

export type ProviderId = 'github' | 'oidc';

export interface ProviderChoice {
  id: ProviderId;
  /** The button's words: "Continue with {name}". */
  name: string;
  /** Where the browser goes to start signing in with it. */
  href: string;
}

/** The sign-in providers this server is configured for, in chooser order. */
export function configuredProviders(cfg: Config): ProviderChoice[] {
  const list: ProviderChoice[] = [];
  if (cfg.GITHUB_CLIENT_ID && cfg.GITHUB_CLIENT_SECRET) list.push({ id: 'github', name: 'GitHub', href: '/api/login/github' });
  if (cfg.OIDC_ISSUER && cfg.OIDC_CLIENT_ID) list.push({ id: 'oidc', name: cfg.OIDC_NAME, href: '/api/login/oidc' });
  return list;
}

/**
 * GET /api/login: with exactly one provider (and no passkey anywhere) the browser goes straight to it;
 * with none or several, or once a passkey exists, the page shows the choices (passkey, providers, the
 * owner's one-time link). `?choose` and `?sent` always show the page.
 */
export function loginDestination(providers: ProviderChoice[], query: URLSearchParams, passkeys = false): string | null {
  if (passkeys || providers.length !== 1 || query.has('choose') || query.has('sent')) return null;
  return providers[0]!.href;
}
