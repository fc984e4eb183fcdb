import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import { shortDayLabel } from '../lib/analytics-format';

function ChartPanel(props: { title: string; note?: string; testId: string; children: ReactNode; wide?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0, gridColumn: props.wide ? '1 / -1' : undefined, breakInside: 'avoid' }} data-testid={props.testId}>
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
        {props.title}
      </Typography>
      {props.note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {props.note}
        </Typography>
      )}
      <Box sx={{ width: '100%', minWidth: 0 }}>{props.children}</Box>
    </Paper>
  );
}

/** The range's charts: messages per day, first-response buckets, per agent, per channel (tooltips on hover/tap). */
export function AnalyticsCharts({ metrics }: { metrics: TUsageMetrics }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = {
    inbound: theme.palette.info.main,
    human: theme.palette.primary.main,
    automated: theme.palette.mode === 'dark' ? theme.palette.grey[600] : theme.palette.grey[400],
    wall: theme.palette.grey[500],
    business: theme.palette.primary.main,
  };
  const messageSeries = (rows: { inbound: number; outboundHuman: number; outboundAutomated: number }[]) => [
    { data: rows.map((r) => r.inbound), label: t('analytics_messages_in'), color: colors.inbound },
    { data: rows.map((r) => r.outboundHuman), label: t('analytics_messages_out_human'), stack: 'out', color: colors.human },
    { data: rows.map((r) => r.outboundAutomated), label: t('analytics_messages_out_automated'), stack: 'out', color: colors.automated },
  ];
  const buckets = [t('analytics_bucket_under5'), t('analytics_bucket_5to15'), t('analytics_bucket_over15')];
  const bucketData = (s: TUsageMetrics['firstResponse']['wall']) => [s.under5, s.from5to15, s.over15];
  const agents = metrics.perAgent;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <ChartPanel title={t('analytics_messages_per_day')} testId="analytics-chart-days" wide>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: metrics.perDay.map((d) => shortDayLabel(d.day)) }]}
          yAxis={[{ tickMinStep: 1, width: 40 }]}
          series={messageSeries(metrics.perDay)}
        />
      </ChartPanel>
      <ChartPanel title={t('analytics_first_response_buckets')} note={t('analytics_first_response_buckets_note')} testId="analytics-chart-buckets">
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: buckets }]}
          yAxis={[{ tickMinStep: 1, width: 40 }]}
          series={[
            { data: bucketData(metrics.firstResponse.business), label: t('analytics_business_hours'), color: colors.business },
            { data: bucketData(metrics.firstResponse.wall), label: t('analytics_wall_clock'), color: colors.wall },
          ]}
        />
      </ChartPanel>
      <ChartPanel title={t('analytics_per_channel')} testId="analytics-chart-channels">
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: metrics.perChannel.map((c) => t(`channel_${c.channel}`, { defaultValue: c.channel })) }]}
          yAxis={[{ tickMinStep: 1, width: 40 }]}
          series={messageSeries(metrics.perChannel)}
        />
      </ChartPanel>
      {agents.length > 0 && (
        <ChartPanel title={t('analytics_replies_per_agent')} testId="analytics-chart-agents" wide>
          <BarChart
            height={Math.max(160, 56 + agents.length * 44)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: agents.map((a) => a.name), width: 110 }]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[
              { data: agents.map((a) => a.messagesOut), label: t('analytics_replies_sent'), color: colors.human },
              { data: agents.map((a) => a.conversationsHandled), label: t('analytics_conversations_handled'), color: theme.palette.success.main },
            ]}
          />
        </ChartPanel>
      )}
    </Box>
  );
}
