import { useEffect, useId, useLayoutEffect, useState } from 'react';

/*
 * What a person typed, ticked or picked in an island's server-rendered controls before its script ran
 * (docs/decisions/013-forms-keep-what-was-typed-before-hydration.md). The page shows its forms at once; the
 * script may come seconds later on a slow phone, and React would otherwise render the island's empty state
 * over the text.
 */

/** A control's value as a draft holds it: text, a ticked box, or the ticked boxes sharing one name. */
export type EarlyValue = string | boolean | string[];
export type EarlyValues = Record<string, EarlyValue>;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** True when the control differs from what the server rendered into it. */
function changed(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/** The current value of every named control in `scope` that the person changed, keyed by its name. */
export function typedIn(scope: Element | null): EarlyValues {
  const values: EarlyValues = {};
  if (!scope) return values;
  const controls = [...scope.querySelectorAll<Control>('input[name], textarea[name], select[name]')].filter(
    (control) => !(control instanceof HTMLInputElement && (control.type === 'file' || control.type === 'hidden')),
  );
  const names = new Set(controls.filter(changed).map((control) => control.name));
  for (const name of names) {
    const group = controls.filter((control) => control.name === name);
    const first = group[0]!;
    if (first instanceof HTMLInputElement && first.type === 'checkbox') {
      const boxes = group as HTMLInputElement[];
      values[name] = boxes.length === 1 && !first.hasAttribute('value') ? first.checked : boxes.filter((box) => box.checked).map((box) => box.value);
    } else if (first instanceof HTMLInputElement && first.type === 'radio') {
      const picked = (group as HTMLInputElement[]).find((radio) => radio.checked);
      if (picked) values[name] = picked.value;
    } else {
      values[name] = first.value;
    }
  }
  return values;
}

/** Takes the early values whose keys the draft has, each only if it has the draft's own kind of value. */
export function mergeEarly<D>(draft: D, values: EarlyValues): D {
  const next = { ...draft } as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    if (!(key in next)) continue;
    const current = next[key];
    if (Array.isArray(current) ? Array.isArray(value) : typeof current === typeof value) next[key] = value;
  }
  return next as D;
}

const SCOPE = 'data-early-input';
const scopeOf = (id: string) => [...document.querySelectorAll(`[${SCOPE}]`)].find((element) => element.getAttribute(SCOPE) === id) ?? null;

/**
 * Spread the returned props on the island's form (or the element holding its controls) and name each control
 * after its draft key. Once the island has hydrated, `take` receives what was typed before (nothing if
 * nothing was), and a submit pressed meanwhile (held by src/scripts/head-init.js) is sent again.
 */
export function useEarlyInput(
  take: (values: EarlyValues) => void,
  /** False where the press itself must start the work (a passkey prompt needs the person's own gesture): it is dropped. */
  sendHeldSubmit = true,
): { [SCOPE]: string; 'data-hydrating': '' | undefined } {
  const id = useId();
  // Read while React hydrates the island, before it touches the controls: it puts a textarea's server text back.
  const [seenFirst] = useState<EarlyValues>(() => (typeof document === 'undefined' ? {} : typedIn(scopeOf(id))));
  const [ready, setReady] = useState(false);

  useLayoutEffect(() => {
    const values = { ...seenFirst, ...typedIn(scopeOf(id)) };
    if (Object.keys(values).length > 0) take(values);
    setReady(true);
    // Once, at hydration: later typing reaches the island through its own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const scope = ready ? scopeOf(id) : null;
    if (!(scope instanceof HTMLFormElement) || !scope.hasAttribute('data-held-submit')) return;
    scope.removeAttribute('data-held-submit');
    if (sendHeldSubmit) scope.requestSubmit();
  }, [ready, id, sendHeldSubmit]);

  return { [SCOPE]: id, 'data-hydrating': ready ? undefined : '' };
}
