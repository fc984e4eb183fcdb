import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/helpers';
import { dayFromNow, dayInstant } from '../../../test/appointment-fixtures';
import { bookingClient, freshIp, randomPhone } from '../../../test/public-booking-fixtures';
import { BOOKINGS_PER_WINDOW, BOOKING_READS_PER_MINUTE, clientKeyOf, LiveHoldCap } from './public-booking.limits';

/** The booking page against hostile input, and its per-visitor limits. */

let t: TTestApp;
const { world, pub, base, hold, book } = bookingClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('hostile input and limits', () => {
  it('answers bad input with 400, 404, 413, 415 or 422, never 500', async () => {
    const w = await world();
    const s = w.services[0];
    const day = dayFromNow(3);
    const h = (await hold(w, dayInstant(day, '15:00'))).json();
    const requests: [string, string, unknown?, Record<string, string>?][] = [
      ['GET', `/api/public/booking/${'a'.repeat(300)}`],
      ['GET', '/api/public/booking/..%2F..%2Fetc%2Fpasswd'],
      ['GET', `/api/public/booking/${encodeURIComponent("x' or 1=1 --")}`],
      ['GET', `${base(w)}?link=${encodeURIComponent('<script>alert(1)</script>')}`],
      ['GET', `${base(w)}?link=0OIl0OIl0OIl`],
      ['GET', `${base(w)}/availability?services=abc&from=${day}&to=${day}`],
      ['GET', `${base(w)}/availability?services=${s},${s}&from=${day}&to=${day}`],
      ['GET', `${base(w)}/availability?services=${s}&from=2026-02-30&to=2026-03-02`],
      ['GET', `${base(w)}/availability?services=${s}&from=${dayFromNow(5)}&to=${day}`],
      ['GET', `${base(w)}/availability?services=${s}&from=${day}&to=${dayFromNow(90)}`],
      ['GET', `${base(w)}/availability?services=${'9'.repeat(400)}&from=${day}&to=${day}`],
      ['GET', `${base(w)}/availability?services=999999999&from=${day}&to=${day}`],
      ['GET', `${base(w)}/availability?from=${day}&to=${day}`],
      ['POST', `${base(w)}/holds`, { services: [], startsAt: dayInstant(day, '09:00') }],
      ['POST', `${base(w)}/holds`, { services: ['1'], startsAt: dayInstant(day, '09:00') }],
      ['POST', `${base(w)}/holds`, { services: [s, s], startsAt: dayInstant(day, '09:00') }],
      ['POST', `${base(w)}/holds`, { services: [1e300], startsAt: dayInstant(day, '09:00') }],
      ['POST', `${base(w)}/holds`, { services: [s], startsAt: 'tomorrow at nine' }],
      ['POST', `${base(w)}/holds`, { services: [s], startsAt: '2026-13-45T99:99:99Z' }],
      ['POST', `${base(w)}/holds`, { services: [s], startsAt: dayInstant(day, '09:00'), assignee: 1 }],
      ['POST', `${base(w)}/holds`, { services: [s], startsAt: dayInstant(day, '09:00'), pad: 'x'.repeat(10_000) }],
      ['POST', `${base(w)}/holds`, 'services=1', { 'content-type': 'text/plain' }],
      ['POST', `${base(w)}/holds`, '{"services": [1', { 'content-type': 'application/json' }],
      ['DELETE', `${base(w)}/holds/${encodeURIComponent('../../x')}`],
      ['DELETE', `${base(w)}/holds/short`],
      ['POST', `${base(w)}/appointments`, { hold: h.token, consent: false, name: 'A', phone: randomPhone() }],
      ['POST', `${base(w)}/appointments`, { hold: h.token, consent: true, name: 'A'.repeat(101), phone: randomPhone() }],
      ['POST', `${base(w)}/appointments`, { hold: h.token, consent: true, name: 'A', phone: 'call me maybe' }],
      ['POST', `${base(w)}/appointments`, { hold: h.token, consent: true, name: 'A', phone: randomPhone(), notes: 'n'.repeat(501) }],
      ['POST', `${base(w)}/appointments`, { hold: h.token, consent: true, link: 'O0Il-not-a-code' }],
      ['POST', `${base(w)}/appointments`, { hold: "'; drop table appointments; --", consent: true, name: 'A', phone: randomPhone() }],
      ['POST', `${base(w)}/appointments`, { hold: h.token, consent: true, name: '   ', phone: randomPhone() }],
    ];
    for (const [method, url, payload, headers] of requests) {
      const res = await pub(method as 'GET', url, { ip: freshIp(), payload, headers });
      expect([400, 404, 413, 415, 422], `${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(
        res.statusCode,
      );
    }
    // The hold survived all of it and still books.
    expect((await book(w, { hold: h.token, name: 'Still Here', phone: randomPhone() })).statusCode).toBe(201);
  });

  it('rate limits bookings and reads per visitor, counting malformed requests too', async () => {
    const w = await world();
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < BOOKINGS_PER_WINDOW + 1; i++) codes.push((await book(w, { hold: 'not a token' }, ip)).statusCode);
    expect(
      codes.slice(0, BOOKINGS_PER_WINDOW).every((c) => c === 400 || c === 422),
      codes.join(),
    ).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const reader = freshIp();
    const reads = await Promise.all(Array.from({ length: BOOKING_READS_PER_MINUTE + 1 }, () => pub('GET', base(w), { ip: reader })));
    expect(reads.filter((r) => r.statusCode === 429)).toHaveLength(1);
  });
});

describe('limits, in memory', () => {
  it('counts an IPv6 visitor by its /64 and an IPv4-mapped address as its IPv4', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(clientKeyOf('2001:db8:1:2::1'));
  });

  it('holds a place per visitor until the hold settles, expires or is released', () => {
    const cap = new LiveHoldCap(2);
    expect(cap.begin('a', 0)).toBe(true);
    expect(cap.begin('a', 0)).toBe(true);
    expect(cap.begin('a', 0)).toBe(false);
    expect(cap.begin('b', 0)).toBe(true);
    cap.abort('a');
    cap.commit('a', 't1', 1000);
    expect(cap.begin('a', 10)).toBe(true);
    cap.commit('a', 't2', 5000);
    expect(cap.begin('a', 10)).toBe(false);
    expect(cap.begin('a', 1000)).toBe(true); // t1 expired
    cap.abort('a');
    cap.release('t2');
    cap.release('unknown');
    expect(cap.begin('a', 1000)).toBe(true);
    expect(cap.begin('a', 1000)).toBe(true);
    expect(cap.begin('a', 1000)).toBe(false);
  });
});
