import { describe, expect, it } from 'vitest';
import { readOwnPresets } from '#domain/shapes.ts';
import { OWN_PRESETS } from '#domain/vocabulary.ts';
import { checkPresetName, deletePreset, mergePresets, renamePreset, savePreset, type OwnPreset } from './own-presets.ts';

const calm: OwnPreset = { name: 'Calm evening', settings: { colorScheme: 'calm', readingRuler: 3 } };

describe('own presets', () => {
  it('saves, replaces by name, renames and deletes', () => {
    const first = savePreset([], '  Calm evening ', calm.settings);
    expect(first).toEqual({ ok: true, presets: [calm], name: 'Calm evening', replaced: false });
    const again = savePreset([calm], 'calm EVENING', { fontSize: 20 });
    expect(again).toMatchObject({
      ok: true,
      replaced: true,
      presets: [{ name: 'calm EVENING', settings: { fontSize: 20 } }],
    });
    const renamed = renamePreset([calm, { name: 'Work', settings: {} }], 'Calm evening', 'Night');
    expect(renamed).toMatchObject({ ok: true, presets: [{ name: 'Night' }, { name: 'Work' }] });
    expect(renamePreset([calm, { name: 'Work', settings: {} }], 'Calm evening', 'work')).toEqual({
      ok: false,
      error: 'You already have a preset called work.',
    });
    expect(deletePreset([calm, { name: 'Work', settings: {} }], 'calm evening')).toEqual([
      { name: 'Work', settings: {} },
    ]);
  });

  it(`refuses a name that is empty, longer than ${OWN_PRESETS.nameMaxLength} characters or not plain text, and a preset past ${OWN_PRESETS.max}`, () => {
    expect(checkPresetName('   ')).toEqual({ ok: false, error: 'The name must not be empty.' });
    expect(checkPresetName('x'.repeat(41))).toEqual({ ok: false, error: 'The name must be at most 40 characters.' });
    expect(checkPresetName('<b>Bold</b>')).toEqual({
      ok: false,
      error: 'The name must be plain text, without < or >.',
    });
    expect(checkPresetName('Tab\there').ok).toBe(false);
    expect(checkPresetName('Lecture & notes — ünïcode').ok).toBe(true);
    const full = Array.from({ length: OWN_PRESETS.max }, (_, i) => ({ name: `P${i}`, settings: {} }));
    expect(savePreset(full, 'One more', {})).toMatchObject({ ok: false, error: expect.stringContaining('delete one') });
    expect(savePreset(full, 'p3', { fontSize: 18 })).toMatchObject({ ok: true, replaced: true });
  });

  it('reads stored presets leniently: valid ones kept, bad names, repeats and bad settings dropped, at most 20', () => {
    expect(readOwnPresets('not a list')).toEqual([]);
    expect(
      readOwnPresets([
        calm,
        { name: 'x'.repeat(10_000), settings: {} },
        { name: '<script>', settings: {} },
        { name: 'CALM EVENING', settings: {} },
        { name: 'Mixed', settings: { fontSize: 99, lineHeight: 2, unknown: true, readingRuler: 2, typeface: 'serif' } },
        null,
        'text',
      ]),
    ).toEqual([calm, { name: 'Mixed', settings: { lineHeight: 2, typeface: 'serif' } }]);
    const many = Array.from({ length: 500 }, (_, i) => ({ name: `P${i}`, settings: {} }));
    expect(readOwnPresets(many)).toHaveLength(OWN_PRESETS.max);
  });

  it("merges this device's presets into the account's at sign-in: the account wins a name, the list stays within the limit", () => {
    const work: OwnPreset = { name: 'Work', settings: { fontSize: 18 } };
    const calmHere: OwnPreset = { name: 'CALM EVENING', settings: { fontSize: 24 } };
    expect(mergePresets([calm], [calmHere, work])).toEqual([calm, work]);
    expect(mergePresets([], [work])).toEqual([work]);
    const full = Array.from({ length: OWN_PRESETS.max }, (_, i) => ({ name: `Preset ${i}`, settings: {} }));
    expect(mergePresets(full, [work])).toEqual(full);
  });
});
