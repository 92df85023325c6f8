import { StandalonePanel } from './StandalonePanel.tsx';
import { trendConfig, type MetricChoice, type TrendRow } from './trend-config.tsx';

/** /data-management/trends: the Yearly Trends cards, typed by hand or computed from a metric. */
export default function TrendsAdmin({ trends, metrics }: { trends: TrendRow[]; metrics: MetricChoice[] }) {
  return <StandalonePanel config={trendConfig(metrics)} items={trends} />;
}
