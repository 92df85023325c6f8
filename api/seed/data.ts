import type { currentActivities, galleryImages, kpis, nowItems, playlists, projects, timelineEvents, trends } from '../db/schema.ts';

/*
 * Demo content for a fresh install: the owner is a creative technologist who builds accessible,
 * neurodivergent-friendly tools, runs AI experiments and makes generative art. Plain data only;
 * api/seed/index.ts stores it and api/seed/images.ts draws the artwork named here.
 */

/** The artwork motif api/seed/images.ts draws for a cover or gallery picture. */
export type Motif = 'orbits' | 'grid' | 'waves' | 'blocks' | 'bloom' | 'bars';

type Row<T extends { $inferInsert: object }, Omitted extends string> = Required<Omit<T['$inferInsert'], Omitted>>;

export type SeedProject = Omit<Row<typeof projects, 'id' | 'imageUrl' | 'createdAt'>, 'url'> & {
  url: string | null;
  /** Accent colour of the generated cover. */
  accent: string;
  motif: Motif;
};
export type SeedGalleryImage = Row<typeof galleryImages, 'id' | 'projectId' | 'imageUrl' | 'createdAt'> & {
  accent: string;
  motif: Motif;
};
/** Metric links and visibility are added by api/seed/metrics.ts. */
export type SeedKpi = Row<typeof kpis, 'id' | 'updatedAt' | 'metricId' | 'visibility'>;
export type SeedTrend = Row<typeof trends, 'id' | 'updatedAt' | 'metricId' | 'visibility'>;
export type SeedTimelineEvent = Row<typeof timelineEvents, 'id' | 'createdAt'>;
export type SeedActivity = Row<typeof currentActivities, 'id' | 'updatedAt'>;
export type SeedNowItem = Row<typeof nowItems, 'id' | 'updatedAt'>;
export type SeedPlaylist = Row<typeof playlists, 'imageUrl' | 'createdAt'> & {
  /** When set, a cover is generated in this accent; otherwise the playlist has no image. */
  coverAccent: string | null;
};

export const PROJECT_CATEGORIES = ['development', 'creative', 'personal', 'research', 'ui-ux-design'] as const;
export const PROJECT_STATUSES = ['planned', 'active', 'completed'] as const;
export const GALLERY_CATEGORIES = ['logo', 'mockup', 'branding', 'web', 'uncategorized'] as const;
export const MOODS = ['focused', 'energetic', 'relaxed', 'creative', 'productive', 'coding'] as const;
export const ACTIVITIES = ['work', 'study', 'workout', 'creativity', 'relaxation'] as const;
export const KPI_ICONS = ['Package', 'Bot', 'Box', 'DollarSign', 'Clock', 'BookOpen', 'Heart', 'Flame', 'TrendingUp', 'Users', 'Code', 'Zap'] as const;

/** The mint accent of the whole site (SPEC's default colour). */
export const MINT = '#6fffe9';

