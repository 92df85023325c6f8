import { Field } from './Field.tsx';

interface Props {
  /** The draft key it edits: its input takes this name, so text typed before hydration is kept. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour as text (#rrggbb, so it can be pasted) beside the browser's picker, both on one value. */
export function ColorField({ name, value, onChange, error }: Props) {
  return (
    <Field name={name} label="Colour" error={error} hint="Pick one or type a hex code like #6fffe9.">
      {(control) => (
        <div className="flex gap-2">
          <input
            type="color"
            aria-label="Colour picker"
            className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-line bg-surface p-1"
            value={HEX.test(value) ? value.toLowerCase() : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
          <input {...control} className="field font-mono" value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" spellCheck={false} />
        </div>
      )}
    </Field>
  );
}
