/**
 * The schedule of a cron pattern in words, for the scheduled-jobs screen. Rendering only: croner parses and plans
 * the patterns. It knows the shapes the product uses (every N minutes, hourly at a minute, daily / on weekdays / on
 * the first of the month at a time); any other pattern is shown as written.
 */

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const NUMBER = /^\d{1,2}$/;

const pad = (n: number) => String(n).padStart(2, '0');
const timeOf = (hour: string, minute: string) => `${pad(Number(hour))}:${pad(Number(minute))}`;

function daysText(field: string): string | null {
  if (!/^[0-7](,[0-7])*$/.test(field)) return null;
  const days = [...new Set(field.split(',').map((d) => Number(d) % 7))].sort((a, b) => a - b);
  if (days.join(',') === '1,2,3,4,5') return 'on weekdays';
  return `on ${days.map((d) => `${DAY_NAMES[d]}s`).join(', ')}`;
}

export function describeSchedule(opts: { cron: string; timeZone: string }): string {
  const fields = opts.cron.trim().split(/\s+/);
  const zone = opts.timeZone === 'UTC' ? 'UTC' : `${opts.timeZone} time`;
  const asWritten = `On the cron pattern “${opts.cron.trim()}” (${zone})`;
  if (fields.length !== 5) return asWritten;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  if (month !== '*') return asWritten;
  const anyDay = dayOfMonth === '*' && dayOfWeek === '*';
  if (anyDay && hour === '*') {
    if (minute === '*') return 'Every minute';
    const step = /^\*\/(\d{1,2})$/.exec(minute);
    if (step) return `Every ${Number(step[1])} minutes`;
    if (NUMBER.test(minute)) return Number(minute) === 0 ? 'Every hour, on the hour' : `Every hour at minute ${Number(minute)}`;
    return asWritten;
  }
  if (!NUMBER.test(minute) || !NUMBER.test(hour)) return asWritten;
  const at = `at ${timeOf(hour, minute)} ${zone}`;
  if (anyDay) return `Every day ${at}`;
  if (dayOfWeek === '*' && dayOfMonth === '1') return `On the first of every month ${at}`;
  if (dayOfMonth === '*') {
    const days = daysText(dayOfWeek);
    if (days) return `Every week ${days} ${at}`;
  }
  return asWritten;
}