/** Twelve projects across every category and status; the first one gets SPEC's sample gallery. */
export const seedProjects: SeedProject[] = [
  {
    name: 'Calm Canvas Design System',
    description:
      'A design system built around low-stimulus defaults: calm palettes that still hold 4.5:1 contrast, motion that switches off with one preference, and focus rings you can find at a glance. Its 48 components were shaped in fortnightly sessions with nine neurodivergent testers.',
    status: 'completed',
    progress: 100,
    category: 'ui-ux-design',
    tags: ['accessibility', 'design-system', 'neurodivergent'],
    technologies: ['Figma', 'React', 'TypeScript', 'Storybook', 'CSS custom properties'],
    startDate: '2024-03-04',
    endDate: '2024-09-27',
    url: 'https://example.com/calm-canvas',
    accent: MINT,
    motif: 'blocks',
  },
  {
    name: 'Accessible Chart Kit',
    description:
      'Chart components that can be read three ways: a sonified line you can scrub with the arrow keys, a keyboard-navigable data table, and a plain-language summary written from the numbers themselves.',
    status: 'active',
    progress: 45,
    category: 'development',
    tags: ['accessibility', 'data-viz', 'open-source'],
    technologies: ['TypeScript', 'Chart.js', 'Web Audio API', 'Vitest'],
    startDate: '2025-11-10',
    endDate: '2026-12-18',
    url: null,
    accent: '#60a5fa',
    motif: 'bars',
  },
  {
    name: 'Focus Tides',
    description:
      'A focus timer that adapts to you: it notices how long you really stay on task and slowly stretches or shortens sessions, using a soft tide animation instead of alarms. Works offline and never nags.',
    status: 'active',
    progress: 70,
    category: 'development',
    tags: ['adhd', 'productivity', 'mobile'],
    technologies: ['React Native', 'Expo', 'SQLite', 'TypeScript'],
    startDate: '2025-06-02',
    endDate: '2026-12-04',
    url: null,
    accent: '#22d3ee',
    motif: 'waves',
  },
  {
    name: 'Prompt Palette',
    description:
      'Turns a mood board into an accessible colour palette: a language model names the colours, and a contrast checker refuses every text pairing that fails WCAG before it reaches the export.',
    status: 'completed',
    progress: 100,
    category: 'development',
    tags: ['ai', 'colour', 'tooling'],
    technologies: ['SvelteKit', 'OpenAI API', 'culori', 'Vercel'],
    startDate: '2025-01-13',
    endDate: '2025-04-25',
    url: 'https://example.com/prompt-palette',
    accent: '#f472b6',
    motif: 'grid',
  },
  {
    name: 'Latent Gardens',
    description:
      'A generative art series that grows botanical forms out of a diffusion model\'s latent space, then pen-plots them on A3 cotton paper. Twelve prints were shown at a community gallery in autumn 2024.',
    status: 'completed',
    progress: 100,
    category: 'creative',
    tags: ['generative-art', 'ai', 'pen-plotter'],
    technologies: ['Python', 'PyTorch', 'p5.js', 'AxiDraw'],
    startDate: '2024-05-13',
    endDate: '2024-11-08',
    url: 'https://example.com/latent-gardens',
    accent: '#4ade80',
    motif: 'bloom',
  },
  {
    name: 'Murmuration',
    description:
      'A flocking installation for a public library\'s quiet hours, driven by the room\'s ambient sound: the louder the room gets, the slower and calmer the birds fly.',
    status: 'active',
    progress: 60,
    category: 'creative',
    tags: ['installation', 'generative-art', 'sound'],
    technologies: ['TouchDesigner', 'GLSL', 'Web Audio API'],
    startDate: '2025-09-01',
    endDate: '2026-12-11',
    url: null,
    accent: '#a78bfa',
    motif: 'orbits',
  },
  {
    name: 'Variable Type Posters',
    description:
      'Posters generated from the axes of variable fonts: weight follows the rhythm of a poem read aloud, width follows its pauses. Forty posters, each one printable as a risograph in two colours.',
    status: 'completed',
    progress: 100,
    category: 'creative',
    tags: ['typography', 'generative-art', 'print'],
    technologies: ['p5.js', 'Variable fonts', 'Canvas API'],
    startDate: '2024-02-05',
    endDate: '2024-04-19',
    url: 'https://example.com/variable-type-posters',
    accent: '#fbbf24',
    motif: 'bars',
  },
  {
    name: 'Routine Cards',
    description:
      'Visual routine cards made for a friend\'s autistic son, printable and screen-reader friendly. Open-sourced after other families asked for them; now translated into five languages by volunteers.',
    status: 'completed',
    progress: 100,
    category: 'personal',
    tags: ['autism', 'open-source', 'family'],
    technologies: ['Astro', 'SVG', 'Print CSS'],
    startDate: '2024-08-19',
    endDate: '2024-10-04',
    url: 'https://example.com/routine-cards',
    accent: '#fb923c',
    motif: 'grid',
  },
  {
    name: 'Garden Log',
    description:
      'A tiny offline-first log for the allotment: sowing dates, what thrived, what the slugs got. Voice notes first, typing optional, so it works with muddy hands.',
    status: 'planned',
    progress: 0,
    category: 'personal',
    tags: ['offline-first', 'voice', 'side-project'],
    technologies: ['PWA', 'IndexedDB', 'Web Speech API'],
    startDate: '2026-12-07',
    endDate: '2026-12-31',
    url: null,
    accent: '#86efac',
    motif: 'bloom',
  },
  {
    name: 'Plain Language Lens',
    description:
      'Can a small local language model rewrite dense interface copy into plain language without changing what it means? Evaluated with readers who have dyslexia or ADHD, against a human-edited baseline.',
    status: 'active',
    progress: 35,
    category: 'research',
    tags: ['ai', 'plain-language', 'user-research'],
    technologies: ['Python', 'llama.cpp', 'Hugging Face Transformers', 'Label Studio'],
    startDate: '2025-10-06',
    endDate: '2026-12-22',
    url: null,
    accent: '#38bdf8',
    motif: 'waves',
  },
  {
    name: 'Sensory Load Study',
    description:
      'A six-week diary study with 14 neurodivergent participants, mapping which interface patterns (autoplay, badge counters, dense tables) raise sensory load and how people cope with them. The report is free to read.',
    status: 'completed',
    progress: 100,
    category: 'research',
    tags: ['neurodivergent', 'diary-study', 'report'],
    technologies: ['Dovetail', 'Figma', 'R'],
    startDate: '2024-09-02',
    endDate: '2025-02-28',
    url: 'https://example.com/sensory-load-study',
    accent: '#fb7185',
    motif: 'orbits',
  },
  {
    name: 'Quiet Mode for the Web',
    description:
      'A browser extension that lays a reduced-stimulus layer over any site: it pauses autoplay, softens saturation and hides badge counters, with one shortcut to switch it all back.',
    status: 'planned',
    progress: 10,
    category: 'ui-ux-design',
    tags: ['accessibility', 'browser-extension', 'calm-tech'],
    technologies: ['WebExtensions', 'TypeScript', 'CSS'],
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    url: null,
    accent: '#c4b5fd',
    motif: 'blocks',
  },
];

