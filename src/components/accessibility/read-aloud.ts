/*
 * Read aloud (ListenControl.astro): the text of every [data-read-aloud] element, one utterance per sentence,
 * spoken by the browser's own speechSynthesis (nothing is sent anywhere). The sentence being read is
 * highlighted (CSS Custom Highlight API) and kept in view, without smooth scrolling under reduce motion.
 * Loaded by chrome.ts on the first press of 'Listen'; attach() then owns the control and starts reading.
 */

interface Sentence {
  text: string;
  range: Range;
}

/** Blocks read as units: a sentence never runs from a heading into the paragraph after it. */
const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, dd, dt, figcaption, td, th, pre';
/** Parts of a marked region that are not its text. */
const SKIPPED =
  'nav, [aria-hidden="true"], [hidden], script, style, button, [data-listen], [data-read-aloud-skip], .sr-only';

/** Splits a block's text into sentences, each with the Range it covers (so it can be highlighted). */
function sentencesOf(block: Element): Sentence[] {
  const nodes: { node: Text; start: number }[] = [];
  let text = '';
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(SKIPPED) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, start: text.length });
    text += node.nodeValue ?? '';
  }
  const pieces: { start: number; end: number }[] = [];
  if ('Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(document.documentElement.lang || undefined, { granularity: 'sentence' });
    for (const { index, segment } of segmenter.segment(text))
      pieces.push({ start: index, end: index + segment.length });
  } else {
    for (const match of text.matchAll(/[^.!?]+[.!?]*\s*/g))
      pieces.push({ start: match.index, end: match.index + match[0].length });
  }
  const at = (offset: number): [Text, number] => {
    let found = nodes[0]!;
    for (const entry of nodes) if (entry.start <= offset) found = entry;
    return [found.node, Math.min(offset - found.start, found.node.length)];
  };
  return pieces.flatMap(({ start, end }) => {
    const raw = text.slice(start, end);
    const spoken = raw.replace(/\s+/g, ' ').trim();
    if (!spoken) return [];
    // The range covers the words, not the spaces around them.
    const lead = raw.length - raw.trimStart().length;
    const trail = raw.length - raw.trimEnd().length;
    const range = document.createRange();
    range.setStart(...at(start + lead));
    range.setEnd(...at(end - trail));
    return [{ text: spoken, range }];
  });
}

function sentencesOnPage(): Sentence[] {
  const blocks = [...document.querySelectorAll('[data-read-aloud]')].flatMap((region) =>
    [...region.querySelectorAll(BLOCKS)].filter(
      (block) => !block.querySelector(BLOCKS) && !block.closest(SKIPPED) && block.checkVisibility(),
    ),
  );
  return blocks.flatMap(sentencesOf);
}

