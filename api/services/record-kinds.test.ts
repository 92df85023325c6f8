import { describe, expect, it } from 'vitest';
import { kpiKind, playlistKind, timelineKind } from './record-kinds.ts';

describe('record kinds', () => {
  it('use text ids for playlists (Spotify ids) and numbers elsewhere', () => {
    expect(playlistKind.idType).toBe('text');
    expect(kpiKind.idType).toBe('serial');
  });
  it('stamp updatedAt only on tables that have it', () => {
    expect(kpiKind.hasUpdatedAt).toBe(true);
    expect(timelineKind.hasUpdatedAt).toBe(false);
  });
});
