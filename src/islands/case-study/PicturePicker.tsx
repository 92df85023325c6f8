import { useId, useRef, useState } from 'react';

/** A picture the case study may show: one of the project's gallery pictures or its own picture. */
export interface PickablePicture {
  url: string;
  title: string;
  /** A small version to choose by (the stored image's smallest width, or the address itself). */
  thumb: string;
}

interface Props {
  id: string;
  pictures: PickablePicture[];
  onInsert: (alt: string, url: string) => void;
  onCancel: () => void;
}

/** Choose one of the project's pictures and say what it shows (alt text is required) to insert it. */
export function PicturePicker({ id, pictures, onInsert, onCancel }: Props) {
  const own = useId();
  const [chosen, setChosen] = useState(pictures[0]?.url ?? '');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  const altRef = useRef<HTMLInputElement>(null);

  if (pictures.length === 0)
    return (
      <div id={id} className="rounded-xl border border-line p-4 text-sm" data-picture-picker>
        <p>This project has no pictures yet. Add some to its gallery, or give it a picture, then insert them here.</p>
        <button type="button" className="btn-ghost mt-3" onClick={onCancel}>
          Close
        </button>
      </div>
    );

  const insert = () => {
    if (!alt.trim()) {
      setError('Alt text is required: say in a few words what the picture shows.');
      altRef.current?.focus();
      return;
    }
    onInsert(alt, chosen);
  };

  return (
    <div id={id} className="rounded-xl border border-line p-4" data-picture-picker>
      <fieldset>
        <legend className="text-sm font-medium">Choose a picture of this project</legend>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {pictures.map((picture) => (
            <label key={picture.url} className="flex cursor-pointer flex-col gap-1 rounded-lg border border-line p-2 text-xs has-[:checked]:border-accent-text has-[:checked]:ring-2 has-[:checked]:ring-accent-text has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-text">
              <input type="radio" name={`${own}-picture`} value={picture.url} checked={chosen === picture.url} onChange={() => setChosen(picture.url)} className="sr-only" />
              <img src={picture.thumb} alt="" className="aspect-[4/3] w-full rounded object-cover" loading="lazy" />
              <span className="break-words">{picture.title}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 max-w-xl">
        <div className="mb-1 flex items-baseline gap-1">
          <label htmlFor={`${own}-alt`} className="block text-sm font-medium">
            Alt text
          </label>
          <span className="text-sm text-danger" aria-hidden="true">
            *
          </span>
        </div>
        <input
          ref={altRef}
          id={`${own}-alt`}
          className="field"
          value={alt}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${own}-alt-hint${error ? ` ${own}-alt-error` : ''}`}
          onChange={(event) => {
            setAlt(event.target.value);
            if (error) setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              insert();
            }
          }}
          autoComplete="off"
        />
        <p id={`${own}-alt-hint`} className="mt-1 text-xs text-muted">
          What a reader who cannot see the picture should know, e.g. “Pencil sketch of the tide chart”.
        </p>
        <p id={`${own}-alt-error`} className="mt-1 text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      </div>
      <div className="mt-3 flex gap-2">
        <button type="button" className="btn-primary" onClick={insert}>
          Insert
        </button>
        <button type="button" className="btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
