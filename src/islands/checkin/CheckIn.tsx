import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CHECKIN, ENERGY_LEVEL_NAMES, LEVELS, MOOD_LEVEL_NAMES, type Level } from '#domain/vocabulary.ts';
import { ApiError, apiJson } from '#src/lib/api-client.ts';
import { forgetAll, keep, sent, waiting, type CheckinChanges } from '#src/lib/checkin-outbox.ts';
import { useEarlyInput, type EarlyValues } from '../early-input.ts';

export interface CheckInProps {
  /** Today in the owner's zone, yyyy-mm-dd. */
  day: string;
  /** Whose outbox this is. */
  user: string;
  mood: number | null;
  energy: number | null;
  note: string;
  tags: string[];
  recentTags: string[];
}

type Status = { kind: 'idle' | 'saving' | 'saved' | 'kept' | 'error'; text: string };

/** "slept badly, Outdoors" → ['slept-badly', 'outdoors'], as the server keeps them. */
const typedTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, '-'))
    .filter(Boolean);

/**
 * The daily check-in (issue 30): one tap on a level saves it at once; the note and tags save with their
 * button. Offline, the change is kept on this device and sent when the connection returns, and it says so.
 */
export default function CheckIn(props: CheckInProps) {
  const [mood, setMood] = useState<number | null>(props.mood);
  const [energy, setEnergy] = useState<number | null>(props.energy);
  const [note, setNote] = useState(props.note);
  const [picked, setPicked] = useState<string[]>(props.tags);
  const [tagText, setTagText] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle', text: '' });
  const flushing = useRef(false);

  const send = useCallback(
    async (day: string, changes: CheckinChanges) => {
      await apiJson('PUT', `/api/checkins/${day}`, changes);
    },
    [],
  );

  /** Sends what waited offline; true when everything went. */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      const queue = waiting(props.user);
      if (queue.length === 0) return;
      for (const [day, changes] of queue) {
        await send(day, changes);
        sent(props.user, day);
      }
      setStatus({ kind: 'saved', text: 'Back online: the check-in kept on this device is saved.' });
    } catch {
      // still offline, or refused: it stays kept, and the next return of the connection tries again
    } finally {
      flushing.current = false;
    }
  }, [props.user, send]);

  const save = useCallback(
    async (changes: CheckinChanges, what: string) => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        keep(props.user, props.day, changes);
        setStatus({ kind: 'kept', text: `You are offline. ${what} is kept on this device and will be sent when the connection returns.` });
        return;
      }
      setStatus({ kind: 'saving', text: `Saving ${what.toLowerCase()}…` });
      try {
        await send(props.day, changes);
        setStatus({ kind: 'saved', text: `${what} saved.` });
      } catch (error) {
        if (error instanceof ApiError) {
          setStatus({ kind: 'error', text: error.details.error ?? 'The check-in could not be saved. Please try again.' });
          return;
        }
        // No answer at all: the connection dropped. Keep it for later.
        keep(props.user, props.day, changes);
        setStatus({ kind: 'kept', text: `The connection dropped. ${what} is kept on this device and will be sent when it returns.` });
      }
    },
    [props.user, props.day, send],
  );

  const pickLevel = (scale: 'mood' | 'energy', value: number) => {
    const names = scale === 'mood' ? MOOD_LEVEL_NAMES : ENERGY_LEVEL_NAMES;
    if (scale === 'mood') setMood(value);
    else setEnergy(value);
    void save({ [scale]: value }, `${scale === 'mood' ? 'Mood' : 'Energy'} “${names[value as Level]}”`);
  };

  const early = useEarlyInput((values: EarlyValues) => {
    if (typeof values.mood === 'string') pickLevel('mood', Number(values.mood));
    if (typeof values.energy === 'string') pickLevel('energy', Number(values.energy));
    if (typeof values.note === 'string') setNote(values.note);
    if (typeof values.tagText === 'string') setTagText(values.tagText);
    if (Array.isArray(values.tags)) setPicked(values.tags);
  });

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    // Signing out empties the box: what was kept is this person's alone.
    const signOut = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href="/api/logout"]');
      if (link) forgetAll();
    };
    document.addEventListener('click', signOut, true);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('click', signOut, true);
    };
  }, [flush]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tags = [...new Set([...picked, ...typedTags(tagText)])];
    setPicked(tags);
    setTagText('');
    void save({ note, tags }, 'Note and tags');
  };

  const offered = [...new Set([...props.recentTags, ...picked])];

  return (
    <form {...early} data-hydrated={early['data-hydrating'] === undefined ? '' : undefined} onSubmit={submit} className="grid gap-5" aria-describedby="checkin-status" data-checkin>
      {(['mood', 'energy'] as const).map((scale) => {
        const names = scale === 'mood' ? MOOD_LEVEL_NAMES : ENERGY_LEVEL_NAMES;
        const value = scale === 'mood' ? mood : energy;
        return (
          <fieldset key={scale} className="min-w-0">
            <legend className="mb-2 font-semibold">{scale === 'mood' ? 'Mood' : 'Energy'}</legend>
            <div className="checkin-levels">
              {LEVELS.map((level) => (
                <label key={level} className="checkin-level">
                  <input
                    type="radio"
                    name={scale}
                    value={level}
                    checked={value === level}
                    onChange={() => pickLevel(scale, level)}
                    className="sr-only"
                  />
                  <span className="font-mono text-lg font-bold" aria-hidden="true">
                    {level}
                  </span>
                  <span className="text-[0.75rem] sm:text-sm">{names[level]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}

      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <label htmlFor="checkin-note" className="mb-1 block text-sm font-medium">
            Note <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id="checkin-note"
            name="note"
            rows={3}
            maxLength={CHECKIN.noteMax}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className="field"
          />
        </div>
        <div>
          <label htmlFor="checkin-tags" className="mb-1 block text-sm font-medium">
            Tags <span className="font-normal text-muted">(comma between them)</span>
          </label>
          <input
            id="checkin-tags"
            name="tagText"
            type="text"
            autoComplete="off"
            value={tagText}
            onChange={(event) => setTagText(event.target.value)}
            className="field"
          />
          {offered.length > 0 && (
            <fieldset className="mt-2">
              <legend className="mb-1 text-xs text-muted">Recent tags</legend>
              <div className="flex flex-wrap gap-2">
                {offered.map((tag) => (
                  <label key={tag} className="checkin-tag">
                    <input
                      type="checkbox"
                      name="tags"
                      value={tag}
                      checked={picked.includes(tag)}
                      onChange={(event) => setPicked((now) => (event.target.checked ? [...now, tag] : now.filter((t) => t !== tag)))}
                    />
                    <span>{tag}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={status.kind === 'saving'}>
          Save note and tags
        </button>
        <p id="checkin-status" role="status" className="text-sm" data-checkin-status={status.kind}>
          {status.text}
        </p>
      </div>
    </form>
  );
}
