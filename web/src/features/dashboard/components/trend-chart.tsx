import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { TDashboardStats } from '@cd/contracts/dashboard';
import { shortDayLabel } from '../lib/dashboard-format';

/** The last 14 days: messages in, and out (by people and automated) stacked, per local day. */
export function TrendChart(props: { days: TDashboardStats['days'] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { days } = props;
  return (
    <Box data-testid="dashboard-trend-chart" sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: days.map((d) => shortDayLabel(d.day)) }]}
        yAxis={[{ tickMinStep: 1, width: 36 }]}
        series={[
          { data: days.map((d) => d.inbound), label: t('dashboard_messages_in'), color: theme.palette.info.main },
          { data: days.map((d) => d.outboundHuman), label: t('dashboard_messages_out_human'), stack: 'out', color: theme.palette.primary.main },
          {
            data: days.map((d) => d.outboundAutomated),
            label: t('dashboard_messages_out_automated'),
            stack: 'out',
            color: theme.palette.mode === 'dark' ? theme.palette.grey[600] : theme.palette.grey[400],
          },
        ]}
        margin={{ left: 0, right: 8 }}
      />
    </Box>
  );
}
