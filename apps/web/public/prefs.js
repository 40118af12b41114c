// Runs before the app bundle: apply the saved theme and accessibility settings, or the
// operating system's preferences on a first visit, so the first paint is already right.
(function () {
  var root = document.documentElement;
  var theme = null;
  var a11y = {};
  try {
    var t = JSON.parse(localStorage.getItem('theme_settings') || 'null');
    if (t && typeof t.name === 'string') theme = t.name;
    a11y = JSON.parse(localStorage.getItem('user_preferences') || '{}').accessibility || {};
  } catch {
    /* unreadable preferences: use the defaults */
  }
  var mq = function (q) {
    return window.matchMedia && window.matchMedia(q).matches;
  };
  if (!theme)
    theme = mq('(prefers-contrast: more)') ? 'high-contrast' : mq('(prefers-color-scheme: dark)') ? 'dark' : 'light';
  if (a11y.highContrast) theme = 'high-contrast';
  root.dataset.theme = theme;
  var sizes = { small: 14, medium: 16, large: 18, xlarge: 20 };
  root.style.fontSize = (sizes[a11y.fontSize] || 16) + 'px';
  var reduced = typeof a11y.reducedMotion === 'boolean' ? a11y.reducedMotion : mq('(prefers-reduced-motion: reduce)');
  if (reduced) root.dataset.reducedMotion = 'true';
})();
