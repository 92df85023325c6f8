import type { AccessibilitySettings, AccessibilitySwitch } from '#src/lib/accessibility-settings.ts';

/** Plain explanations of what each switch does, as the drawer shows them. */
export const EXPLANATIONS: Record<AccessibilitySwitch, string> = {
  reduceMotion: 'Stops animations and sliding or fading transitions.',
  slowAnimations: 'Animations that remain play at half speed.',
  disableAutoplay: 'Nothing starts moving or playing by itself.',
  noFlashing: 'No pulsing, blinking or flashing parts, such as loading placeholders.',
  enlargeText: 'All text one step larger than the text size below.',
  simplerLanguage: 'Longer explanations are replaced by short, plain ones.',
  highContrast: 'Darker (or brighter) text and firmer borders in the current colour scheme.',
  colorBlindFriendly: 'Colours that stay distinct with common colour-vision differences; statuses also get shapes.',
  calmColors: 'Softer, less saturated accent, status and chart colours.',
  reducedTransparency: 'Solid backgrounds instead of see-through or blurred ones.',
  singleTaskMode: 'One column and only the main content: one thing at a time.',
  hideDistractions: 'Hides secondary sections such as carousels, the Now footer and the mood matcher.',
  emphasizeImportant: 'Main actions and key figures stand out more.',
  reducedStimuli: 'No glows, shadows or hover effects, and softer images.',
  quietMode: 'Decorative parts and glows are hidden; nothing pulses.',
  breakReminders: 'A gentle note suggests a short break after a while.',
  focusIndicators: 'A thick ring shows clearly where the keyboard focus is.',
  showProgress: 'A thin bar at the top shows how far down the page you are.',
  breadcrumbs: 'A trail above the page shows where you are in the site.',
  sectionLabels: 'Each part of a page is labelled; the status panel shows the part you are in.',
};

export type Row =
  | { kind: 'switch'; key: AccessibilitySwitch }
  | {
      kind:
        | 'fontSize'
        | 'lineHeight'
        | 'letterSpacing'
        | 'wordSpacing'
        | 'paragraphSpacing'
        | 'typeface'
        | 'contentWidth'
        | 'readingRuler'
        | 'breakReminderMinutes'
        | 'colorScheme'
        | 'layout';
    };

/** Every setting, grouped by what a person is trying to do. */
export const GROUPS: { title: string; rows: Row[] }[] = [
  {
    title: 'Text and reading',
    rows: [
      { kind: 'fontSize' },
      { kind: 'lineHeight' },
      { kind: 'readingRuler' },
      { kind: 'switch', key: 'enlargeText' },
      { kind: 'switch', key: 'simplerLanguage' },
    ],
  },
  {
    title: 'Letters and lines',
    rows: [
      { kind: 'typeface' },
      { kind: 'letterSpacing' },
      { kind: 'wordSpacing' },
      { kind: 'paragraphSpacing' },
      { kind: 'contentWidth' },
    ],
  },
  {
    title: 'Colour and contrast',
    rows: [
      { kind: 'colorScheme' },
      { kind: 'switch', key: 'highContrast' },
      { kind: 'switch', key: 'colorBlindFriendly' },
      { kind: 'switch', key: 'calmColors' },
      { kind: 'switch', key: 'reducedTransparency' },
    ],
  },
  {
    title: 'Motion',
    rows: [
      { kind: 'switch', key: 'reduceMotion' },
      { kind: 'switch', key: 'slowAnimations' },
      { kind: 'switch', key: 'disableAutoplay' },
      { kind: 'switch', key: 'noFlashing' },
    ],
  },
  {
    title: 'Calm and focus',
    rows: [
      { kind: 'switch', key: 'reducedStimuli' },
      { kind: 'switch', key: 'quietMode' },
      { kind: 'switch', key: 'singleTaskMode' },
      { kind: 'switch', key: 'hideDistractions' },
      { kind: 'switch', key: 'emphasizeImportant' },
      { kind: 'switch', key: 'breakReminders' },
      { kind: 'breakReminderMinutes' },
    ],
  },
  {
    title: 'Finding your way',
    rows: [
      { kind: 'layout' },
      { kind: 'switch', key: 'focusIndicators' },
      { kind: 'switch', key: 'showProgress' },
      { kind: 'switch', key: 'breadcrumbs' },
      { kind: 'switch', key: 'sectionLabels' },
    ],
  },
];

export const ROW_EXPLANATIONS: Record<Exclude<Row['kind'], 'switch'>, string> = {
  fontSize: 'The base size of all text; everything on the page grows with it.',
  lineHeight: 'The space between lines of text.',
  letterSpacing: 'Extra space between letters.',
  wordSpacing: 'Extra space between words.',
  paragraphSpacing: 'Extra space after each paragraph.',
  typeface: 'The letters all text is set in. Other typefaces download only when you choose them.',
  contentWidth: 'How long a line of text may grow before it wraps. Shorter lines are easier to follow.',
  readingRuler:
    'A clear band of 1, 3 or 5 lines that follows your pointer and keyboard focus; the rest of the page is dimmed. Tab to it and press ↑ or ↓ to move it a line.',
  breakReminderMinutes: 'How long you use the site before a break reminder appears.',
  colorScheme: 'A whole set of colours: default, calm (soft and muted), high contrast or warm.',
  layout: 'Minimal is narrower with fewer decorations; spacious adds room between everything.',
};

export type Settings = AccessibilitySettings;
