/** Scaling of the hand-made SVG trend chart (no chart dependency: a few bars and lines keep the bundle light). */

/** A round axis maximum at or above `max` (1, 2, 5 × 10^n), at least 1 so an empty range still draws. */
export function niceMaxOf(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Axis ticks from 0 to `niceMax` at an even 1, 2 or 5 × 10^n step, at most `count` intervals, whole numbers only. */
export function ticksOf(options: { niceMax: number; count?: number }): number[] {
  const count = options.count ?? 5;
  const { niceMax } = options;
  let step = niceMax;
  for (let power = 1; power <= niceMax; power *= 10)
    for (const s of [1, 2, 5].map((m) => m * power)) if (s < step && niceMax % s === 0 && niceMax / s <= count) step = s;
  const ticks: number[] = [];
  for (let v = 0; v <= niceMax; v += step) ticks.push(v);
  return ticks;
}

export interface TChartLayout {
  /** x of each day's band start and its width. */
  bandWidth: number;
  xOf: (index: number) => number;
  /** y of a value (SVG coordinates, 0 at the top). */
  yOf: (value: number) => number;
  niceMax: number;
}

/** Bands of equal width across `width`, values from `top` (niceMax) down to `top + height` (0). */
export function chartLayoutOf(options: { days: number; maxValue: number; width: number; height: number; left?: number; top?: number }): TChartLayout {
  const left = options.left ?? 0;
  const top = options.top ?? 0;
  const niceMax = niceMaxOf(options.maxValue);
  const bandWidth = options.days > 0 ? options.width / options.days : options.width;
  return {
    bandWidth,
    xOf: (index) => left + index * bandWidth,
    yOf: (value) => top + options.height - (Math.max(0, value) / niceMax) * options.height,
    niceMax,
  };
}

/** An SVG polyline `points` attribute through the centre of each band. */
export function linePointsOf(options: { values: readonly number[]; layout: TChartLayout }): string {
  const { values, layout } = options;
  return values.map((v, i) => `${round(layout.xOf(i) + layout.bandWidth / 2)},${round(layout.yOf(v))}`).join(' ');
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
