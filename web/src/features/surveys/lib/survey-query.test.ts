import { describe, expect, it } from 'vitest';
import { surveyFixture } from './fixtures';
import { buildSurveyListQuery, readSurveySearch, surveyMatches, surveyRangeOf, writeSurveySearch } from './survey-query';

const range = { from: new Date('2026-11-01T04:00:00.000Z'), to: new Date('2026-11-25T05:00:00.000Z') };

describe('survey list query', () => {
  it('sends the range as ISO instants and each filter as the spec parameters', () => {
    const base = { 'message.sentAt[after]': '2026-11-01T04:00:00.000Z', 'message.sentAt[before]': '2026-11-25T05:00:00.000Z', itemsPerPage: '30' };
    expect(buildSurveyListQuery({ range, filter: 'all' })).toEqual(base);
    expect(buildSurveyListQuery({ range, filter: 'completed' })).toEqual({ ...base, 'exists[answer]': 'true' });
    expect(buildSurveyListQuery({ range, filter: 'pending' })).toEqual({ ...base, 'exists[answer]': 'false' });
    expect(buildSurveyListQuery({ range, filter: 'positive' })).toEqual({ ...base, answer: 'true' });
    expect(buildSurveyListQuery({ range, filter: 'negative' })).toEqual({ ...base, answer: 'false' });
    expect(buildSurveyListQuery({ range, filter: 'comments' })).toEqual({ ...base, 'exists[comment]': 'true' });
    expect(buildSurveyListQuery({ range, filter: 'unresolved' })).toEqual({ ...base, answer: 'false', 'exists[resolvedAt]': 'false' });
  });

  it('leaves paging out of the export', () => {
    expect(buildSurveyListQuery({ range, filter: 'negative', itemsPerPage: null })).not.toHaveProperty('itemsPerPage');
  });
});

describe('survey search params', () => {
  it('defaults to month to date and all, and writes the defaults as a plain address', () => {
    const s = readSurveySearch(new URLSearchParams(''));
    expect(s).toEqual({ preset: 'month_to_date', fromDay: null, toDay: null, filter: 'all' });
    expect(writeSurveySearch(s).toString()).toBe('');
  });

  it('round-trips a preset with a filter and a custom range', () => {
    const preset = readSurveySearch(new URLSearchParams('preset=yesterday&filter=unresolved'));
    expect(preset).toEqual({ preset: 'yesterday', fromDay: null, toDay: null, filter: 'unresolved' });
    expect(writeSurveySearch(preset).toString()).toBe('preset=yesterday&filter=unresolved');
    const custom = readSurveySearch(new URLSearchParams('from=2026-10-03&to=2026-10-09&preset=today'));
    expect(custom).toEqual({ preset: null, fromDay: '2026-10-03', toDay: '2026-10-09', filter: 'all' });
    expect(writeSurveySearch(custom).toString()).toBe('from=2026-10-03&to=2026-10-09');
  });

  it('ignores unreadable values: unknown preset or filter, impossible days, a reversed range', () => {
    expect(readSurveySearch(new URLSearchParams('preset=forever&filter=angry'))).toMatchObject({ preset: 'month_to_date', filter: 'all' });
    expect(readSurveySearch(new URLSearchParams('from=2026-02-30&to=2026-03-02'))).toMatchObject({ preset: 'month_to_date', fromDay: null });
    expect(readSurveySearch(new URLSearchParams('from=2026-03-05&to=2026-03-02'))).toMatchObject({ preset: 'month_to_date', fromDay: null });
  });
});

describe('survey range', () => {
  it('reads custom days as whole local days in the company time zone, across a DST change', () => {
    // New York leaves DST on 2026-11-01: the first midnight is EDT (-4), the end EST (-5).
    const r = surveyRangeOf({
      search: { preset: null, fromDay: '2026-10-31', toDay: '2026-11-02', filter: 'all' },
      now: new Date(),
      timeZone: 'America/New_York',
    });
    expect(r.from.toISOString()).toBe('2026-10-31T04:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-11-03T05:00:00.000Z');
  });

  it('uses the preset otherwise', () => {
    const r = surveyRangeOf({
      search: { preset: 'today', fromDay: null, toDay: null, filter: 'all' },
      now: new Date('2026-11-24T23:30:00Z'),
      timeZone: 'Europe/Sarajevo',
    });
    // 00:30 on the 25th in Sarajevo: "today" is the 25th there.
    expect(r.from.toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-11-25T23:00:00.000Z');
  });
});

describe('surveyMatches', () => {
  const inRange = '2026-11-10T15:00:00.000Z';
  it('keeps to the range, end excluded', () => {
    expect(surveyMatches({ survey: surveyFixture({ id: 1, sentAt: inRange }), range, filter: 'all' })).toBe(true);
    expect(surveyMatches({ survey: surveyFixture({ id: 1, sentAt: range.to.toISOString() }), range, filter: 'all' })).toBe(false);
    expect(surveyMatches({ survey: surveyFixture({ id: 1, sentAt: '2026-10-31T23:00:00.000Z' }), range, filter: 'all' })).toBe(false);
  });

  it('applies each filter as the server does', () => {
    const pending = surveyFixture({ id: 1 });
    const happy = surveyFixture({ id: 2, answer: true });
    const unhappy = surveyFixture({ id: 3, answer: false, comment: 'Too slow' });
    const handled = surveyFixture({ id: 4, answer: false, resolvedAt: '2026-11-11T10:00:00.000Z' });
    const all = [pending, happy, unhappy, handled];
    const ids = (filter: Parameters<typeof surveyMatches>[0]['filter']) => all.filter((survey) => surveyMatches({ survey, range, filter })).map((s) => s.id);
    expect(ids('completed')).toEqual([2, 3, 4]);
    expect(ids('pending')).toEqual([1]);
    expect(ids('positive')).toEqual([2]);
    expect(ids('negative')).toEqual([3, 4]);
    expect(ids('comments')).toEqual([3]);
    expect(ids('unresolved')).toEqual([3]);
  });
});
