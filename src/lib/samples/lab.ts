/** The Lab's static sample content (SPEC §2 "Lab", §3 "Lab experiment" and "Prototype"). */

export type LabStatus = 'active' | 'testing' | 'planning' | 'completed';

export interface Experiment {
  id: number;
  title: string;
  description: string;
  status: LabStatus;
  progress: number;
  category: 'ai' | 'accessibility' | 'health' | 'analytics';
  technologies: string[];
  lastUpdate: string;
  results: string;
}

export const EXPERIMENTS: Experiment[] = [
  {
    id: 1,
    title: 'Plain-language rewriter',
    description: 'A small local language model that rewrites dense interface copy into plain language without changing its meaning.',
    status: 'active',
    progress: 65,
    category: 'ai',
    technologies: ['Python', 'llama.cpp', 'FastAPI'],
    lastUpdate: '2 days ago',
    results: 'Readers judged 87% of rewrites to keep their meaning.',
  },
  {
    id: 2,
    title: 'Focus ring finder',
    description: 'A browser extension that makes the keyboard focus impossible to lose: a thick, animated-only-once ring that follows it.',
    status: 'testing',
    progress: 85,
    category: 'accessibility',
    technologies: ['TypeScript', 'Web Extensions API'],
    lastUpdate: '5 days ago',
    results: 'Testers found the focus 3× faster on busy pages.',
  },
  {
    id: 3,
    title: 'Break-reminder rhythms',
    description: 'Reminders that follow your own working rhythm instead of a fixed timer, learned from when you actually pause.',
    status: 'planning',
    progress: 15,
    category: 'health',
    technologies: ['React Native', 'SQLite'],
    lastUpdate: '1 week ago',
    results: 'Interviews with six people who use break timers are planned.',
  },
  {
    id: 4,
    title: 'Calm analytics',
    description: 'Privacy-first page analytics that report trends in plain sentences instead of dashboards full of numbers.',
    status: 'active',
    progress: 40,
    category: 'analytics',
    technologies: ['Node.js', 'PostgreSQL', 'Chart.js'],
    lastUpdate: 'Yesterday',
    results: 'First weekly summaries are being written from real traffic.',
  },
];

export type PrototypeStatus = 'live' | 'testing' | 'concept';

export interface Prototype {
  id: number;
  name: string;
  description: string;
  type: string;
  status: PrototypeStatus;
}

export const PROTOTYPES: Prototype[] = [
  { id: 1, name: 'Mood-to-palette', description: 'Type a feeling, get an accessible colour palette.', type: 'Web app', status: 'live' },
  { id: 2, name: 'Sound-scrub chart', description: 'Hear a line chart by scrubbing it with the arrow keys.', type: 'Component', status: 'testing' },
  { id: 3, name: 'Quiet notifications', description: 'Notifications that wait until you finish a task.', type: 'Browser extension', status: 'concept' },
];

/** SPEC §2 and §9: fixed figures. */
export const LAB_STATS = [
  { label: 'Active Experiments', value: '4' },
  { label: 'Completed This Year', value: '12' },
  { label: 'Success Rate', value: '78%' },
  { label: 'Technologies Used', value: '23' },
] as const;

export const INNOVATIONS = [
  { title: 'Sonified charts', description: 'Line charts you can hear, now part of the Accessible Chart Kit.', date: 'March 2025' },
  { title: 'Calm palette generator', description: 'Palettes that keep 4.5:1 contrast while staying low-stimulus.', date: 'January 2025' },
  { title: 'Reading-level checker', description: 'A pre-commit check that flags interface copy above a reading age of 12.', date: 'November 2024' },
] as const;

/** How each status reads and which colour its dot takes (SPEC §4: planning is blue). */
export const LAB_STATUS: Record<LabStatus | PrototypeStatus, { label: string; dot: string }> = {
  active: { label: 'Active', dot: 'fill-emerald-500' },
  testing: { label: 'Testing', dot: 'fill-amber-500' },
  planning: { label: 'Planning', dot: 'fill-blue-500' },
  completed: { label: 'Completed', dot: 'fill-slate-400' },
  live: { label: 'Live', dot: 'fill-emerald-500' },
  concept: { label: 'Concept', dot: 'fill-violet-500' },
};

export const LAB_CATEGORY: Record<Experiment['category'], string> = {
  ai: 'AI',
  accessibility: 'Accessibility',
  health: 'Health',
  analytics: 'Analytics',
};
