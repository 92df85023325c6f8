// Runs right after the accessibility chrome's markup. Starts its script (chrome.ts, built under the
// name astro.config.mjs gives it) once the page has painted: when the browser is idle after the load
// event, or at once on the person's first touch, click, key or focus. On a phone its request would
// otherwise share the first round trips with the page's own content and largest image. A press on one
// of its buttons before it runs is replayed once it is ready (it sets data-chrome="ready" on <html> and
// fires 'a11y-chrome-ready').
(function () {
  var root = document.documentElement;
  // Before the first paint: the status panel as the person left it, its switches as the settings are.
  try {
    var chip = document.querySelector('[data-status-toggle]');
    var body = document.querySelector('[data-status-body]');
    if (chip && body && localStorage.getItem('accessibility-panel') === 'open') {
      chip.setAttribute('aria-expanded', 'true');
      body.hidden = false;
    }
  } catch (e) {}
  document.querySelectorAll('[data-quick]').forEach(function (button) {
    button.setAttribute('aria-checked', String(root.classList.contains(button.dataset.quickClass)));
  });
  var started = false;
  var pending = null;
  var types = ['pointerdown', 'keydown', 'focusin', 'click'];
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
    var button = event.target.closest && event.target.closest('[data-open-settings],[data-status-toggle],[data-quick]');
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pending = button;
  }
  types.forEach(function (type) {
    document.addEventListener(type, onFirstUse, true);
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
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
})();
