/*
 * Saves a field as the owner types, without flooding the server or losing a keystroke: a save starts
 * after a short pause (or at once on flush, e.g. on blur), only one save is in flight at a time, and
 * when it returns the newest waiting value is saved next. So the value saved last is always the
 * value typed last, whatever order the network answers in.
 */
export type SaveState = 'idle' | 'waiting' | 'saving' | 'saved' | 'error';

export interface LatestValueSaverOptions<T> {
  save: (value: T) => Promise<void>;
  delayMs: number;
  onState?: (state: SaveState, error?: unknown) => void;
  /** The value already stored, so typing it back does not save again. */
  initial?: T;
}

export function createLatestValueSaver<T>(options: LatestValueSaverOptions<T>) {
  const { save, delayMs, onState = () => {} } = options;
  let saved: { value: T } | null = 'initial' in options ? { value: options.initial as T } : null;
  let waiting: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const run = async (): Promise<void> => {
    clearTimer();
    if (inFlight || !waiting) return;
    const { value } = waiting;
    waiting = null;
    if (saved && Object.is(saved.value, value)) {
      onState('saved');
      return;
    }
    inFlight = true;
    onState('saving');
    try {
      await save(value);
      saved = { value };
      inFlight = false;
      if (waiting) return run();
      onState('saved');
    } catch (error) {
      inFlight = false;
      onState('error', error);
      if (waiting) return run();
    }
  };

  return {
    /** A new value typed: saved after the pause unless another one comes first. */
    schedule(value: T): void {
      waiting = { value };
      clearTimer();
      onState('waiting');
      timer = setTimeout(() => void run(), delayMs);
    },
    /** Save the waiting value now (blur). */
    flush(): Promise<void> {
      return run();
    },
    /** Forget a waiting value (the field now holds something that must not be saved). */
    cancel(): void {
      clearTimer();
      waiting = null;
      if (!inFlight) onState('idle');
    },
  };
}
