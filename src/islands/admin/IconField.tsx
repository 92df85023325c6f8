import { KPI_ICON_NAMES } from '#domain/vocabulary.ts';
import { isKnownKpiIcon, kpiIcon } from '#src/islands/kpi-icons.ts';
import { Field } from './Field.tsx';
import { IconTile } from './marks.tsx';

interface Props {
  /** The draft key it edits: its input takes this name, so text typed before hydration is kept. */
  name: string;
  value: string;
  /** The tile's colour in the preview, so the owner sees the card's mark as it will look. */
  color: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * The icon of a KPI or metric: a list of the known icons beside a preview tile. A stored name this build
 * does not know (e.g. from an older release) stays in the list, so opening the form never changes it.
 */
export function IconField({ name, value, color, onChange, error }: Props) {
  const { Icon } = kpiIcon(value);
  const icons: readonly string[] = isKnownKpiIcon(value) ? KPI_ICON_NAMES : [...KPI_ICON_NAMES, value];
  return (
    <Field name={name} label="Icon" required error={error}>
      {(control) => (
        <div className="flex items-center gap-2">
          <span data-icon-preview={value}>
            <IconTile icon={Icon} color={color} />
          </span>
          <select {...control} className="field" value={value} onChange={(e) => onChange(e.target.value)}>
            {icons.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}
