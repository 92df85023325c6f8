/** The breadcrumb trail of a page, from its address: Home › section › this page. */
export interface Crumb {
  label: string;
  /** Absent for the current page. */
  href?: string;
}

/** How the site's sections are called in the navigation (SPEC §2). */
const SECTION_LABELS: Record<string, string> = {
  'public-projects': 'Portfolio',
  projects: 'Projects',
  'portfolio-showcase': 'Portfolio Showcase',
  'data-management': 'Data Management',
  'bulk-import': 'Bulk Import',
  diary: 'Diary',
  lab: 'Lab',
  'mind-body': 'Mind & Body',
};

/**
 * Home, then each known section the path passes through, then the page itself under its own title.
 * An unknown page (404) is just Home › its title: its path leads nowhere worth linking.
 */
export function breadcrumbTrail(pathname: string, title: string, notFound = false): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return [{ label: 'Home' }];
  const trail: Crumb[] = [{ label: 'Home', href: '/' }];
  if (!notFound) {
    segments.slice(0, -1).forEach((segment, index) => {
      const label = SECTION_LABELS[segment];
      if (label) trail.push({ label, href: '/' + segments.slice(0, index + 1).join('/') });
    });
  }
  trail.push({ label: title });
  return trail;
}
