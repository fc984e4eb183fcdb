import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { TReport } from '@cd/contracts/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coverageOf, instantLabel } from '../lib/report-format';
import { scheduleInWords } from '../lib/schedule-words';
import { ReportActions } from './report-actions';
import { ReportRuns } from './report-runs';
import { ReportStatusChip } from './report-status-chip';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  if (!value) return null;
  return (
    <Typography variant="body2" color="text.secondary" component="span" data-testid={testId}>
      <Box component="span" sx={{ color: 'text.disabled' }}>
        {label}:
      </Box>{' '}
      <Box component="span" sx={{ color: 'text.primary' }}>
        {value}
      </Box>
    </Typography>
  );
}

/**
 * One report: its kind and type, what it covers, its schedule in words, recipients, status, when it was generated and
 * (recurring) when it runs next. A recurring report opens its generated runs below it.
 */
export function ReportRow({ report, onDelete, nested = false }: { report: TReport; onDelete: (r: TReport) => void; nested?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const language = i18n.language;
  const recurring = report.type === 'recurring';
  const zone = report.timeZone;
  const schedule = scheduleInWords({ schedule: report.schedule, t, language });

  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', borderTop: nested ? 0 : 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
      data-testid={nested ? 'report-run-row' : 'report-row'}
      data-report-id={report.id}
      data-type={report.type}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          px: nested ? 1.5 : 2,
          py: nested ? 1 : 1.5,
          alignItems: { xs: 'flex-start', sm: 'center' },
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {!nested && (
              <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
                {t(`report_kind_${report.kind}`)}
              </Typography>
            )}
            {!nested && <Chip size="small" label={t(`report_type_${report.type}`)} variant="outlined" data-testid="report-type" />}
            {nested && (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {coverageOf({ report, t, language })}
              </Typography>
            )}
            <ReportStatusChip report={report} />
          </Box>
          <Box sx={{ display: 'flex', columnGap: 2, rowGap: 0.25, flexWrap: 'wrap' }}>
            {!nested && <Fact label={t('report_covers')} value={coverageOf({ report, t, language })} testId="report-coverage" />}
            {recurring && <Fact label={t('report_schedule')} value={schedule} testId="report-schedule" />}
            {!nested && report.recipients.length > 0 && <Fact label={t('report_recipients')} value={report.recipients.join(', ')} testId="report-recipients" />}
            <Fact label={t('report_generated_at')} value={instantLabel({ iso: report.generatedAt, timeZone: zone, language })} />
            {recurring && (
              <Fact label={t('report_next_run')} value={instantLabel({ iso: report.nextRunAt, timeZone: zone, language })} testId="report-next-run" />
            )}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: { xs: 'auto', sm: 0 } }}>
          {recurring && (
            <Button
              size="small"
              onClick={() => setOpen((o) => !o)}
              endIcon={open ? <ExpandLess /> : <ExpandMore />}
              aria-expanded={open}
              aria-controls={`report-runs-${report.id}`}
              data-testid="report-runs-toggle"
            >
              {t('report_runs')}
            </Button>
          )}
          <ReportActions report={report} onDelete={onDelete} onRan={() => setOpen(true)} />
        </Box>
      </Box>
      {recurring && (
        <Collapse in={open} unmountOnExit>
          <Box id={`report-runs-${report.id}`} sx={{ mx: 2, mb: 1.5, borderLeft: 3, borderColor: 'divider', bgcolor: 'action.hover', borderRadius: 1 }}>
            <ReportRuns parentId={report.id} onDelete={onDelete} />
          </Box>
        </Collapse>
      )}
    </Box>
  );
}
