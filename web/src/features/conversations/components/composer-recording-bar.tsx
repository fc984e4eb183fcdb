import Stop from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Shown instead of the text field while an audio clip is recording: elapsed time, cancel, stop. */
export function ComposerRecordingBar({ elapsed, onStop }: { elapsed: number; onStop: (discard: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }} data-testid="composer-recording">
      <Box
        sx={{
          width: 12,
          height: 12,
          borderRadius: '50%',
          bgcolor: 'error.main',
          animation: 'cdPulse 1s ease-in-out infinite',
          '@keyframes cdPulse': { '50%': { opacity: 0.3 } },
        }}
      />
      <Typography sx={{ flex: 1 }}>
        {t('recording')} {Math.floor(elapsed / 60)}:{String(elapsed % 60).padStart(2, '0')}
      </Typography>
      <Button onClick={() => onStop(true)}>{t('cancel')}</Button>
      <Button variant="contained" color="error" startIcon={<Stop />} onClick={() => onStop(false)} data-testid="composer-record-stop">
        {t('stop_recording')}
      </Button>
    </Box>
  );
}