/** The same list under the name the server and browser tests use. */
export const demoProjects = seedProjects;

/** SPEC's six sample gallery items, for the first project (order 1..6). */
export const seedGallery: SeedGalleryImage[] = [
  {
    title: 'Calm Canvas wordmark',
    description: 'The wordmark and monogram, drawn on an 8 px grid so it stays crisp at favicon size.',
    category: 'logo',
    order: 1,
    accent: MINT,
    motif: 'blocks',
  },
  {
    title: 'Settings drawer on mobile',
    description: 'The accessibility drawer with presets for ADHD, autism and dyslexia, in the calm colour scheme.',
    category: 'mockup',
    order: 2,
    accent: '#60a5fa',
    motif: 'grid',
  },
  {
    title: 'Palette and type specimen',
    description: 'Every colour pair with its contrast ratio, next to the system font stack at each step of the scale.',
    category: 'branding',
    order: 3,
    accent: '#f472b6',
    motif: 'bars',
  },
  {
    title: 'Documentation site',
    description: 'Component pages lead with the do and don\'t for sensory load before any code sample.',
    category: 'web',
    order: 4,
    accent: '#a78bfa',
    motif: 'waves',
  },
  {
    title: 'Workshop whiteboard',
    description: 'Sticky notes from the second tester session, where the idea of a single "calm" switch was born.',
    category: 'uncategorized',
    order: 5,
    accent: '#fbbf24',
    motif: 'orbits',
  },
  {
    title: 'Dashboard on a tablet',
    description: 'The stats grid in landscape, with motion reduced and the focus ring on the third card.',
    category: 'mockup',
    order: 6,
    accent: '#4ade80',
    motif: 'bloom',
  },
];

