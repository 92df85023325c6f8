import { useState } from 'react';
import { apiGet } from '#src/lib/api-client.ts';
import type { TrendItem } from '#src/lib/dashboard-types.ts';
import type { TrendAnnotation } from '#src/lib/trend-annotations.ts';
import TrendChart from './TrendChart.tsx';

type Range = '12m' | 'all';

interface Props {
  trend: TrendItem;
  /** Places this card's events from the values it shows (twelve months or all time). */
  annotate: (trend: TrendItem) => TrendAnnotation[];
}

/**
 * One Yearly Trends card: the chart, a switch between twelve months and all time (the server computes every
 * month of a metric-backed trend; a hand-set one shows what it has), the events marked on the chart as buttons
 * that show their marker's tooltip, and a table with the same numbers and events for assistive technology.
 */
export default function TrendCard({ trend: yearly, annotate }: Props) {
  const [range, setRange] = useState<Range>('12m');
  const [allTime, setAllTime] = useState<TrendItem | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const trend = range === 'all' && allTime ? allTime : yearly;
  const annotations = annotate(trend);

  async function choose(next: Range) {
    setFailed(false);
    setHighlight(null);
    if (next === '12m' || allTime) return setRange(next);
    setPending(true);
    try {
      const fresh = await apiGet<TrendItem>(`/api/trends/${yearly.id}?range=all`);
      if (fresh) {
        setAllTime(fresh);
        setRange('all');
      }
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  const eventsAt = (index: number) => annotations.filter((a) => a.index === index);
  return (
    <li className="card trend-card relative flex flex-col gap-3 p-5" data-trend={yearly.id} data-range={range} aria-busy={pending || undefined}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold">{yearly.name}</h3>
        {yearly.unit ? <span className="chip shrink-0">{yearly.unit}</span> : null}
      </div>
      <p className="text-sm text-muted">{yearly.description}</p>
      <div role="group" aria-label={`Period of ${yearly.name}`} className="inline-flex self-start rounded-lg border border-line p-0.5 text-xs font-semibold">
        {(
          [
            ['12m', '12 months'],
            ['all', 'All time'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={range === value}
            aria-disabled={pending || undefined}
            className={`rounded-md px-2.5 py-1 ${range === value ? 'bg-accent text-accent-contrast' : 'text-ink hover:bg-surface-2'}`}
            onClick={() => !pending && choose(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {failed ? (
        <p className="text-xs text-danger" role="status">
          All time could not be loaded; twelve months are shown.
        </p>
      ) : null}
      <TrendChart trend={trend} annotations={annotations} highlight={highlight} />
      {/* One row of fixed height, scrolling sideways, whatever the number of events: every card (and the section
          around them) keeps the height its placeholder had, so nothing below jumps when the events arrive. */}
      {annotations.length > 0 ? (
        <ul className="trend-events flex gap-1.5 overflow-x-auto" aria-label={`Events on ${yearly.name}`} data-trend-events>
          {annotations.map((annotation) => (
            <li key={annotation.id}>
              <button
                type="button"
                className="chip whitespace-nowrap text-left text-xs"
                aria-pressed={highlight === annotation.index}
                onFocus={() => setHighlight(annotation.index)}
                onBlur={() => setHighlight(null)}
                onMouseEnter={() => setHighlight(annotation.index)}
                onMouseLeave={() => setHighlight(null)}
                onClick={() => setHighlight((current) => (current === annotation.index ? null : annotation.index))}
              >
                <span aria-hidden="true" className="mr-1">◆</span>
                <span className="sr-only">Show on the chart: </span>
                {annotation.date}: {annotation.title}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="trend-events" aria-hidden="true" />
      )}
      {yearly.change ? <p className="text-sm font-medium">{yearly.change}</p> : null}
      <table className="sr-only">
        <caption>
          {yearly.name}
          {yearly.unit ? ` (${yearly.unit})` : ''} by period{range === 'all' ? ', all time' : ''}
        </caption>
        {annotations.length > 0 ? (
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Value</th>
              <th scope="col">Events</th>
            </tr>
          </thead>
        ) : null}
        <tbody>
          {trend.data.map((value, index) => (
            <tr key={index}>
              <th scope="row">{trend.labels[index] ?? `#${index + 1}`}</th>
              <td>{value}</td>
              {annotations.length > 0 ? <td>{eventsAt(index).map((a) => `${a.date}: ${a.title}`).join('; ')}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  );
}
