/**
 * SPEC's sample diary entries (SPEC §2 "Diary", §3 "Diary entry"). The diary is real now (issue 30): the seed
 * (api/seed/diary.ts) writes these among its first entries, and the journeys look for them by title.
 */

export interface DiaryEntry {
  id: number;
  /** yyyy-mm-dd */
  date: string;
  title: string;
  content: string;
  mood: string;
  tags: string[];
}

export const DIARY_ENTRIES: DiaryEntry[] = [
  {
    id: 1,
    date: '2025-03-14',
    title: 'The chart finally sang',
    content:
      'Got the sonified line chart working end to end today. Scrubbing with the arrow keys and hearing the trend rise felt like the first time the idea was real. Tomorrow: make the pitch range calmer.',
    mood: 'Excited',
    tags: ['accessibility', 'breakthrough'],
  },
  {
    id: 2,
    date: '2025-03-12',
    title: 'A quiet, slow day',
    content:
      'Low energy, so I did small things: tidied the design tokens, answered emails, walked by the river at lunch. Not every day has to be a sprint; the tidy tokens will pay off next week.',
    mood: 'Calm',
    tags: ['rest', 'maintenance'],
  },
  {
    id: 3,
    date: '2025-03-10',
    title: 'Feedback from the testers',
    content:
      'Three of the five testers found the new focus ring immediately; two wanted it thicker. Writing it down before I argue with it in my head: they are right, and thicker is easy.',
    mood: 'Thoughtful',
    tags: ['research', 'feedback'],
  },
  {
    id: 4,
    date: '2025-03-07',
    title: 'Overloaded, then better',
    content:
      'Too many tabs, too many notifications. Closed everything, wrote a single list of three things, and finished two of them. Writing this so future me remembers that the list works.',
    mood: 'Stressed',
    tags: ['focus', 'lessons'],
  },
];
