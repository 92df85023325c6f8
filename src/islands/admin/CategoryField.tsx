import { useId } from 'react';
import { Field } from './Field.tsx';

interface Props {
  /** The draft key it edits: its input takes this name, so text typed before hydration is kept. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  suggestions: readonly string[];
}

/** A required free-text category, suggesting the ones already in use. */
export function CategoryField({ name, value, onChange, error, suggestions }: Props) {
  const listId = useId();
  const unique = [...new Set(suggestions)].sort();
  return (
    <Field name={name} label="Category" required error={error} hint={unique.length ? 'Pick one in use or type a new one.' : undefined}>
      {(control) => (
        <>
          <input {...control} className="field" list={listId} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
          <datalist id={listId}>
            {unique.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
