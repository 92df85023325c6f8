import { useStore } from '@nanostores/react';
import { RotateCcw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import {
  BREAK_MINUTES,
  CHOICE_LABELS,
  COLOR_SCHEMES,
  CONTENT_WIDTHS,
  FONT_SIZE,
  LAYOUTS,
  LETTER_SPACING,
  LINE_HEIGHT,
  PARAGRAPH_SPACING,
  PRESETS,
  PRESET_NAMES,
  READING_RULER_LINES,
  SETTING_LABELS,
  TYPEFACES,
  WORD_SPACING,
  rulerLabel,
  type PresetName,
  type ReadingRulerLines,
} from '#src/lib/accessibility-settings.ts';
import { $drawerOpen, $settings, applyPresetByName, resetSettings, updateSettings } from '#src/stores/accessibility.ts';
import { SelectRow, SliderRow, SwitchRow } from './controls.tsx';
import OwnPresets from './OwnPresets.tsx';
import { EXPLANATIONS, GROUPS, ROW_EXPLANATIONS, type Row } from './groups.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The settings drawer (SPEC §2 item 8, §4): a modal dialog sliding in from the right over a backdrop.
 * Focus moves in and stays in (Tab wraps), Escape, the close button and the backdrop close it, and focus
 * returns to whatever opened it. Every change applies and is saved at once (src/stores/accessibility.ts).
 */
export default function SettingsDrawer({ onClosed }: { onClosed: () => void }) {
  const open = useStore($drawerOpen);
  const settings = useStore($settings);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      closeButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
      setAnnouncement('');
      onClosed();
    }
  }, [open, onClosed]);

  const close = () => $drawerOpen.set(false);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) close();
  };

  const preset = (name: PresetName) => {
    const changes = applyPresetByName(name);
    const label = PRESETS[name].label;
    setAnnouncement(
      changes.length > 0 ? `${label} preset applied. Changed: ${changes.join(', ')}.` : `${label} preset: these settings were already in place.`,
    );
  };

  const reset = () => {
    const changes = resetSettings();
    setAnnouncement(changes.length > 0 ? `Settings reset to this device's defaults. Changed: ${changes.join(', ')}.` : 'Settings are already at the defaults.');
  };

  const renderRow = (row: Row) => {
    switch (row.kind) {
      case 'switch':
        return (
          <SwitchRow
            key={row.key}
            label={SETTING_LABELS[row.key]}
            description={EXPLANATIONS[row.key]}
            checked={settings[row.key]}
            onChange={(on) => updateSettings({ [row.key]: on })}
          />
        );
      case 'fontSize':
        return (
          <SliderRow
            key={row.kind}
            label={SETTING_LABELS.fontSize}
            description={ROW_EXPLANATIONS.fontSize}
            value={settings.fontSize}
            {...FONT_SIZE}
            format={(value) => `${value} px`}
            onChange={(fontSize) => updateSettings({ fontSize })}
          />
        );
      case 'lineHeight':
        return (
          <SliderRow
            key={row.kind}
            label={SETTING_LABELS.lineHeight}
            description={ROW_EXPLANATIONS.lineHeight}
            value={settings.lineHeight}
            {...LINE_HEIGHT}
            format={(value) => value.toFixed(1)}
            onChange={(value) => updateSettings({ lineHeight: Math.round(value * 10) / 10 })}
          />
        );
      case 'letterSpacing':
      case 'wordSpacing':
      case 'paragraphSpacing': {
        const key = row.kind;
        const range = { letterSpacing: LETTER_SPACING, wordSpacing: WORD_SPACING, paragraphSpacing: PARAGRAPH_SPACING }[
          key
        ];
        return (
          <SliderRow
            key={key}
            label={SETTING_LABELS[key]}
            description={ROW_EXPLANATIONS[key]}
            value={settings[key]}
            {...range}
            format={(value) => (value === 0 ? 'None' : `${value} em`)}
            // Rounded to the step, so a slider's float arithmetic never stores 0.30000000000000004.
            onChange={(value) =>
              updateSettings({ [key]: Number((Math.round(value / range.step) * range.step).toFixed(2)) })
            }
          />
        );
      }
      case 'typeface':
        return (
          <SelectRow
            key={row.kind}
            label={SETTING_LABELS.typeface}
            description={ROW_EXPLANATIONS.typeface}
            value={settings.typeface}
            options={TYPEFACES}
            optionLabel={(value) => (value === 'default' ? 'Default (your system’s)' : (CHOICE_LABELS[value] ?? value))}
            onChange={(typeface) => updateSettings({ typeface })}
          />
        );
      case 'contentWidth':
        return (
          <SelectRow
            key={row.kind}
            label={SETTING_LABELS.contentWidth}
            description={ROW_EXPLANATIONS.contentWidth}
            value={settings.contentWidth}
            options={CONTENT_WIDTHS}
            optionLabel={(value) => CHOICE_LABELS[value] ?? value}
            onChange={(contentWidth) => updateSettings({ contentWidth })}
          />
        );
      case 'readingRuler':
        return (
          <SelectRow
            key={row.kind}
            label={SETTING_LABELS.readingRuler}
            description={ROW_EXPLANATIONS.readingRuler}
            value={String(settings.readingRuler)}
            options={READING_RULER_LINES.map(String)}
            optionLabel={(value) => (value === '0' ? 'Off' : rulerLabel(Number(value) as ReadingRulerLines))}
            onChange={(value) => updateSettings({ readingRuler: Number(value) as ReadingRulerLines })}
          />
        );
      case 'breakReminderMinutes':
        return (
          <SliderRow
            key={row.kind}
            label={SETTING_LABELS.breakReminderMinutes}
            description={ROW_EXPLANATIONS.breakReminderMinutes}
            value={settings.breakReminderMinutes}
            {...BREAK_MINUTES}
            format={(value) => `${value} minutes`}
            onChange={(breakReminderMinutes) => updateSettings({ breakReminderMinutes })}
          />
        );
      case 'colorScheme':
        return (
          <SelectRow
            key={row.kind}
            label={SETTING_LABELS.colorScheme}
            description={ROW_EXPLANATIONS.colorScheme}
            value={settings.colorScheme}
            options={COLOR_SCHEMES}
            optionLabel={(value) => CHOICE_LABELS[value] ?? value}
            onChange={(colorScheme) => updateSettings({ colorScheme })}
          />
        );
      case 'layout':
        return (
          <SelectRow
            key={row.kind}
            label={SETTING_LABELS.layout}
            description={ROW_EXPLANATIONS.layout}
            value={settings.layout}
            options={LAYOUTS}
            optionLabel={(value) => CHOICE_LABELS[value] ?? value}
            onChange={(layout) => updateSettings({ layout })}
          />
        );
    }
  };

  return (
    // The dialog element handles Escape (cancel) natively; the click handler only detects the backdrop.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={dialog}
      className="a11y-drawer"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
          <h2 id={titleId} className="text-lg font-bold">
            Accessibility settings
          </h2>
          <button ref={closeButton} type="button" className="btn-ghost size-11 shrink-0 p-0" onClick={close}>
            <X aria-hidden="true" size={20} />
            <span className="sr-only">Close accessibility settings</span>
          </button>
        </header>
        <div className="flex-1 overflow-y-auto px-5 py-4">
          <p className="text-sm text-muted">
            These start from your device's own settings. Every change applies straight away and is remembered on this device
            {document.documentElement.dataset.session === 'in' ? ' and in your account' : ''}.
          </p>

          <section aria-labelledby={`${titleId}-presets`} className="mt-6">
            <h3 id={`${titleId}-presets`} className="font-semibold">
              Presets
            </h3>
            <p className="text-sm text-muted">A starting point for common needs. Each changes only its own settings; adjust anything afterwards.</p>
            <ul className="mt-3 grid gap-2">
              {PRESET_NAMES.map((name) => (
                <li key={name}>
                  <button type="button" className="btn-ghost h-auto w-full flex-col items-start gap-0.5 py-2.5 text-left" onClick={() => preset(name)}>
                    <span>{PRESETS[name].label}</span>
                    <span className="text-xs font-normal text-muted">{PRESETS[name].description}</span>
                  </button>
                </li>
              ))}
            </ul>
            <OwnPresets announce={setAnnouncement} signedIn={document.documentElement.dataset.session === 'in'} />
            <p role="status" aria-live="polite" className="mt-3 min-h-5 text-sm" data-announcement>
              {announcement}
            </p>
          </section>

          {GROUPS.map((group, index) => (
            <section key={group.title} aria-labelledby={`${titleId}-group-${index}`} className="mt-6">
              <h3 id={`${titleId}-group-${index}`} className="font-semibold">
                {group.title}
              </h3>
              <ul className="divide-y divide-line">{group.rows.map(renderRow)}</ul>
            </section>
          ))}
        </div>
        <footer className="border-t border-line px-5 py-4">
          <button type="button" className="btn-ghost w-full" onClick={reset}>
            <RotateCcw aria-hidden="true" size={16} />
            Reset to defaults
          </button>
        </footer>
      </div>
    </dialog>
  );
}