/** The eight stat cards, in grid order. Colours all hold 3:1 or better on the ink-navy surface. */
export const seedKpis: SeedKpi[] = [
  {
    name: 'Projects Shipped',
    value: '14',
    unit: 'projects',
    icon: 'Package',
    color: MINT,
    change: '+3 this quarter',
    sparklineData: [8, 9, 9, 10, 11, 11, 12, 13, 14],
    tooltip: 'Projects released to the public since January 2024, including open-source tools.',
    category: 'development',
    position: 0,
  },
  {
    name: 'AI Experiments',
    value: '27',
    unit: 'experiments',
    icon: 'Bot',
    color: '#a78bfa',
    change: '+6 this month',
    sparklineData: [2, 3, 5, 4, 6, 8, 7, 9, 12, 14],
    tooltip: 'Notebooks and prototypes in the lab, from local language models to latent-space art.',
    category: 'research',
    position: 1,
  },
  {
    name: 'Components Built',
    value: '112',
    unit: 'components',
    icon: 'Box',
    color: '#60a5fa',
    change: '+18 since v2',
    sparklineData: [64, 70, 78, 81, 90, 94, 101, 106, 112],
    tooltip: 'Accessible UI components across Calm Canvas and the chart kit, each tested with a screen reader.',
    category: 'development',
    position: 2,
  },
  {
    name: 'Studio Revenue',
    value: '$48.2k',
    unit: 'USD',
    icon: 'DollarSign',
    color: '#4ade80',
    change: '+12% vs last year',
    sparklineData: [3.1, 3.4, 2.8, 4.2, 3.9, 4.6, 4.1, 5.0, 4.4, 5.3, 4.8, 5.6],
    tooltip: 'Freelance and workshop income this year, before tax.',
    category: 'business',
    position: 3,
  },
  {
    name: 'Deep Work',
    value: '326',
    unit: 'hours',
    icon: 'Clock',
    color: '#fbbf24',
    change: '+41 h this month',
    sparklineData: [22, 28, 25, 31, 27, 35, 33, 38],
    tooltip: 'Uninterrupted focus blocks of 45 minutes or more, logged by Focus Tides.',
    category: 'productivity',
    position: 4,
  },
  {
    name: 'Books Read',
    value: '19',
    unit: 'books',
    icon: 'BookOpen',
    color: '#f472b6',
    change: '4 ahead of goal',
    sparklineData: [1, 3, 4, 6, 8, 9, 11, 13, 15, 17, 19],
    tooltip: 'Finished this year, audiobooks included. Currently reading sits in the Now section.',
    category: 'learning',
    position: 5,
  },
  {
    name: 'Mindful Minutes',
    value: '1,240',
    unit: 'minutes',
    icon: 'Heart',
    color: '#fb7185',
    change: '+9% vs last month',
    sparklineData: [18, 25, 20, 30, 15, 28, 32],
    tooltip: 'Breathing, walking and meditation sessions this year. Last seven days shown.',
    category: 'wellbeing',
    position: 6,
  },
  {
    name: 'Creative Streak',
    value: '38',
    unit: 'days',
    icon: 'Flame',
    color: '#fb923c',
    change: 'Personal best',
    sparklineData: [30, 31, 32, 33, 34, 35, 36, 37, 38],
    tooltip: 'Consecutive days with at least one sketch, commit or written note.',
    category: 'creative',
    position: 7,
  },
];

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const seedTrends: SeedTrend[] = [
  {
    name: 'Commits',
    data: [84, 96, 120, 110, 142, 131, 98, 105, 160, 174, 152, 139],
    labels: MONTHS,
    color: MINT,
    unit: 'commits',
    description: 'Commits across personal and open-source repositories each month.',
    change: '+18% year on year',
  },
  {
    name: 'Deep Work Hours',
    data: [21, 24, 30, 27, 33, 29, 22, 26, 35, 38, 36, 31],
    labels: MONTHS,
    color: '#fbbf24',
    unit: 'hours',
    description: 'Focus blocks of 45 minutes or more; the summer dip is a planned rest.',
    change: '+41 h vs last year',
  },
  {
    name: 'Generative Sketches',
    data: [12, 9, 15, 18, 22, 17, 25, 28, 19, 16, 21, 24],
    labels: MONTHS,
    color: '#a78bfa',
    unit: 'sketches',
    description: 'Daily sketches in p5.js and GLSL, kept or not.',
    change: '+35%',
  },
  {
    name: 'Accessibility Score',
    data: [88, 89, 91, 90, 93, 94, 94, 95, 96, 97, 97, 98],
    labels: MONTHS,
    color: '#4ade80',
    unit: '%',
    description: 'Average automated audit score across live projects, checked weekly.',
    change: '+10 points',
  },
];

