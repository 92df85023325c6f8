import { nowConfig, type NowRow } from './now-config.tsx';
import { StandalonePanel } from './StandalonePanel.tsx';

/** /data-management/now: the Now Playing and Currently Reading cards' items, in the order they are picked. */
export default function NowAdmin({ items }: { items: NowRow[] }) {
  return <StandalonePanel config={nowConfig} items={items} />;
}
