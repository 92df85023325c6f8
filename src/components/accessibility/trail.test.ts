import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './trail.ts';

describe('the breadcrumb trail', () => {
  it('is just Home on the home page', () => {
    expect(breadcrumbTrail('/', 'Creative Technologist')).toEqual([{ label: 'Home' }]);
  });
  it('leads from Home through the section to the page under its own title', () => {
    expect(breadcrumbTrail('/public-projects/3', 'Tide Clock')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Portfolio', href: '/public-projects' },
      { label: 'Tide Clock' },
    ]);
    expect(breadcrumbTrail('/public-projects', 'Portfolio')).toEqual([{ label: 'Home', href: '/' }, { label: 'Portfolio' }]);
  });
  it('links no made-up sections on a page that does not exist', () => {
    expect(breadcrumbTrail('/nothing/here', '404 Page Not Found', true)).toEqual([{ label: 'Home', href: '/' }, { label: '404 Page Not Found' }]);
    expect(breadcrumbTrail('/nothing/here', 'Some page')).toEqual([{ label: 'Home', href: '/' }, { label: 'Some page' }]);
  });
});