function reducedMotion(): boolean {
  return (
    document.documentElement.classList.contains('a11y-reduce-motion') ||
    matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The browser's voices, waiting briefly for a list that loads late (Chromium fills it after the first ask). */
async function voices(): Promise<SpeechSynthesisVoice[]> {
  const now = speechSynthesis.getVoices();
  if (now.length > 0) return now;
  await new Promise<void>((resolve) => {
    speechSynthesis.addEventListener('voiceschanged', () => resolve(), { once: true });
    setTimeout(resolve, 1000);
  });
  return speechSynthesis.getVoices();
}

/** The page's language first, the browser's default first within it. */
function ordered(list: SpeechSynthesisVoice[]): SpeechSynthesisVoice[] {
  const lang = (document.documentElement.lang || 'en').toLowerCase().split('-')[0]!;
  const rank = (voice: SpeechSynthesisVoice) =>
    (voice.lang.toLowerCase().startsWith(lang) ? 0 : 2) + (voice.default ? 0 : 1);
  return [...list].sort((a, b) => rank(a) - rank(b));
}

export function attach(control: HTMLElement): void {
  const play = control.querySelector<HTMLButtonElement>('[data-listen-play]')!;
  const label = control.querySelector<HTMLElement>('[data-listen-label]')!;
  const stop = control.querySelector<HTMLButtonElement>('[data-listen-stop]')!;
  const rate = control.querySelector<HTMLSelectElement>('[data-listen-rate]')!;
  const voiceSelect = control.querySelector<HTMLSelectElement>('[data-listen-voice]')!;
  const status = control.querySelector<HTMLElement>('[data-listen-status]')!;
  const highlights = 'highlights' in CSS ? CSS.highlights : null;

  let state: 'idle' | 'playing' | 'paused' = 'idle';
  let sentences: Sentence[] = [];
  let index = 0;
  let current: SpeechSynthesisUtterance | null = null;
  let available: SpeechSynthesisVoice[] = [];

  function show(next: typeof state, message: string): void {
    state = next;
    label.textContent = state === 'playing' ? 'Pause' : state === 'paused' ? 'Resume' : 'Listen';
    stop.hidden = state === 'idle';
    status.textContent = message;
    control.dataset.state = state;
  }

  function mark(sentence: Sentence | null): void {
    if (!highlights) return;
    if (!sentence) return void highlights.delete('read-aloud');
    highlights.set('read-aloud', new Highlight(sentence.range));
    const box = sentence.range.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    if (box.top < Math.max(header, 0) + 8 || box.bottom > window.innerHeight - 80) {
      window.scrollBy({ top: box.top - window.innerHeight / 3, behavior: reducedMotion() ? 'instant' : 'smooth' });
    }
  }

  function speak(at: number): void {
    const sentence = sentences[at];
    if (!sentence) return finish();
    index = at;
    const utterance = new SpeechSynthesisUtterance(sentence.text);
    utterance.rate = Number(rate.value) || 1;
    const voice = available.find((candidate) => candidate.voiceURI === voiceSelect.value);
    if (voice) utterance.voice = voice;
    utterance.lang = voice?.lang ?? document.documentElement.lang;
    utterance.onend = () => {
      if (current === utterance) speak(at + 1);
    };
    utterance.onerror = (event) => {
      if (current === utterance && event.error !== 'interrupted' && event.error !== 'canceled') {
        finish(`Reading stopped: the voice could not go on (${event.error}).`);
      }
    };
    current = utterance;
    mark(sentence);
    status.textContent = `Reading aloud: sentence ${at + 1} of ${sentences.length}.`;
    speechSynthesis.speak(utterance);
  }

  function finish(message = 'Finished reading.'): void {
    current = null;
    speechSynthesis.cancel();
    mark(null);
    show('idle', message);
  }

  /** Says the same sentence again with a new speed or voice. */
  function restartSentence(): void {
    if (state !== 'playing') return;
    current = null;
    speechSynthesis.cancel();
    speak(index);
  }

  async function start(): Promise<void> {
    available = ordered(await voices());
    if (available.length === 0) {
      show(
        'idle',
        'No voice installed: your device has no voice to read with. Your system’s speech settings can add one.',
      );
      return;
    }
    if (voiceSelect.options.length === 0) {
      for (const voice of available) voiceSelect.add(new Option(`${voice.name} (${voice.lang})`, voice.voiceURI));
    }
    for (const option of control.querySelectorAll<HTMLElement>('[data-listen-option]')) option.hidden = false;
    sentences = sentencesOnPage();
    if (sentences.length === 0) return show('idle', 'There is no text to read on this page.');
    speechSynthesis.cancel();
    show('playing', '');
    speak(0);
  }

  play.addEventListener('click', () => {
    if (state === 'idle') void start();
    else if (state === 'playing') {
      speechSynthesis.pause();
      show('paused', `Paused at sentence ${index + 1} of ${sentences.length}.`);
    } else {
      speechSynthesis.resume();
      show('playing', `Reading aloud: sentence ${index + 1} of ${sentences.length}.`);
    }
  });
  stop.addEventListener('click', () => {
    finish('Stopped.');
    play.focus();
  });
  rate.addEventListener('change', restartSentence);
  voiceSelect.addEventListener('change', restartSentence);
  // Leaving the page ends the reading (some browsers would go on speaking).
  window.addEventListener('pagehide', () => speechSynthesis.cancel());

  void start();
}
