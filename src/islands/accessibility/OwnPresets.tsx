import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { OWN_PRESETS } from '#domain/vocabulary.ts';
import {
  $ownPresets,
  applyOwnPreset,
  deleteOwnPreset,
  renameOwnPreset,
  saveOwnPreset,
} from '#src/stores/accessibility.ts';

/**
 * The drawer's 'Your presets': the current settings saved under a name of the person's own, then applied,
 * renamed or deleted. Every outcome is said in the drawer's live announcement (`announce`); a refused name
 * is said beside its field.
 */
export default function OwnPresets({ announce, signedIn }: { announce: (text: string) => void; signedIn: boolean }) {
  const presets = useStore($ownPresets);
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [renameError, setRenameError] = useState('');

  const save = (event: FormEvent) => {
    event.preventDefault();
    const result = saveOwnPreset(name);
    if (!result.ok) return setError(result.error);
    setError('');
    setName('');
    announce(
      result.replaced
        ? `Preset ${result.name} updated with the current settings.`
        : `Current settings saved as ${result.name}.`,
    );
  };

  const rename = (event: FormEvent, from: string) => {
    event.preventDefault();
    const result = renameOwnPreset(from, newName);
    if (!result.ok) return setRenameError(result.error);
    setRenaming(null);
    setRenameError('');
    announce(`Preset ${from} renamed to ${result.name}.`);
  };

  const apply = (presetName: string) => {
    const changes = applyOwnPreset(presetName);
    announce(
      changes.length > 0
        ? `${presetName} applied. Changed: ${changes.join(', ')}.`
        : `${presetName}: these settings were already in place.`,
    );
  };

  return (
    <div className="mt-5" data-own-presets>
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        Your presets
      </h4>
      <p className="text-sm text-muted">
        Save the settings you have now under a name of your own (up to {OWN_PRESETS.max}). They are kept on this device
        {signedIn ? ' and in your account' : ''}.
      </p>
      {presets.length > 0 && (
        <ul className="mt-2 grid gap-2" aria-labelledby={`${id}-title`}>
          {presets.map((preset) => (
            <li key={preset.name} className="rounded-lg border border-line p-2">
              {renaming === preset.name ? (
                <form onSubmit={(event) => rename(event, preset.name)} className="grid gap-2">
                  <label htmlFor={`${id}-rename`} className="text-sm font-medium">
                    New name for {preset.name}
                  </label>
                  <input
                    id={`${id}-rename`}
                    className="field"
                    value={newName}
                    maxLength={OWN_PRESETS.nameMaxLength}
                    aria-invalid={renameError ? true : undefined}
                    aria-describedby={renameError ? `${id}-rename-error` : undefined}
                    onChange={(event) => setNewName(event.currentTarget.value)}
                  />
                  {renameError && (
                    <p id={`${id}-rename-error`} className="text-sm text-danger">
                      {renameError}
                    </p>
                  )}
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" className="btn-primary">
                      Save name
                    </button>
                    <button type="button" className="btn-ghost" onClick={() => setRenaming(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <div className="grid gap-2">
                  <button
                    type="button"
                    className="btn-ghost h-auto w-full justify-start py-2.5 text-left"
                    onClick={() => apply(preset.name)}
                  >
                    <span className="sr-only">Apply </span>
                    <span className="min-w-0 break-words">{preset.name}</span>
                  </button>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn-ghost"
                      onClick={() => {
                        setRenaming(preset.name);
                        setNewName(preset.name);
                        setRenameError('');
                      }}
                    >
                      Rename<span className="sr-only"> {preset.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn-ghost"
                      onClick={() => {
                        deleteOwnPreset(preset.name);
                        announce(`Preset ${preset.name} deleted.`);
                      }}
                    >
                      Delete<span className="sr-only"> {preset.name}</span>
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={save} className="mt-3 grid gap-2">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Name for the current settings
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-name`}
            className="field min-w-0 flex-1"
            value={name}
            maxLength={OWN_PRESETS.nameMaxLength}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <button type="submit" className="btn-primary">
            Save preset
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="text-sm text-danger">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
