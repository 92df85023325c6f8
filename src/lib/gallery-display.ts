import { GALLERY_CATEGORIES as CATEGORY_VALUES, GALLERY_CATEGORY_LABELS, type GalleryCategory } from '#domain/vocabulary.ts';

export type { GalleryCategory };

/** The gallery's categories in SPEC's order, with their labels. */
export const GALLERY_CATEGORIES: readonly { value: GalleryCategory; label: string }[] = CATEGORY_VALUES.map((value) => ({
  value,
  label: GALLERY_CATEGORY_LABELS[value],
}));

/** The gallery's category filters (SPEC "Project gallery"): All, then every category. */
export const GALLERY_FILTERS: readonly { value: GalleryCategory | 'all'; label: string }[] = [{ value: 'all', label: 'All' }, ...GALLERY_CATEGORIES];

export function galleryCategoryLabel(category: string): string {
  return Object.hasOwn(GALLERY_CATEGORY_LABELS, category) ? GALLERY_CATEGORY_LABELS[category as GalleryCategory] : GALLERY_CATEGORY_LABELS.uncategorized;
}
