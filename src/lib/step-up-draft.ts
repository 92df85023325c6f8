/*
 * What a form held when its owner left to confirm it is them (a provider or an owner link: another page),
 * kept in this tab's sessionStorage and taken back once when the form loads again. Never the secrets the
 * server answers with: only what the owner typed.
 */
const PREFIX = 'step-up-draft:';

export function keepStepUpDraft(storage: Storage, key: string, draft: unknown): void {
  try {
    storage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the owner types it again.
  }
}

/** The kept draft (removed as it is taken), or null. */
export function takeStepUpDraft<D>(storage: Storage, key: string): D | null {
  try {
    const text = storage.getItem(PREFIX + key);
    if (text === null) return null;
    storage.removeItem(PREFIX + key);
    return JSON.parse(text) as D;
  } catch {
    return null;
  }
}