export const seedTimeline: SeedTimelineEvent[] = [
  {
    date: '2024-02-05',
    title: 'Went independent',
    description: 'Left agency life to work as an independent creative technologist, with accessibility at the centre.',
    category: 'milestone',
    color: MINT,
    tags: ['career', 'studio'],
  },
  {
    date: '2024-04-19',
    title: 'Variable Type Posters printed',
    description: 'Forty risograph posters, every one generated from a recorded poem.',
    category: 'creative',
    color: '#fbbf24',
    tags: ['typography', 'print'],
  },
  {
    date: '2024-09-27',
    title: 'Calm Canvas 1.0 released',
    description: 'The design system went public with 48 components and a guide on sensory load.',
    category: 'development',
    color: '#60a5fa',
    tags: ['design-system', 'open-source'],
  },
  {
    date: '2024-11-08',
    title: 'Latent Gardens exhibition',
    description: 'Twelve pen-plotted prints on show for three weeks; two went to the local hospital\'s quiet room.',
    category: 'creative',
    color: '#4ade80',
    tags: ['exhibition', 'generative-art'],
  },
  {
    date: '2025-02-28',
    title: 'Sensory Load Study published',
    description: 'Findings from a six-week diary study with 14 participants, free to read and reuse.',
    category: 'research',
    color: '#fb7185',
    tags: ['research', 'neurodivergent'],
  },
  {
    date: '2025-05-16',
    title: 'Talk: designing for quiet',
    description: 'A 25-minute talk on low-stimulus interfaces for Global Accessibility Awareness Day.',
    category: 'community',
    color: '#f472b6',
    tags: ['speaking', 'accessibility'],
  },
  {
    date: '2025-08-11',
    title: 'Two weeks offline',
    description: 'A planned break: walking, a sketchbook and no screens. Came back with the Murmuration idea.',
    category: 'personal',
    color: '#86efac',
    tags: ['rest', 'wellbeing'],
  },
  {
    date: '2025-11-10',
    title: 'Chart kit kick-off',
    description: 'Started work on charts that can be heard, tabbed through and summarised in plain words.',
    category: 'development',
    color: '#38bdf8',
    tags: ['data-viz', 'accessibility'],
  },
  {
    date: '2026-03-21',
    title: 'First local-model results',
    description: 'Plain Language Lens kept meaning in 87% of rewrites judged by readers, against 93% for a human editor.',
    category: 'research',
    color: '#a78bfa',
    tags: ['ai', 'plain-language'],
  },
  {
    date: '2026-09-14',
    title: 'Workshop for library staff',
    description: 'Ran a hands-on session on calm, inclusive signage and screens before Murmuration goes up.',
    category: 'community',
    color: '#fb923c',
    tags: ['workshop', 'installation'],
  },
];

