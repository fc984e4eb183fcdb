import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TResponseStats } from '@cd/contracts/analytics';

const BUCKETS = [
  { key: 'under5', labelKey: 'dashboard_bucket_under5', color: 'success.main' },
  { key: 'from5to15', labelKey: 'dashboard_bucket_5to15', color: 'warning.main' },
  { key: 'over15', labelKey: 'dashboard_bucket_over15', color: 'error.main' },
] as const;

/** One stacked bar of the §9 buckets (under 5 / 5–15 / over 15 min) with the counts beneath. */
export function ResponseBucketsBar(props: { label: string; stats: TResponseStats; testId: string }) {
  const { t } = useTranslation();
  const { stats } = props;
  const total = stats.under5 + stats.from5to15 + stats.over15;
  return (
    <Box data-testid={props.testId}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {props.label}
      </Typography>
      <Box
        sx={{ display: 'flex', height: 10, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', printColorAdjust: 'exact' }}
        role="img"
        aria-label={BUCKETS.map((b) => `${t(b.labelKey)}: ${stats[b.key]}`).join(', ')}
      >
        {total > 0 && BUCKETS.map((b) => <Box key={b.key} sx={{ width: `${(stats[b.key] / total) * 100}%`, bgcolor: b.color }} />)}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, mt: 0.5 }}>
        {BUCKETS.map((b) => (
          <Box key={b.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: b.color, printColorAdjust: 'exact' }} />
            <Typography variant="caption" data-testid={`${props.testId}-${b.key}`}>
              {t(b.labelKey)}: <b>{stats[b.key]}</b>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
