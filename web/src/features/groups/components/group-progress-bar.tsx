import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { groupProgress, type TProgressSegment } from '../lib/progress';
import type { TGroupRecipientStats } from '../lib/types';

const COLORS: Record<TProgressSegment['key'], string> = {
  delivered: 'success.main',
  sent: 'info.main',
  failed: 'error.main',
  blocked: 'warning.main',
};

/** Stacked progress bar: delivered / sent / failed / blocked (skipped) out of the total recipients. */
export function GroupProgressBar({ stats, id }: { stats: TGroupRecipientStats; id: number }) {
  const { t } = useTranslation();
  const p = groupProgress(stats);
  const label = t('progress_summary', { done: p.done, total: p.total });
  return (
    <Box data-testid={`group-message-progress-${id}`} data-done={p.done} data-total={p.total}>
      <Box
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.done}
        aria-label={label}
        sx={{ display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {p.segments
          .filter((s) => s.count > 0)
          .map((s) => (
            <Box key={s.key} sx={{ width: `${s.percent}%`, bgcolor: COLORS[s.key], transition: 'width .4s ease' }} />
          ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 0.5, alignItems: 'center' }}>
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {(
          [
            ['sent', stats.sent],
            ['delivered', stats.delivered],
            ['failed', stats.failed],
            ['blocked', Math.max(stats.blocked ?? 0, stats.skipped ?? 0)],
          ] as const
        ).map(([key, count]) => (
          <Typography key={key} variant="caption" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: COLORS[key] }} />
            {t(`progress_${key}`, { count: count ?? 0 })}
          </Typography>
        ))}
        {p.pending > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('progress_pending', { count: p.pending })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
