import { describe, expect, it } from 'vitest';
import { parseSurveyFilterDate, surveyDateRangeOf, weekStartsOnOf, ZSurveyFilterDateSchema, ZSurveyListQuerySchema } from './survey';

describe('survey date presets', () => {
  const now = new Date('2026-11-24T23:30:00Z'); // 17:30 on Tuesday 24 November in Chicago (UTC−6)
  const tz = 'America/Chicago';
  it('computes each preset from local midnight in the company time zone', () => {
    const iso = (r: { from: Date; to: Date }) => [r.from.toISOString(), r.to.toISOString()];
    expect(iso(surveyDateRangeOf({ preset: 'today', now, timeZone: tz }))).toEqual(['2026-11-24T06:00:00.000Z', '2026-11-25T06:00:00.000Z']);
    expect(iso(surveyDateRangeOf({ preset: 'yesterday', now, timeZone: tz }))).toEqual(['2026-11-23T06:00:00.000Z', '2026-11-24T06:00:00.000Z']);
    expect(iso(surveyDateRangeOf({ preset: 'last_7_days', now, timeZone: tz }))).toEqual(['2026-11-18T06:00:00.000Z', '2026-11-25T06:00:00.000Z']);
    // Month to date starts on 1 November, still daylight time (UTC−5) then.
    expect(iso(surveyDateRangeOf({ preset: 'month_to_date', now, timeZone: tz }))).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-25T06:00:00.000Z']);
    expect(iso(surveyDateRangeOf({ preset: 'year_to_date', now, timeZone: tz }))).toEqual(['2026-01-01T06:00:00.000Z', '2026-11-25T06:00:00.000Z']);
  });

  it('is the local day, not the UTC one, just after midnight UTC', () => {
    const r = surveyDateRangeOf({ preset: 'today', now: new Date('2026-11-25T00:30:00Z'), timeZone: 'Asia/Tokyo' });
    expect(r.from.toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });
});

describe('survey filter dates', () => {
  it('reads the spec format as the company wall clock, across a daylight-saving change', () => {
    expect(parseSurveyFilterDate({ value: '2026-11-01T00:00:00', timeZone: 'America/Chicago' }).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(parseSurveyFilterDate({ value: '2026-11-02T00:00', timeZone: 'America/Chicago' }).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(parseSurveyFilterDate({ value: '2026-11-02T00:00:00+01:00', timeZone: 'America/Chicago' }).toISOString()).toBe('2026-11-01T23:00:00.000Z');
  });

  it('refuses what is not a real date and time', () => {
    for (const v of ['2026-13-01T00:00:00', '2026-02-30T00:00:00', '2026-01-01T24:00:00', 'yesterday', '2026-01-01', '.*', '9'.repeat(41)])
      expect(ZSurveyFilterDateSchema.safeParse(v).success, v).toBe(false);
  });

  it('parses the list filters of the spec', () => {
    expect(ZSurveyListQuerySchema.parse({ 'exists[answer]': 'true', answer: '0', 'exists[resolvedAt]': 'false', itemsPerPage: '30', 'id[lt]': '12' })).toEqual({
      'exists[answer]': true,
      answer: false,
      'exists[resolvedAt]': false,
      itemsPerPage: 30,
      'id[lt]': 12,
    });
    expect(ZSurveyListQuerySchema.safeParse({ itemsPerPage: '0' }).success).toBe(false);
  });
});

describe('week start', () => {
  it('is Sunday for the Gulf country of the spec and Monday elsewhere', () => {
    expect(weekStartsOnOf('SA')).toBe(0);
    expect(weekStartsOnOf('US')).toBe(1);
    expect(weekStartsOnOf('BA')).toBe(1);
    expect(weekStartsOnOf(null)).toBe(1);
  });
});
