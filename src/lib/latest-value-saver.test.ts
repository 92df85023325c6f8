import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLatestValueSaver, type SaveState } from './latest-value-saver.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A save whose answers the test releases one by one. */
function controlledSave() {
  const calls: { value: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const save = vi.fn(
    (value: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ value, resolve, reject });
      }),
  );
  return { save, calls };
}

describe('saving a field as the owner types', () => {
  it('waits for a pause and saves only the last of a burst of keystrokes', async () => {
    const { save, calls } = controlledSave();
    const saver = createLatestValueSaver({ save, delayMs: 500 });
    for (const value of ['h', 'ht', 'https://a.example']) {
      saver.schedule(value);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.map((call) => call.value)).toEqual(['https://a.example']);
  });

  it('saves at once on flush (blur)', async () => {
    const { save } = controlledSave();
    const saver = createLatestValueSaver({ save, delayMs: 500 });
    saver.schedule('https://b.example');
    void saver.flush();
    expect(save).toHaveBeenCalledWith('https://b.example');
  });

  it('keeps one save in flight and sends the newest value after it, so the last value typed wins', async () => {
    const { save, calls } = controlledSave();
    const states: SaveState[] = [];
    const saver = createLatestValueSaver({ save, delayMs: 500, onState: (state) => states.push(state) });
    saver.schedule('https://one.example');
    await vi.advanceTimersByTimeAsync(500);
    saver.schedule('https://two.example');
    await vi.advanceTimersByTimeAsync(500);
    saver.schedule('https://three.example');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.map((call) => call.value)).toEqual(['https://one.example']);
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.value)).toEqual(['https://one.example', 'https://three.example']);
    calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toBe('saved');
  });

  it('does not save the value already stored, and forgets a cancelled one', async () => {
    const { save } = controlledSave();
    const saver = createLatestValueSaver({ save, delayMs: 500, initial: 'https://same.example' });
    saver.schedule('https://same.example');
    await vi.advanceTimersByTimeAsync(500);
    saver.schedule('https://other.example');
    saver.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).not.toHaveBeenCalled();
  });

  it('reports a failed save', async () => {
    const { save, calls } = controlledSave();
    const states: SaveState[] = [];
    const saver = createLatestValueSaver({ save, delayMs: 10, onState: (state) => states.push(state) });
    saver.schedule('https://x.example');
    await vi.advanceTimersByTimeAsync(10);
    calls[0]!.reject(new Error('500: boom'));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toBe('error');
  });
});
