import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TResponseTargets, TResponseTargetStats } from '@cd/contracts/analytics';
import { formatShare } from '../lib/analytics-format';

type TRow = TResponseTargetStats & { key: string; label: string };

function FigureCells({ row }: { row: TResponseTargetStats }) {
  return (
    <>
      <TableCell align="right">{row.waits}</TableCell>
      <TableCell align="right">{row.warned}</TableCell>
      <TableCell align="right" sx={{ color: row.breached ? 'error.main' : undefined, fontWeight: row.breached ? 600 : undefined }}>
        {row.breached}
      </TableCell>
      <TableCell align="right">{formatShare(row.withinTargetShare)}</TableCell>
    </>
  );
}

/** Response-time targets over the range (docs/routing.md): per conversation owner, then per channel. Shown when any wait had a target. */
export function ResponseTargetsTable({ targets }: { targets: TResponseTargets }) {
  const { t } = useTranslation();
  const groups: { title: string; rows: TRow[] }[] = [
    {
      title: t('analytics_targets_by_agent'),
      rows: targets.perAgent.map((a) => ({ ...a, key: `a${a.userId ?? ''}`, label: a.userId === null ? t('dashboard_unassigned') : a.name })),
    },
    {
      title: t('analytics_targets_by_channel'),
      rows: targets.perChannel.map((c) => ({ ...c, key: `c${c.channel}`, label: t(`channel_${c.channel}`, { defaultValue: c.channel || '—' }) })),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0, breakInside: 'avoid' }} data-testid="analytics-targets-table">
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('analytics_targets_title')}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto', '& td': { whiteSpace: 'nowrap' } }}>
        <Table size="small" aria-label={t('analytics_targets_title')}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell align="right">{t('analytics_targets_waits')}</TableCell>
              <TableCell align="right">{t('analytics_targets_warned')}</TableCell>
              <TableCell align="right">{t('analytics_targets_breached')}</TableCell>
              <TableCell align="right">{t('analytics_targets_within')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((g) => [
              <TableRow key={g.title}>
                <TableCell colSpan={5} sx={{ fontWeight: 700, color: 'text.secondary', borderBottom: 0, pt: 1.5 }}>
                  {g.title}
                </TableCell>
              </TableRow>,
              ...g.rows.map((r) => (
                <TableRow key={r.key} data-testid="analytics-targets-row">
                  <TableCell>{r.label}</TableCell>
                  <FigureCells row={r} />
                </TableRow>
              )),
            ])}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
