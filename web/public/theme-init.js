// Runs before the bundle so the first paint already uses the stored theme (dark by default).
(function () {
  var mode = 'dark';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') mode = stored;
    var lang = window.localStorage.getItem('language');
    if (lang === 'en' || lang === 'bs' || lang === 'hr' || lang === 'sr') document.documentElement.lang = lang;
  } catch {
    /* storage blocked: keep defaults */
  }
  if (mode === 'system') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
  }
  document.documentElement.style.colorScheme = mode;
  document.documentElement.style.backgroundColor = mode === 'dark' ? '#121212' : '#f5f6f8';
})();
