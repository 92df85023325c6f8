/** Mind & Body's static sample wellness data (SPEC §2 "Mind & Body", §3 "Wellness activity"). */

export const WELLNESS_METRICS = [
  { key: 'mood', label: 'Mood', value: '8', unit: '/10', note: 'Calm and steady' },
  { key: 'energy', label: 'Energy', value: '7', unit: '/10', note: 'Good after a walk' },
  { key: 'stress', label: 'Stress', value: '3', unit: '/10', note: 'Low' },
  { key: 'sleep', label: 'Sleep', value: '7.5', unit: 'h', note: '30 min more than average' },
  { key: 'steps', label: 'Steps', value: '8,432', unit: '', note: '84% of 10,000' },
  { key: 'hydration', label: 'Hydration', value: '6', unit: '/8 glasses', note: 'Two to go' },
] as const;

export type WellnessMetricKey = (typeof WELLNESS_METRICS)[number]['key'];

export interface WellnessActivity {
  id: number;
  type: 'meditation' | 'exercise' | 'break' | 'breathing';
  title: string;
  /** Minutes. */
  duration: number;
  time: string;
  completed: boolean;
  benefit: string;
}

export const ACTIVITIES: WellnessActivity[] = [
  { id: 1, type: 'meditation', title: 'Morning meditation', duration: 10, time: '07:30', completed: true, benefit: 'Sets a calm tone for the day' },
  { id: 2, type: 'exercise', title: 'Walk by the river', duration: 25, time: '12:15', completed: true, benefit: 'Movement and daylight' },
  { id: 3, type: 'break', title: 'Screen break', duration: 5, time: '15:00', completed: false, benefit: 'Rests the eyes and the mind' },
  { id: 4, type: 'breathing', title: 'Box breathing', duration: 4, time: '17:30', completed: false, benefit: 'Lowers stress before the evening' },
];

export const ACTIVITY_TYPE_LABEL: Record<WellnessActivity['type'], string> = {
  meditation: 'Meditation',
  exercise: 'Exercise',
  break: 'Break',
  breathing: 'Breathing',
};

export const INSIGHTS = [
  { title: 'Sleep and focus', text: 'On days after 7 or more hours of sleep, your deep-work sessions ran 40 minutes longer.' },
  { title: 'Walks lower stress', text: 'Stress was lower on every day with a lunchtime walk this week.' },
  { title: 'Afternoon dip', text: 'Energy drops around 15:00; a short screen break there helped on four of five days.' },
] as const;

export const WEEKLY_SUMMARY = [
  { label: 'Meditation sessions', value: '6' },
  { label: 'Active minutes', value: '185' },
  { label: 'Average sleep', value: '7.3 h' },
  { label: 'Average mood', value: '7.6/10' },
] as const;

export const QUICK_ACTIONS = [
  { title: 'Box breathing', duration: '4 min', description: 'Breathe in, hold, out, hold: four counts each.' },
  { title: 'Desk stretch', duration: '5 min', description: 'Neck, shoulders and wrists, seated.' },
  { title: 'Mindful pause', duration: '3 min', description: 'Notice five things you can see and hear.' },
] as const;

/**
 * SPEC §2: movement 30 min, mindfulness 15 min, hydration 8 glasses; each the daily goal of its metric where that
 * metric has one (issue 30, item 5), else SPEC's sample, marked as one.
 */
export const DAILY_GOALS = [
  { label: 'Movement', metric: 'workout-minutes', done: 25, target: 30, unit: 'min' },
  { label: 'Mindfulness', metric: 'mindful-minutes', done: 10, target: 15, unit: 'min' },
  { label: 'Hydration', metric: 'water', done: 6, target: 8, unit: 'glasses' },
] as const;
