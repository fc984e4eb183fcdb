import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { durationPartsOf } from '../lib/booking-page';

/** "45 min", "2 h", "1 h 30 min". */
export function useDurationLabel(): (minutes: number) => string {
  const { t } = useTranslation();
  return (minutes) => {
    const { hours, minutes: rest } = durationPartsOf(minutes);
    if (hours === 0) return t('minutes_count', { count: rest });
    if (rest === 0) return t('booking_hours', { hours });
    return t('booking_hours_minutes', { hours, minutes: rest });
  };
}

/** A step's heading with an optional line under it. */
export function StepTitle({ title, subtitle, action }: { title: ReactNode; subtitle?: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {action}
    </Box>
  );
}

/** One labelled line of a summary ("Services", "When"). */
export function SummaryRow({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}>
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
