import { PlaylistCoverage, playlistConfig, type PlaylistRow } from './playlist-config.tsx';
import { StandalonePanel } from './StandalonePanel.tsx';

/** /data-management/playlists: the mood matcher's curated catalogue. */
export default function PlaylistsAdmin({ items }: { items: PlaylistRow[] }) {
  return <StandalonePanel config={playlistConfig} items={items} before={(current) => <PlaylistCoverage items={current} />} />;
}
