import { useEffect, useState } from 'react';
import { WELLNESS_ACTIVITIES } from '#domain/vocabulary.ts';
import { ApiError, apiRequest } from '#src/lib/api-client.ts';
import { refreshRegions } from '#src/lib/refresh-regions.ts';

type Activity = (typeof WELLNESS_ACTIVITIES)[number];

/** Adds one point of `minutes` now; the activity's metric is made first (owner-only) if it does not exist yet. */
async function logMinutes(activity: Activity): Promise<void> {
  const path = `/api/metrics/${activity.metric.key}/points/import`;
  const body = [{ value: activity.minutes, note: activity.label }];
  try {
    await apiRequest('POST', path, body);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    await apiRequest('POST', '/api/metrics', { ...activity.metric, unit: 'minutes', aggregation: 'sum', visibility: 'owner' });
    await apiRequest('POST', path, body);
  }
}

/**
 * Mind & Body's 'Log Activity' (issue 30): two taps, the button and the activity. The list opens as a native
 * disclosure, so it opens before the script has come; its choices wait for it (disabled until then).
 */
export default function LogActivity() {
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setReady(true), []);

  const log = async (activity: Activity) => {
    setBusy(true);
    try {
      await logMinutes(activity);
      setStatus(`Logged ${activity.minutes} minutes of ${activity.label.toLowerCase()} to ${activity.metric.name}.`);
      await refreshRegions(['wellness-today']);
    } catch {
      setStatus('The activity could not be logged. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="relative" data-hydrated={ready ? '' : undefined} data-log-activity>
      <details className="group">
        <summary className="btn-primary cursor-pointer list-none">Log Activity</summary>
        <ul className="card absolute left-0 z-20 mt-2 sm:right-0 sm:left-auto grid w-72 max-w-[calc(100vw-2rem)] gap-1 p-2" aria-label="Activities">
          {WELLNESS_ACTIVITIES.map((activity) => (
            <li key={activity.type}>
              <button
                type="button"
                className="btn-ghost w-full justify-between text-left"
                disabled={!ready || busy}
                onClick={() => void log(activity)}
              >
                <span>
                  {activity.label} · {activity.minutes} min
                </span>
                <span className="text-xs font-normal text-muted">{activity.metric.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </details>
      <p role="status" className="mt-2 text-sm" data-log-status>
        {status}
      </p>
    </div>
  );
}
