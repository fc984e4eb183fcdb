import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@cd/contracts/dashboard';
import { formatDateTime } from '../../../lib/format';
import { CardHint, MetricCard } from './metric-card';

/** Unread messages per agent (the customers' owners; "Unassigned" for none), most first. */
export function BacklogTable(props: { backlog: TDashboard['unreadBacklog'] }) {
  const { t } = useTranslation();
  const rows = props.backlog.filter((r) => r.unread > 0).sort((a, b) => b.unread - a.unread);
  return (
    <MetricCard title={t('dashboard_backlog')} to="/communication/inbox" testId="dashboard-backlog">
      {rows.length === 0 ? (
        <CardHint testId="dashboard-backlog-empty">{t('dashboard_backlog_empty')}</CardHint>
      ) : (
        <Table size="small" aria-label={t('dashboard_backlog')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('dashboard_agent')}</TableCell>
              <TableCell align="right">{t('dashboard_unread')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('dashboard_oldest_unread')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.userId ?? 'none'} data-testid="dashboard-backlog-row">
                <TableCell>{row.userId === null ? t('dashboard_unassigned') : row.name}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {row.unread}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' }}>
                  {row.oldestUnreadAt ? formatDateTime(row.oldestUnreadAt) : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </MetricCard>
  );
}
