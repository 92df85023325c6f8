// Runs right after the accessibility chrome's markup. Starts its script (chrome.ts, built under the
// name astro.config.mjs gives it; it also starts the theme menu's and the list search's) when it is first
// needed, never before the first paint: on the person's first touch, click, key, focus or scroll; or,
// when the browser is idle after the load event, for someone with settings of their own, an open status
// panel or a session to keep in step (break reminders, the panel's placement and reading progress, the
// preference sync). A visitor who only reads the page never loads it. A press on one of the buttons these
// scripts serve, before they run, is replayed once they are ready (chrome.ts sets data-chrome="ready" on
// <html> and fires 'a11y-chrome-ready').
(function () {
  var root = document.documentElement;
  // Before the first paint: the status panel as the person left it, its switches as the settings are.
  var neededAtOnce = root.dataset.session === 'in';
  try {
    var chip = document.querySelector('[data-status-toggle]');
    var body = document.querySelector('[data-status-body]');
    if (chip && body && localStorage.getItem('accessibility-panel') === 'open') {
      chip.setAttribute('aria-expanded', 'true');
      body.hidden = false;
      neededAtOnce = true;
    }
    if (localStorage.getItem('accessibility-settings') !== null) neededAtOnce = true;
  } catch (e) {}
  // The status chip sits in the strip the top bar keeps free under its row, however tall the bar is (large
  // text may wrap it), from the first paint on; chrome.ts takes over once it runs (breadcrumbs, scrolling).
  var header = document.querySelector('header');
  var status = document.querySelector('[data-a11y-status]');
  function place() {
    if (!header || !status || root.dataset.chrome === 'ready') return;
    var strip = parseFloat(getComputedStyle(header).paddingBottom) || 0;
    status.style.top = header.getBoundingClientRect().bottom - strip + 4 + 'px';
  }
  place();
  if (header && window.ResizeObserver) new ResizeObserver(place).observe(header);
  document.querySelectorAll('[data-quick]').forEach(function (button) {
    button.setAttribute('aria-checked', String(root.classList.contains(button.dataset.quickClass)));
  });
  var started = false;
  var pending = null;
  // The buttons whose press needs a script this starts: the chrome's own, the theme menu's choices, the
  // project list's category filters and the project cards' Details and Preview (chrome.ts starts those three),
  // and 'Listen'.
  var REPLAYED = '[data-open-settings],[data-status-toggle],[data-quick],[data-theme-choice],[data-portfolio-filter] button,[data-dialog-open],[data-listen-play]';
  var types = ['pointerdown', 'keydown', 'focusin', 'click', 'wheel', 'touchstart', 'scroll'];
  function start() {
    if (started) return;
    started = true;
    import('CHROME_SCRIPT').catch(function () {
      // Offline or a new deployment: the next interaction tries again.
      started = false;
    });
  }
  function onFirstUse(event) {
    start();
    if (event.type !== 'click') return;
    var button = event.target.closest && event.target.closest(REPLAYED);
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pending = button;
  }
  types.forEach(function (type) {
    // Passive but for clicks (a replayed press is held back), so scrolling never waits for this.
    document.addEventListener(type, onFirstUse, { capture: true, passive: type !== 'click' });
  });
  document.addEventListener('a11y-chrome-ready', function () {
    types.forEach(function (type) {
      document.removeEventListener(type, onFirstUse, true);
    });
    if (pending) pending.click();
    pending = null;
  });
  function whenIdle() {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 1500 });
    else setTimeout(start, 200);
  }
  if (!neededAtOnce) return;
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
})();
