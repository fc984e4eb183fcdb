import { readFileSync } from 'node:fs';
import { computeSlots, type TSchedule } from '@cd/server/src/modules/appointments/availability';
import { computeSlots as oldCompute } from './tmp-availability-old';
const raw = JSON.parse(readFileSync('/tmp/schedule.json', 'utf8'));
const now = new Date(raw.now);
for (const [name, duration, resources] of [['oil 30 min', 30, []], ['alignment 60 min, rack', 60, raw.resources.filter((r: { id: number }) => r.id === 1)]] as const) {
  const schedule: TSchedule = { ...raw, resources, shifts: new Map(raw.shifts), vacations: new Map(raw.vacations) };
  const times = { after: [] as number[], before: [] as number[] };
  const out = { after: '', before: '' };
  for (let i = 0; i < 220; i++) {
    for (const [k, f] of (i % 2 ? [['after', computeSlots], ['before', oldCompute]] : [['before', oldCompute], ['after', computeSlots]]) as [keyof typeof times, typeof computeSlots][]) {
      const t0 = performance.now();
      const d = f({ schedule, from: raw.from, to: raw.to, durationMinutes: duration, granularity: 30, safeZoneMinutes: 60, now });
      if (i >= 20) times[k].push(performance.now() - t0);
      out[k] = JSON.stringify(d, (_, v) => (v instanceof Map ? [...v] : v));
    }
  }
  const p = (v: number[], q: number) => [...v].sort((a, b) => a - b)[Math.ceil(q * v.length) - 1]!.toFixed(2);
  console.log(`${name}: before p50 ${p(times.before, 0.5)} p95 ${p(times.before, 0.95)} | after p50 ${p(times.after, 0.5)} p95 ${p(times.after, 0.95)} | identical output ${out.before === out.after}`);
}
