import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDevStats } from '@cd/contracts/dev-logs';
import { formatAge, formatDuration, formatPerMinute, formatRate } from '../lib/dev-format';

type TFigures = TDevStats['total'];

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, px: 2, pt: 1.5 }}>
        {title}
      </Typography>
      <TableContainer>{children}</TableContainer>
    </Paper>
  );
}

function EmptyRow({ columns }: { columns: number }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell colSpan={columns} align="center" sx={{ py: 3, color: 'text.secondary' }}>
        {t('dev_stats_no_calls')}
      </TableCell>
    </TableRow>
  );
}

/** Calls grouped by one key (vendor or company), the key's cell rendered by the caller; a row filters by it. */
export function FiguresTable<T extends TFigures>(props: {
  title: string;
  testId: string;
  keyLabel: string;
  rows: T[];
  keyOf: (r: T) => string;
  cellOf: (r: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const cols = 6;
  return (
    <Panel title={props.title} testId={props.testId}>
      <Table size="small" aria-label={props.title} sx={{ '& th, & td:not(:first-of-type)': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{props.keyLabel}</TableCell>
            <TableCell align="right">{t('dev_stats_calls')}</TableCell>
            <TableCell align="right">{t('dev_stats_error_rate')}</TableCell>
            <TableCell align="right">{t('dev_stats_per_minute')}</TableCell>
            <TableCell align="right">p50</TableCell>
            <TableCell align="right">p95</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.length === 0 && <EmptyRow columns={cols} />}
          {props.rows.map((r) => (
            <TableRow key={props.keyOf(r)} data-testid={`${props.testId}-row`}>
              <TableCell>{props.cellOf(r)}</TableCell>
              <TableCell align="right">{r.calls}</TableCell>
              <TableCell align="right" sx={{ color: r.errorRate > 0.05 ? 'error.main' : undefined }}>
                {formatRate(r.errorRate)}
              </TableCell>
              <TableCell align="right">{formatPerMinute(r.callsPerMinute)}</TableCell>
              <TableCell align="right">{formatDuration(r.p50Ms)}</TableCell>
              <TableCell align="right">{formatDuration(r.p95Ms)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}

/** The job queue now, by kind: how many are due and how long the oldest has waited. */
export function QueueTable({ queue }: { queue: TDevStats['queue'] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dev_stats_queue_by_kind')} testId="dev-stats-queue">
      <Table size="small" aria-label={t('dev_stats_queue_by_kind')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dev_stats_job_kind')}</TableCell>
            <TableCell align="right">{t('dev_stats_due')}</TableCell>
            <TableCell align="right">{t('dev_stats_oldest_due')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queue.byKind.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                {t('dev_stats_queue_empty')}
              </TableCell>
            </TableRow>
          )}
          {queue.byKind.map((k) => (
            <TableRow key={k.kind} data-testid="dev-stats-queue-row">
              <TableCell sx={{ fontFamily: 'monospace' }}>{k.kind}</TableCell>
              <TableCell align="right">{k.due}</TableCell>
              <TableCell align="right">{formatAge(k.oldestDueAgeSeconds)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}
