import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSuggestionStats } from '../api/get-suggestion-stats';

const DAYS = 30;

/**
 * How often the composer's suggested replies (issue 21) are taken: the last 30 days' shown / inserted / sent and the
 * taken rate, with one small bar per day (sent over shown). docs/suggested-replies.md.
 */
export function SuggestionStatsCard() {
  const { t } = useTranslation();
  const stats = useSuggestionStats(DAYS);
  const data = stats.data;
  const peak = Math.max(1, ...(data?.days ?? []).map((d) => d.shown));
  return (
    <Paper variant="outlined" sx={{ p: 2, breakInside: 'avoid' }} data-testid="suggestion-stats">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('suggestion_stats_title', { days: DAYS })}
      </Typography>
      {stats.isError && !data ? (
        <Typography variant="body2" color="text.secondary" data-testid="suggestion-stats-error">
          {t('suggestion_stats_failed')}
        </Typography>
      ) : !data ? (
        <Skeleton variant="rounded" height={64} aria-busy="true" />
      ) : data.totals.shown === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="suggestion-stats-empty">
          {t('suggestion_stats_empty')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-end', mt: 1 }}>
          {[
            { label: t('suggestion_stats_taken_rate'), value: `${Math.round((data.totals.takenRate ?? 0) * 100)} %`, testId: 'suggestion-stats-rate' },
            { label: t('suggestion_stats_shown'), value: data.totals.shown, testId: 'suggestion-stats-shown' },
            { label: t('suggestion_stats_inserted'), value: data.totals.inserted, testId: 'suggestion-stats-inserted' },
            { label: t('suggestion_stats_sent'), value: data.totals.sent, testId: 'suggestion-stats-sent' },
          ].map((x) => (
            <Box key={x.testId}>
              <Typography variant="caption" color="text.secondary" component="p">
                {x.label}
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid={x.testId}>
                {x.value}
              </Typography>
            </Box>
          ))}
          <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 40, flex: 1, minWidth: 160 }} aria-hidden>
            {data.days.map((d) => (
              <Tooltip key={d.date} title={t('suggestion_stats_day', { date: d.date, shown: d.shown, sent: d.sent })}>
                <Box
                  sx={{
                    flex: 1,
                    height: '100%',
                    display: 'flex',
                    flexDirection: 'column',
                    justifyContent: 'flex-end',
                    bgcolor: 'action.hover',
                    borderRadius: 0.5,
                  }}
                >
                  <Box sx={{ height: `${(d.sent / peak) * 100}%`, bgcolor: 'primary.main', borderRadius: 0.5 }} />
                </Box>
              </Tooltip>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
