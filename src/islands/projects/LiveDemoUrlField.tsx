import { Check, ExternalLink } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { webUrl } from '#domain/shapes.ts';
import { apiRequest } from '#src/lib/api-client.ts';
import { createLatestValueSaver, type SaveState } from '#src/lib/latest-value-saver.ts';
import { toast } from '#src/stores/toast.ts';

interface Props {
  projectId: number;
  projectName: string;
  initialUrl: string | null;
}

/** A short pause after the last keystroke before saving. */
const SAVE_DELAY_MS = 600;

/** Empty clears the address; anything else must be an http(s) address (the API's own rule). */
const savable = (value: string) => value.trim() === '' || webUrl.safeParse(value).success;

/** Other parts of the page that show this project's live demo read the address from here. */
function publishUrl(projectId: number, url: string) {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-live-preview][data-project-id="${projectId}"]`)) {
    element.dataset.url = url;
  }
}

/**
 * The showcase's 'Live Demo URL' field (SPEC "Portfolio Showcase"): saved after a short pause and on
 * blur, only when empty or a valid address, the last value typed winning; a quiet 'Saved' instead of
 * a toast per keystroke.
 */
export default function LiveDemoUrlField({ projectId, projectName, initialUrl }: Props) {
  const id = useId();
  const [value, setValue] = useState(initialUrl ?? '');
  const [state, setState] = useState<SaveState>('idle');
  const saver = useMemo(
    () =>
      createLatestValueSaver<string>({
        delayMs: SAVE_DELAY_MS,
        initial: initialUrl ?? '',
        save: async (url) => {
          await apiRequest('PATCH', `/api/projects/${projectId}`, { url: url === '' ? null : url });
          publishUrl(projectId, url);
        },
        onState: (next) => {
          setState(next);
          if (next === 'error') toast({ title: 'Failed to update project', variant: 'destructive' });
        },
      }),
    [projectId, initialUrl],
  );
  useEffect(() => () => void saver.flush(), [saver]);

  const valid = savable(value);
  const openable = valid && value.trim() !== '';
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-url`} className="text-sm font-medium">
        Live Demo URL
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          className="field min-w-0 flex-1 text-sm"
          placeholder="https://"
          value={value}
          aria-invalid={!valid}
          aria-describedby={`${id}-status`}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setValue(next);
            if (savable(next)) saver.schedule(next.trim());
            else saver.cancel();
          }}
          onBlur={() => void saver.flush()}
        />
        {openable ? (
          <a className="btn-ghost size-10 shrink-0 p-0" href={value.trim()} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" size={16} />
            <span className="sr-only">Open the live demo of {projectName} in a new tab</span>
          </a>
        ) : (
          <button type="button" className="btn-ghost size-10 shrink-0 p-0" disabled>
            <ExternalLink aria-hidden="true" size={16} />
            <span className="sr-only">No live demo to open</span>
          </button>
        )}
      </div>
      <p id={`${id}-status`} className={`min-h-5 text-xs ${valid ? 'text-muted' : 'text-danger'}`} aria-live="polite">
        {!valid ? (
          'Enter a full address starting with http:// or https://'
        ) : state === 'saving' ? (
          'Saving...'
        ) : state === 'saved' ? (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden="true" size={12} /> Saved
          </span>
        ) : null}
      </p>
    </div>
  );
}
