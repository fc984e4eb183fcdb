import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TTestApp } from '../../test/helpers';
import { DEMO_PASSWORD, seedDemoData } from './seed';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData({ db: t.db, publicUrl: 'http://demo.test' });
}, 120_000);
afterAll(() => t.close());

describe('demo seed: interests', () => {
  it('gives Demo Realty categories with members and listings with interested buyers in each state', async () => {
    const token = (await login(t.app, 'admin@realty.example.com', DEMO_PASSWORD)).token;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const categories = await get('/api/interests?pagination=false');
    expect(categories.statusCode, categories.body).toBe(200);
    const members = categories.json().member as { name: string; memberCount: number }[];
    expect(members.length).toBeGreaterThanOrEqual(3);
    expect(members.every((m) => m.memberCount >= 1)).toBe(true);
    const interests = (await get('/api/listing_interests?pagination=false')).json().member as { state: string }[];
    expect(new Set(interests.map((i) => i.state))).toEqual(new Set(['active', 'archived', 'not_interested']));
  });
});
