import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@cd/contracts/money';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import { formatDuration, formatShare } from '../lib/analytics-format';

function Tile(props: { label: string; value: string | number; note?: string; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0, breakInside: 'avoid' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {props.label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid={props.testId}>
        {props.value}
      </Typography>
      {props.note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {props.note}
        </Typography>
      )}
    </Paper>
  );
}

/** The range's totals, then the module figures the company has (surveys, appointments, repair orders, payments). */
export function AnalyticsSummary({ metrics: m }: { metrics: TUsageMetrics }) {
  const { t } = useTranslation();
  const tiles: { label: string; value: string | number; note?: string; testId?: string }[] = [
    {
      label: t('analytics_conversations'),
      value: m.conversations.inboundStarted + m.conversations.outboundStarted,
      note: t('analytics_conversations_note', { inbound: m.conversations.inboundStarted, outbound: m.conversations.outboundStarted }),
      testId: 'analytics-total-conversations',
    },
    { label: t('analytics_messages_in'), value: m.messages.inbound, testId: 'analytics-total-in' },
    {
      label: t('analytics_messages_out'),
      value: m.messages.outboundHuman + m.messages.outboundAutomated,
      note: t('analytics_messages_out_note', { human: m.messages.outboundHuman, automated: m.messages.outboundAutomated }),
      testId: 'analytics-total-out',
    },
    {
      label: t('analytics_first_response_business'),
      value: formatDuration({ seconds: m.firstResponse.business.avgSeconds, t }),
      note: t('analytics_wall_clock_value', { value: formatDuration({ seconds: m.firstResponse.wall.avgSeconds, t }) }),
      testId: 'analytics-first-response',
    },
    {
      label: t('analytics_response_business'),
      value: formatDuration({ seconds: m.response.business.avgSeconds, t }),
      note: t('analytics_wall_clock_value', { value: formatDuration({ seconds: m.response.wall.avgSeconds, t }) }),
    },
    { label: t('analytics_opt_outs'), value: m.optOuts },
  ];
  // Only for companies whose conversations had a response-time target in the range (docs/routing.md).
  if (m.responseTargets && m.responseTargets.waits > 0)
    tiles.push({
      label: t('analytics_within_target'),
      value: formatShare(m.responseTargets.withinTargetShare),
      note: t('analytics_targets_note', { breached: m.responseTargets.breached, warned: m.responseTargets.warned, waits: m.responseTargets.waits }),
      testId: 'analytics-within-target',
    });
  if (m.surveys)
    tiles.push({
      label: t('analytics_surveys'),
      value: `${m.surveys.completed} / ${m.surveys.sent}`,
      note: t('analytics_positive_share', { value: formatShare(m.surveys.positiveShare) }),
      testId: 'analytics-surveys',
    });
  if (m.appointments)
    tiles.push({
      label: t('analytics_appointments'),
      value: m.appointments.booked,
      note: t('analytics_appointments_note', { confirmed: m.appointments.confirmed, missed: m.appointments.missed }),
    });
  if (m.repairOrders)
    tiles.push({
      label: t('analytics_repair_orders'),
      value: m.repairOrders.opened,
      note: t('analytics_repair_orders_note', {
        closed: m.repairOrders.closed,
        rate: formatShare(m.repairOrders.approvalRate),
        amount: formatCents(m.repairOrders.approvedAmountCents),
      }),
    });
  if (m.payments)
    tiles.push({
      label: t('analytics_payments'),
      value: formatCents(m.payments.amountCents),
      note: t('analytics_payments_note', { requested: m.payments.requested, paid: m.payments.paid }),
    });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
      }}
      data-testid="analytics-summary"
    >
      {tiles.map((tile) => (
        <Tile key={tile.label} {...tile} />
      ))}
    </Box>
  );
}
