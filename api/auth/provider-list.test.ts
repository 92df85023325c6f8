import { describe, expect, it } from 'vitest';
import { configuredProviders, loginDestination } from './provider-list.ts';
import { testConfig } from './test-db.ts';

const github = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
const oidc = { OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'client', OIDC_NAME: 'Example ID' };

describe('the sign-in entry', () => {
  it('goes straight to the only configured provider', () => {
    expect(loginDestination(configuredProviders(testConfig(github)), new URLSearchParams())).toBe('/api/login/github');
    expect(loginDestination(configuredProviders(testConfig(oidc)), new URLSearchParams())).toBe('/api/login/oidc');
  });

  it('shows the chooser with several providers, with none, or when asked to', () => {
    expect(configuredProviders(testConfig({ ...github, ...oidc })).map((provider) => provider.name)).toEqual(['GitHub', 'Example ID']);
    expect(loginDestination(configuredProviders(testConfig({ ...github, ...oidc })), new URLSearchParams())).toBeNull();
    expect(loginDestination(configuredProviders(testConfig()), new URLSearchParams())).toBeNull();
    expect(loginDestination(configuredProviders(testConfig(github)), new URLSearchParams('choose'))).toBeNull();
    expect(loginDestination(configuredProviders(testConfig(github)), new URLSearchParams('sent=1'))).toBeNull();
  });

  it('shows the chooser, with its passkey button, once anyone has a passkey', () => {
    expect(loginDestination(configuredProviders(testConfig(github)), new URLSearchParams(), true)).toBeNull();
  });
});
