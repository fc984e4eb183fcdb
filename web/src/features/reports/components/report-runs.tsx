import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { TReport } from '@cd/contracts/reports';
import { useTranslation } from 'react-i18next';
import { useReports } from '../api/get-reports';
import { ReportRow } from './report-row';

/** A recurring report's generated runs, newest first, 30 at a time. */
export function ReportRuns({ parentId, onDelete }: { parentId: number; onDelete: (r: TReport) => void }) {
  const { t } = useTranslation();
  const runs = useReports({ type: 'recurring_generated', parent: parentId });
  const rows = runs.data?.pages.flatMap((p) => p.member) ?? [];

  if (runs.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress size={20} />
      </Box>
    );
  if (runs.isError && rows.length === 0)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void runs.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('report_runs_failed')}
      </Alert>
    );
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }} data-testid="report-runs-empty">
        {t('report_runs_none')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }} data-testid="report-runs">
      {rows.map((r) => (
        <ReportRow key={r.id} report={r} onDelete={onDelete} nested />
      ))}
      {runs.hasNextPage && (
        <Box component="li" sx={{ listStyle: 'none', display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button size="small" onClick={() => void runs.fetchNextPage()} disabled={runs.isFetchingNextPage}>
            {runs.isFetchingNextPage ? <CircularProgress size={16} /> : t('load_more')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
