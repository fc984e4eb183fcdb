import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useExportSurveys } from '../api/export-surveys';
import { useSurveyStats } from '../api/get-survey-stats';
import { useSurveys } from '../api/get-surveys';
import { useSurveyDashboard } from '../hooks/use-survey-dashboard';
import { saveBlob } from '../../../lib/save-blob';
import { exportFileNameOf } from '../lib/survey-format';
import { isWeeklyTrend } from '../lib/trend-series';
import { SurveyFilterChips } from './survey-filter-chips';
import { SurveyList } from './survey-list';
import { SurveyRangeBar } from './survey-range-bar';
import { SurveyStatsCards } from './survey-stats-cards';
import { SurveyTrendChart } from './survey-trend-chart';

/** Company admins' survey dashboard `/surveys` (spec part 2 §2, §4, §7): range, figures, daily trend, filtered list, CSV. */
export function SurveysPage() {
  const { t } = useTranslation();
  const d = useSurveyDashboard();
  const stats = useSurveyStats(d.range);
  const list = useSurveys({ range: d.range, filter: d.search.filter });
  const exporter = useExportSurveys();

  const exportCsv = () => {
    if (!d.range || !d.days) return;
    const fileName = exportFileNameOf({ ...d.days, filter: d.search.filter });
    exporter.mutate({ range: d.range, filter: d.search.filter }, { onSuccess: (blob) => saveBlob({ blob, fileName }) });
  };

  if (d.companyId === null) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }} data-testid="surveys-page">
        <Alert severity="info">{t('surveys_no_company')}</Alert>
      </Box>
    );
  }

  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1200, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="surveys-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('menu_surveys')}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={exporter.isPending ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
          disabled={!d.range || exporter.isPending}
          onClick={exportCsv}
          data-testid="surveys-export"
        >
          {t('surveys_export')}
        </Button>
      </Box>

      {d.zone.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void d.zone.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('surveys_load_failed')}
        </Alert>
      ) : d.days && d.today ? (
        <SurveyRangeBar
          preset={d.search.preset}
          fromDay={d.days.fromDay}
          toDay={d.days.toDay}
          today={d.today}
          weekStartsOn={d.weekStartsOn}
          onPreset={d.setPreset}
          onDays={d.setDays}
        />
      ) : (
        <Skeleton variant="rounded" height={40} />
      )}

      {stats.isError && !stats.data ? (
        <Alert
          severity="error"
          data-testid="surveys-stats-error"
          action={
            <Button color="inherit" size="small" onClick={() => void stats.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('surveys_stats_failed')}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, opacity: stats.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <SurveyStatsCards stats={stats.data} />
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
              {d.days && isWeeklyTrend(d.days) ? t('surveys_trend_weekly') : t('surveys_trend')}
            </Typography>
            {stats.data && d.days ? <SurveyTrendChart daily={stats.data.daily} {...d.days} /> : <Skeleton variant="rounded" height={190} />}
          </Paper>
        </Box>
      )}

      <SurveyFilterChips value={d.search.filter} onChange={d.setFilter} />
      {d.range && d.zone.data ? <SurveyList query={list} timeZone={d.zone.data.timezone} /> : <Skeleton variant="rounded" height={132} />}
    </Box>
  );
}
