import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createInsertSchema } from 'drizzle-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shapes from '#domain/shapes.ts';
import * as t from './schema.ts';

/*
 * domain/shapes.ts is plain zod (so forms carry no database code into the browser); this is the one place
 * that still asks drizzle-zod, to hold each shape to its table: the same fields (less the ones the server
 * sets), a field the table requires is required, null only where the column takes null, and whatever the
 * shape lets through the table takes too (types, integer ranges, the progress check).
 */
type Case = { shape: z.ZodObject; table: PgTable; serverSet: string[]; sample: Record<string, unknown> };

const INT32_MAX = 2 ** 31 - 1;
const cases: Record<string, Case> = {
  project: {
    shape: shapes.projectCreate,
    table: t.projects,
    serverSet: ['id', 'createdAt', 'updatedAt'],
    sample: {
      name: 'Tide Tables',
      description: 'A calm tide chart.',
      status: 'planned',
      progress: 40,
      category: 'development',
      tags: ['sea'],
      technologies: ['Astro'],
      startDate: '2026-01-02',
      endDate: '',
      url: 'https://tides.example',
      imageUrl: '/api/images/abc',
    },
  },
  galleryImage: {
    shape: shapes.galleryImageCreate,
    table: t.galleryImages,
    serverSet: ['id', 'createdAt', 'projectId'],
    sample: { title: 'Logo', description: '', imageUrl: '/api/images/abc', category: 'logo', order: 2 },
  },
  kpi: {
    shape: shapes.kpiCreate,
    table: t.kpis,
    serverSet: ['id', 'updatedAt'],
    sample: {
      name: 'Focus',
      value: '6h',
      unit: 'h',
      icon: 'Clock',
      color: '#6fffe9',
      change: '+5%',
      sparklineData: [1, 2.5],
      tooltip: 'Deep work',
      category: 'time',
      position: 3,
    },
  },
  trend: {
    shape: shapes.trendCreate,
    table: t.trends,
    serverSet: ['id', 'updatedAt'],
    sample: {
      name: 'Output',
      data: [1, 2],
      labels: ['Jan', 'Feb'],
      color: '#6fffe9',
      unit: 'pieces',
      description: 'Monthly',
      change: null,
    },
  },
  timeline: {
    shape: shapes.timelineCreate,
    table: t.timelineEvents,
    serverSet: ['id', 'createdAt'],
    sample: { date: '2026-03-04', title: 'Launch', description: '', category: 'milestone', color: '#6fffe9', tags: [] },
  },
  activity: {
    shape: shapes.activityCreate,
    table: t.currentActivities,
    serverSet: ['id', 'updatedAt'],
    sample: {
      type: 'focus',
      title: 'Writing',
      subtitle: null,
      description: 'Chapter 2',
      progress: 10,
      metadata: { pages: 3 },
    },
  },
  nowItem: {
    shape: shapes.nowItemCreate,
    table: t.nowItems,
    serverSet: ['id', 'updatedAt'],
    sample: {
      type: 'spotify',
      title: 'Song',
      subtitle: 'Band',
      description: null,
      progress: 50,
      metadata: { isPlaying: true, current: '1:02', duration: '3:30' },
    },
  },
  playlist: {
    shape: shapes.playlistCreate,
    table: t.playlists,
    serverSet: ['createdAt'],
    sample: {
      id: 'abc123',
      name: 'Deep focus',
      description: null,
      imageUrl: '',
      tracksTotal: 20,
      spotifyUrl: 'https://open.spotify.com/playlist/abc123',
      moods: ['focused'],
      activities: ['work'],
    },
  },
  checkin: {
    shape: shapes.checkinSave,
    table: t.checkins,
    serverSet: ['day', 'createdAt', 'updatedAt'],
    sample: { mood: 4, energy: 2, note: 'Walked home', tags: ['outdoors'] },
  },
  diaryEntry: {
    shape: shapes.diaryEntryCreate,
    table: t.diaryEntries,
    serverSet: ['id', 'createdAt', 'updatedAt', 'moodWord', 'checkinDay'],
    sample: { day: '2026-05-04', title: 'A day', content: 'Text', mood: 3, tags: ['rest'] },
  },
};

const without = (object: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));

describe.each(Object.entries(cases))('the %s shape and its table', (_name, { shape, table, serverSet, sample }) => {
  const columns = getTableColumns(table);
  // What the table takes for the fields the owner writes (the server sets the rest, e.g. a gallery image's projectId).
  const insert = createInsertSchema(table) as unknown as z.ZodObject;
  const tableShape = z.object(Object.fromEntries(Object.keys(shape.shape).map((key) => [key, insert.shape[key]!])));

  it('has exactly the columns the owner may write', () => {
    expect(Object.keys(shape.shape).sort()).toEqual(
      Object.keys(columns)
        .filter((key) => !serverSet.includes(key))
        .sort(),
    );
    expect(shape.safeParse(sample).error).toBeUndefined();
  });

  it('requires what the table requires and takes null only where the column does', () => {
    for (const key of Object.keys(shape.shape)) {
      const column = columns[key]!;
      const omitted = shape.safeParse(without(sample, key));
      if (column.notNull && !column.hasDefault) expect(omitted.success, `${key} may be left out`).toBe(false);
      if (omitted.success)
        expect(!column.notNull || column.hasDefault, `${key} is optional but the table requires it`).toBe(true);
      const parsedNull = shape.safeParse({ ...sample, [key]: null });
      if (parsedNull.success) expect(column.notNull, `${key} takes null but its column is not null`).toBe(false);
    }
  });

  it('lets through only what the table takes', () => {
    const parsed = shape.parse(sample);
    expect(tableShape.safeParse(parsed).error).toBeUndefined();
    for (const [key, column] of Object.entries(columns)) {
      if (!(key in shape.shape) || column.dataType !== 'number' || column.columnType !== 'PgInteger') continue;
      expect(shape.safeParse({ ...sample, [key]: INT32_MAX + 1 }).success, `${key} above the integer range`).toBe(
        false,
      );
      expect(shape.safeParse({ ...sample, [key]: -1 }).success, `${key} below zero`).toBe(false);
    }
    if ('progress' in shape.shape) {
      // The tables' check constraint: progress between 0 and 100.
      expect(shape.safeParse({ ...sample, progress: 101 }).error?.issues[0]?.path).toEqual(['progress']);
    }
  });
});
