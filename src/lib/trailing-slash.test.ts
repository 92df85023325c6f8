import { describe, expect, it } from 'vitest';
import { trailingSlashRedirect } from './trailing-slash.ts';

const redirect = (address: string) => {
  const response = trailingSlashRedirect(new URL(`http://site.test${address}`));
  return response && { status: response.status, location: response.headers.get('Location') };
};

describe('trailingSlashRedirect', () => {
  it('sends a path ending in a slash to the same path without it, query kept, with 308', () => {
    expect(redirect('/public-projects/')).toEqual({ status: 308, location: '/public-projects' });
    expect(redirect('/projects/1/?q=lamp&page=2')).toEqual({ status: 308, location: '/projects/1?q=lamp&page=2' });
    expect(redirect('/data-management///')).toEqual({ status: 308, location: '/data-management' });
  });

  it('leaves the home page and paths without a trailing slash alone', () => {
    expect(redirect('/')).toBeNull();
    expect(redirect('/?q=x')).toBeNull();
    expect(redirect('/public-projects')).toBeNull();
    expect(redirect('/sitemap.xml')).toBeNull();
  });

  it('never points at another site', () => {
    expect(redirect('//elsewhere.example/')).toEqual({ status: 308, location: '/elsewhere.example' });
    expect(redirect('///elsewhere.example/path/')).toEqual({ status: 308, location: '/elsewhere.example/path' });
  });
});
