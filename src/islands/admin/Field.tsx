import { useId, type ReactNode } from 'react';

/** What a field's input needs to be labelled and described; spread it onto the input. */
export interface FieldControl {
  id: string;
  name: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface Props {
  /** The draft key the input edits; named inputs keep what was typed before the island hydrated (useEarlyInput). */
  name?: string;
  label: string;
  /** The message after the label, e.g. 'is required' → 'Name is required'. */
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}

/** A labelled form field whose hint and error are read out with the input and shown beside it. */
export function Field({ name, label, error, hint, required, className, children }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      {/* The asterisk stays outside the label, so the field's name is just its label; aria-required says it. */}
      <div className="mb-1 flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        {required && (
          <span className="text-sm text-danger" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required ? true : undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger" data-field-error>
          {label} {error}
        </p>
      )}
    </div>
  );
}
