import type { TResponseStats, TResponseTargetStats, TUsageMetrics } from '@cd/contracts/analytics';
import { csvLine } from '../../lib/csv';

/**
 * The CSV export of /analytics: a header block saying what the figures cover (period, time zone, filters), then the
 * per-day table and the per-agent table. Cells go through lib/csv.ts, which keeps formula-looking text inert.
 */

const secs = (v: number | null) => (v === null ? '' : Math.round(v));
const statsCells = (s: TResponseStats) => [s.count, secs(s.avgSeconds), s.under5, s.from5to15, s.over15];
const targetCells = (s: TResponseTargetStats) => [
  s.waits,
  s.metTarget,
  s.withinTargetShare === null ? '' : s.withinTargetShare.toFixed(4),
  s.warned,
  s.breached,
];
const TARGET_HEADER = ['waits_with_target', 'within_target', 'within_target_share', 'warned', 'breached'];
const STATS_HEADER = (p: string) => [`${p}_count`, `${p}_avg_seconds`, `${p}_under_5_min`, `${p}_5_to_15_min`, `${p}_over_15_min`];

export function analyticsCsv(m: TUsageMetrics): string {
  const lines: string[] = [
    csvLine(['period', `${m.from} to ${m.to}`]),
    csvLine(['time_zone', m.timeZone]),
    csvLine(['agents', m.filters.userIds.join(' ') || 'all']),
    csvLine(['channels', m.filters.channels.join(' ') || 'all']),
    csvLine(['generated_at', m.generatedAt]),
    '\r\n',
    csvLine([
      'day',
      'inbound',
      'outbound_human',
      'outbound_automated',
      'conversations',
      ...STATS_HEADER('first_response_wall'),
      ...STATS_HEADER('first_response_business'),
    ]),
  ];
  for (const d of m.perDay)
    lines.push(
      csvLine([
        d.day,
        d.inbound,
        d.outboundHuman,
        d.outboundAutomated,
        d.conversations,
        ...statsCells(d.firstResponse.wall),
        ...statsCells(d.firstResponse.business),
      ]),
    );
  lines.push(
    '\r\n',
    csvLine([
      'agent_id',
      'agent',
      'messages_out',
      'conversations_handled',
      ...STATS_HEADER('first_response_wall'),
      ...STATS_HEADER('first_response_business'),
      ...STATS_HEADER('response_wall'),
      ...STATS_HEADER('response_business'),
    ]),
  );
  for (const a of m.perAgent)
    lines.push(
      csvLine([
        a.userId,
        a.name,
        a.messagesOut,
        a.conversationsHandled,
        ...statsCells(a.firstResponse.wall),
        ...statsCells(a.firstResponse.business),
        ...statsCells(a.response.wall),
        ...statsCells(a.response.business),
      ]),
    );
  const t = m.responseTargets;
  if (t?.waits) {
    lines.push('\r\n', csvLine(['response_target_owner_id', 'response_target_owner', ...TARGET_HEADER]));
    for (const a of t.perAgent) lines.push(csvLine([a.userId ?? '', a.userId === null ? 'unassigned' : a.name, ...targetCells(a)]));
    lines.push(csvLine(['', 'all', ...targetCells(t)]));
    lines.push('\r\n', csvLine(['response_target_channel', ...TARGET_HEADER]));
    for (const c of t.perChannel) lines.push(csvLine([c.channel, ...targetCells(c)]));
  }
  return lines.join('');
}