/** Exactly one 'focus' item: it feeds the dashboard's "Currently" pill. */
export const seedActivities: SeedActivity[] = [
  {
    type: 'focus',
    title: 'Building an accessible charting kit',
    subtitle: 'Accessible Chart Kit',
    description: 'This week: arrow-key scrubbing for the sonified line chart.',
    progress: 45,
    metadata: { project: 'Accessible Chart Kit', sessionMinutes: 50 },
  },
  {
    type: 'learning',
    title: 'Web Audio spatial panning',
    subtitle: 'Course, module 4 of 6',
    description: 'So the chart kit can place data points left to right in the stereo field.',
    progress: 66,
    metadata: { source: 'Online course' },
  },
  {
    type: 'wellbeing',
    title: 'Morning walk before screens',
    subtitle: '5 of 7 days this week',
    description: 'Twenty minutes outside before opening the laptop.',
    progress: 71,
    metadata: { streakDays: 12 },
  },
];

export const seedNowItems: SeedNowItem[] = [
  {
    type: 'spotify',
    title: 'Slow Orbit',
    subtitle: 'Kelp & Cable',
    description: 'From the Deep Work Drones playlist',
    progress: 45,
    metadata: { isPlaying: true, current: '1:48', duration: '3:57' },
  },
  {
    type: 'reading',
    title: 'Invisible Women',
    subtitle: 'Caroline Criado Perez',
    description: 'On how data that leaves people out shapes the things we design.',
    progress: 58,
    metadata: null,
  },
];

const spotify = (id: string) => `https://open.spotify.com/playlist/${id}`;

