/** The Data Management tabs, in order; the selected one is kept in the URL as ?tab=. */
export const ADMIN_TABS = [
  { key: 'projects', label: 'Projects' },
  { key: 'kpis', label: 'KPIs' },
  { key: 'timeline', label: 'Timeline' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['key'];

/** An unknown or missing ?tab= opens Projects. */
export function parseTab(value: string | null | undefined): AdminTab {
  return ADMIN_TABS.find((tab) => tab.key === value)?.key ?? 'projects';
}
