import { useState, type FormEvent } from 'react';
import { DIARY, LEVELS, MOOD_LEVEL_NAMES } from '#domain/vocabulary.ts';
import { ApiError, apiJson, apiRequest } from '#src/lib/api-client.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useEarlyInput, type EarlyValues } from '../early-input.ts';

export interface DiaryEditorProps {
  /** Today in the owner's zone: the latest date an entry may have. */
  today: string;
  /** The entry being edited; absent for a new one. */
  entry?: { id: number; day: string; title: string; content: string; mood: number | null; tags: string[]; checkinDay: string | null };
}

interface Draft {
  day: string;
  title: string;
  content: string;
  mood: string;
  tags: string;
}

const tagList = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The diary's editor: a new entry, or the one chosen with Edit (saved, or deleted after a question). */
export default function DiaryEditor({ today, entry }: DiaryEditorProps) {
  const [draft, setDraft] = useState<Draft>({
    day: entry?.day ?? today,
    title: entry?.title ?? '',
    content: entry?.content ?? '',
    mood: entry?.mood ? String(entry.mood) : '',
    tags: entry?.tags.join(', ') ?? '',
  });
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const early = useEarlyInput((values: EarlyValues) => setDraft((now) => ({ ...now, ...(values as Partial<Draft>) })));
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((now) => ({ ...now, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    const body = {
      ...(entry?.checkinDay ? {} : { day: draft.day }),
      title: draft.title,
      content: draft.content,
      mood: draft.mood ? Number(draft.mood) : null,
      tags: tagList(draft.tags),
    };
    try {
      const saved = await apiJson<{ id: number }>(entry ? 'PATCH' : 'POST', entry ? `/api/diary/${entry.id}` : '/api/diary', body);
      window.location.assign(saved ? `/diary?done=saved#entry-${saved.id}` : '/diary?done=saved');
    } catch (caught) {
      const details = caught instanceof ApiError ? caught.details : {};
      setError({ field: details.field, text: details.error ?? 'The entry could not be saved. Please try again.' });
      setPending(false);
    }
  };

  const remove = async () => {
    if (!entry) return;
    setPending(true);
    try {
      await apiRequest('DELETE', `/api/diary/${entry.id}`);
      window.location.assign('/diary?done=deleted');
    } catch {
      setError({ text: 'The entry could not be deleted. Please try again.' });
      setPending(false);
      setAsking(false);
    }
  };

  const invalid = (field: string) => (error?.field === field ? true : undefined);
  const label = entry ? 'Edit entry' : 'New entry';

  return (
    <form {...early} data-hydrated={early['data-hydrating'] === undefined ? '' : undefined} onSubmit={submit} aria-label={label} className="grid gap-4" noValidate>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error.text}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          <label htmlFor="diary-title" className="mb-1 block text-sm font-medium">
            Title
          </label>
          <input id="diary-title" name="title" required maxLength={DIARY.titleMax} value={draft.title} onChange={set('title')} aria-invalid={invalid('title')} className="field" />
        </div>
        <div>
          <label htmlFor="diary-day" className="mb-1 block text-sm font-medium">
            Date
          </label>
          <input
            id="diary-day"
            name="day"
            type="date"
            max={today}
            required
            value={draft.day}
            onChange={set('day')}
            disabled={Boolean(entry?.checkinDay)}
            aria-invalid={invalid('day')}
            aria-describedby={entry?.checkinDay ? 'diary-day-hint' : undefined}
            className="field"
          />
          {entry?.checkinDay && (
            <p id="diary-day-hint" className="mt-1 text-xs text-muted">
              A check-in's note stays on its day.
            </p>
          )}
        </div>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Mood</legend>
        <div className="checkin-levels">
          {LEVELS.map((level) => (
            <label key={level} className="checkin-level">
              <input type="radio" name="mood" value={String(level)} checked={draft.mood === String(level)} onChange={set('mood')} className="sr-only" />
              <span className="font-mono font-bold" aria-hidden="true">
                {level}
              </span>
              <span className="text-[0.75rem] sm:text-sm">{MOOD_LEVEL_NAMES[level]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="diary-content" className="mb-1 block text-sm font-medium">
          Text
        </label>
        <textarea id="diary-content" name="content" rows={6} maxLength={DIARY.contentMax} value={draft.content} onChange={set('content')} aria-invalid={invalid('content')} className="field" />
      </div>
      <div>
        <label htmlFor="diary-tags" className="mb-1 block text-sm font-medium">
          Tags <span className="font-normal text-muted">(comma between them)</span>
        </label>
        <input id="diary-tags" name="tags" autoComplete="off" value={draft.tags} onChange={set('tags')} aria-invalid={invalid('tags')} className="field" />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? 'Saving...' : 'Save entry'}
        </button>
        <a href="/diary" className="btn-ghost">
          Cancel
        </a>
        {entry && (
          <button type="button" className="btn-ghost" onClick={() => setAsking(true)} disabled={pending}>
            Delete entry
          </button>
        )}
      </div>
      {entry && (
        <ConfirmDialog
          open={asking}
          title="Delete this entry?"
          description={entry.checkinDay ? "The check-in's note is removed; its mood and energy stay." : 'It cannot be brought back.'}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={pending}
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
        />
      )}
    </form>
  );
}
