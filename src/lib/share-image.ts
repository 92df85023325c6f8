/** A page's share card: its address on this site (api/share-card/) and the words that stand in for it. */
export interface ShareImage {
  path: string;
  alt: string;
}
