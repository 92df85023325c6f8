// Runs in <head> before first paint, on every page. Kept small and plain (no modules, no build step).
(function () {
  var root = document.documentElement;
  // The saved theme, so no page flashes the wrong one.
  var theme = 'system';
  try {
    theme = localStorage.getItem('theme') || 'system';
  } catch (e) {}
  var dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  // The theme toggle's icon and label follow this attribute, so they are right before any script runs.
  root.setAttribute('data-theme-preference', theme === 'light' || theme === 'dark' ? theme : 'system');

  // Accessibility settings (src/lib/accessibility-settings.ts is the reference; a unit test runs this
  // file against it): SPEC defaults, adjusted by the system, then whatever valid fields are stored.
  var s = {
    reduceMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
    disableAutoplay: false,
    slowAnimations: false,
    highContrast: matchMedia('(prefers-contrast: more)').matches,
    reducedTransparency: false,
    enlargeText: false,
    focusIndicators: true,
    colorBlindFriendly: false,
    simplerLanguage: false,
    showProgress: true,
    breadcrumbs: false,
    sectionLabels: true,
    reducedStimuli: false,
    calmColors: false,
    noFlashing: false,
    quietMode: false,
    singleTaskMode: false,
    hideDistractions: false,
    emphasizeImportant: false,
    breakReminders: false,
    fontSize: 16,
    lineHeight: 1.5,
    colorScheme: 'default',
    layout: 'default',
    breakReminderMinutes: 25,
    letterSpacing: 0,
    wordSpacing: 0,
    paragraphSpacing: 0,
    typeface: 'default',
    contentWidth: 'wide',
    readingRuler: 0,
  };
  var choices = {
    colorScheme: ['default', 'calm', 'high-contrast', 'warm'],
    layout: ['default', 'minimal', 'spacious'],
    typeface: ['default', 'atkinson-hyperlegible', 'opendyslexic', 'serif'],
    contentWidth: ['wide', 'medium', 'narrow'],
    readingRuler: [0, 1, 3, 5],
  };
  // [min, max, step]; whole numbers unless the step says otherwise.
  var ranges = {
    fontSize: [12, 24, 1],
    lineHeight: [1.2, 2.5, 0.1],
    breakReminderMinutes: [5, 120, 1],
    letterSpacing: [0, 0.2, 0.01],
    wordSpacing: [0, 0.5, 0.1],
    paragraphSpacing: [0, 2, 0.5],
  };
  var stored = null;
  try {
    stored = JSON.parse(localStorage.getItem('accessibility-settings'));
  } catch (e) {}
  var key, value, range;
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (key in s) {
      if (!Object.prototype.hasOwnProperty.call(stored, key)) continue;
      value = stored[key];
      range = ranges[key];
      if (
        typeof s[key] === 'boolean'
          ? typeof value === 'boolean'
          : choices[key]
            ? choices[key].indexOf(value) >= 0
            : typeof value === 'number' &&
              value >= range[0] &&
              value <= range[1] &&
              (key === 'lineHeight'
                ? /^\d+(\.\d)?$/.test(String(value))
                : range[2] < 1
                  ? /^\d+(\.\d{1,2})?$/.test(String(value)) &&
                    Math.abs(value / range[2] - Math.round(value / range[2])) < 1e-9
                  : value % 1 === 0)
      ) {
        s[key] = value;
      }
    }
  }
  var classes = [];
  for (key in s) if (s[key] === true) classes.push('a11y-' + key.replace(/[A-Z]/g, function (c) { return '-' + c.toLowerCase(); }));
  if (s.colorScheme !== 'default') classes.push('a11y-scheme-' + s.colorScheme);
  if (s.layout !== 'default') classes.push('a11y-layout-' + s.layout);
  if (s.typeface !== 'default') classes.push('a11y-typeface-' + s.typeface);
  if (s.contentWidth !== 'wide') classes.push('a11y-width-' + s.contentWidth);
  if (s.readingRuler !== 0) classes.push('a11y-ruler-' + s.readingRuler);
  if (s.letterSpacing > 0) classes.push('a11y-letter-spacing');
  if (s.wordSpacing > 0) classes.push('a11y-word-spacing');
  if (s.paragraphSpacing > 0) classes.push('a11y-paragraph-spacing');
  for (var i = 0; i < classes.length; i++) root.classList.add(classes[i]);
  var size = (s.fontSize * (s.enlargeText ? 1.125 : 1) * 100) / 16;
  root.style.setProperty('--font-size', Math.round(size * 1000) / 1000 + '%');
  root.style.setProperty('--line-height', String(s.lineHeight));
  root.style.setProperty('--motion-scale', s.reduceMotion ? '0' : s.slowAnimations ? '2' : '1');
  root.style.setProperty('--letter-spacing', s.letterSpacing + 'em');
  root.style.setProperty('--word-spacing', s.wordSpacing + 'em');
  root.style.setProperty('--paragraph-spacing', s.paragraphSpacing + 'em');
  var badges = [];
  if (s.reduceMotion) badges.push('reduced-motion');
  if (s.highContrast || s.colorScheme === 'high-contrast') badges.push('high-contrast');
  if (s.enlargeText || s.fontSize > 16) badges.push('large-text');
  if (s.singleTaskMode || s.hideDistractions) badges.push('focus-mode');
  if (s.calmColors || s.reducedStimuli || s.colorScheme === 'calm') badges.push('calm-mode');
  root.setAttribute('data-a11y-badges', badges.join(' '));

  // The 'Listen' controls show only where the browser can speak (src/components/accessibility/ListenControl.astro).
  if (typeof speechSynthesis !== 'undefined' && typeof SpeechSynthesisUtterance !== 'undefined') root.classList.add('can-speak');

  // Images that fail to load are hidden, never a broken-image icon (error events do not bubble: capture them).
  document.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target.tagName === 'IMG' && target.classList.contains('hide-on-error')) target.hidden = true;
    },
    true,
  );
  // A form of an island that has not hydrated yet (it carries data-hydrating) would submit natively and
  // reload the page, losing what was typed: the press is held, and the island sends it once it is ready
  // (src/islands/early-input.ts).
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!form || !form.hasAttribute || !form.hasAttribute('data-hydrating')) return;
      event.preventDefault();
      form.setAttribute('data-held-submit', '');
    },
    true,
  );
  // A button of an island whose script has not run yet (Astro keeps `ssr` on the island until it has) would do
  // nothing when pressed: the press is held, the button says it is busy, and it is pressed again once the island
  // has hydrated. Submit buttons of a form are the submit listener's above.
  document.addEventListener(
    'click',
    function (event) {
      var button = event.target && event.target.closest ? event.target.closest('button') : null;
      var island = button ? button.closest('astro-island[ssr]') : null;
      if (!island || (button.form && button.type === 'submit') || button.disabled) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (button.hasAttribute('data-held-click')) return;
      button.setAttribute('data-held-click', '');
      button.setAttribute('aria-busy', 'true');
      island.addEventListener(
        'astro:hydrate',
        function () {
          // React attaches its handlers as it hydrates; the press is sent on the next frame, to the button then in
          // the page (hydration keeps the element).
          requestAnimationFrame(function () {
            button.removeAttribute('data-held-click');
            button.removeAttribute('aria-busy');
            if (button.isConnected && !button.disabled) button.click();
          });
        },
        { once: true },
      );
    },
    true,
  );
  // Nothing starts moving by itself when the person asked for stillness: autoplaying media is paused.
  if (s.disableAutoplay || s.reduceMotion) {
    document.addEventListener('DOMContentLoaded', function () {
      var media = document.querySelectorAll('video[autoplay], audio[autoplay]');
      for (var j = 0; j < media.length; j++) {
        media[j].autoplay = false;
        media[j].pause();
      }
    });
  }
})();
