import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../../lib/message-time';

/** The pill between two days of a message list. */
export function DaySeparator({ day, testId }: { day: string; testId: string }) {
  const { t } = useTranslation();
  const label = dayLabel(day);
  const text = label.kind === 'date' ? label.text : label.kind === 'today' ? t('today') : t('yesterday');
  return (
    <Box role="separator" data-testid={testId} sx={{ display: 'flex', justifyContent: 'center', my: 1.5, position: 'relative' }}>
      <Typography
        variant="caption"
        sx={{ px: 1.5, py: 0.25, borderRadius: 10, bgcolor: 'background.paper', border: 1, borderColor: 'divider', color: 'text.secondary', fontWeight: 600 }}
      >
        {text}
      </Typography>
    </Box>
  );
}
