/**
 * The shared numeric input's rules (spec part 1 §5, part 2 §5): a decimal scale, an optional thousands separator
 * that may not equal the decimal separator. Values travel as plain strings with "." ("1234.5", "" when empty).
 */
export interface TNumericFormat {
  /** Digits allowed after the decimal separator; 0 = whole numbers. */
  decimalScale: number;
  /** Shown between groups of three digits; false for none. */
  thousandSeparator: string | false;
  decimalSeparator: string;
  allowNegative: boolean;
}

export function numericFormat(options: {
  decimalScale?: number;
  thousandSeparator?: string | boolean;
  decimalSeparator?: string;
  allowNegative?: boolean;
}): TNumericFormat {
  const decimalSeparator = options.decimalSeparator ?? '.';
  const thousandSeparator: string | false =
    options.thousandSeparator === true ? ',' : typeof options.thousandSeparator === 'string' && options.thousandSeparator !== '' ? options.thousandSeparator : false;
  // The two must differ or "1,234" could not be read back; a programming error, so it fails loudly.
  if (thousandSeparator !== false && thousandSeparator === decimalSeparator)
    throw new Error(`The thousands separator "${thousandSeparator}" must differ from the decimal separator.`);
  for (const sep of [decimalSeparator, thousandSeparator])
    if (sep !== false && (sep.length !== 1 || /[\d-]/.test(sep))) throw new Error(`"${sep}" cannot be a number separator.`);
  const decimalScale = Math.max(0, Math.floor(options.decimalScale ?? 0));
  return { decimalScale, thousandSeparator, decimalSeparator, allowNegative: options.allowNegative ?? false };
}

/** The value as shown: "-1,234.5" for "-1234.5". */
export function formatNumeric(raw: string, f: TNumericFormat): string {
  if (!raw) return '';
  const negative = raw.startsWith('-');
  const [int = '', frac] = (negative ? raw.slice(1) : raw).split('.');
  const grouped = f.thousandSeparator === false ? int : int.replace(/\B(?=(\d{3})+(?!\d))/g, f.thousandSeparator);
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : f.decimalSeparator + frac}`;
}

/**
 * What was typed or pasted, as a value; null refuses it (the field keeps its value): letters, a second decimal
 * separator, a minus where none is allowed, any decimal separator in a whole-number field. Extra decimals are cut
 * to the scale; thousands separators may be typed anywhere.
 */
export function parseNumericText(text: string, f: TNumericFormat): string | null {
  let s = text.trim();
  if (f.thousandSeparator !== false) s = s.split(f.thousandSeparator).join('');
  const negative = s.startsWith('-');
  if (negative) {
    if (!f.allowNegative) return null;
    s = s.slice(1);
  }
  const parts = s.split(f.decimalSeparator);
  if (parts.length > 2 || (parts.length === 2 && f.decimalScale === 0)) return null;
  const [int = '', frac] = parts;
  if (!/^\d*$/.test(int) || (frac !== undefined && !/^\d*$/.test(frac))) return null;
  const digits = int.replace(/^0+(?=\d)/, '');
  const sign = negative ? '-' : '';
  return frac === undefined ? `${sign}${digits}` : `${sign}${digits || '0'}.${frac.slice(0, f.decimalScale)}`;
}

/** Characters of a shown value that carry meaning (not separators): to keep the caret after the same ones. */
export function meaningfulBefore(text: string, caret: number, f: TNumericFormat): number {
  let n = 0;
  for (const ch of text.slice(0, caret)) if (/[\d-]/.test(ch) || ch === f.decimalSeparator) n++;
  return n;
}

/** Where the caret goes in `shown` so that `count` meaningful characters are before it. */
export function caretAfter(shown: string, count: number, f: TNumericFormat): number {
  if (count <= 0) return 0;
  let n = 0;
  for (let i = 0; i < shown.length; i++) {
    const ch = shown[i]!;
    if (/[\d-]/.test(ch) || ch === f.decimalSeparator) n++;
    if (n === count) return i + 1;
  }
  return shown.length;
}
