import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TDevStats } from '@cd/contracts/dev-logs';

function bucketLabel(at: string, bucketSeconds: number): string {
  const d = dayjs(at);
  if (bucketSeconds < 3600) return d.format('h:mm A');
  if (bucketSeconds < 86400) return d.format('MM/DD h A');
  return d.format('MM/DD');
}

/** Calls and errors per bucket, and the p95 duration line; loaded with the stats screen only (charts are heavy). */
export function StatsCharts({ stats }: { stats: TDevStats }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const labels = stats.series.map((p) => bucketLabel(p.at, stats.bucketSeconds));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="dev-stats-chart-calls">
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
          {t('dev_stats_calls_over_time')}
        </Typography>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ tickMinStep: 1, width: 44 }]}
          series={[
            { data: stats.series.map((p) => p.calls - p.errors), label: t('dev_stats_ok_calls'), stack: 'calls', color: theme.palette.primary.main },
            { data: stats.series.map((p) => p.errors), label: t('dev_stats_errors'), stack: 'calls', color: theme.palette.error.main },
          ]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="dev-stats-chart-p95">
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
          {t('dev_stats_p95_over_time')}
        </Typography>
        <LineChart
          height={260}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ width: 72, valueFormatter: (v: number | null) => (v === null ? '' : `${v} ms`) }]}
          series={[
            { data: stats.series.map((p) => p.p95Ms), label: 'p95', color: theme.palette.warning.main, connectNulls: false, showMark: true, curve: 'linear' },
          ]}
        />
      </Paper>
    </Box>
  );
}
