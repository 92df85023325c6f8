import { describe, expect, it } from 'vitest';
import { draftKey, forgetDraft, insertAt, keepDraft, pictureMarkdown, readDraft, retryDelay } from './case-study-draft.ts';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

describe('the editor draft kept in the browser', () => {
  it('keeps, reads back and forgets the text per project', () => {
    const storage = memory();
    expect(readDraft(storage, 3)).toBeNull();
    keepDraft(storage, 3, { text: 'Hello', published: true, at: '2026-01-01T00:00:00.000Z' });
    expect(readDraft(storage, 3)).toEqual({ text: 'Hello', published: true, at: '2026-01-01T00:00:00.000Z' });
    expect(readDraft(storage, 4)).toBeNull();
    forgetDraft(storage, 3);
    expect(readDraft(storage, 3)).toBeNull();
  });

  it('ignores what is not a draft, and a storage that refuses', () => {
    const storage = memory();
    storage.setItem(draftKey(1), '{not json');
    expect(readDraft(storage, 1)).toBeNull();
    storage.setItem(draftKey(1), JSON.stringify({ text: 5 }));
    expect(readDraft(storage, 1)).toBeNull();
    const full = { setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(keepDraft(full, 1, { text: 'x', published: false, at: 'now' })).toBe(false);
  });
});

describe('inserting a picture', () => {
  it('puts it on a block of its own at the caret, replacing a selection', () => {
    expect(insertAt('', 0, 0, '![a](/p)')).toEqual({ text: '![a](/p)\n', caret: 9 });
    expect(insertAt('Intro', 5, 5, '![a](/p)')).toEqual({ text: 'Intro\n\n![a](/p)\n', caret: 16 });
    expect(insertAt('Intro\n\nMore', 7, 7, '![a](/p)').text).toBe('Intro\n\n![a](/p)\n\nMore');
    expect(insertAt('Intro OLD more', 6, 9, 'X').text).toBe('Intro \n\nX\n\n more');
  });

  it('writes alt text and address so Markdown reads them back', () => {
    expect(pictureMarkdown(' First [draft] sketch ', '/api/images/abc')).toBe('![First \\[draft\\] sketch](/api/images/abc)');
    expect(pictureMarkdown('x', 'https://a.example/a b.png')).toBe('![x](<https://a.example/a b.png>)');
  });

  it('waits longer after each failed save, half a minute at most', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
