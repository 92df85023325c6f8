import type { ImportRow } from '../form-conversions.ts';

/**
 * The five sample rows Quick Project Import starts with (SPEC §2, §4): finished work at 100 %,
 * ready to edit into the owner's own or to import as they are.
 */
export const SAMPLE_IMPORT_ROWS: ImportRow[] = [
  {
    name: 'Personal Portfolio Site',
    description: 'A fast, accessible portfolio with a private life dashboard behind the sign-in.',
    category: 'development',
    status: 'completed',
    progress: '100',
    technologiesInput: 'Astro, React, TypeScript, PostgreSQL',
    tagsInput: 'portfolio, accessibility',
    startDate: '2024-01-08',
    endDate: '2024-03-29',
  },
  {
    name: 'Generative Poster Series',
    description: 'Twelve posters drawn by code from the rhythm of recorded poems, printed on a risograph.',
    category: 'creative',
    status: 'completed',
    progress: '100',
    technologiesInput: 'p5.js, Web Audio API, Risograph',
    tagsInput: 'generative-art, print',
    startDate: '2024-04-02',
    endDate: '2024-05-17',
  },
  {
    name: 'Habit Tracker App',
    description: 'A gentle habit tracker with no streak shaming: missed days simply fade out.',
    category: 'personal',
    status: 'completed',
    progress: '100',
    technologiesInput: 'React Native, SQLite',
    tagsInput: 'wellbeing, mobile',
    startDate: '2024-06-03',
    endDate: '2024-08-30',
  },
  {
    name: 'Screen Reader Usability Study',
    description: 'Eight sessions with screen-reader users on data tables, written up as practical guidelines.',
    category: 'research',
    status: 'completed',
    progress: '100',
    technologiesInput: 'NVDA, VoiceOver, Dovetail',
    tagsInput: 'research, accessibility',
    startDate: '2024-09-09',
    endDate: '2024-10-25',
  },
  {
    name: 'Design Token Pipeline',
    description: 'One source of colour, type and spacing tokens exported to CSS, iOS and Android.',
    category: 'ui-ux-design',
    status: 'completed',
    progress: '100',
    technologiesInput: 'Style Dictionary, Figma API, Node.js',
    tagsInput: 'design-system, tooling',
    startDate: '2024-11-04',
    endDate: '2024-12-20',
  },
];
