import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { formatDateTime, formatListTotal } from '../../../lib/format';
import { useErrorReportReleases } from '../api/get-error-report-releases';
import { useErrorReports } from '../api/get-error-reports';
import { ErrorReportDialog } from './error-report-dialog';
import { errorSummaryOf, pagePathOf } from './error-report-summary';

const COLUMNS = 5;
const ALL = '';

/** Super admins: the web app's error reports, newest first, by release; a row opens the report (`/error-reports/{id}`). */
export function ErrorReportsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { reportId } = useParams();
  const [params, setParams] = useSearchParams();
  const release = params.get('release') || null;
  const reports = useErrorReports(release);
  const releases = useErrorReportReleases();
  const rows = reports.data?.pages.flatMap((p) => p.member) ?? [];
  const total = formatListTotal(reports.data?.pages[0]) || rows.length;
  const openId = reportId && /^\d{1,15}$/.test(reportId) ? Number(reportId) : null;
  const query = params.toString() ? `?${params.toString()}` : '';
  const open = (id: number) => void navigate(`/error-reports/${id}${query}`);

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="error-reports-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('error_reports')}
        </Typography>
        <TextField
          select
          size="small"
          id="error-reports-release"
          label={t('error_reports_release')}
          value={release ?? ALL}
          onChange={(e) => setParams(e.target.value ? { release: e.target.value } : {})}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'error-reports-release' } }}
        >
          <MenuItem value={ALL}>{t('error_reports_all_releases')}</MenuItem>
          {/* A release from the address that is no longer listed stays selectable. */}
          {[...new Set([...(release ? [release] : []), ...(releases.data?.member ?? [])])].map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {reports.isError ? (
        <Alert
          severity="error"
          data-testid="error-reports-error"
          action={
            <Button type="button" color="inherit" size="small" onClick={() => void reports.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('error_reports_load_failed')}
        </Alert>
      ) : (
        <Paper variant="outlined">
          {reports.isFetching && !reports.isPending && <LinearProgress aria-label={t('loading')} />}
          <TableContainer>
            <Table size="small" aria-label={t('error_reports')} data-testid="error-reports-table">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('error_reports_received')}</TableCell>
                  <TableCell>{t('error_reports_error')}</TableCell>
                  <TableCell>{t('error_reports_release')}</TableCell>
                  <TableCell>{t('error_reports_page')}</TableCell>
                  <TableCell>{t('error_reports_user')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {reports.isPending && <TableLoadingRows columns={COLUMNS} testId="error-reports-loading" />}
                {!reports.isPending && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS} align="center" sx={{ py: 6 }} data-testid="error-reports-empty">
                      {t('error_reports_empty')}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((r) => (
                  <TableRow
                    key={r.id}
                    hover
                    tabIndex={0}
                    sx={{ cursor: 'pointer' }}
                    data-testid={`error-report-row-${r.id}`}
                    onClick={() => open(r.id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && e.target === e.currentTarget) open(r.id);
                    }}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.receivedAt)}</TableCell>
                    <TableCell sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={errorSummaryOf(r)}>
                      {errorSummaryOf(r) || t('error_reports_no_message')}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.release ?? '—'}</TableCell>
                    <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{pagePathOf(r.url)}</TableCell>
                    <TableCell>{r.userId === null ? '—' : `#${r.userId}`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
            <Typography variant="body2" color="text.secondary" data-testid="error-reports-count">
              {t('error_reports_count', { shown: rows.length, total })}
            </Typography>
            {reports.hasNextPage && (
              <Button type="button" size="small" disabled={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()} data-testid="error-reports-more">
                {t('load_more')}
              </Button>
            )}
          </Box>
        </Paper>
      )}
      <ErrorReportDialog id={openId} onClose={() => void navigate(`/error-reports${query}`)} />
    </Box>
  );
}
