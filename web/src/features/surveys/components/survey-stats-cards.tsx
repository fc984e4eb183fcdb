import type { ReactNode } from 'react';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REVIEW_SITES, type TSurveyStats } from '@cd/contracts/survey';
import { formatDuration, formatScore, formatShare, REVIEW_SITE_LABELS } from '../lib/survey-format';

const STAT_NAMES = ['sent', 'completed', 'response_rate', 'positive_share', 'score', 'median_time', 'unresolved', 'review_clicks'] as const;
type TStatName = (typeof STAT_NAMES)[number];

function StatCard(props: { name: TStatName; label: string; hint?: string; children: ReactNode; sub?: ReactNode; tone?: 'error' | 'success' }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }} data-testid={`surveys-stat-${props.name}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
        <Typography variant="caption" noWrap sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}>
          {props.label}
        </Typography>
        {props.hint && (
          <Tooltip title={props.hint} enterTouchDelay={0}>
            <InfoOutlined sx={{ fontSize: 15, cursor: 'help' }} aria-label={props.hint} data-testid={`surveys-stat-${props.name}-hint`} />
          </Tooltip>
        )}
      </Box>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, color: props.tone ? `${props.tone}.main` : 'text.primary', lineHeight: 1.3 }}
        data-testid={`surveys-stat-${props.name}-value`}
      >
        {props.children}
      </Typography>
      {props.sub && (
        <Typography variant="caption" color="text.secondary">
          {props.sub}
        </Typography>
      )}
    </Paper>
  );
}

/** The figures of the range (spec part 2 §7); skeleton cards while the first answer is on its way. */
export function SurveyStatsCards({ stats }: { stats: TSurveyStats | undefined }) {
  const { t, i18n } = useTranslation();
  const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } };
  if (!stats) {
    return (
      <Box sx={grid} data-testid="surveys-stats-loading">
        {STAT_NAMES.map((n) => (
          <Skeleton key={n} variant="rounded" height={84} />
        ))}
      </Box>
    );
  }
  const language = i18n.language;
  const count = (n: number) => new Intl.NumberFormat(language).format(n);
  return (
    <Box sx={grid} data-testid="surveys-stats">
      <StatCard name="sent" label={t('surveys_stat_sent')} sub={t('surveys_stat_pending', { count: stats.pending })}>
        {count(stats.sent)}
      </StatCard>
      <StatCard name="completed" label={t('surveys_stat_completed')} sub={t('surveys_stat_with_comment', { count: stats.withComment })}>
        {count(stats.completed)}
      </StatCard>
      <StatCard name="response_rate" label={t('surveys_stat_response_rate')}>
        {formatShare({ value: stats.responseRate, language })}
      </StatCard>
      <StatCard
        name="positive_share"
        label={t('surveys_stat_positive_share')}
        sub={t('surveys_stat_positive_negative', { positive: stats.positive, negative: stats.negative })}
      >
        {formatShare({ value: stats.positiveShare, language })}
      </StatCard>
      <StatCard
        name="score"
        label={t('surveys_stat_score')}
        hint={t('surveys_stat_score_hint')}
        tone={stats.score === null || stats.score === 0 ? undefined : stats.score > 0 ? 'success' : 'error'}
      >
        {formatScore(stats.score)}
      </StatCard>
      <StatCard name="median_time" label={t('surveys_stat_median_time')} hint={t('surveys_stat_median_time_hint')}>
        {formatDuration({ seconds: stats.medianSecondsToAnswer, language })}
      </StatCard>
      <StatCard name="unresolved" label={t('surveys_stat_unresolved')} tone={stats.unresolved > 0 ? 'error' : undefined}>
        {count(stats.unresolved)}
      </StatCard>
      <StatCard name="review_clicks" label={t('surveys_stat_review_clicks')} hint={t('surveys_stat_review_clicks_hint')}>
        <Box component="span" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1.5, typography: 'body2', lineHeight: 1.45, pt: 0.25 }}>
          {REVIEW_SITES.map((site) => (
            <Box component="span" key={site} sx={{ display: 'contents' }} data-testid={`surveys-stat-review-${site}`}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {REVIEW_SITE_LABELS[site]}
              </Box>
              <Box component="span" sx={{ fontWeight: 700, textAlign: 'right' }}>
                {count(stats.reviewClicks[site])}
              </Box>
            </Box>
          ))}
        </Box>
      </StatCard>
    </Box>
  );
}
