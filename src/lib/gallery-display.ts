/** The gallery's category filters (SPEC "Project gallery"), in SPEC's order, with their labels. */
export const GALLERY_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'logo', label: 'Logo' },
  { value: 'mockup', label: 'Mockup' },
  { value: 'branding', label: 'Branding' },
  { value: 'web', label: 'Web' },
  { value: 'uncategorized', label: 'Uncategorized' },
] as const;

export type GalleryCategory = Exclude<(typeof GALLERY_FILTERS)[number]['value'], 'all'>;

export const GALLERY_CATEGORIES = GALLERY_FILTERS.filter((filter) => filter.value !== 'all') as readonly {
  value: GalleryCategory;
  label: string;
}[];

export function galleryCategoryLabel(category: string): string {
  return GALLERY_FILTERS.find((filter) => filter.value === category)?.label ?? 'Uncategorized';
}
