import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTopic } from '@cd/contracts/live';
import { bearer, createTestApp, login, seedCompany, type TTestApp } from '../../test/helpers';
import { redactUrl } from './log-redact';

describe('redactUrl', () => {
  it('replaces the values of sensitive query parameters, whatever their case or encoding, and keeps the rest', () => {
    expect(redactUrl('/a?topic=%2Fx&authorization=eyJ.abc.def&lastEventID=5')).toBe('/a?topic=%2Fx&authorization=[redacted]&lastEventID=5');
    expect(redactUrl('/a?Token=1&%61ccess_token=2&sig=3&code=4&password=5&refresh_token=6')).toBe(
      '/a?Token=[redacted]&%61ccess_token=[redacted]&sig=[redacted]&code=[redacted]&password=[redacted]&refresh_token=[redacted]',
    );
    expect(redactUrl('/a?authorization=1&authorization=2')).toBe('/a?authorization=[redacted]&authorization=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/a?flag&tokenish=x&%E0%A4%A=y')).toBe('/a?flag&tokenish=x&%E0%A4%A=y');
  });
});

describe('request logs', () => {
  let t: TTestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logger: true, logStream: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('carry no live token from ?authorization= while the parameter still authenticates', async () => {
    const a = await seedCompany(t.db);
    const api = (await login(t.app, a.agent.email)).token;
    const { token } = (await t.app.inject({ method: 'GET', url: '/api/get_mercure_jwt', headers: bearer(api) })).json() as { token: string };
    const url = `/.well-known/mercure?topic=${encodeURIComponent(userTopic(a.agent.id))}&authorization=${token}`;
    const res = await t.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/users?access_token=${api}&sig=s3cr3t-sig` });
    const logged = lines.join('\n');
    expect(logged).toContain('/.well-known/mercure?topic=');
    expect(logged).toContain('authorization=[redacted]');
    expect(logged).toContain('access_token=[redacted]&sig=[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(api);
    expect(logged).not.toContain('s3cr3t-sig');
  });
});
