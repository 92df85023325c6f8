import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_VALUES as ACTIVITIES,
  GALLERY_CATEGORIES,
  KPI_ICON_NAMES as KPI_ICONS,
  MOOD_VALUES as MOODS,
  PROJECT_CATEGORIES,
  PROJECT_STATUSES,
} from '#domain/vocabulary.ts';
import {
  seedActivities,
  seedGallery,
  seedKpis,
  seedNowItems,
  seedPlaylists,
  seedProjects,
  seedTimeline,
  seedTrends,
} from './data.ts';

const isoDate = /^20(24|25|26)-\d{2}-\d{2}$/;
const hexColour = /^#[0-9a-f]{6}$/i;

function duplicates<T>(values: T[]): T[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe('demo projects', () => {
  it('has at least ten projects', () => {
    expect(seedProjects.length).toBeGreaterThanOrEqual(10);
  });

  it('uses every category and every status', () => {
    expect(new Set(seedProjects.map((p) => p.category))).toEqual(new Set(PROJECT_CATEGORIES));
    expect(new Set(seedProjects.map((p) => p.status))).toEqual(new Set(PROJECT_STATUSES));
  });

  it('keeps every progress within 0..100 and consistent with the status', () => {
    for (const project of seedProjects) {
      expect(Number.isInteger(project.progress), project.name).toBe(true);
      expect(project.progress, project.name).toBeGreaterThanOrEqual(0);
      expect(project.progress, project.name).toBeLessThanOrEqual(100);
      if (project.status === 'completed') expect(project.progress, project.name).toBe(100);
      if (project.status === 'active') expect(project.progress, project.name).toBeGreaterThan(0);
      if (project.status === 'active') expect(project.progress, project.name).toBeLessThan(100);
      if (project.status === 'planned') expect(project.progress, project.name).toBeLessThanOrEqual(10);
    }
  });

  it('gives every completed project an https address that needs no network', () => {
    for (const project of seedProjects.filter((p) => p.status === 'completed')) {
      expect(project.url, project.name).toMatch(/^https:\/\/example\.com\//);
    }
  });

  it('dates every project in 2024-2026 with the end after the start', () => {
    for (const project of seedProjects) {
      expect(project.startDate, project.name).toMatch(isoDate);
      expect(project.endDate, project.name).toMatch(isoDate);
      expect(project.endDate! > project.startDate!, project.name).toBe(true);
    }
  });

  it('gives every project a name, description, technologies and tags, with unique names', () => {
    for (const project of seedProjects) {
      expect(project.description.length, project.name).toBeGreaterThan(40);
      expect(project.technologies.length, project.name).toBeGreaterThan(0);
      expect(project.tags.length, project.name).toBeGreaterThan(0);
      expect(project.accent, project.name).toMatch(hexColour);
    }
    expect(duplicates(seedProjects.map((p) => p.name))).toEqual([]);
  });

  it('has at least three projects in each Deep Dive category', () => {
    for (const category of ['development', 'creative']) {
      expect(seedProjects.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('sample gallery', () => {
  it('has six items ordered 1 to 6 covering every gallery category', () => {
    expect(seedGallery.map((item) => item.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(seedGallery.map((item) => item.category))).toEqual(new Set(GALLERY_CATEGORIES));
  });
});

describe('stat cards', () => {
  it('has eight KPIs with distinct positions 0 to 7', () => {
    expect(seedKpis).toHaveLength(8);
    expect(seedKpis.map((k) => k.position).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives every KPI a 7 to 12 point sparkline, a known icon, a tooltip and its own colour', () => {
    for (const kpi of seedKpis) {
      expect(kpi.sparklineData?.length, kpi.name).toBeGreaterThanOrEqual(7);
      expect(kpi.sparklineData?.length, kpi.name).toBeLessThanOrEqual(12);
      expect(kpi.sparklineData?.every(Number.isFinite), kpi.name).toBe(true);
      expect(KPI_ICONS, kpi.name).toContain(kpi.icon);
      expect(kpi.tooltip, kpi.name).toBeTruthy();
      expect(kpi.color, kpi.name).toMatch(hexColour);
    }
    expect(duplicates(seedKpis.map((k) => k.color.toLowerCase()))).toEqual([]);
    expect(duplicates(seedKpis.map((k) => k.name))).toEqual([]);
  });
});

describe('trends and timeline', () => {
  it('has four trends of twelve monthly points labelled Jan to Dec', () => {
    expect(seedTrends).toHaveLength(4);
    for (const trend of seedTrends) {
      expect(trend.data, trend.name).toHaveLength(12);
      expect(trend.labels, trend.name).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    }
  });

  it('has ten dated timeline events with colours and tags', () => {
    expect(seedTimeline).toHaveLength(10);
    for (const event of seedTimeline) {
      expect(event.date, event.title).toMatch(isoDate);
      expect(Number.isNaN(Date.parse(event.date)), event.title).toBe(false);
      expect(event.color, event.title).toMatch(hexColour);
      expect(event.tags.length, event.title).toBeGreaterThan(0);
    }
  });
});

describe('current activity and now items', () => {
  it('has exactly one focus activity, which feeds the hero pill', () => {
    const focus = seedActivities.filter((a) => a.type === 'focus');
    expect(focus).toHaveLength(1);
    expect(focus[0]?.title).toBe('Building an accessible charting kit');
    expect(seedActivities.length).toBeGreaterThan(1);
  });

  it('has one playing track and one book, with progress within 0..100', () => {
    const track = seedNowItems.filter((item) => item.type === 'spotify');
    const book = seedNowItems.filter((item) => item.type === 'reading');
    expect(track).toHaveLength(1);
    expect(book).toHaveLength(1);
    expect(track[0]?.metadata).toEqual({ isPlaying: true, current: '1:48', duration: '3:57' });
    for (const item of [...seedNowItems, ...seedActivities]) {
      expect(item.progress, item.title).toBeGreaterThanOrEqual(0);
      expect(item.progress, item.title).toBeLessThanOrEqual(100);
    }
  });
});

describe('playlist catalogue', () => {
  it('offers at least two playlists for every mood and activity combination', () => {
    for (const mood of MOODS) {
      for (const activity of ACTIVITIES) {
        const matches = seedPlaylists.filter((p) => p.moods.includes(mood) && p.activities.includes(activity));
        expect(matches.length, `${mood} × ${activity}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('uses only known moods and activities', () => {
    for (const playlist of seedPlaylists) {
      for (const mood of playlist.moods) expect(MOODS, playlist.name).toContain(mood);
      for (const activity of playlist.activities) expect(ACTIVITIES, playlist.name).toContain(activity);
    }
  });

  it('gives every playlist a Spotify-style id, a matching link and a realistic track count', () => {
    for (const playlist of seedPlaylists) {
      expect(playlist.id).toMatch(/^[A-Za-z0-9]{22}$/);
      expect(playlist.spotifyUrl).toBe(`https://open.spotify.com/playlist/${playlist.id}`);
      expect(playlist.tracksTotal, playlist.name).toBeGreaterThan(10);
      expect(playlist.tracksTotal, playlist.name).toBeLessThan(500);
    }
  });

  it('leaves some descriptions empty so the "Curated playlist" fallback shows', () => {
    expect(seedPlaylists.some((p) => p.description === null)).toBe(true);
    expect(seedPlaylists.some((p) => p.description !== null)).toBe(true);
  });
});

describe('identifiers', () => {
  it('keeps every id and natural key unique', () => {
    expect(duplicates(seedPlaylists.map((p) => p.id))).toEqual([]);
    expect(duplicates(seedPlaylists.map((p) => p.name))).toEqual([]);
    expect(duplicates(seedGallery.map((g) => g.title))).toEqual([]);
    expect(duplicates(seedTimeline.map((e) => e.title))).toEqual([]);
    expect(duplicates(seedTrends.map((t) => t.name))).toEqual([]);
  });
});