/** The mood matcher's catalogue: every mood × activity pair has at least two playlists. */
export const seedPlaylists: SeedPlaylist[] = [
  {
    id: 'u8jzPde0IgxLd6GncfBAep',
    name: 'Deep Work Drones',
    description: 'Slow ambient and drone for long, uninterrupted stretches. No vocals, no surprises.',
    tracksTotal: 84,
    spotifyUrl: spotify('u8jzPde0IgxLd6GncfBAep'),
    moods: ['focused', 'productive', 'coding'],
    activities: ['work', 'study'],
    coverAccent: MINT,
  },
  {
    id: 'fJBd0Kh8oOOL8dKLzdocJ2',
    name: 'Lo-fi for Linting',
    description: null,
    tracksTotal: 120,
    spotifyUrl: spotify('fJBd0Kh8oOOL8dKLzdocJ2'),
    moods: ['coding', 'focused', 'relaxed'],
    activities: ['work', 'study', 'creativity'],
    coverAccent: '#a78bfa',
  },
  {
    id: 'isAjIhKtJ0RlgLKOmxgJTe',
    name: 'Sprint Mode',
    description: 'Driving electronic at 124 to 130 BPM for the last push before a deadline.',
    tracksTotal: 62,
    spotifyUrl: spotify('isAjIhKtJ0RlgLKOmxgJTe'),
    moods: ['energetic', 'productive', 'coding'],
    activities: ['work', 'workout'],
    coverAccent: '#fb923c',
  },
  {
    id: 'KdNnFRIBXuDL7DxtpYlSXp',
    name: 'Interval Fuel',
    description: 'Big builds and drops, timed roughly to 40-second efforts and 20-second rests.',
    tracksTotal: 45,
    spotifyUrl: spotify('KdNnFRIBXuDL7DxtpYlSXp'),
    moods: ['energetic'],
    activities: ['workout'],
    coverAccent: null,
  },
  {
    id: 'fKtHF4vUCsMehGAkWvj7FA',
    name: 'Soft Focus Piano',
    description: 'Sparse solo piano for reading papers, and for winding down afterwards.',
    tracksTotal: 96,
    spotifyUrl: spotify('fKtHF4vUCsMehGAkWvj7FA'),
    moods: ['focused', 'relaxed'],
    activities: ['study', 'relaxation', 'work'],
    coverAccent: null,
  },
  {
    id: 'c9QeWJKY40uvSwMFLZDe1f',
    name: 'Sketchbook Hours',
    description: null,
    tracksTotal: 71,
    spotifyUrl: spotify('c9QeWJKY40uvSwMFLZDe1f'),
    moods: ['creative', 'relaxed'],
    activities: ['creativity', 'relaxation'],
    coverAccent: null,
  },
  {
    id: '8rESQedUStPKR0CsTy4Qwb',
    name: 'Generative Nights',
    description: 'Modular synths and glitchy textures that pair well with late-night shader tinkering.',
    tracksTotal: 58,
    spotifyUrl: spotify('8rESQedUStPKR0CsTy4Qwb'),
    moods: ['creative', 'coding', 'focused'],
    activities: ['creativity', 'work'],
    coverAccent: null,
  },
  {
    id: '8DwkNhFdnXsiVpzz63FfkC',
    name: 'Weightless',
    description: 'Ambient for breathing exercises and the ten minutes after a long video call.',
    tracksTotal: 40,
    spotifyUrl: spotify('8DwkNhFdnXsiVpzz63FfkC'),
    moods: ['relaxed'],
    activities: ['relaxation', 'study'],
    coverAccent: null,
  },
  {
    id: 'zJr4i0B3JrTAwR4y9ojflj',
    name: 'Morning Momentum',
    description: 'Upbeat indie and funk to get the first task of the day started.',
    tracksTotal: 88,
    spotifyUrl: spotify('zJr4i0B3JrTAwR4y9ojflj'),
    moods: ['energetic', 'productive', 'creative'],
    activities: ['work', 'workout', 'creativity'],
    coverAccent: null,
  },
  {
    id: 'oQoaF1LlqsajAIxNKu8iS2',
    name: 'Study Hall Strings',
    description: 'Modern classical and minimalist strings: no lyrics competing with what you read.',
    tracksTotal: 110,
    spotifyUrl: spotify('oQoaF1LlqsajAIxNKu8iS2'),
    moods: ['focused', 'productive'],
    activities: ['study', 'work'],
    coverAccent: null,
  },
  {
    id: 'G8NPRVdD53X83RZJzzzzgE',
    name: 'Run the Build',
    description: null,
    tracksTotal: 53,
    spotifyUrl: spotify('G8NPRVdD53X83RZJzzzzgE'),
    moods: ['energetic', 'coding'],
    activities: ['workout', 'work'],
    coverAccent: null,
  },
  {
    id: 'OzdmenCkhvMdgaKjIg8xNb',
    name: 'Pixel Pushers',
    description: 'Warm synth-pop for layout work, spacing tweaks and colour fiddling.',
    tracksTotal: 67,
    spotifyUrl: spotify('OzdmenCkhvMdgaKjIg8xNb'),
    moods: ['creative', 'productive', 'energetic'],
    activities: ['creativity', 'work', 'study'],
    coverAccent: null,
  },
  {
    id: 'e3nNyjOq9wMxEhh2FDEEtf',
    name: 'Quiet Hours',
    description: 'Field recordings, rain and soft guitars. Low stimulus by design.',
    tracksTotal: 35,
    spotifyUrl: spotify('e3nNyjOq9wMxEhh2FDEEtf'),
    moods: ['relaxed', 'focused'],
    activities: ['relaxation', 'study'],
    coverAccent: null,
  },
  {
    id: 'jgVvVqE1SkHbn88HxjSI6b',
    name: 'Flow State Jazz',
    description: null,
    tracksTotal: 76,
    spotifyUrl: spotify('jgVvVqE1SkHbn88HxjSI6b'),
    moods: ['productive', 'focused', 'creative'],
    activities: ['work', 'creativity', 'relaxation'],
    coverAccent: null,
  },
  {
    id: 'WHtP3fS2qHx6kwXoIIXGvO',
    name: 'Debugging at Dusk',
    description: 'Downtempo for patient problem solving, when the bug is hiding and rushing will not help.',
    tracksTotal: 64,
    spotifyUrl: spotify('WHtP3fS2qHx6kwXoIIXGvO'),
    moods: ['coding', 'relaxed', 'focused'],
    activities: ['work', 'relaxation', 'study'],
    coverAccent: null,
  },
  {
    id: 'oNZYW2mZp0zVZomHFwUbbY',
    name: 'Stretch and Reset',
    description: 'Gentle grooves for yoga, stretching and the walk home after training.',
    tracksTotal: 38,
    spotifyUrl: spotify('oNZYW2mZp0zVZomHFwUbbY'),
    moods: ['relaxed', 'energetic'],
    activities: ['workout', 'relaxation'],
    coverAccent: null,
  },
  {
    id: 'rEqmSM9wCZ7Uw9xfogoEmv',
    name: 'Brainstorm Bounce',
    description: 'Playful, bright and a little odd: for whiteboards, mind maps and first drafts.',
    tracksTotal: 49,
    spotifyUrl: spotify('rEqmSM9wCZ7Uw9xfogoEmv'),
    moods: ['creative', 'energetic'],
    activities: ['creativity', 'workout', 'study'],
    coverAccent: null,
  },
  {
    id: 'nEN5N1aE6PwZPf1Qh6yYTW',
    name: 'Ship It Friday',
    description: null,
    tracksTotal: 57,
    spotifyUrl: spotify('nEN5N1aE6PwZPf1Qh6yYTW'),
    moods: ['productive', 'energetic', 'coding'],
    activities: ['work', 'creativity', 'study'],
    coverAccent: null,
  },
  {
    id: 'mE4lBYOvfZ8UzDzV8fUkki',
    name: 'Calm Commits',
    description: 'Unhurried electronica for tidying code, writing docs and closing old issues.',
    tracksTotal: 72,
    spotifyUrl: spotify('mE4lBYOvfZ8UzDzV8fUkki'),
    moods: ['coding', 'productive', 'relaxed'],
    activities: ['study', 'relaxation', 'creativity'],
    coverAccent: null,
  },
  {
    id: 'bjL5DZPjN0MEQ7wjJJibaZ',
    name: 'Long Run Focus',
    description: 'Steady-tempo instrumentals for long runs and rides where the mind wanders less.',
    tracksTotal: 51,
    spotifyUrl: spotify('bjL5DZPjN0MEQ7wjJJibaZ'),
    moods: ['focused', 'productive'],
    activities: ['workout'],
    coverAccent: null,
  },
  {
    id: 'UPgHV7iB3m03nbqnsGpWLu',
    name: 'Code and Cardio',
    description: 'Synthwave and breakbeat that works on the treadmill and at the keyboard alike.',
    tracksTotal: 60,
    spotifyUrl: spotify('UPgHV7iB3m03nbqnsGpWLu'),
    moods: ['coding', 'energetic', 'focused'],
    activities: ['workout', 'work'],
    coverAccent: null,
  },
  {
    id: 'qIA1id6Vw5DQL05HA064Gi',
    name: 'Soft Shapes',
    description: null,
    tracksTotal: 43,
    spotifyUrl: spotify('qIA1id6Vw5DQL05HA064Gi'),
    moods: ['creative', 'relaxed', 'productive'],
    activities: ['creativity', 'relaxation', 'workout'],
    coverAccent: null,
  },
  {
    id: 'C3J27XDCG2LmlZGEONYlgC',
    name: 'Kitchen Disco Sundays',
    description: 'Joyful disco and house for cooking, tidying and dancing badly in socks.',
    tracksTotal: 92,
    spotifyUrl: spotify('C3J27XDCG2LmlZGEONYlgC'),
    moods: ['energetic', 'relaxed', 'creative'],
    activities: ['relaxation', 'creativity', 'workout'],
    coverAccent: null,
  },
];
