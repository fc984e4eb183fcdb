import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms-segments';

describe('countSmsSegments', () => {
  it('counts an empty text as no segment', () => {
    expect(countSmsSegments('')).toEqual({ encoding: 'gsm7', characters: 0, segments: 0, perSegment: 160 });
  });

  it('fits 160 GSM characters in one segment and splits past it by 153', () => {
    expect(countSmsSegments('a'.repeat(160)).segments).toBe(1);
    expect(countSmsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(countSmsSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts extension characters twice', () => {
    expect(countSmsSegments('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', characters: 160, segments: 1 });
    expect(countSmsSegments('€'.repeat(81)).segments).toBe(2);
  });

  it('switches the whole text to UCS-2 for any other character', () => {
    expect(countSmsSegments('Čaj')).toMatchObject({ encoding: 'ucs2', characters: 3, segments: 1, perSegment: 70 });
    expect(countSmsSegments('ć'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    // An emoji is two UTF-16 units.
    expect(countSmsSegments('🏠').characters).toBe(2);
  });
});
