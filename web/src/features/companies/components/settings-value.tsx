import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One setting in view mode: a caption and its value (line breaks kept; a dash when unset). */
export function SettingsValue({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {empty ? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            —
          </Box>
        ) : (
          value
        )}
      </Typography>
    </Box>
  );
}
