import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useErrorReport } from '../api/get-error-report';
import { errorSummaryOf } from './error-report-summary';

/** One report in full: what, where, which release, who, and the stack (the throwing frame on top). */
export function ErrorReportDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const report = useErrorReport(id);
  const r = report.data;
  const fields: [string, string | number | null | undefined][] = r
    ? [
        ['error_reports_received', formatDateTime(r.receivedAt)],
        ['error_reports_occurred', formatDateTime(r.occurredAt)],
        ['error_reports_release', r.release],
        ['error_reports_environment', r.environment],
        ['error_reports_url', r.url],
        ['error_reports_user', r.userId === null ? null : `#${r.userId}${r.companyId === null ? '' : ` (${t('error_reports_company')} #${r.companyId})`}`],
        ['error_reports_reported_user', r.reportedUserId],
        ['error_reports_browser', r.userAgent],
        ['error_reports_event_id', r.eventId],
      ]
    : [];
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={mobile} aria-labelledby="error-report-dialog-title" data-testid="error-report-dialog">
      <DialogTitle id="error-report-dialog-title" sx={{ wordBreak: 'break-word' }}>
        {r ? errorSummaryOf(r) || t('error_reports_no_message') : t('error_reports_detail')}
      </DialogTitle>
      <DialogContent dividers>
        {report.isPending ? (
          <PageSpinner />
        ) : report.isError || !r ? (
          <Alert severity="error" data-testid="error-report-missing">
            {t('error_reports_not_found')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {r.message && r.message !== errorSummaryOf(r) && <Typography sx={{ wordBreak: 'break-word' }}>{r.message}</Typography>}
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
              {fields
                .filter(([, v]) => v !== null && v !== undefined && v !== '')
                .map(([key, value]) => (
                  <Box key={key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(key)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }} data-testid={`error-report-${key}`}>
                      {value}
                    </Typography>
                  </Box>
                ))}
            </Box>
            <Box>
              <Typography variant="subtitle2" gutterBottom>
                {t('error_reports_stack')}
              </Typography>
              <Box
                component="pre"
                data-testid="error-report-stack"
                sx={{ m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto' }}
              >
                {r.stack || t('error_reports_no_stack')}
              </Box>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose} data-testid="error-report-close">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
