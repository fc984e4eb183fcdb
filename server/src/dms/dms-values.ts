/** Value conversions shared by the adapters: vendor money strings, local wall times, "LAST, FIRST" names. */

/** "12.5", "12.50", "-3", 7 → cents, without floating-point rounding; null when not a number. */
export function moneyToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value)
    .trim()
    .replace(/[$,\s]/g, '');
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) return null;
  const whole = Number(m[2] || '0');
  const frac = (m[3] ?? '').padEnd(3, '0');
  const cents = whole * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return m[1] === '-' ? -cents : cents;
}

export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minutes the zone is ahead of UTC at this instant. */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant a wall-clock time in `timeZone` denotes (DMS dates carry no zone; they are the dealership's). */
export function localTimeToInstant(o: { year: number; month: number; day: number; hour?: number; minute?: number; timeZone: string }): Date | null {
  const { year, month, day } = o;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900) return null;
  const wall = Date.UTC(year, month - 1, day, o.hour ?? 0, o.minute ?? 0);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // Two passes settle the offset across a DST change.
  let guess = wall - zoneOffsetMinutes(new Date(wall), o.timeZone) * 60_000;
  guess = wall - zoneOffsetMinutes(new Date(guess), o.timeZone) * 60_000;
  return new Date(guess);
}

/** The wall-clock date and time of an instant in `timeZone`, as "YYYY-MM-DDTHH:mm:ss". */
export function instantToLocalIso(o: { instant: Date; timeZone: string }): string {
  const shifted = new Date(o.instant.getTime() + zoneOffsetMinutes(o.instant, o.timeZone) * 60_000);
  return shifted.toISOString().slice(0, 19);
}

/** "DOE, JOHN" → last DOE, first JOHN; "JOHN DOE" → first JOHN, last DOE; a single word is the last name. */
export function splitPersonName(name: string): { firstName: string | null; lastName: string | null } {
  const text = name.trim().replace(/\s+/g, ' ');
  if (!text) return { firstName: null, lastName: null };
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const last = text.slice(0, comma).trim();
    const first = text.slice(comma + 1).trim();
    return { firstName: first || null, lastName: last || null };
  }
  const space = text.lastIndexOf(' ');
  if (space < 0) return { firstName: null, lastName: text };
  return { firstName: text.slice(0, space), lastName: text.slice(space + 1) };
}

/** A phone as the DMS holds it, reduced to digits; "0" and empty mean none. */
export function dmsPhone(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits && !/^0+$/.test(digits) ? digits : null;
}

export function positiveIntOrNull(value: string | number | null | undefined): number | null {
  const n = Number(String(value ?? '').trim());
  return Number.isInteger(n) && n > 0 ? n : null;
}
