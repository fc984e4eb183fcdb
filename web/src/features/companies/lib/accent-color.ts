import { isAccentColor, parseAccentColor } from '@cd/contracts/validators';

/** The customer page takes #rgb, #rrggbb, or rgb()/rgba() with alpha 0–1 (the server checks the same rule). */
export function isValidAccentColor(value: string): boolean {
  return isAccentColor(value);
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** The native colour input needs #rrggbb (it has no alpha): a valid colour loses only its alpha, anything else is black. */
export function toColorInputValue(value: string): string {
  const c = parseAccentColor(value);
  return c ? `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}` : '#000000';
}

/** A colour picked in the native input (#rrggbb) keeps the alpha the typed value had: rgba() when it is below 1. */
export function withPickedColor(current: string, picked: string): string {
  const alpha = parseAccentColor(current)?.alpha ?? 1;
  const c = parseAccentColor(picked);
  if (!c || alpha === 1) return picked;
  return `rgba(${c.r}, ${c.g}, ${c.b}, ${alpha})`;
}
