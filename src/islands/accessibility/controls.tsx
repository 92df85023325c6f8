import { useId } from 'react';

/** A labelled on/off switch: role=switch with aria-checked, a 44×24 target, the explanation as its description. */
export function SwitchRow({ label, description, checked, onChange }: { label: string; description: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted">
          {description}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-description`}
        className="a11y-switch mt-0.5"
        onClick={() => onChange(!checked)}
      />
    </li>
  );
}

/** A slider with its label, current value and explanation; the value is spoken in words (aria-valuetext). */
export function SliderRow(props: {
  label: string;
  description: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { label, description, value, min, max, step, format, onChange } = props;
  return (
    <li className="py-3">
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <output htmlFor={id} className="font-mono text-sm font-semibold">
          {format(value)}
        </output>
      </div>
      <p id={`${id}-description`} className="text-sm text-muted">
        {description}
      </p>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        aria-describedby={`${id}-description`}
        className="a11y-range mt-2 w-full"
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      />
    </li>
  );
}

/** A native select with its label and explanation. */
export function SelectRow<T extends string>(props: {
  label: string;
  description: string;
  value: T;
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  const { label, description, value, options, optionLabel, onChange } = props;
  return (
    <li className="py-3">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <p id={`${id}-description`} className="text-sm text-muted">
        {description}
      </p>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-description`}
        className="field mt-2"
        onChange={(event) => onChange(event.currentTarget.value as T)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </li>
  );
}
