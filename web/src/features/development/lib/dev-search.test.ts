import { describe, expect, it } from 'vitest';
import {
  apiLogQueryOf,
  readApiLogSearch,
  readStatsSearch,
  readWebhookLogSearch,
  statsQueryOf,
  webhookLogQueryOf,
  writeApiLogSearch,
  writeStatsSearch,
  writeWebhookLogSearch,
} from './dev-search';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

describe('API log address', () => {
  it('round-trips every filter', () => {
    const address = 'company=12&vendor=twilio&statusClass=5xx&subjectType=message&subjectId=77&range=24h&q=Messages.json&open=9';
    const search = readApiLogSearch(new URLSearchParams(address));
    expect(search).toEqual({
      company: '12',
      vendor: 'twilio',
      statusClass: '5xx',
      subjectType: 'message',
      subjectId: '77',
      range: '24h',
      q: 'Messages.json',
      open: 9,
    });
    expect(writeApiLogSearch(search).toString()).toBe(address);
    expect(apiLogQueryOf(search, NOW)).toEqual({
      company: '12',
      vendor: 'twilio',
      statusClass: '5xx',
      subjectType: 'message',
      subjectId: '77',
      q: 'Messages.json',
      from: '2026-11-27T12:00:00.000Z',
    });
  });

  it('drops values the server would refuse instead of failing', () => {
    const search = readApiLogSearch(new URLSearchParams('company=abc&vendor=Twilio!&statusClass=6xx&subjectId=5&range=2y&open=-1&q=' + 'x'.repeat(300)));
    expect(search).toMatchObject({ company: null, vendor: null, statusClass: null, subjectType: null, subjectId: null, range: null, open: null });
    expect(search.q).toHaveLength(200);
  });

  it('writes an empty address for the default view', () => {
    expect(writeApiLogSearch(readApiLogSearch(new URLSearchParams(''))).toString()).toBe('');
    expect(apiLogQueryOf(readApiLogSearch(new URLSearchParams('q=%20%20')), NOW)).toEqual({
      company: undefined,
      vendor: undefined,
      statusClass: undefined,
      subjectType: undefined,
      subjectId: undefined,
      q: undefined,
      from: undefined,
    });
  });
});

describe('webhook log address', () => {
  it('round-trips every filter', () => {
    const address = 'company=3&source=sms_provider&verification=bad_signature&outcome=failed&range=1h&q=SM123&open=4';
    const search = readWebhookLogSearch(new URLSearchParams(address));
    expect(search).toMatchObject({ source: 'sms_provider', verification: 'bad_signature', outcome: 'failed', range: '1h', open: 4 });
    expect(writeWebhookLogSearch(search).toString()).toBe(address);
    expect(webhookLogQueryOf(search, NOW)).toMatchObject({ source: 'sms_provider', from: '2026-11-28T11:00:00.000Z', q: 'SM123' });
  });

  it('ignores unknown enum values', () => {
    expect(readWebhookLogSearch(new URLSearchParams('source=fax&verification=maybe&outcome=meh'))).toMatchObject({
      source: null,
      verification: null,
      outcome: null,
    });
  });
});

describe('stats address', () => {
  it('defaults to the last 24 hours and leaves the default out of the address', () => {
    const search = readStatsSearch(new URLSearchParams(''));
    expect(search).toEqual({ range: '24h', company: null, vendor: null });
    expect(writeStatsSearch(search).toString()).toBe('');
  });

  it('round-trips a preset, company and vendor into the query', () => {
    const search = readStatsSearch(new URLSearchParams('range=7d&company=5&vendor=cdk'));
    expect(writeStatsSearch(search).toString()).toBe('range=7d&company=5&vendor=cdk');
    expect(statsQueryOf(search, NOW)).toEqual({ from: '2026-11-21T12:00:00.000Z', to: '2026-11-28T12:00:00.000Z', company: '5', vendor: 'cdk' });
  });
});
