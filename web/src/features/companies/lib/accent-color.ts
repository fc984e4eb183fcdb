/** The customer page takes plain hex colours only (#rgb or #rrggbb); anything else would be ignored there. */
export function isHexColor(value: string): boolean {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

/** The native colour input needs #rrggbb: #abc becomes #aabbcc, anything else black. */
export function toColorInputValue(value: string): string {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`;
  return '#000000';
}
