import { playlistCreate, playlistUpdate } from '#domain/shapes.ts';
import type { playlists } from '#api/db/schema.ts';
import { ACTIVITIES, MAX_PLAYLISTS, MOODS } from '#domain/vocabulary.ts';
import { EMPTY_PLAYLIST, playlistDraft, playlistPayload, type PlaylistDraft } from '#src/lib/admin-drafts.ts';
import type { EntityConfig } from './EntityPanel.tsx';
import type { FieldsProps } from './EntityForm.tsx';
import { Field } from './Field.tsx';

export type PlaylistRow = Omit<typeof playlists.$inferSelect, 'createdAt'>;

function Choices({ name, legend, options, chosen, onChange, error }: { name: string; legend: string; options: readonly { value: string; label: string }[]; chosen: string[]; onChange: (next: string[]) => void; error?: string | undefined }) {
  const errorId = `${legend.toLowerCase()}-error-${options.length}`;
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">
        {legend} <span className="text-danger" aria-hidden="true">*</span>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger" data-field-error>
          {legend} {error}
        </p>
      )}
    </fieldset>
  );
}

function PlaylistFields({ draft, set, errors }: FieldsProps<PlaylistDraft>) {
  return (
    <>
      <Field name="name" label="Name" required error={errors.name}>
        {(control) => <input {...control} className="field" value={draft.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
      </Field>
      {draft.creating ? (
        <Field name="id" label="Spotify id" required error={errors.id} hint="The letters and digits after /playlist/ in its link.">
          {(control) => <input {...control} className="field font-mono" value={draft.id} onChange={(e) => set('id', e.target.value)} autoComplete="off" spellCheck={false} />}
        </Field>
      ) : (
        <p className="text-sm">
          <span className="block font-medium">Spotify id</span>
          <span className="font-mono text-muted">{draft.id}</span>
        </p>
      )}
      <Field name="spotifyUrl" label="Spotify link" required error={errors.spotifyUrl} className="sm:col-span-2" hint="e.g. https://open.spotify.com/playlist/…">
        {(control) => <input {...control} className="field" type="url" value={draft.spotifyUrl} onChange={(e) => set('spotifyUrl', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="description" label="Description" error={errors.description} className="sm:col-span-2" hint="Left empty, the card says 'Curated playlist'.">
        {(control) => <textarea {...control} className="field" rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      <Field name="tracksTotal" label="Tracks" error={errors.tracksTotal}>
        {(control) => <input {...control} className="field" type="number" inputMode="numeric" min={0} step={1} value={draft.tracksTotal} onChange={(e) => set('tracksTotal', e.target.value)} />}
      </Field>
      <Field name="imageUrl" label="Cover image address" error={errors.imageUrl}>
        {(control) => <input {...control} className="field" value={draft.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} autoComplete="off" />}
      </Field>
      <Choices name="moods" legend="Moods" options={MOODS} chosen={draft.moods} onChange={(value) => set('moods', value)} error={errors.moods} />
      <Choices name="activities" legend="Activities" options={ACTIVITIES} chosen={draft.activities} onChange={(value) => set('activities', value)} error={errors.activities} />
    </>
  );
}

function PlaylistSummary({ item }: { item: PlaylistRow }) {
  const label = (list: readonly { value: string; label: string }[], value: string) => list.find((entry) => entry.value === value)?.label ?? value;
  return (
    <article aria-label={item.name} className="min-w-0">
      <h3 className="font-semibold break-words">{item.name}</h3>
      <p className="text-sm text-muted">{item.description ?? 'Curated playlist'}</p>
      <p className="mt-1 text-xs text-muted">
        {item.tracksTotal} tracks · {item.moods.map((m) => label(MOODS, m)).join(', ')} · {item.activities.map((a) => label(ACTIVITIES, a)).join(', ')}
      </p>
    </article>
  );
}

/**
 * The mood matcher shows at most nine playlists for a mood and an activity (SPEC §9), best matches first:
 * a table of how many of the catalogue's playlists match both, so the owner sees where some stay hidden.
 */
export function PlaylistCoverage({ items }: { items: readonly PlaylistRow[] }) {
  const both = (mood: string, activity: string) => items.filter((item) => item.moods.includes(mood) && item.activities.includes(activity)).length;
  const over = MOODS.some((mood) => ACTIVITIES.some((activity) => both(mood.value, activity.value) > MAX_PLAYLISTS));
  return (
    <section className="card mb-6 p-5 sm:p-6" aria-labelledby="coverage-heading">
      <h2 id="coverage-heading" className="text-lg font-bold">
        What the mood matcher can show
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted">
        It shows at most {MAX_PLAYLISTS} playlists for a mood and an activity, those tagged with both first.
        {over ? ` Where a cell is over ${MAX_PLAYLISTS}, only ${MAX_PLAYLISTS} of them are shown.` : ` Every cell is within ${MAX_PLAYLISTS}, so all of them are shown.`}
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the keyboard scrolls it when it is wider than the card (global.css: .table-scroll) */}
      <div className="table-scroll" role="region" aria-label="Coverage table" tabIndex={0}>
        <table className="w-full text-left text-sm" data-coverage>
          <caption className="sr-only">Playlists tagged with both the mood and the activity</caption>
          <thead>
            <tr>
              <th scope="col">Mood</th>
              {ACTIVITIES.map((activity) => (
                <th key={activity.value} scope="col" className="px-2">
                  {activity.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {MOODS.map((mood) => (
              <tr key={mood.value} className="border-t border-line">
                <th scope="row" className="py-1 font-medium">
                  {mood.label}
                </th>
                {ACTIVITIES.map((activity) => {
                  const count = both(mood.value, activity.value);
                  return (
                    <td key={activity.value} className={`px-2 font-mono ${count > MAX_PLAYLISTS ? 'font-bold text-danger' : ''}`}>
                      {count}
                      {count > MAX_PLAYLISTS ? <span className="sr-only"> (only {MAX_PLAYLISTS} shown)</span> : null}
                      {count > MAX_PLAYLISTS ? <span aria-hidden="true">!</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export const playlistConfig: EntityConfig<PlaylistRow, PlaylistDraft> = {
  key: 'playlists',
  noun: 'Playlist',
  nounInSentence: 'playlist',
  endpoint: '/api/playlists',
  createShape: playlistCreate,
  updateShape: playlistUpdate,
  emptyDraft: () => EMPTY_PLAYLIST,
  toDraft: playlistDraft,
  toPayload: playlistPayload,
  fields: (props) => <PlaylistFields {...props} />,
  row: (item) => <PlaylistSummary item={item} />,
  itemName: (item) => item.name,
  createLabel: 'Create Playlist',
  listHeading: 'Playlists',
  emptyList: 'No playlists yet: the mood matcher asks Spotify instead. Add one with the form.',
};
