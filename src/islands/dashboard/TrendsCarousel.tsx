import { SKELETONS } from '#src/lib/dashboard-display.ts';
import type { TrendItem } from '#src/lib/dashboard-types.ts';
import HorizontalScroller from './HorizontalScroller.tsx';
import TrendChart from './TrendChart.tsx';
import { useApiData } from './use-api-data.ts';

/** Yearly Trends: a carousel of line-chart cards read from /api/trends; 3 skeletons meanwhile. */
export default function TrendsCarousel() {
  const state = useApiData<TrendItem[]>('/api/trends');

  if (state.status === 'loading') {
    return (
      <div role="status">
        <span className="sr-only">Loading trends…</span>
        <HorizontalScroller label="Yearly trends" busy>
          {Array.from({ length: SKELETONS.trends }, (_, index) => (
            <li key={index} className="card trend-card flex flex-col gap-3 p-5" data-skeleton="trend" aria-hidden="true">
              <span className="skeleton h-5 w-1/2 rounded" />
              <span className="skeleton h-4 w-5/6 rounded" />
              <span className="skeleton h-36 w-full rounded-lg" />
            </li>
          ))}
        </HorizontalScroller>
      </div>
    );
  }
  if (state.status === 'error' || !Array.isArray(state.data) || state.data.length === 0) return null;

  return (
    <HorizontalScroller label="Yearly trends">
      {state.data.map((trend) => (
        <li key={trend.id} className="card trend-card relative flex flex-col gap-3 p-5" data-trend={trend.id}>
          <div className="flex items-baseline justify-between gap-3">
            <h3 className="font-semibold">{trend.name}</h3>
            {trend.unit ? <span className="chip shrink-0">{trend.unit}</span> : null}
          </div>
          <p className="text-sm text-muted">{trend.description}</p>
          <TrendChart trend={trend} />
          {trend.change ? <p className="text-sm font-medium">{trend.change}</p> : null}
          <table className="sr-only">
            <caption>
              {trend.name}
              {trend.unit ? ` (${trend.unit})` : ''} by period
            </caption>
            <tbody>
              {trend.data.map((value, index) => (
                <tr key={index}>
                  <th scope="row">{trend.labels[index] ?? `#${index + 1}`}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </HorizontalScroller>
  );
}
