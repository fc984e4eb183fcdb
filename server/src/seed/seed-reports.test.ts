import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TTestApp } from '../../test/helpers';
import { DEMO_PASSWORD, seedDemoData } from './seed';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData({ db: t.db, publicUrl: 'http://demo.test' });
  // The worker's first minutes: the seeded reports are generated through the real generator.
  await t.app.deps.jobs.drain();
}, 180_000);
afterAll(() => t.close());

describe('demo seed: reports', () => {
  it('gives Demo Motors a weekly report with three generated runs and a survey report, all with their files', async () => {
    const token = (await login(t.app, 'admin@motors.example.com', DEMO_PASSWORD)).token;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const all = (await get('/api/reports?pagination=false')).json().member as {
      id: number;
      '@id': string;
      type: string;
      kind: string;
      status: string;
      parent: string | null;
      files: { pdf: string | null };
      nextRunAt: string | null;
    }[];
    const parent = all.find((r) => r.type === 'recurring')!;
    expect(parent).toMatchObject({ kind: 'usage_and_response_time', status: 'active' });
    expect(new Date(parent.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    const runs = all.filter((r) => r.parent === parent['@id']);
    expect(runs).toHaveLength(3);
    const survey = all.find((r) => r.kind === 'survey_results')!;
    for (const r of [...runs, survey]) {
      expect(r.status, JSON.stringify(r)).toBe('ready');
      const pdf = await get(r.files.pdf!);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The seeded runs are not mailed.
    expect(t.mails.filter((m) => m.attachments?.length)).toEqual([]);
  });
});
