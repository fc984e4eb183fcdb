/**
 * How many SMS segments a text takes (GSM 03.38): texts made only of the GSM-7 alphabet fit 160 characters in one
 * segment and 153 per segment once split (the rest carries the joining header); the extension characters (€, [, ], …)
 * take two places. Any other character makes the whole text UCS-2: 70 in one, 67 per segment once split, counted in
 * UTF-16 units (an emoji takes two). An estimate for the composer: the provider decides the real split.
 */

const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type TSmsCount = { encoding: 'gsm7' | 'ucs2'; characters: number; segments: number; perSegment: number };

export function countSmsSegments(text: string): TSmsCount {
  let gsmUnits = 0;
  let gsm = true;
  for (const ch of text) {
    if (BASIC.has(ch)) gsmUnits += 1;
    else if (EXTENSION.has(ch)) gsmUnits += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const perSegment = gsmUnits <= 160 ? 160 : 153;
    return { encoding: 'gsm7', characters: gsmUnits, segments: gsmUnits === 0 ? 0 : Math.ceil(gsmUnits / perSegment), perSegment };
  }
  const units = text.length;
  const perSegment = units <= 70 ? 70 : 67;
  return { encoding: 'ucs2', characters: units, segments: Math.ceil(units / perSegment), perSegment };
}
