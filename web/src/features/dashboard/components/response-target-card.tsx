import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TResponseTargetStats } from '@cd/contracts/analytics';
import { changeOf, formatShare } from '../lib/dashboard-format';
import { BigFigure, CardHint, ChangeBadge, FigureRow, MetricCard } from './metric-card';

type TProps = { today: TResponseTargetStats; lastWeek: TResponseTargetStats; weekday: string };

/** Today's response-time target: the share answered in time, breaches against the same weekday last week. */
export function ResponseTargetCard({ today, lastWeek, weekday }: TProps) {
  const { t } = useTranslation();
  return (
    <MetricCard title={t('dashboard_response_target')} to="/analytics?period=today" testId="dashboard-response-target">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <BigFigure value={formatShare(today.withinTargetShare)} testId="dashboard-within-target" />
        <Typography variant="body2" color="text.secondary">
          {t('dashboard_within_target_note')}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('dashboard_vs_last_week', { weekday, value: formatShare(lastWeek.withinTargetShare) })}
      </Typography>
      {today.waits === 0 ? (
        <CardHint testId="dashboard-response-target-empty">{t('dashboard_targets_empty')}</CardHint>
      ) : (
        <FigureRow
          items={[
            {
              label: t('dashboard_breaches'),
              value: (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 1 }}>
                  <Box component="span" sx={{ color: today.breached ? 'error.main' : undefined }}>
                    {today.breached}
                  </Box>
                  <ChangeBadge lowerIsBetter change={changeOf({ current: today.breached, previous: lastWeek.breached })} testId="dashboard-breaches-change" />
                </Box>
              ),
              testId: 'dashboard-breaches',
            },
            { label: t('dashboard_warnings'), value: today.warned, testId: 'dashboard-warnings' },
            { label: t('dashboard_target_waits'), value: today.waits },
          ]}
        />
      )}
    </MetricCard>
  );
}
