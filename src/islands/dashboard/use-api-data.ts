import { useEffect, useState } from 'react';
import { apiGet } from '#src/lib/api-client.ts';

export type ApiState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

interface Entry<T> {
  url: string;
  state: ApiState<T>;
}

const LOADING = { status: 'loading' } as const;

/**
 * One read of the API for an island (SPEC §7, §9: no timer, no focus refetch, no retries).
 * With `initial` (the data the server rendered the island with) nothing is fetched until the
 * url changes, so hydration never flashes skeletons. A changed url fetches again, and an answer
 * for a url no longer wanted is dropped.
 */
export function useApiData<T>(url: string, initial?: T): ApiState<T> {
  const [entry, setEntry] = useState<Entry<T>>(() => ({
    url,
    state: initial !== undefined ? { status: 'ready', data: initial } : LOADING,
  }));

  useEffect(() => {
    if (entry.url === url && entry.state.status === 'ready') return;
    const controller = new AbortController();
    setEntry({ url, state: LOADING });
    apiGet<T>(url, { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setEntry({ url, state: data === null ? { status: 'error', error: null } : { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setEntry({ url, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
    // Only a new url starts a read; the entry is read, never a reason to fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  return entry.url === url ? entry.state : LOADING;
}
