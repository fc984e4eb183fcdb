import type { ComponentProps } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@cd/contracts/money';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import { changeOf, formatDuration, formatShare } from '../lib/dashboard-format';
import { BigFigure, CardHint, ChangeBadge, FigureRow, MetricCard } from './metric-card';
import { ResponseBucketsBar } from './response-buckets';
import { ResponseTargetCard } from './response-target-card';

type TProps = { today: TUsageMetrics; lastWeek: TUsageMetrics; weekday: string };

type TModuleCard = {
  title: string;
  to: string;
  testId: string;
  big?: { value: string; testId: string };
  items: ComponentProps<typeof FigureRow>['items'];
};

const conversationsOf = (m: TUsageMetrics) => m.conversations.inboundStarted + m.conversations.outboundStarted;

/** Today's headline cards, each against the same weekday last week, each linking to the list behind it. */
export function TodayCards({ today, lastWeek, weekday }: TProps) {
  const { t } = useTranslation();
  const convToday = conversationsOf(today);
  const convLastWeek = conversationsOf(lastWeek);
  const first = today.firstResponse;
  // The module cards, each only where the company has the module.
  const candidates: (TModuleCard | null)[] = [
    today.surveys && {
      title: t('menu_surveys'),
      to: '/surveys',
      testId: 'dashboard-surveys',
      items: [
        { label: t('dashboard_surveys_sent'), value: today.surveys.sent },
        { label: t('dashboard_surveys_completed'), value: today.surveys.completed },
        { label: t('dashboard_surveys_positive'), value: formatShare(today.surveys.positiveShare) },
      ],
    },
    today.appointments && {
      title: t('dashboard_appointments'),
      to: '/appointments',
      testId: 'dashboard-appointments',
      items: [
        { label: t('dashboard_appointments_booked'), value: today.appointments.booked },
        { label: t('dashboard_appointments_confirmed'), value: today.appointments.confirmed },
        { label: t('dashboard_appointments_missed'), value: today.appointments.missed },
      ],
    },
    today.repairOrders && {
      title: t('dashboard_repair_orders'),
      to: '/analytics?period=today',
      testId: 'dashboard-repair-orders',
      items: [
        { label: t('dashboard_repair_orders_opened'), value: today.repairOrders.opened },
        { label: t('dashboard_repair_orders_closed'), value: today.repairOrders.closed },
        { label: t('dashboard_repair_orders_approval'), value: formatShare(today.repairOrders.approvalRate) },
        { label: t('dashboard_repair_orders_approved'), value: formatCents(today.repairOrders.approvedAmountCents) },
      ],
    },
    today.payments && {
      title: t('dashboard_payments'),
      to: '/payment/transactions',
      testId: 'dashboard-payments',
      big: { value: formatCents(today.payments.amountCents), testId: 'dashboard-payments-amount' },
      items: [
        { label: t('dashboard_payments_requested'), value: today.payments.requested },
        { label: t('dashboard_payments_paid'), value: today.payments.paid },
      ],
    },
  ];
  const moduleCards = candidates.filter((c): c is TModuleCard => c !== null);
  const versus = (value: string) => (
    <Typography variant="caption" color="text.secondary">
      {t('dashboard_vs_last_week', { weekday, value })}
    </Typography>
  );

  return (
    <>
      <MetricCard title={t('dashboard_conversations_today')} to="/communication/inbox" testId="dashboard-conversations">
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <BigFigure value={convToday} testId="dashboard-conversations-count" />
          <ChangeBadge change={changeOf({ current: convToday, previous: convLastWeek })} testId="dashboard-conversations-change" />
        </Box>
        {versus(String(convLastWeek))}
        {convToday === 0 ? (
          <CardHint testId="dashboard-conversations-empty">{t('dashboard_conversations_empty')}</CardHint>
        ) : (
          <FigureRow
            items={[
              { label: t('dashboard_started_by_customers'), value: today.conversations.inboundStarted },
              { label: t('dashboard_started_by_team'), value: today.conversations.outboundStarted },
            ]}
          />
        )}
      </MetricCard>

      <MetricCard title={t('dashboard_first_response')} to="/analytics?period=today" testId="dashboard-first-response">
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <BigFigure value={formatDuration({ seconds: first.business.avgSeconds, t })} testId="dashboard-first-response-business" />
          {first.business.avgSeconds !== null && lastWeek.firstResponse.business.avgSeconds !== null && (
            <ChangeBadge lowerIsBetter change={changeOf({ current: first.business.avgSeconds, previous: lastWeek.firstResponse.business.avgSeconds })} />
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('dashboard_first_response_business_note')}
        </Typography>
        {first.wall.count === 0 ? (
          <CardHint testId="dashboard-first-response-empty">{t('dashboard_first_response_empty')}</CardHint>
        ) : (
          <FigureRow
            items={[
              { label: t('dashboard_wall_clock'), value: formatDuration({ seconds: first.wall.avgSeconds, t }), testId: 'dashboard-first-response-wall' },
              { label: t('dashboard_replied_conversations'), value: first.wall.count },
            ]}
          />
        )}
      </MetricCard>

      <MetricCard title={t('dashboard_response_buckets')} to="/analytics?period=today" testId="dashboard-buckets">
        <ResponseBucketsBar label={t('dashboard_business_hours')} stats={first.business} testId="dashboard-buckets-business" />
        <ResponseBucketsBar label={t('dashboard_wall_clock')} stats={first.wall} testId="dashboard-buckets-wall" />
      </MetricCard>

      {/* Only for companies that set a response-time target (docs/routing.md); reports stored before it lack the figures. */}
      {today.responseTargets && lastWeek.responseTargets && (today.responseTargets.waits > 0 || lastWeek.responseTargets.waits > 0) && (
        <ResponseTargetCard today={today.responseTargets} lastWeek={lastWeek.responseTargets} weekday={weekday} />
      )}

      <MetricCard title={t('dashboard_messages_today')} to="/communication/inbox" testId="dashboard-messages">
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <BigFigure value={today.messages.inbound + today.messages.outboundHuman + today.messages.outboundAutomated} testId="dashboard-messages-total" />
          <ChangeBadge
            change={changeOf({
              current: today.messages.inbound + today.messages.outboundHuman + today.messages.outboundAutomated,
              previous: lastWeek.messages.inbound + lastWeek.messages.outboundHuman + lastWeek.messages.outboundAutomated,
            })}
          />
        </Box>
        <FigureRow
          items={[
            { label: t('dashboard_messages_in'), value: today.messages.inbound, testId: 'dashboard-messages-in' },
            { label: t('dashboard_messages_out_human'), value: today.messages.outboundHuman, testId: 'dashboard-messages-out' },
            { label: t('dashboard_messages_out_automated'), value: today.messages.outboundAutomated },
          ]}
        />
      </MetricCard>

      {moduleCards.map((card) => (
        <MetricCard key={card.testId} title={card.title} to={card.to} testId={card.testId}>
          {card.big && <BigFigure value={card.big.value} testId={card.big.testId} />}
          <FigureRow items={card.items} />
        </MetricCard>
      ))}
    </>
  );
}
