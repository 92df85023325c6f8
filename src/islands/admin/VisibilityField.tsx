import { VISIBILITIES, type Visibility } from '#domain/shapes.ts';
import { Field } from './Field.tsx';

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Everyone, also visitors',
  'signed-in': 'Signed-in people',
  owner: 'Only me',
};

/** Who may see a trend (or a KPI, a metric): the server holds every read to it. */
export function VisibilityField({ name, value, onChange, error }: { name: string; value: Visibility; onChange: (value: Visibility) => void; error?: string | undefined }) {
  return (
    <Field name={name} label="Who sees it" error={error}>
      {(control) => (
        <select {...control} className="field" value={value} onChange={(e) => onChange(e.target.value as Visibility)}>
          {VISIBILITIES.map((level) => (
            <option key={level} value={level}>
              {VISIBILITY_LABELS[level]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
