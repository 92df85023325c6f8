// Runs in <head> before first paint, on every page.
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
  // Images that fail to load are hidden, never a broken-image icon (error events do not bubble: capture them).
  document.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target.tagName === 'IMG' && target.classList.contains('hide-on-error')) target.hidden = true;
    },
    true,
  );
})();
