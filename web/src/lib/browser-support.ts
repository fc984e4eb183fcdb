/**
 * Features the app relies on; a browser lacking any of them is too old to be supported.
 * Intl.Segmenter is the newest of these (2024 in all engines) and marks browsers older than about two years.
 */
export function missingBrowserFeatures(win: Window & typeof globalThis = window): string[] {
  const missing: string[] = [];
  if (typeof win.fetch !== 'function') missing.push('fetch');
  if (typeof win.structuredClone !== 'function') missing.push('structuredClone');
  if (typeof win.BroadcastChannel !== 'function') missing.push('BroadcastChannel');
  if (typeof win.Intl === 'undefined' || typeof (win.Intl as { Segmenter?: unknown }).Segmenter !== 'function')
    missing.push('Intl.Segmenter');
  if (typeof Array.prototype.at !== 'function') missing.push('Array.prototype.at');
  if (typeof Object.hasOwn !== 'function') missing.push('Object.hasOwn');
  return missing;
}
